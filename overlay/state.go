package overlay

import (
	"iter"
	"maps"
	"riddlestone/internal/cow"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// state is the overlay's puzzle state: the pack in use, the game, the areas and where each object is. One
// goroutine owns it (the owner, see owner.go) and is the only one to change it; every change is committed to the
// store before a copy of the state is published, and everyone else reads published copies (Overlay.view), which
// never change. So no lock is held across an engine call, and no reader waits for a writer.
type state struct {
	pack   *puzzle.Pack
	gen    *puzzle.Generator
	tagger *tagging.Tagger

	game     *puzzle.Manager
	areas    cow.Map[store.AreaPos, *areaRun] // the runs are shared with published copies: change a copy (changeRun)
	where    cow.Map[int, store.Where]
	byBlock  cow.Map[cube.Pos, int]
	byEntity cow.Map[uuid.UUID, int]
	features cow.Map[int, []cube.Pos] // every block of each tagged terrain feature, all indexed in byBlock
	// placed counts the objects at each block, there or as an entity standing in it: site planning looks up those
	// near a site by chunk (structure_site.go) instead of going through every object of the world.
	placed  cow.Map[cube.Pos, int]
	pending map[store.AreaPos]bool // areas being opened or given a new puzzle: work in flight off the owner
	version int                    // counts changes, so a form shown before one can tell

	// What work planned on a copy of the state checks before the owner takes it (longwork.go):
	areaSize int32                       // the areas' size in chunks
	touched  cow.Map[store.AreaPos, int] // per area, how often an object's place in it changed
	puzzles  int                         // how often a puzzle was tracked or untracked
	epoch    int                         // how often the state was rebuilt from the store

	// pause is the pause point of long work done on this state: set on the private copies work is planned on
	// (giveWay.pass), nil on the owner's state and the published ones, where nothing may wait.
	pause func()
}

// pausePoint lets long work on a private copy give way to the owner and the world (giveway.go); it does nothing on
// the owner's state.
func (s *state) pausePoint() {
	if s.pause != nil {
		s.pause()
	}
}

// newState returns an empty state of a pack.
func newState(p *puzzle.Pack, gen *puzzle.Generator, tagger *tagging.Tagger, mode puzzle.Mode, areaSize int32) *state {
	s := &state{pack: p, gen: gen, tagger: tagger, areas: cow.New[store.AreaPos, *areaRun](cowShards, byArea), where: cow.New[int, store.Where](cowShards, byID),
		byBlock: cow.New[cube.Pos, int](cowShards, byChunk), byEntity: cow.New[uuid.UUID, int](cowShards, byUUID),
		features: cow.New[int, []cube.Pos](cowShards, byID), pending: map[store.AreaPos]bool{}, areaSize: areaSize,
		touched: cow.New[store.AreaPos, int](cowShards, byArea), placed: cow.New[cube.Pos, int](cowShards, byChunk)}
	s.game = puzzle.NewManager(p, puzzle.NewState(nil), mode, s.accessible)
	return s
}

// clone returns a copy of s that shares nothing that either may change.
func (s *state) clone() *state {
	c := &state{pack: s.pack, gen: s.gen, tagger: s.tagger, where: s.where.Clone(), byBlock: s.byBlock.Clone(),
		byEntity: s.byEntity.Clone(), features: s.features.Clone(), pending: maps.Clone(s.pending), version: s.version,
		areas: s.areas.Clone(), areaSize: s.areaSize, touched: s.touched.Clone(), puzzles: s.puzzles, epoch: s.epoch,
		placed: s.placed.Clone()}
	c.game = s.game.Clone(c.accessible)
	return c
}

// changeRun returns the run of area a made the state's own to change, or nil if the area has none: the run is
// replaced by a copy, since published states may share it and they never change.
func (s *state) changeRun(a store.AreaPos) *areaRun {
	old, ok := s.areas.Get(a)
	if !ok {
		return nil
	}
	r := *old
	s.areas.Set(a, &r)
	return &r
}

// trackedRuns yields each puzzle the game tracks with its area's run, in the game's order.
func (s *state) trackedRuns() iter.Seq2[*areaRun, *puzzle.Tracked] {
	return func(yield func(*areaRun, *puzzle.Tracked) bool) {
		for _, t := range s.game.Puzzles {
			a, err := store.ParseAreaPos(t.Area)
			if err != nil {
				continue
			}
			if run, ok := s.areas.Get(a); ok && !yield(run, t) {
				return
			}
		}
	}
}

// tracked returns the puzzle the game tracks for area a, or nil. Look it up again after each move: one that
// advances a puzzle may replace its Tracked (puzzle.Manager.Tracking).
func (s *state) tracked(a store.AreaPos) *puzzle.Tracked {
	if s.game == nil {
		return nil
	}
	return s.game.Tracking(areaName(a))
}

// untrack stops the game tracking an area's puzzle, if it tracks one.
func (s *state) untrack(a store.AreaPos) {
	if tr := s.tracked(a); tr != nil {
		s.game.Untrack(tr)
		s.puzzles++
	}
}

// take makes an object's record, made on a copy of the state or read from the store, the state's: the object in the
// game, where it is and the blocks of its feature.
func (s *state) take(rec store.ObjectRecord) {
	s.forget(rec.ID)
	s.game.Put(rec.Object)
	s.setWhere(rec.ID, rec.Where)
	s.setFeature(rec.ID, rec.Blocks)
}

// accessible reports whether players can reach an area's objects: it is open (active or solved).
func (s *state) accessible(name string) bool {
	a, err := store.ParseAreaPos(name)
	if err != nil {
		return false
	}
	run, ok := s.areas.Get(a)
	return ok && run.rec.State != store.Locked
}

// open reports whether an area is open (active or solved).
func (s *state) open(a store.AreaPos) bool {
	run, ok := s.areas.Get(a)
	return ok && run.rec.State != store.Locked
}

// solved reports whether an area is solved.
func (s *state) solved(a store.AreaPos) bool {
	run, ok := s.areas.Get(a)
	return ok && run.rec.State == store.Solved
}

// setWhere records where an object is, indexing its block or entity.
func (s *state) setWhere(id int, w store.Where) {
	s.clearWhere(id)
	s.touch(w)
	s.where.Set(id, w)
	s.place(w, 1)
	switch w.Kind {
	case store.AtBlock:
		s.byBlock.Set(w.Block, id)
	case store.AtEntity:
		s.byEntity.Set(w.Entity, id)
	}
}

// setFeature records every block of a tagged terrain feature, indexing each one that no other object has.
func (s *state) setFeature(id int, blocks []cube.Pos) {
	if len(blocks) == 0 {
		return
	}
	s.features.Set(id, blocks)
	for _, b := range blocks {
		if _, taken := s.byBlock.Get(b); !taken {
			s.byBlock.Set(b, id)
		}
	}
}

// forget forgets an object that left the game: where it is, and the blocks of its feature.
func (s *state) forget(id int) {
	for _, b := range s.features.At(id) {
		if s.byBlock.At(b) == id {
			s.byBlock.Del(b)
		}
	}
	s.features.Del(id)
	s.clearWhere(id)
}

// clearWhere forgets where an object is.
func (s *state) clearWhere(id int) {
	w, ok := s.where.Get(id)
	if !ok {
		return
	}
	s.where.Del(id)
	s.touch(w)
	s.place(w, -1)
	if w.Kind == store.AtBlock && s.byBlock.At(w.Block) == id {
		s.byBlock.Del(w.Block)
	}
	if w.Kind == store.AtEntity && s.byEntity.At(w.Entity) == id {
		s.byEntity.Del(w.Entity)
	}
}

// place counts an object in or out of the block it is at, if it is at one or an entity standing in one.
func (s *state) place(w store.Where, n int) {
	if w.Kind != store.AtBlock && w.Kind != store.AtEntity {
		return
	}
	if n += s.placed.At(w.Block); n > 0 {
		s.placed.Set(w.Block, n)
	} else {
		s.placed.Del(w.Block)
	}
}

// placedNear yields the blocks of the chunk c that objects are at (placed) or that are indexed (byBlock).
func (s *state) placedNear(c world.ChunkPos) (placed, indexed iter.Seq[cube.Pos]) {
	in := func(p cube.Pos) bool { return int32(p[0]>>4) == c[0] && int32(p[2]>>4) == c[1] }
	corner := cube.Pos{int(c[0]) << 4, 0, int(c[1]) << 4}
	placed = func(yield func(cube.Pos) bool) {
		for p := range s.placed.Near(corner) {
			if in(p) && !yield(p) {
				return
			}
		}
	}
	indexed = func(yield func(cube.Pos) bool) {
		for p := range s.byBlock.Near(corner) {
			if in(p) && !yield(p) {
				return
			}
		}
	}
	return placed, indexed
}

// record returns the store's record of an object.
func (s *state) record(id int) (store.ObjectRecord, bool) {
	obj, ok := s.game.State.Object(id)
	if !ok {
		return store.ObjectRecord{}, false
	}
	return store.ObjectRecord{Object: *obj, Where: s.where.At(id), Blocks: s.features.At(id)}, true
}

// lyingOver reports whether an object shown as an entity stands in the block at pos or on top of it: a hopper
// there would collect it.
func (s *state) lyingOver(pos cube.Pos) bool {
	for _, w := range s.where.All() {
		if w.Kind == store.AtEntity && (w.Block == pos || w.Block.Side(cube.FaceDown) == pos) {
			return true
		}
	}
	return false
}

// touch counts a change of an object's place in the area of w, if w is in one.
func (s *state) touch(w store.Where) {
	if w.Kind == store.AtBlock || w.Kind == store.AtEntity {
		a := store.AreaOfBlock(w.Block, s.areaSize)
		s.touched.Set(a, s.touched.At(a)+1)
	}
}
