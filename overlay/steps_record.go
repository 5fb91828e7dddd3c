package overlay

import (
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/tagging"
)

// Steps in the area's record. Steps are planned off the owner on the area's copy (site.PlanGround, called by
// copyArea), away from the columns stepsAvoid names; on the owner, with the objects the puzzle places, they are
// recorded in the area's record as structures and built once in batches (site.Build), unless something came to
// stand in their way meanwhile. Structures planned after them keep off them, as off any structure built.

// stepsAvoid returns the test of the columns steps in area a may not stand on, as state v has them: those of the
// features tagging found in it, of the objects in the world in it or the chunks beside it (found by chunk, not by
// walking every object), and of the structures it has built and the columns beside them.
func stepsAvoid(v *state, a store.AreaPos, found []tagging.Found) func(x, z int) bool {
	cols := map[[2]int]bool{}
	add := func(p cube.Pos) { cols[[2]int{p[0], p[2]}] = true }
	for _, f := range found {
		add(f.Pos)
		add(f.Top)
		for _, p := range f.Blocks {
			add(p)
		}
	}
	lo, hi := a.Chunks(v.areaSize)
	// In the area or one beside it, chunk by chunk: steps stand in the area's copy, never farther.
	for x := lo[0] - 1; x <= hi[0]+1; x++ {
		for z := lo[1] - 1; z <= hi[1]+1; z++ {
			placed, indexed := v.placedNear(world.ChunkPos{x, z})
			for p := range placed {
				add(p)
			}
			for p := range indexed {
				add(p)
			}
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
