package site

import (
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/overlay/internal/walktest"
	"riddlestone/overlay/store"
	"riddlestone/tagging"
	"riddlestone/worldgen"
)

// genChunks is the terrain of the project's generator without a world: chunks are generated on first use and read
// and edited like a world's blocks, which makes checking many seeds cheap.
type genChunks struct {
	g      *worldgen.Generator
	chunks map[world.ChunkPos]*chunk.Chunk
}

func newGenChunks(seed int64) *genChunks {
	world.DefaultBlockRegistry.Finalize()
	return &genChunks{g: worldgen.New(seed), chunks: map[world.ChunkPos]*chunk.Chunk{}}
}

func (w *genChunks) chunk(x, z int) *chunk.Chunk {
	cp := world.ChunkPos{int32(x >> 4), int32(z >> 4)}
	c, ok := w.chunks[cp]
	if !ok {
		c = chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		w.g.GenerateChunk(cp, c)
		w.chunks[cp] = c
	}
	return c
}

// Block reads the block at p.
func (w *genChunks) Block(p cube.Pos) world.Block {
	if p[1] < world.Overworld.Range().Min() || p[1] > world.Overworld.Range().Max() {
		return block.Air{}
	}
	b, _ := world.BlockByRuntimeID(w.chunk(p[0], p[2]).Block(uint8(p[0]&15), int16(p[1]), uint8(p[2]&15), 0))
	return b
}

// SetBlock sets the block at p; nil is air.
func (w *genChunks) SetBlock(p cube.Pos, b world.Block, _ *world.SetOpts) {
	if b == nil {
		b = block.Air{}
	}
	w.chunk(p[0], p[2]).SetBlock(uint8(p[0]&15), int16(p[1]), uint8(p[2]&15), 0, world.BlockRuntimeID(b))
}

// HighestBlock returns the y of the highest block in a column that is not air.
func (w *genChunks) HighestBlock(x, z int) int {
	return int(w.chunk(x, z).HighestBlock(uint8(x&15), uint8(z&15)))
}

// snapshot returns the chunks of area a (size 4) as the overlay's snapshot holds them.
func (w *genChunks) snapshot(a store.AreaPos) tagging.Snapshot {
	lo, hi := a.Chunks(4)
	s := tagging.Snapshot{Min: lo, Max: hi, Chunks: map[world.ChunkPos]*chunk.Chunk{}}
	for x := lo[0]; x <= hi[0]; x++ {
		for z := lo[1]; z <= hi[1]; z++ {
			s.Chunks[world.ChunkPos{x, z}] = w.chunk(int(x)<<4, int(z)<<4)
		}
	}
	return s
}

// spotSeeds is how many seeds TestStartAreasHaveReachableSpots checks: 200, 25 with -short, or as many as
// RIDDLESTONE_SPOT_SEEDS says (1000 for the proof: RIDDLESTONE_SPOT_SEEDS=1000 go test ./overlay/site
// -run StartAreasHave).
func spotSeeds(t *testing.T) int64 {
	if n, err := strconv.ParseInt(os.Getenv("RIDDLESTONE_SPOT_SEEDS"), 10, 64); err == nil && n > 0 {
		return n
	}
	if testing.Short() {
		return 25
	}
	return 200
}

// checkSpots checks the first n spots of an area as a player finds them once their objects are shown: each on
// ground (never water) with room for a body; each reached on foot, its item stack picked up where it lies (see
// walktest.Reached); and, with every object standing as a block two high (a door: the worst case for the ways
// between them), each still within a player's reach from a place reached on foot. It reports what is wrong.
func checkSpots(w SpawnWorld, a store.AreaPos, spots []cube.Pos, n int, spawn *cube.Pos) []string {
	if len(spots) < n {
		return []string{fmt.Sprintf("%d spots, want %d", len(spots), n)}
	}
	spots = spots[:n]
	var bad []string
	for _, p := range spots {
		BuildFooting(w, p, BoundsOf(a.Chunks(4)))
		if !walktest.CanStand(w, p) {
			bad = append(bad, fmt.Sprintf("%v: no ground with room above (%v under it)", p, w.Block(p.Side(cube.FaceDown))))
		}
	}
	open, walked := walktest.Reached(w, a, spots, spawn, walktest.OnSpot, nil)
	bad = append(bad, open...)
	for _, p := range spots {
		w.SetBlock(p, block.Stone{}, nil)
		w.SetBlock(p.Side(cube.FaceUp), block.Stone{}, nil)
	}
	blocked, _ := walktest.Reached(w, a, spots, spawn, walktest.NearSpot, walked)
	return append(bad, blocked...)
}

