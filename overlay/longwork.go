package overlay

import (
	"context"
	"fmt"
	"slices"

	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Long work (an area's opening, its new puzzle: generation, structure and steps planning) is computed off the
// owner, on a private copy of the published state, and handed to the owner as a request. The owner takes it if its
// own state still agrees with what the work read (see basis); otherwise the work is planned again on a newer copy,
// and after maxReplans it is done on the owner, so that it always ends.

// maxReplans bounds how many times work planned on a copy is planned again because the state changed under it.
const maxReplans = 3

// idReserve is how many object ids the owner sets aside for an area's work, so that objects made on a copy never
// take the id of one a move makes meanwhile. An area's work makes at most maxTagged tagged objects and its puzzle's.
const idReserve = 1024

// reserveIDs sets aside idReserve object ids and returns the first.
func reserveIDs(s *state) int {
	first := s.game.State.NextID
	s.game.State.NextID += idReserve
	return first
}

// areaWork is an area's long work: the intent it carries out, the copy of the area taken from the world, the ids
// reserved for it and finish, which does the work on a state (a copy, or the owner's as a last resort).
type areaWork struct {
	name    string
	in      store.Intent
	reply   *Reply
	copy    areaCopy
	ids     int
	attempt int
	finish  func(s *state, in store.Intent, c areaCopy) (result, error)
}

// workDone is an area's work done on a copy of the state: its result, the copy and what it read of the state.
type workDone struct {
	res   result
	err   error
	on    *state
	basis basis
}

// basis is what work planned on a copy read of the state, to tell whether the owner's state still agrees.
type basis struct {
	pack    *puzzle.Pack
	gen     *puzzle.Generator
	epoch   int
	touched int  // the area's count of changed places
	had     bool // the area had a record
	rec     store.AreaRecord
	puzzles int
	overrun bool // the work made more objects than the ids reserved for it
}

// basisOf returns what work on a copy of v reads of the state for area a.
func basisOf(v *state, a store.AreaPos) basis {
	b := basis{pack: v.pack, gen: v.gen, epoch: v.epoch, touched: v.touched.At(a), puzzles: v.puzzles}
	if run, ok := v.areas.Get(a); ok {
		b.had, b.rec = true, run.rec
	}
	return b
}

// planAndPost does an area's work on a private copy of the published state, off the owner, and posts the request
// that hands its result to the owner.
func (o *Overlay) planAndPost(w areaWork) {
	pl := o.plan(w)
	o.post(&request{name: w.name, area: w.in.Area, reply: w.reply, run: func(_ context.Context, s *state) (result, error) {
		return o.land(s, w, pl)
	}, fail: func(s *state) { delete(s.pending, w.in.Area) }})
}

// plan does an area's work on a private copy of the published state, with the object ids reserved for it.
func (o *Overlay) plan(w areaWork) workDone {
	v := o.view()
	p := v.clone()
	p.pause = o.giveWay.pass // this copy is private to the work, off the owner
	o.reach(phasePlan)
	p.game.State.NextID = w.ids
	pl := workDone{on: p, basis: basisOf(v, w.in.Area)}
	pl.res, pl.err = w.finish(p, w.in, w.copy.withFreshRand())
	pl.basis.overrun = p.game.State.NextID > w.ids+idReserve
	return pl
}

// land hands work done on a copy to the owner: it is taken if the owner's state still agrees with what the work
// read, planned again on a newer copy if not, and done on the owner once maxReplans copies went stale.
func (o *Overlay) land(s *state, w areaWork, pl workDone) (result, error) {
	switch {
	case pl.basis.agrees(s, w.in.Area, pl):
		if pl.err != nil {
			return result{}, pl.err
		}
		return o.adopt(s, w.in.Area, pl), nil
	case w.attempt < maxReplans:
		o.opts.Log.Debug("overlay: the state changed under an area's work; planning it again", "work", w.name,
			"area", w.in.Area.String(), "attempt", w.attempt+1)
		w.attempt++
		again := func() {
			o.goSafely(w.name, w.in.Area, func(context.Context) { o.planAndPost(w) },
				func() {
					o.post(o.abandon(w.in, w.reply, fmt.Errorf("%s of area %v failed; see the log", w.name, w.in.Area)))
				})
		}
		return result{later: true, after: []func(){again}}, nil
	default:
		return w.finish(s, w.in, w.copy.withFreshRand())
	}
}

// agrees reports whether the owner's state s still agrees with what work planned on a copy read for area a: the
// same pack and generator, the area as it was with no object moved in it or out, and each object the work's puzzle
// takes from the world (not spawned for it) as it was and, if puzzles were tracked since, still free.
func (b basis) agrees(s *state, a store.AreaPos, pl workDone) bool {
	run, had := s.areas.Get(a)
	switch {
	case b.overrun, s.pack != b.pack, s.gen != b.gen, s.epoch != b.epoch, s.touched.At(a) != b.touched, had != b.had:
		return false
	case had && (run.rec.State != b.rec.State || run.rec.Rerolls != b.rec.Rerolls || run.rec.Template != b.rec.Template):
		return false
	}
	planRun, ok := pl.on.areas.Get(a)
	if !ok || planRun.puzzle == nil {
		return true
	}
	leaves := foundLeaves(planRun.puzzle.Root, nil)
	if len(leaves) > 0 && s.puzzles != b.puzzles {
		return false
	}
	for _, id := range leaves {
		was, ok1 := pl.on.game.State.Object(id)
		now, ok2 := s.game.State.Object(id)
		if !ok1 || !ok2 || was.Item != now.Item || was.Area != now.Area || !was.Props.Equal(now.Props) ||
			pl.on.where.At(id) != s.where.At(id) {
			return false
		}
	}
	return true
}

// foundLeaves appends the ids of the objects a puzzle tree's leaves take from the world (not spawned for it).
func foundLeaves(n *puzzle.Node, out []int) []int {
	if n == nil {
		return out
	}
	if n.Leaf() && !n.Spawn && n.Object != 0 {
		out = append(out, n.Object)
	}
	for _, c := range n.Children {
		out = foundLeaves(c, out)
	}
	for _, a := range n.Alternatives {
		out = foundLeaves(a, out)
	}
	return out
}

// adopt makes the owner's state hold what an area's work did on a copy: the objects it removed and made, with their
// places, and the area with its puzzle, tracked by the owner's game. The result's change writes exactly that.
func (o *Overlay) adopt(s *state, a store.AreaPos, pl workDone) result {
	res := pl.res
	c := &res.change
	for _, id := range c.Removed {
		s.forget(id)
	}
	s.game.RemoveIDs(c.Removed...)
	for _, rec := range c.Objects {
		s.take(rec)
	}
	if planRun, ok := pl.on.areas.Get(a); ok && writesArea(*c, a) {
		s.untrack(a)
		run := *planRun
		if run.puzzle != nil {
			if err := o.track(s, &run, run.puzzle); err != nil {
				panic(fmt.Errorf("area %v: the puzzle planned on a copy cannot be tracked: %w", a, err)) // rolls back
			}
		}
		s.areas.Set(a, &run)
	}
	delete(s.pending, a)
	s.version++
	c.NextID = s.game.State.NextID // the copy's counts from the reserved ids, which the owner's is past
	return res
}

// writesArea reports whether a change writes an area's record.
func writesArea(c store.Change, a store.AreaPos) bool {
	return slices.ContainsFunc(c.Areas, func(r store.AreaRecord) bool { return r.Pos == a })
}
