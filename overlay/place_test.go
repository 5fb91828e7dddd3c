package overlay

import (
	"context"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
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

// bodyFits reports whether a player's body fits in a block: no collision box and no liquid.
func bodyFits(b world.Block) bool {
	if _, liquid := b.(world.Liquid); liquid {
		return false
	}
	_, empty := b.Model().(model.Empty)
	return empty
}

// canStand reports whether a player's feet can be at p: on solid ground, with room for the body.
func canStand(w interface{ Block(cube.Pos) world.Block }, p cube.Pos) bool {
	return solidGround(w.Block(p.Side(cube.FaceDown))) && bodyFits(w.Block(p)) && bodyFits(w.Block(p.Side(cube.FaceUp)))
}

// solidGround reports whether a block is ground to stand on: a full solid block that is no liquid.
func solidGround(b world.Block) bool {
	_, solid := b.Model().(model.Solid)
	_, liquid := b.(world.Liquid)
	return solid && !liquid
}

// walker finds where a player goes on foot inside area a (size 4): each move goes to a column beside, jumping up
// one block (with room for the jump) or stepping or dropping down up to three blocks (with room for the body over
// the lower column), to where the player can stand. It remembers what it read of each block.
type walker struct {
	w      interface{ Block(cube.Pos) world.Block }
	x0, z0 int
	swim   bool   // players also swim at the water's surface, and climb from it onto a block at most one above
	fits   []int8 // per block: 0 not read, 1 a body fits, 2 not
	ground []int8 // per block: 0 not read, 1 solid ground, 2 not
}

func newWalker(w interface{ Block(cube.Pos) world.Block }, a store.AreaPos) *walker {
	lo, _ := a.Chunks(4)
	return &walker{w: w, x0: int(lo[0]) << 4, z0: int(lo[1]) << 4, fits: make([]int8, 64*64*384), ground: make([]int8, 64*64*384)}
}

// key returns the index of a block inside the area, or -1 outside it.
func (k *walker) key(p cube.Pos) int {
	x, z, y := p[0]-k.x0, p[2]-k.z0, p[1]-world.Overworld.Range().Min()
	if x < 0 || z < 0 || x >= 64 || z >= 64 || y < 0 || y >= 384 {
		return -1
	}
	return (x*64+z)*384 + y
}

// read answers f for the block at p, remembered in memo.
func (k *walker) read(memo []int8, p cube.Pos, f func(world.Block) bool) bool {
	i := k.key(p)
	if i < 0 {
		return false
	}
	if memo[i] == 0 {
		memo[i] = 2
		if f(k.w.Block(p)) {
			memo[i] = 1
		}
	}
	return memo[i] == 1
}

// stand reports whether a player's feet can be at p (see canStand), or, for a swimmer, whether p is water at the
// surface, with room for the head above it.
func (k *walker) stand(p cube.Pos) bool {
	up := p.Side(cube.FaceUp)
	if k.swim && isWater(k.w.Block(p)) {
		return bodyFits(k.w.Block(up))
	}
	return k.read(k.ground, p.Side(cube.FaceDown), solidGround) && k.read(k.fits, p, k.fitsIn) &&
		k.read(k.fits, up, k.fitsIn) && !isWater(k.w.Block(up))
}

// fitsIn reports whether a body fits in a block: in water too, for a swimmer.
func (k *walker) fitsIn(b world.Block) bool { return bodyFits(b) || (k.swim && isWater(b)) }

// moves reports whether a player standing at p walks to n.
func (k *walker) moves(p, n cube.Pos) bool {
	if !k.stand(n) {
		return false
	}
	room := func(c cube.Pos, from, to int) bool {
		for y := from; y <= to; y++ {
			if !k.read(k.fits, cube.Pos{c[0], y, c[2]}, k.fitsIn) {
				return false
			}
		}
		return true
	}
	switch dy := n[1] - p[1]; {
	case dy == 1:
		return room(p, p[1]+2, p[1]+2)
	case dy <= 0 && dy >= -3:
		return room(n, n[1], p[1]+1)
	}
	return false
}

// from returns the feet positions reachable from start; back, those from which start is reachable.
func (k *walker) from(start cube.Pos, back bool) []bool { return k.fromAll([]cube.Pos{start}, back) }

// fromAll returns the feet positions reachable from any of starts; back, those from which one of them is reachable.
func (k *walker) fromAll(starts []cube.Pos, back bool) []bool {
	seen := make([]bool, 64*64*384)
	var queue []cube.Pos
	for _, start := range starts {
		if i := k.key(start); i >= 0 && !seen[i] && k.stand(start) {
			seen[i] = true
			queue = append(queue, start)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range []cube.Pos{{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
			for dy := -3; dy <= 3; dy++ {
				n := p.Add(d).Add(cube.Pos{0, dy, 0})
				i := k.key(n)
				if i < 0 || seen[i] || !k.stand(n) {
					continue
				}
				if (!back && k.moves(p, n)) || (back && k.moves(n, p)) {
					seen[i] = true
					queue = append(queue, n)
				}
			}
		}
	}
	return seen
}

// tops returns, for each of the columns cols, the highest place in it where the walker stands, if any.
func (k *walker) tops(cols []cube.Pos) []cube.Pos {
	var out []cube.Pos
	r := world.Overworld.Range()
	for _, c := range cols {
		for y := r.Max(); y > r.Min(); y-- {
			if p := (cube.Pos{c[0], y, c[2]}); k.stand(p) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// count returns how many positions are set.
func count(seen []bool) int {
	n := 0
	for _, s := range seen {
		if s {
			n++
		}
	}
	return n
}

// spotSeeds is how many seeds TestStartAreasHaveReachableSpots checks: 200, 25 with -short, or as many as
// RIDDLESTONE_SPOT_SEEDS says (1000 for the proof: RIDDLESTONE_SPOT_SEEDS=1000 go test ./overlay -run
// StartAreasHave).
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
// checkReached); and, with every object standing as a block two high (a door: the worst case for the ways between
// them), each still within a player's reach from a place reached on foot. It reports what is wrong.
func checkSpots(w SpawnWorld, a store.AreaPos, spots []cube.Pos, n int, spawn *cube.Pos) []string {
	if len(spots) < n {
		return []string{fmt.Sprintf("%d spots, want %d", len(spots), n)}
	}
	spots = spots[:n]
	var bad []string
	for _, p := range spots {
		buildFooting(w, p, boundsOf(a.Chunks(4)))
		if !canStand(w, p) {
			bad = append(bad, fmt.Sprintf("%v: no ground with room above (%v under it)", p, w.Block(p.Side(cube.FaceDown))))
		}
	}
	open, walked := checkReached(w, a, spots, spawn, onSpot, nil)
	bad = append(bad, open...)
	for _, p := range spots {
		w.SetBlock(p, block.Stone{}, nil)
		w.SetBlock(p.Side(cube.FaceUp), block.Stone{}, nil)
	}
	blocked, _ := checkReached(w, a, spots, spawn, nearSpot, walked)
	return append(bad, blocked...)
}

// onSpot is the place a player stands to pick up an item stack lying at p: p.
func onSpot(p cube.Pos) []cube.Pos { return []cube.Pos{p} }

// nearSpot returns the places a player stands to use a block at p: on a column beside it, diagonals included, at
// most three blocks up or down.
func nearSpot(p cube.Pos) []cube.Pos {
	var out []cube.Pos
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			for dy := -3; dy <= 3; dy++ {
				if dx != 0 || dz != 0 {
					out = append(out, p.Add(cube.Pos{dx, dy, dz}))
				}
			}
		}
	}
	return out
}

// checkReached checks that a player walks from spawn to a place near each spot (as near lists them) and from there
// to those of the others and back, and reports the spots for which that fails, and the places walked to and from
// the first. The walk between the spots starts beside the first, at a place hub accepts (nil: any). Without a
// spawn (shut in), it checks the ways between the spots only.
func checkReached(w SpawnWorld, a store.AreaPos, spots []cube.Pos, spawn *cube.Pos, near func(cube.Pos) []cube.Pos, hub func(int) bool) ([]string, func(int) bool) {
	k := newWalker(w, a)
	fromSpawn := func(int) bool { return true }
	if spawn != nil {
		from := k.from(*spawn, false)
		fromSpawn = func(i int) bool { return from[i] }
	}
	start, ok := k.find(near(spots[0]), func(i int) bool { return fromSpawn(i) && (hub == nil || hub(i)) })
	if !ok {
		return []string{fmt.Sprintf("%v: no place near it is reached from the spawn", spots[0])}, nil
	}
	to, back := k.from(start, false), k.from(start, true)
	both := func(i int) bool { return to[i] && back[i] && fromSpawn(i) }
	var bad []string
	for _, p := range spots {
		if _, ok := k.find(near(p), both); !ok {
			bad = append(bad, fmt.Sprintf("%v: not reached on foot from the spawn, or not to and from %v", p, start))
		}
	}
	return bad, both
}

// find returns the first of the places that a player stands at and whose key ok accepts.
func (k *walker) find(places []cube.Pos, ok func(int) bool) (cube.Pos, bool) {
	for _, p := range places {
		if i := k.key(p); i >= 0 && k.stand(p) && ok(i) {
			return p, true
		}
	}
	return cube.Pos{}, false
}

// The start area opens on oceans: "area -2,0 has no free ground for 4 objects" on seeds 3, 174218 and
// 1040025109366796747. In a real world, with the spawn found as the server finds it, the start area has spots
// for any puzzle, and objects shown at them (a door, an NPC, an item stack) stand on ground, out of the water, a
// walk from the spawn.
func TestOceanStartAreasGetSpots(t *testing.T) {
	for _, seed := range []int64{3, 174218, 1040025109366796747} {
		o := showOverlay(t)
		w := syncWorld(t, worldgen.New(seed))
		var spawn cube.Pos
		run(t, w, func(tx *world.Tx) { spawn = Spawn(tx, cube.Pos{0, 32767, 0}, 4) })
		a := store.AreaOfBlock(spawn, 4)
		lo, hi := a.Chunks(4)
		snap, err := Snapshot(context.Background(), w, lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		spots := surfaceSpotsFrom(snap, rand.New(rand.NewPCG(uint64(seed), 1)), []cube.Pos{spawn})
		if len(spots) < wantSpots {
			t.Fatalf("seed %d: area %v has %d spots, want %d", seed, a, len(spots), wantSpots)
		}
		shown := showAll(t, o, w, spots[:12])
		for range 60 {
			w.AdvanceTick()
		}
		run(t, w, func(tx *world.Tx) {
			for _, where := range shown {
				if below := tx.Block(where.Block.Side(cube.FaceDown)); !standable(below) {
					t.Errorf("seed %d: the object at %v stands on %v", seed, where.Block, below)
				}
				if where.Kind == store.AtEntity {
					if e, ok := findEntity(tx, where.Entity, where.Block); !ok || cube.PosFromVec3(e.Position()) != where.Block {
						t.Errorf("seed %d: the entity shown at %v is not there", seed, where.Block)
					}
				}
			}
			bad, _ := checkReached(tx, a, spots[:len(shown)], &spawn, nearSpot, nil)
			for _, bad := range bad {
				t.Errorf("seed %d: %s", seed, bad)
			}
		})
	}
}

// showAll shows a door, an NPC and an item stack in turn at the spots, and returns where.
func showAll(t *testing.T, o *Overlay, w *world.World, spots []cube.Pos) []store.Where {
	items := []string{"Door", "Guard", "Key"}
	var shown []store.Where
	run(t, w, func(tx *world.Tx) {
		for i, p := range spots {
			where := store.Where{Kind: store.AtEntity, Block: p, Entity: newEntityID()}
			if items[i%3] == "Door" {
				where = store.Where{Kind: store.AtBlock, Block: p}
			}
			o.show(o.opts.Pack, object(o, i, items[i%3]), where)(tx)
			shown = append(shown, where)
		}
	})
	return shown
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
		g := planGround(w.snapshot(a), rand.New(rand.NewPCG(uint64(seed), 1)), []cube.Pos{spawn}, nil)
		if !g.walked {
			shutIn = append(shutIn, seed)
		}
		for _, c := range g.steps.sets {
			w.SetBlock(c.off, c.b, nil)
		}
		bad := checkSpots(w, a, g.spots, n, &spawn)
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
			arrive := borderColumns(a, []store.AreaPos{start}, 4)
			g := planGround(w.snapshot(a), rand.New(rand.NewPCG(uint64(seed), 2)), arrive, nil)
			name := fmt.Sprintf("seed %d area %v", seed, a)
			if len(g.steps.sets) > 0 {
				stepped = append(stepped, fmt.Sprintf("%s (%d blocks)", name, len(g.steps.sets)))
			}
			for _, c := range g.steps.sets {
				w.SetBlock(c.off, c.b, nil)
			}
			bad := checkFromBorder(w, a, arrive, g, n, false)
			if len(bad) > 0 && !g.walked {
				if bad = checkFromBorder(w, a, arrive, g, n, true); len(bad) == 0 {
					atSea = append(atSea, name)
				}
			}
			bad = append(bad, checkSpots(w, a, g.spots, n, nil)...)
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
func checkFromBorder(w SpawnWorld, a store.AreaPos, arrive []cube.Pos, g groundPlan, n int, swim bool) []string {
	if !g.walked && !swim {
		return []string{"the spots are not on ground walked to from the border"}
	}
	k := newWalker(w, a)
	k.swim = swim
	for _, p := range g.spots[:n] {
		buildFooting(w, p, boundsOf(a.Chunks(4)))
	}
	starts := k.tops(arrive)
	to, back := k.fromAll(starts, false), k.fromAll(starts, true)
	var bad []string
	for _, p := range g.spots[:n] {
		if _, ok := k.find(onSpot(p), func(i int) bool { return to[i] && back[i] }); !ok {
			bad = append(bad, fmt.Sprintf("%v: not walked to from the border and back", p))
		}
	}
	return bad
}

// groundOn reports whether a player stands on any of the columns of a snapshot's terrain.
func groundOn(s tagging.Snapshot, cols []cube.Pos) bool {
	t := readTerrain(s)
	for _, p := range cols {
		if i := t.index(p[0], p[2]); i >= 0 && t.feet[i] != noY {
			return true
		}
	}
	return false
}
