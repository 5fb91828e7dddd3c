package overlay

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/tagging"
	"slices"
)

// Steps in the area's record. Steps are planned off the owner on the area's copy (site.PlanGround, called by
// copyArea), away from the columns stepsAvoid names; on the owner, with the objects the puzzle places, they are
// recorded in the area's record as structures and built once in batches (site.Build), unless something came to
// stand in their way meanwhile. Structures planned after them keep off them, as off any structure built.

// stepsAvoid returns the test of the columns steps in area a may not stand on: those of the features tagging found
// in it, of the objects already in the world there, and of the structures it has built and the columns beside them.
func (o *Overlay) stepsAvoid(a store.AreaPos, found []tagging.Found) func(x, z int) bool {
	cols := map[[2]int]bool{}
	add := func(p cube.Pos) { cols[[2]int{p[0], p[2]}] = true }
	for _, f := range found {
		add(f.Pos)
		add(f.Top)
		for _, p := range f.Blocks {
			add(p)
		}
	}
	v := o.view()
	lo, hi := a.Chunks(v.areaSize)
	near := func(p cube.Pos) bool { // in the area or one beside it: steps stand in the area's copy, never farther
		cx, cz := int32(p[0]>>4), int32(p[2]>>4)
		return cx >= lo[0]-1 && cz >= lo[1]-1 && cx <= hi[0]+1 && cz <= hi[1]+1
	}
	for _, w := range v.where.All() {
		if (w.Kind == store.AtBlock || w.Kind == store.AtEntity) && near(w.Block) {
			add(w.Block)
		}
	}
	for p := range v.byBlock.All() {
		if near(p) {
			add(p)
		}
	}
	var built []store.Built
	if run, ok := v.areas.Get(a); ok {
		built = run.rec.Structures
	}
	return func(x, z int) bool { return cols[[2]int{x, z}] || coveredBy(built, cube.Pos{x, 0, z}, 1) }
}

// coveredBy reports whether one of the structures covers the column of p, grown by margin blocks.
func coveredBy(built []store.Built, p cube.Pos, margin int) bool {
	for _, b := range built {
		if b.Covers(p, margin) {
			return true
		}
	}
	return false
}

// siteWithSteps records the steps planned for an area in its record and returns the site its structures are
// planned on (see newSite), with the steps on it, and the op that builds the steps. Steps that something now
// stands in the way of are neither recorded nor built.
func (o *Overlay) siteWithSteps(s *state, run *areaRun, snap *tagging.Snapshot, spots []cube.Pos, steps site.Steps) (*site.Site, []op) {
	if len(steps.Cells) == 0 || stepsBlocked(s, run, steps) {
		return o.newSite(s, run, snap, spots), nil
	}
	run.rec.Structures = append(slices.Clip(run.rec.Structures), steps.Records...)
	st := o.newSite(s, run, snap, spots)
	st.AddSteps(steps)
	return st, []op{site.Build(steps.Cells)}
}

// stepsBlocked reports whether a block of the steps stands in the column of an object in the world, of a tagged
// feature's block, or of a structure the area has built.
func stepsBlocked(s *state, run *areaRun, steps site.Steps) bool {
	taken := map[[2]int]bool{}
	for _, w := range s.where.All() {
		if w.Kind == store.AtBlock || w.Kind == store.AtEntity {
			taken[[2]int{w.Block[0], w.Block[2]}] = true
		}
	}
	for p := range s.byBlock.All() {
		taken[[2]int{p[0], p[2]}] = true
	}
	for _, c := range steps.Cells {
		if p := c.Pos(); taken[[2]int{p[0], p[2]}] || coveredBy(run.rec.Structures, p, 0) {
			return true
		}
	}
	return false
}
