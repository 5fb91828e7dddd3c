package store

import "riddlestone/puzzle"

// AreaReader reads part of the puzzle state: what a server that follows areas another server changes reads after
// that server's commits (overlay.Follow).
type AreaReader interface {
	// LoadAreas reads the part of the state Saved.Part names, in one consistent state: the records of the areas,
	// the objects lying in them or held by players, the objects of ids wherever they are now, and what those
	// objects hold; with the next free object id. Cleared blocks and intents are not read.
	LoadAreas(areas []AreaPos, ids []int) (Saved, error)
	// LoadIntents reads the intents the store holds: work decided and not done, by whichever server decided it.
	LoadIntents() ([]Intent, error)
}

// Leaseholder is a store shared by several servers (a network, docs/network.md), each of which writes the areas of
// the regions whose leases it holds.
type Leaseholder interface {
	// Writes reports whether this store writes an area's records now: it holds the lease of the area's region and
	// is not taking the region over. Memory has every commit made to such an area, so following it from the store
	// could only take memory back to an older state.
	Writes(a AreaPos) bool
}

// Part returns the part of s that follows areas: the records of the areas s has among them; the objects lying in
// them (their engine area is the area's name, AreaPos.String), the objects held in players' inventories (which go
// where the players go, from server to server) and the objects of ids that s has, wherever they are now, and then
// the objects any of those hold, and what those hold in turn; and the next free object id.
func (s Saved) Part(areas []AreaPos, ids []int) Saved {
	out := Saved{Areas: map[AreaPos]AreaRecord{}, Objects: map[int]ObjectRecord{}, NextID: s.NextID}
	names := map[string]bool{puzzle.Inventory: true} // held objects go where their players go: every server follows them
	for _, a := range areas {
		names[a.String()] = true
		if rec, ok := s.Areas[a]; ok {
			out.Areas[a] = rec
		}
	}
	for id, rec := range s.Objects {
		if names[rec.Area] {
			out.Objects[id] = rec
		}
	}
	for _, id := range ids {
		if rec, ok := s.Objects[id]; ok {
			out.Objects[id] = rec
		}
	}
	out.addContents(s.Objects)
	return out
}

// addContents adds the objects that the objects of s hold (puzzle.Object.Contained), and what those hold, from all.
func (s Saved) addContents(all map[int]ObjectRecord) {
	var todo []int
	for _, rec := range s.Objects {
		todo = append(todo, rec.Contained)
	}
	for len(todo) > 0 {
		id := todo[len(todo)-1]
		todo = todo[:len(todo)-1]
		if _, have := s.Objects[id]; have || id == 0 {
			continue
		}
		if rec, ok := all[id]; ok && rec.Area == puzzle.InContainer {
			s.Objects[id] = rec
			todo = append(todo, rec.Contained)
		}
	}
}

// LoadAreas reads part of the state (Saved.Part) from one snapshot of the store. It reads the whole store to find
// it: LevelDB keeps no index of objects by area (the PostgreSQL store reads only the part).
func (s *LevelStore) LoadAreas(areas []AreaPos, ids []int) (Saved, error) {
	all, err := s.Load()
	if err != nil {
		return Saved{}, err
	}
	return all.Part(areas, ids), nil
}

// LoadIntents reads the intents the store holds, from the whole store.
func (s *LevelStore) LoadIntents() ([]Intent, error) {
	all, err := s.Load()
	return all.Intents, err
}

var _ AreaReader = (*LevelStore)(nil)
