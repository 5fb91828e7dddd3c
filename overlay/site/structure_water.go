package site

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// Structures on water. An object whose spot is on open water stands on a raft (footing.go); a structure built on
// water (on: water in the pack) goes only there, and a structure built on ground never does. Its bottom layer is
// a deck at the water's surface, where the raft would be, held by posts down to the sea floor; the raft and pier
// are planned first (the site plans every spot's), so a pier to the shore is built as it would be without the
// structure, and the deck takes the raft's place. Players swim to it and climb onto its open edge, so the object
// may be reached swimming; the ways on foot around it (across rafts and piers) must stay as they were.

// onWater reports whether a spot stands on open water, where a raft is built under it, as the area was copied.
func (st *Site) onWater(spot cube.Pos) bool { return IsWater(st.r.r.Block(spot.Side(cube.FaceDown))) }

// forSurface returns the structures of cands built on water, or those built on ground, in order.
func forSurface(cands []*puzzle.Structure, water bool) []*puzzle.Structure {
	var out []*puzzle.Structure
	for _, s := range cands {
		if s.Water == water {
			out = append(out, s)
		}
	}
	return out
}

// footingPlan is BuildFooting's editor on a site: it sets the site's blocks and records what it set.
type footingPlan struct {
	r     editedBlocks
	cells []Cell
}

// Block returns the block at p.
func (f *footingPlan) Block(p cube.Pos) world.Block { return f.r.Block(p) }

// SetBlock sets the block at p on the site; nil is air.
func (f *footingPlan) SetBlock(p cube.Pos, b world.Block, _ *world.SetOpts) {
	f.r.edits[p] = b
	f.cells = append(f.cells, Cell{off: p, b: b})
}

// planRafts plans on the site the raft and pier that showing an object builds under each spot on water, in the
// order the objects are shown, so that structures are planned with them in place: a structure on water is built
// on its raft, and no structure closes the way across another's.
func (st *Site) planRafts() {
	st.rafts = map[cube.Pos][]Cell{}
	for _, spot := range st.spots {
		if st.onWater(spot) {
			f := &footingPlan{r: st.r}
			BuildFooting(f, spot, st.in)
			st.rafts[spot] = f.cells
		}
	}
}
