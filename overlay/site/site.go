package site

import (
	"math/rand/v2"
	"slices"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// snapReader reads the blocks of a snapshot: air outside its chunks and for unknown states.
type snapReader struct{ s *tagging.Snapshot }

// SnapshotBlocks returns the blocks of a snapshot as planning reads them: air outside its chunks and for unknown
// states.
func SnapshotBlocks(s *tagging.Snapshot) BlockReader { return snapReader{s} }

// Block returns the block at p.
func (r snapReader) Block(p cube.Pos) world.Block {
	if r.s == nil {
		return block.Air{}
	}
	return chunkSource{*r.s}.Block(p)
}

// Site is an area as structures are planned on it: its blocks as copied, with the structures planned so far
// built on them, and the columns no structure may cover: objects' spots and the columns beside them, the columns
// refused (objects already there, tagged features, where players arrive), and structures already built and what
// is beside them.
type Site struct {
	r     editedBlocks
	in    Bounds
	spots []cube.Pos      // where this puzzle's objects stand
	fixed map[[2]int]bool // columns of objects already there, tagged features and arrivals
	built []store.Built
	rafts map[cube.Pos][]Cell // the raft and pier planned under each spot on water, which show builds
}

// New returns the site of a snapshot whose objects will stand at spots, with nothing else on it but the rafts and
// piers under those on water. Without a snapshot it has no columns, and no structure fits.
func New(snap *tagging.Snapshot, spots []cube.Pos) *Site {
	st := &Site{r: editedBlocks{r: snapReader{snap}, edits: map[cube.Pos]world.Block{}}, spots: spots, fixed: map[[2]int]bool{}}
	if snap != nil {
		st.in = BoundsOf(snap.Min, snap.Max)
		st.planRafts()
	}
	return st
}

// Refuse keeps structures off the column of p: a tagged feature's block. A column outside the site changes
// nothing (no structure covers one), so it is not kept: callers may refuse every object of the world.
func (st *Site) Refuse(p cube.Pos) {
	if st.in.holds(p) {
		st.fixed[[2]int{p[0], p[2]}] = true
	}
}

// RefuseAround keeps structures off the column of p and the eight beside it: an object already there, or where
// players arrive.
func (st *Site) RefuseAround(p cube.Pos) {
	if !st.in.grown(1).holds(p) {
		return
	}
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			st.fixed[[2]int{p[0] + dx, p[2] + dz}] = true
		}
	}
}

// AddBuilt adds structures the area has built, or recorded to build: no structure planned covers them or stands
// beside them.
func (st *Site) AddBuilt(recs ...store.Built) { st.built = append(st.built, recs...) }

// AddSteps sets the blocks of planned steps on the site, so that structures are planned with them in place.
func (st *Site) AddSteps(s Steps) {
	for _, c := range s.Cells {
		st.r.edits[c.off] = c.b
	}
}

// avoid returns the test of the columns a structure around the object at spot may not cover.
func (st *Site) avoid(spot cube.Pos) func(cube.Pos) bool {
	return func(p cube.Pos) bool {
		if st.fixed[[2]int{p[0], p[2]}] || st.builtOver(p) {
			return true
		}
		for _, q := range st.spots {
			if q != spot && abs(p[0]-q[0]) <= 1 && abs(p[2]-q[2]) <= 1 {
				return true
			}
		}
		return false
	}
}

// builtOver reports whether a structure planned or built covers the column of p, or stands beside it.
func (st *Site) builtOver(p cube.Pos) bool {
	for _, b := range st.built {
		if b.Covers(p, 1) {
			return true
		}
	}
	return false
}

// Plan chooses a structure for an object standing at spot, among those its item goes with that are built on the
// spot's surface (water or ground), and one of the turns it may be built in, with rng, and plans it: the first in
// the order rng gives that fits and leaves the ways open. On water the plan builds the spot's raft and pier first.
// It reports false when none does; the object then stands on its own.
func (st *Site) Plan(p *puzzle.Pack, l Looks, item string, spot cube.Pos, rng *rand.Rand) (Planned, bool) {
	water := st.onWater(spot)
	cands := forSurface(p.StructuresFor(item), water)
	if len(cands) == 0 {
		return Planned{}, false
	}
	order, turn0 := rng.Perm(len(cands)), rng.IntN(4)
	for _, i := range order {
		turns := cands[i].Rotations()
		for k := range turns {
			sh, err := compileShape(cands[i], turns[(turn0+k)%len(turns)], l)
			if err != nil {
				break
			}
			if pl, ok := st.try(sh, spot); ok {
				pl.Cells = append(slices.Clone(st.rafts[spot]), pl.Cells...)
				return pl, true
			}
		}
	}
	return Planned{}, false
}

// try plans a shape at spot and keeps it when it fits and keeps the ways around it open.
func (st *Site) try(sh shape, spot cube.Pos) (Planned, bool) {
	pl, ok := planShape(st.r, sh, spot, st.in, st.avoid(spot))
	if !ok {
		return Planned{}, false
	}
	after := editedBlocks{r: st.r, edits: map[cube.Pos]world.Block{}}
	for _, c := range pl.Cells {
		after.edits[c.off] = c.b
	}
	if !keepsWays(st.r, after, pl.Record, sh.water) {
		return Planned{}, false
	}
	for p, b := range after.edits {
		st.r.edits[p] = b
	}
	st.built = append(st.built, pl.Record)
	return pl, true
}