// On every seed the start area has at least 8 spots a player walks to, in generated terrain with the spawn found
// as the server finds it (Spawn): from the spawn to each, and between them both ways. The spawn is never shut in
// (under leaves at head height, on a peak or a ledge with drops of more than three blocks round a small piece of
// ground): the spots are on ground walked to from it, with the steps planned for them built. See spotSeeds for how
// many seeds.
func TestStartAreasHaveReachableSpots(t *testing.T) {
	const n = 8
	var shutIn []int64
	for seed := int64(1); seed <= spotSeeds(t); seed++ {
		w := newGenChunks(seed)
		spawn := Spawn(w, cube.Pos{0, 32767, 0}, 4)
		a := store.AreaOfBlock(spawn, 4)
		g := PlanGround(w.snapshot(a), rand.New(rand.NewPCG(uint64(seed), 1)), []cube.Pos{spawn}, nil)
		if !g.Walked {
			shutIn = append(shutIn, seed)
		}
		for _, c := range g.Steps.Cells {
			w.SetBlock(c.off, c.b, nil)
		}
		bad := checkSpots(w, a, g.Spots, n, &spawn)
		for _, b := range bad {
			t.Errorf("seed %d, spawn %v, area %v: %s", seed, spawn, a, b)
		}
	}
	if len(shutIn) > 0 {
		t.Errorf("%d seeds; the spots were not on ground walked to from the spawn on %d: %v", spotSeeds(t), len(shutIn), shutIn)
	}
}

// On every seed the four areas beside the start area have 8 spots each that a player walks to from their border
// with the start area (where they come in once it is solved) and back, and between them both ways. Where the
// ground walked to from the border is too small for the spots (a ledge above a cliff), steps join it to the area's
// largest piece of ground, and are built as planned before the walks are checked. Areas whose spots are not on ground
// walked to from the border (a border all water, or islets along it) are counted, not failed, if a player swimming
// at the water's surface reaches every spot from the border and back: their spots stand on rafts, piers and the
// islands across the water. It checks a quarter of spotSeeds' seeds, since each has four areas.
func TestNeighboursOfTheStartHaveReachableSpots(t *testing.T) {
	const n = 8
	var stepped, atSea []string
	seeds := max(spotSeeds(t)/4, 5)
	for seed := int64(1); seed <= seeds; seed++ {
		w := newGenChunks(seed)
		start := store.AreaOfBlock(Spawn(w, cube.Pos{0, 32767, 0}, 4), 4)
		for _, d := range dirs {
			a := store.AreaPos{start[0] + int32(d[0]), start[1] + int32(d[1])}
			arrive := BorderColumns(a, []store.AreaPos{start}, 4)
			g := PlanGround(w.snapshot(a), rand.New(rand.NewPCG(uint64(seed), 2)), arrive, nil)
			name := fmt.Sprintf("seed %d area %v", seed, a)
			if len(g.Steps.Cells) > 0 {
				stepped = append(stepped, fmt.Sprintf("%s (%d blocks)", name, len(g.Steps.Cells)))
			}
			for _, c := range g.Steps.Cells {
				w.SetBlock(c.off, c.b, nil)
			}
			bad := checkFromBorder(w, a, arrive, g, n, false)
			if len(bad) > 0 && !g.Walked {
				if bad = checkFromBorder(w, a, arrive, g, n, true); len(bad) == 0 {
					atSea = append(atSea, name)
				}
			}
			bad = append(bad, checkSpots(w, a, g.Spots, n, nil)...)
			for _, b := range bad {
				t.Errorf("seed %d, area %v beside %v: %s", seed, a, start, b)
			}
		}
	}
	t.Logf("%d seeds; %d areas beside the start have steps down or up a cliff from the border: %v", seeds, len(stepped), stepped)
	t.Logf("%d seeds; %d areas beside the start are reached across water: %v", seeds, len(atSea), atSea)
}

// checkFromBorder checks that the spots of a plan are on ground walked to from where players arrive, and that a
// player walks from the border (the ground of the columns arrive) to each of the first n spots, picking up an item
// stack lying there, and back to the border. With swim, the player may swim at the water's surface too, from the
// border's ground or water, and the spots need not be on ground walked to. It reports what is wrong.
func checkFromBorder(w SpawnWorld, a store.AreaPos, arrive []cube.Pos, g Ground, n int, swim bool) []string {
	if !g.Walked && !swim {
		return []string{"the spots are not on ground walked to from the border"}
	}
	k := walktest.New(w, a)
	k.Swim = swim
	for _, p := range g.Spots[:n] {
		BuildFooting(w, p, BoundsOf(a.Chunks(4)))
	}
	starts := k.Tops(arrive)
	to, back := k.FromAll(starts, false), k.FromAll(starts, true)
	var bad []string
	for _, p := range g.Spots[:n] {
		if _, ok := k.Find(walktest.OnSpot(p), func(i int) bool { return to[i] && back[i] }); !ok {
			bad = append(bad, fmt.Sprintf("%v: not walked to from the border and back", p))
		}
	}
	return bad
}
