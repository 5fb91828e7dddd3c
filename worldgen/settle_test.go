package worldgen

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
)

// updateRecorder is a world viewer that records every block update it is shown, as a player's client would
// receive them.
type updateRecorder struct {
	world.NopViewer
	updates []blockUpdate
}

// blockUpdate is one block update: the position and the new block.
type blockUpdate struct {
	pos cube.Pos
	b   world.Block
}

// ViewBlockUpdate records the update.
func (r *updateRecorder) ViewBlockUpdate(pos cube.Pos, b world.Block, _ int) {
	if b == nil {
		b = block.Air{}
	}
	r.updates = append(r.updates, blockUpdate{pos, b})
}

// restSpeed is the random tick speed of the worlds at rest: 100 times dragonfly's default of 3, so that a tick
// of the test stands for 100 ticks (5 seconds) of play.
const restSpeed = 300

// restTicks is how long the worlds rest: every block is random-ticked about six times (restSpeed of the 4,096
// blocks of a sub-chunk a tick), as in about seven minutes of play.
const restTicks = 80

// restingWorld runs g in a synchronous dragonfly world with random ticks restSpeed times a sub-chunk a tick, and
// loads the chunks within one chunk of block column (x, z) for a viewer that records their block updates. It
// returns the world, to be driven with AdvanceTick, and the recorder.
func restingWorld(t *testing.T, g *Generator, x, z int32) (*world.World, *updateRecorder) {
	t.Helper()
	w := world.Config{Generator: g, Synchronous: true, RandomTickSpeed: restSpeed, Entities: entity.DefaultRegistry}.New()
	t.Cleanup(func() { _ = w.Close() })
	rec := &updateRecorder{}
	w.Do(func(tx *world.Tx) {
		l := world.NewLoader(1, w, rec)
		l.Move(tx, mgl64.Vec3{float64(x), 0, float64(z)})
		l.Load(tx, 100)
	})
	return w, rec
}

// describe lists up to ten of the updates, with the block each position was generated with.
func describe(g *Generator, us []blockUpdate) string {
	var b strings.Builder
	s := new(scratch)
	for i, u := range us {
		if i == 10 {
			fmt.Fprintf(&b, "\n\t… and %d more", len(us)-10)
			break
		}
		cx, cz := floorDiv(int32(u.pos[0]), 16), floorDiv(int32(u.pos[2]), 16)
		g.build(s, cx, cz)
		was := s.buf.get(int32(u.pos[0])-cx*16, int32(u.pos[1]), int32(u.pos[2])-cz*16)
		fmt.Fprintf(&b, "\n\t%v: generated %s, now %s", u.pos, blockString(blocks[was]), blockString(u.b))
	}
	return b.String()
}

// blockString names a block and its states as the client knows them.
func blockString(b world.Block) string {
	name, props := b.EncodeBlock()
	if len(props) == 0 {
		return name
	}
	return fmt.Sprint(name, props)
}

// restPlaces are the places the world-at-rest tests watch: seed 42's spawn (the origin, in a swamp with oaks); a
// forest where a boulder sits among oaks and birches; a taiga; a desert with cacti; a swamp shore with sugar
// cane; and a lava pool in the hills with spruces about.
var restPlaces = []struct {
	name string
	seed int64
	x, z int32
}{
	{"spawn", 42, 0, 0},
	{"forest", 42, -1000, -2980},
	{"taiga", 42, -144, 144},
	{"desert", 42, -96, -121},
	{"swamp", 42, -53, 189},
	{"lava pool", 42, 2320, -2011},
}

// growing reports whether a block update is a cactus or sugar cane growing or ageing, which dragonfly, like
// vanilla, does on random ticks for as long as the plant stands.
func growing(u blockUpdate) bool {
	switch u.b.(type) {
	case block.Cactus, block.SugarCane:
		return true
	}
	return false
}

// TestWorldAtRest runs the generated land in a dragonfly world with random ticks and nothing else happening,
// and checks that no block changes but growing plants: no grass dying under a boulder or spreading under water,
// no cactus breaking, no leaves flipping, no fire. Each changed block would be sent to every player nearby.
func TestWorldAtRest(t *testing.T) {
	for _, p := range restPlaces {
		t.Run(p.name, func(t *testing.T) {
			g := New(p.seed)
			w, rec := restingWorld(t, g, p.x, p.z)
			for range restTicks {
				w.AdvanceTick()
			}
			var churn []blockUpdate
			for _, u := range rec.updates {
				if !growing(u) {
					churn = append(churn, u)
				}
			}
			if len(churn) > 0 {
				t.Errorf("%d block updates in a world at rest around %d,%d:%s", len(churn), p.x, p.z, describe(g, churn))
			}
		})
	}
}

