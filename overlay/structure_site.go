package overlay

import (
	"math/rand/v2"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/site"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// newSite returns the site of an area's copy whose new objects will stand at spots (site.New); the state gives the
// objects already there, and the area's record the structures.
func (o *Overlay) newSite(s *state, run *areaRun, snap *tagging.Snapshot, spots []cube.Pos) *site.Site {
	st := site.New(snap, spots)
	st.AddBuilt(run.rec.Structures...)
	if snap != nil { // a block next to the site refuses its neighbours in it: the chunks around are looked at too
		for x := snap.Min[0] - 1; x <= snap.Max[0]+1; x++ {
			for z := snap.Min[1] - 1; z <= snap.Max[1]+1; z++ {
				placed, indexed := s.placedNear(world.ChunkPos{x, z})
				for p := range placed {
					st.RefuseAround(p)
				}
				for p := range indexed {
					st.Refuse(p)
				}
			}
		}
	}
	for _, p := range o.arrivals(run.rec.Pos) {
		st.RefuseAround(p)
	}
	return st
}

// structureSalt keeps the choice of structures apart from the area's other random choices.
const structureSalt = 0x5f3759df

// structureAround plans the structure around a new object standing at spot, the i-th its puzzle spawned, chosen
// with the world's seed, the area and how often its puzzle was generated, so the same world builds the same. It
// records the structure in the area and returns the op that builds it; none when no structure goes with the
// object or none fits.
func (o *Overlay) structureAround(s *state, run *areaRun, st *site.Site, obj puzzle.Object, spot cube.Pos, i int) []op {
	rng := rand.New(rand.NewPCG(uint64(o.opts.Seed)^structureSalt, o.graph.hash(run.rec.Pos)^uint64(run.rec.Rerolls)<<32^uint64(i)))
	pl, ok := st.Plan(s.pack, o.looks, obj.Item, spot, rng)
	if !ok {
		return nil
	}
	pl.Record.Object = obj.ID
	run.rec.Structures = append(slices.Clip(run.rec.Structures), pl.Record)
	return []op{site.Build(pl.Cells)}
}
