package overlay

import (
	"errors"
	"reflect"
	"slices"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Following areas another server changes. In a network of servers (docs/network.md) one server changes an area's
// puzzle, the one that holds its region; the others show the area as the store has it. Follow reads the store's
// records of some areas and makes this server's state and world theirs.

// errNoParts is the answer to Follow and TakeUp on a store that cannot read part of the state.
var errNoParts = errors.New("the puzzle store cannot read part of the state (a network of servers needs PostgreSQL)")

// Follow makes the state of the given areas, and of the objects lying in them, the store's, and shows it in the
// world: objects gone are taken out of it, objects moved or changed shown anew, the areas' puzzles tracked with
// the progress committed. The store is read off the owner (store.AreaReader) and the state changed by the owner;
// the reply comes when both are done. Nothing is committed: the store has it already.
func (o *Overlay) Follow(areas []store.AreaPos) *Reply {
	r := newReply()
	reader, ok := o.store.(store.AreaReader)
	switch {
	case !ok:
		r.finish(nil, errNoParts)
		return r
	case len(areas) == 0:
		r.finish(nil, nil)
		return r
	}
	first := areas[0]
	areas = o.othersOf(areas)
	o.readThenChange("follow", first, r, func() (func(*state) result, error) {
		saved, err := reader.LoadAreas(areas, followedIDs(o.view(), areas))
		return func(s *state) result { return o.follow(s, areas, saved) }, err
	})
	return r
}

// othersOf returns the areas, of those given, whose records this server's store does not write itself now
// (store.Leaseholder): those of its own regions are left out, as memory has every commit made to them.
func (o *Overlay) othersOf(areas []store.AreaPos) []store.AreaPos {
	l, ok := o.store.(store.Leaseholder)
	if !ok {
		return slices.Clone(areas)
	}
	return slices.DeleteFunc(slices.Clone(areas), l.Writes)
}

// follow makes the state of areas what saved, the store's part of them (store.Saved.Part), says. The areas this
// server's store has come to write since saved was read are left as they are, with the objects lying in them: saved
// may be older than this server's commit that took their region (a reading of the leases races with it).
func (o *Overlay) follow(s *state, areas []store.AreaPos, saved store.Saved) result {
	// The objects followed keep their ids, which another server handed out (from a block of its own, in a network):
	// this server's next id stays its own.
	next := s.game.State.NextID
	defer func() { s.game.State.NextID = next }()
	areas, own := o.othersOf(areas), o.ownNames(areas)
	var ops []op
	ids := followedIDs(s, areas)
	for id := range saved.Objects {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range slices.Compact(ids) {
		if o.liesIn(s, id, saved.Objects, own) {
			continue
		}
		ops = append(ops, o.followObject(s, id, saved.Objects)...)
	}
	var after []func()
	for _, a := range areas {
		o.followArea(s, a, saved.Areas)
		if build, built := o.buildFollowed(s, a); build != nil {
			ops, after = append(ops, build), append(after, built)
		}
	}
	s.version++
	return result{ops: ops, after: after, inMemory: true}
}

// ownNames returns the engine's names of the areas, of those given, whose records this server's store writes.
func (o *Overlay) ownNames(areas []store.AreaPos) map[string]bool {
	own := map[string]bool{}
	if l, ok := o.store.(store.Leaseholder); ok {
		for _, a := range areas {
			if l.Writes(a) {
				own[areaName(a)] = true
			}
		}
	}
	return own
}

// liesIn reports whether an object lies in one of the named areas, as memory or the store's record has it.
func (o *Overlay) liesIn(s *state, id int, saved map[int]store.ObjectRecord, names map[string]bool) bool {
	if len(names) == 0 {
		return false
	}
	obj, ok := s.game.State.Object(id)
	return ok && names[obj.Area] || names[saved[id].Area]
}

// followedIDs returns the ids of the objects lying in areas, and of what they hold, as a state has them.
func followedIDs(s *state, areas []store.AreaPos) []int {
	names := []string{puzzle.Inventory} // held objects too: store.Saved.Part
	for _, a := range areas {
		names = append(names, areaName(a))
	}
	var ids []int
	for _, obj := range s.game.State.InAreas(names...) {
		for id := obj.ID; id != 0 && !slices.Contains(ids, id); {
			ids = append(ids, id)
			held, ok := s.game.State.Object(id)
			if !ok {
				break
			}
			id = held.Contained
		}
	}
	return ids
}

// followObject makes an object what the store's record says, or takes it out of the game when the store has none,
// and returns the ops that show it so.
func (o *Overlay) followObject(s *state, id int, saved map[int]store.ObjectRecord) []op {
	old, had := s.record(id)
	rec, has := saved[id]
	switch {
	case !has && !had, had && o.heldHere(old.Where):
		return nil // a player here holds it: this server changes it, and the store may be behind its last change
	case !has:
		s.game.RemoveIDs(id)
		s.forget(id)
		return []op{o.hide(id, old.Item, old.Where)}
	case had && sameRecord(old, rec):
		return nil
	}
	var ops []op
	if had && old.Where != rec.Where {
		ops = append(ops, o.hide(id, old.Item, old.Where))
	}
	s.take(rec)
	return append(ops, o.show(s.pack, rec.Object, rec.Where))
}

// heldHere reports whether a place is the inventory of a player playing on this server.
func (o *Overlay) heldHere(w store.Where) bool {
	if w.Kind != store.InInventory {
		return false
	}
	_, here := o.online.Load(w.Player)
	return here
}

// sameRecord reports whether two records of an object say the same.
func sameRecord(a, b store.ObjectRecord) bool {
	return a.Item == b.Item && a.Area == b.Area && a.Contained == b.Contained && a.Props.Equal(b.Props) &&
		a.Where == b.Where && slices.Equal(a.Blocks, b.Blocks)
}

// followArea makes an area's run what the store's record says: its state, template and puzzle with the progress
// committed, tracked by the game.
func (o *Overlay) followArea(s *state, a store.AreaPos, saved map[store.AreaPos]store.AreaRecord) {
	rec, has := saved[a]
	run, had := s.areas.Get(a)
	if had && has && reflect.DeepEqual(run.rec, rec) {
		return
	}
	s.untrack(a)
	s.areas.Del(a)
	if !has {
		return
	}
	if err := o.restoreArea(s, a, rec); err != nil {
		o.opts.Log.Warn("overlay: a followed area's puzzle cannot be tracked; it is shown without it", "area", a.String(), "err", err)
	}
}

// buildFollowed returns the op that builds, in this server's world, the structures and steps of a followed area's
// record it has not built yet since it started: those another server planned (site.Rebuild; those its world has
// already are left as they stand), and what notes them built once the request is done (a request rolled back
// leaves them to the next follow). Nil when there are none.
func (o *Overlay) buildFollowed(s *state, a store.AreaPos) (build op, built func()) {
	run, ok := s.areas.Get(a)
	if !ok {
		return nil, nil
	}
	recs := run.rec.Structures
	from := o.followBuilt[a]
	if from > len(recs) { // an area whose record has fewer than before (made anew): look at them all
		from = 0
	}
	if from == len(recs) {
		return nil, nil
	}
	todo, pack := recs[from:], s.pack
	build = func(tx *world.Tx) { site.Build(site.RebuildAll(tx, pack, o.looks, todo))(tx) }
	built = func() {
		if o.followBuilt == nil {
			o.followBuilt = map[store.AreaPos]int{}
		}
		o.followBuilt[a] = len(recs)
	}
	return build, built
}