// TestLeavesStayPut disturbs every generated leaf block once, as a player breaking or placing a block beside a
// tree does (setting a block updates its neighbours), then lets random ticks run: no leaf may change after that.
// Dragonfly's natural leaves never settle once disturbed: a leaf clearing its update flag sets the flag of its
// neighbours, which set it again on the first one, so a canopy flickers for as long as it is loaded.
func TestLeavesStayPut(t *testing.T) {
	for _, p := range restPlaces[:3] { // the places with trees
		t.Run(p.name, func(t *testing.T) {
			g := New(p.seed)
			w, rec := restingWorld(t, g, p.x, p.z)
			var leaves []cube.Pos
			s := new(scratch)
			for cz := floorDiv(p.z, 16) - 1; cz <= floorDiv(p.z, 16)+1; cz++ {
				for cx := floorDiv(p.x, 16) - 1; cx <= floorDiv(p.x, 16)+1; cx++ {
					g.build(s, cx, cz)
					for i, m := range s.buf.blocks {
						if m.foliage() {
							y := int32(i/subVolume)*16 + minY + int32(i&15)
							leaves = append(leaves, cube.Pos{int(s.buf.x0 + int32(i>>8&15)), int(y), int(s.buf.z0 + int32(i>>4&15))})
						}
					}
				}
			}
			if len(leaves) < 100 {
				t.Fatalf("only %d leaves around %d,%d", len(leaves), p.x, p.z)
			}
			w.Do(func(tx *world.Tx) {
				for _, pos := range leaves {
					if _, ok := tx.Block(pos).(block.Leaves); !ok {
						t.Fatalf("%v is %s, want leaves", pos, blockString(tx.Block(pos)))
					}
					tx.SetBlock(pos, tx.Block(pos), nil)
				}
			})
			rec.updates = rec.updates[:0]
			for range restTicks {
				w.AdvanceTick()
			}
			var flicker []blockUpdate
			for _, u := range rec.updates {
				if _, ok := u.b.(block.Leaves); ok {
					flicker = append(flicker, u)
				}
			}
			if len(flicker) > 0 {
				t.Errorf("%d leaf updates after disturbing %d leaves:%s", len(flicker), len(leaves), describe(g, flicker))
			}
		})
	}
}

// settleRegions are the regions of chunks the static check of TestSettledTerrain covers.
var settleRegions = []struct {
	seed   int64
	cx, cz int32
}{{42, -8, -8}, {42, -70, -190}, {42, -10, 5}, {7, 0, 0}, {42, 140, -130}, {42, -160, -165}}

// region is a rectangle of generated chunks, read by world position.
type region struct {
	bufs map[[2]int32]*chunkBuf
}

// buildRegion generates the chunks from (cx0, cz0) to (cx1, cz1) inclusive.
func buildRegion(g *Generator, cx0, cz0, cx1, cz1 int32) *region {
	r := &region{bufs: map[[2]int32]*chunkBuf{}}
	s := new(scratch)
	for cz := cz0; cz <= cz1; cz++ {
		for cx := cx0; cx <= cx1; cx++ {
			g.build(s, cx, cz)
			b := s.buf
			r.bufs[[2]int32{cx, cz}] = &b
		}
	}
	return r
}

// at returns the material at a world position, which must lie in the region (air above and below the world).
func (r *region) at(x, y, z int32) material {
	if y < minY || y > maxY {
		return air
	}
	m, _ := r.bufs[[2]int32{floorDiv(x, 16), floorDiv(z, 16)}].at(x, y, z)
	return m
}

// lavaFlammable reports whether lava sets fire to a material.
func lavaFlammable(m material) bool {
	f, ok := blocks[m].(block.Flammable)
	return ok && f.FlammabilityInfo().LavaFlammable
}

