package overlay

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

// Block returns the block at p.
func (r snapReader) Block(p cube.Pos) world.Block {
	if r.s == nil {
		return block.Air{}
	}
	return chunkSource{*r.s}.Block(p)
}

// site is an area as structures are planned on it: its blocks as copied, with the structures planned so far
// built on them, and the columns no structure may cover: objects' spots and the columns beside them, tagged
// features, where players arrive, and structures already built and what is beside them.
type site struct {
	r     editedBlocks
	in    bounds
	spots []cube.Pos      // where this puzzle's objects stand
	fixed map[[2]int]bool // columns of objects already there, tagged features and arrivals
	built []store.Built
	rafts map[cube.Pos][]shapeCell // the raft and pier planned under each spot on water, which show builds
}

// newSite returns the site of an area's copy whose new objects will stand at spots; the state gives the objects
// already there, and the area's record the structures.
func (o *Overlay) newSite(s *state, run *areaRun, snap *tagging.Snapshot, spots []cube.Pos) *site {
	st := newSiteOn(snap, spots)
	st.built = append(st.built, run.rec.Structures...)
	near := func(p cube.Pos) {
		for dx := -1; dx <= 1; dx++ {
			for dz := -1; dz <= 1; dz++ {
				st.fixed[[2]int{p[0] + dx, p[2] + dz}] = true
			}
		}
	}
	for _, w := range s.where.all() {
		if w.Kind == store.AtBlock || w.Kind == store.AtEntity {
			near(w.Block)
		}
	}
	for p := range s.byBlock.all() {
		st.fixed[[2]int{p[0], p[2]}] = true
	}
	for _, p := range o.arrivals(run.rec.Pos) {
		near(p)
	}
	return st
}

// newSiteOn returns the site of a snapshot whose objects will stand at spots, with nothing else on it but the
// rafts and piers under those on water. Without a snapshot it has no columns, and no structure fits.
func newSiteOn(snap *tagging.Snapshot, spots []cube.Pos) *site {
	st := &site{r: editedBlocks{r: snapReader{snap}, edits: map[cube.Pos]world.Block{}}, spots: spots, fixed: map[[2]int]bool{}}
	if snap != nil {
		st.in = boundsOf(snap.Min, snap.Max)
		st.planRafts()
	}
	return st
}

// avoid returns the test of the columns a structure around the object at spot may not cover.
func (st *site) avoid(spot cube.Pos) func(cube.Pos) bool {
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
func (st *site) builtOver(p cube.Pos) bool {
	for _, b := range st.built {
		if b.Covers(p, 1) {
			return true
		}
	}
	return false
}

// plan chooses a structure for an object standing at spot, among those its item goes with that are built on the
// spot's surface (water or ground), and one of the turns it may be built in, with rng, and plans it: the first in
// the order rng gives that fits and leaves the ways open. On water the plan builds the spot's raft and pier first.
// It reports false when none does; the object then stands on its own.
func (st *site) plan(p *puzzle.Pack, l looks, item string, spot cube.Pos, rng *rand.Rand) (planned, bool) {
	water := st.onWater(spot)
	cands := forSurface(p.StructuresFor(item), water)
	if len(cands) == 0 {
		return planned{}, false
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
				pl.sets = append(slices.Clone(st.rafts[spot]), pl.sets...)
				return pl, true
			}
		}
	}
	return planned{}, false
}

// try plans a shape at spot and keeps it when it fits and keeps the ways around it open.
func (st *site) try(sh shape, spot cube.Pos) (planned, bool) {
	pl, ok := planShape(st.r, sh, spot, st.in, st.avoid(spot))
	if !ok {
		return planned{}, false
	}
	after := editedBlocks{r: st.r, edits: map[cube.Pos]world.Block{}}
	for _, c := range pl.sets {
		after.edits[c.off] = c.b
	}
	if !keepsWays(st.r, after, pl.rec, sh.water) {
		return planned{}, false
	}
	for p, b := range after.edits {
		st.r.edits[p] = b
	}
	st.built = append(st.built, pl.rec)
	return pl, true
}

// structureSalt keeps the choice of structures apart from the area's other random choices.
const structureSalt = 0x5f3759df

// structureAround plans the structure around a new object standing at spot, the i-th its puzzle spawned, chosen
// with the world's seed, the area and how often its puzzle was generated, so the same world builds the same. It
// records the structure in the area and returns the op that builds it; none when no structure goes with the
// object or none fits.
func (o *Overlay) structureAround(s *state, run *areaRun, st *site, obj puzzle.Object, spot cube.Pos, i int) []op {
	rng := rand.New(rand.NewPCG(uint64(o.opts.Seed)^structureSalt, o.graph.hash(run.rec.Pos)^uint64(run.rec.Rerolls)<<32^uint64(i)))
	pl, ok := st.plan(s.pack, o.looks, obj.Item, spot, rng)
	if !ok {
		return nil
	}
	pl.rec.Object = obj.ID
	run.rec.Structures = append(run.rec.Structures, pl.rec)
	return []op{buildStructure(pl.sets)}
}