// TestSettledTerrain checks, over wide regions, the rules that keep generated land still in dragonfly: leaves
// are persistent; grass has light (no opaque block on it); dirt open to the sky has none (grass would spread to
// it); a cactus has air on its four sides up to the height it grows to; water and lava have nothing to flow into;
// nothing that lava sets alight lies within reach of lava.
func TestSettledTerrain(t *testing.T) {
	for m, b := range blocks {
		if l, ok := b.(block.Leaves); ok && !l.Persistent {
			t.Errorf("material %d is generated as %s, which dragonfly updates when a neighbour changes", m, blockString(l))
		}
	}
	for _, c := range settleRegions {
		g := New(c.seed)
		const size = 12
		r := buildRegion(g, c.cx-1, c.cz-1, c.cx+size, c.cz+size)
		counts := map[string]int{}
		first := map[string][3]int32{}
		bad := func(x, y, z int32, format string, args ...any) {
			k := fmt.Sprintf(format, args...)
			if counts[k]++; counts[k] == 1 {
				first[k] = [3]int32{x, y, z}
			}
		}
		for cz := c.cz; cz < c.cz+size; cz++ {
			for cx := c.cx; cx < c.cx+size; cx++ {
				b := r.bufs[[2]int32{cx, cz}]
				for lx := int32(0); lx < 16; lx++ {
					for lz := int32(0); lz < 16; lz++ {
						x, z := b.x0+lx, b.z0+lz
						sky := true // no opaque block above so far
						for y := int32(maxY); y >= minY; y-- {
							m := b.get(lx, y, lz)
							switch m {
							case air:
								continue
							case grass:
								if above := r.at(x, y+1, z); opaque[above] {
									bad(x, y, z, "grass under %s", blockString(blocks[above]))
								}
							case dirt:
								if above := r.at(x, y+1, z); sky && !opaque[above] {
									bad(x, y, z, "dirt open to the sky under %s", blockString(blocks[above]))
								}
							case cactus:
								base := y
								for r.at(x, base-1, z) == cactus {
									base--
								}
								for yy := base; yy <= base+3; yy++ {
									for _, d := range [4][2]int32{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
										if n := r.at(x+d[0], yy, z+d[1]); n != air {
											bad(x, y, z, "cactus beside %s", blockString(blocks[n]))
										}
									}
								}
							case water, lava:
								for _, d := range [5][3]int32{{-1, 0, 0}, {1, 0, 0}, {0, 0, -1}, {0, 0, 1}, {0, -1, 0}} {
									n := r.at(x+d[0], y+d[1], z+d[2])
									if n == air || n.plant() || (n == lava && m == water) || (n == water && m == lava) {
										bad(x, y, z, "%s beside %s", blockString(blocks[m]), blockString(blocks[n]))
									}
								}
								if m != lava {
									break
								}
								// Dragonfly's lava sets fire to what burns up to three blocks away sideways, on its
								// own level and up to three above.
								for dy := int32(0); dy <= 3; dy++ {
									for dz := int32(-3); dz <= 3; dz++ {
										for dx := int32(-3); dx <= 3; dx++ {
											if n := r.at(x+dx, y+dy, z+dz); lavaFlammable(n) {
												bad(x, y, z, "lava near %s", blockString(blocks[n]))
											}
										}
									}
								}
							}
							sky = sky && !opaque[m]
						}
					}
				}
			}
		}
		var ks []string
		for k := range counts {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		for _, k := range ks {
			t.Errorf("seed %d chunks %d,%d to %d,%d: %d× %s, the first at %v", c.seed, c.cx, c.cz, c.cx+size-1,
				c.cz+size-1, counts[k], k, first[k])
		}
	}
}

// TestLavaPoolsBurnNothing checks every lava pool over a wide square of two seeds: nothing that lava sets alight
// (leaves, logs, tall grass) may lie where dragonfly's lava reaches on its random ticks, up to three blocks away
// sideways on its own level and up to three above. A fire there would burn the trees about the pool, a block
// update at a time.
func TestLavaPoolsBurnNothing(t *testing.T) {
	for _, seed := range []int64{42, 7} {
		g := New(seed)
		pools := 0
		for _, l := range g.Landmarks(-4000, -4000, 4000, 4000) {
			if l.Kind != LavaPool {
				continue
			}
			pools++
			cx, cz := floorDiv(int32(l.X), 16), floorDiv(int32(l.Z), 16)
			r := buildRegion(g, cx-1, cz-1, cx+1, cz+1)
			rad := int32(l.Radius)
		pool:
			for x := int32(l.X) - rad; x <= int32(l.X)+rad; x++ {
				for z := int32(l.Z) - rad; z <= int32(l.Z)+rad; z++ {
					for y := int32(l.Y) - 2; y <= int32(l.Y); y++ {
						if r.at(x, y, z) != lava {
							continue
						}
						for dy := int32(0); dy <= 3; dy++ {
							for dz := int32(-3); dz <= 3; dz++ {
								for dx := int32(-3); dx <= 3; dx++ {
									if m := r.at(x+dx, y+dy, z+dz); lavaFlammable(m) {
										t.Errorf("seed %d, lava pool at %d,%d,%d: %s at %d,%d,%d is within reach of its lava",
											seed, l.X, l.Y, l.Z, blockString(blocks[m]), x+dx, y+dy, z+dz)
										break pool
									}
								}
							}
						}
					}
				}
			}
		}
		if pools < 20 {
			t.Errorf("seed %d: only %d lava pools to check", seed, pools)
		}
	}
}
