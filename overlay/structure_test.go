package overlay

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"riddlestone/overlay/internal/walktest"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
	"riddlestone/worldgen"
)

// structureItems are items of the default pack, one for each of its structures.
var structureItems = []string{"Farmer", "OakDoor", "Furnace", "Campfire", "Chest", "Anvil", "Guard", "Lectern"}

// defaultPack loads the default pack, and finalises the block registry.
func defaultPack(t testing.TB) *puzzle.Pack {
	t.Helper()
	world.DefaultBlockRegistry.Finalize() // before the flat generators are made
	p, err := puzzle.Load("../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// defaultPackStructure returns a structure of the default pack by name.
func defaultPackStructure(name string) (*puzzle.Structure, bool) {
	p, err := loadDefaultPack()
	if err != nil {
		return nil, false
	}
	return p.Structure(name)
}

// loadDefaultPack loads the default pack once.
var loadDefaultPack = sync.OnceValues(func() (*puzzle.Pack, error) { return puzzle.Load("../packs/default") })

// liveWorld is a real world in memory, running on its own goroutine as the server's does.
func liveWorld(t *testing.T, gen world.Generator) *world.World {
	t.Helper()
	world.DefaultBlockRegistry.Finalize()
	w := world.Config{Generator: gen, Entities: entityRegistry()}.New()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

// areaSnapshot copies area 0,0 (size 4) of a world.
func areaSnapshot(t *testing.T, w *world.World) *tagging.Snapshot {
	t.Helper()
	lo, hi := store.AreaPos{0, 0}.Chunks(4)
	snap, err := Snapshot(context.Background(), w, lo, hi)
	if err != nil {
		t.Fatal(err)
	}
	return &snap
}

// planItems plans a structure around an object of each item, on the spots site.Spread gives them, as
// generateInto does. It returns the plans and the spots no object took.
func planItems(p *puzzle.Pack, snap *tagging.Snapshot, spots []cube.Pos, items []string, seed uint64) ([]site.Planned, []cube.Pos) {
	objs := make([]puzzle.Object, len(items))
	for i, item := range items {
		objs[i] = puzzle.Object{ID: i + 1, Item: item}
	}
	at := site.Spread(p, objs, spots, snap)
	st := site.New(snap, at)
	var out []site.Planned
	for i, item := range items {
		if pl, ok := st.Plan(p, testLooks(), item, at[i], rand.New(rand.NewPCG(seed, uint64(i)))); ok {
			pl.Record.Object = i + 1
			out = append(out, pl)
		}
	}
	var free []cube.Pos
	for _, q := range spots {
		if !slices.Contains(at, q) {
			free = append(free, q)
		}
	}
	return out, free
}

// build builds planned structures in a running world and waits until their last blocks are set.
func build(t *testing.T, w *world.World, plans []site.Planned) {
	t.Helper()
	run(t, w, func(tx *world.Tx) {
		for _, pl := range plans {
			site.Build(pl.Cells)(tx)
		}
	})
	deadline := time.Now().Add(20 * time.Second)
	for {
		done := true
		run(t, w, func(tx *world.Tx) {
			for _, pl := range plans {
				last := pl.Cells[len(pl.Cells)-1]
				if name(tx.Block(last.Pos())) != name(orAir(last.Block())) {
					done = false
				}
			}
		})
		if done {
			return
		}
		if time.Now().After(deadline) {
			t.Fatal("the structures were not built within 20 s")
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// name is a block's name and states, to compare blocks.
func name(b world.Block) string {
	n, props := b.EncodeBlock()
	return fmt.Sprint(n, props)
}

// orAir returns b, or air for nil.
func orAir(b world.Block) world.Block {
	if b == nil {
		return block.Air{}
	}
	return b
}

// Structures of the default pack built in real worlds of the project's generator stand fitted to the terrain:
// the object's spot is on the structure's floor, every block built rests on the ground or on other blocks of it
// (nothing floats), and every object's spot is reached on foot from the ground around, with the structures
// standing.
func TestStructuresStandFittedToTheTerrain(t *testing.T) {
	p := defaultPack(t)
	builtCount := 0
	for _, seed := range []int64{42, 174218, 7} {
		w := liveWorld(t, worldgen.New(seed))
		snap := areaSnapshot(t, w)
		spots := site.SurfaceSpots(*snap, rand.New(rand.NewPCG(1, 2)))
		if len(spots) < len(structureItems)+4 {
			t.Fatalf("seed %d: %d spots", seed, len(spots))
		}
		plans, free := planItems(p, snap, spots, structureItems, uint64(seed))
		builtCount += len(plans)
		for _, pl := range plans {
			t.Logf("seed %d: %s around object %d at %v, turn %d", seed, pl.Record.Structure, pl.Record.Object, pl.Record.Anchor, pl.Record.Rot)
		}
		build(t, w, plans)
		run(t, w, func(tx *world.Tx) {
			for _, pl := range plans {
				checkBuilt(t, tx, seed, pl)
			}
			checkStructureWays(t, tx, seed, plans, free)
		})
	}
	t.Logf("%d structures built on three seeds", builtCount)
	if builtCount < 8 {
		t.Errorf("only %d structures fitted on three seeds: too few to test", builtCount)
	}
}

// checkBuilt checks one structure in the world: the object's spot on its floor, its blocks as planned, and
// nothing floating.
func checkBuilt(t *testing.T, tx *world.Tx, seed int64, pl site.Planned) {
	t.Helper()
	anchor := cube.Pos(pl.Record.Anchor)
	want := map[cube.Pos]world.Block{}
	for _, c := range pl.Cells {
		want[c.Pos()] = orAir(c.Block())
	}
	under := anchor.Side(cube.FaceDown)
	if b, ok := want[under]; !ok || name(tx.Block(under)) != name(b) || !site.Standable(b) {
		t.Errorf("seed %d: %s at %v: the object stands on %s, not the structure's floor", seed, pl.Record.Structure, anchor, name(tx.Block(under)))
	}
	if !site.Passable(tx.Block(anchor)) || !site.Passable(tx.Block(anchor.Side(cube.FaceUp))) {
		t.Errorf("seed %d: %s built into its object's place %v", seed, pl.Record.Structure, anchor)
	}
	for p, b := range want {
		if name(tx.Block(p)) != name(b) {
			t.Errorf("seed %d: %s: %v is %s, want %s", seed, pl.Record.Structure, p, name(tx.Block(p)), name(b))
		}
	}
	if loose := floating(tx, want); len(loose) > 0 {
		t.Errorf("seed %d: %s at %v: blocks float: %v", seed, pl.Record.Structure, anchor, loose)
	}
	if s, _ := defaultPackStructure(pl.Record.Structure); s != nil && s.Water {
		return // a deck on water stands on its posts: see TestWaterStructuresStandOnPosts
	}
	if hollow := unfounded(tx, want); len(hollow) > 0 {
		t.Errorf("seed %d: %s at %v: no foundations under %v", seed, pl.Record.Structure, anchor, hollow)
	}
}

// unfounded returns the lowest block built in each column that does not rest on solid ground.
func unfounded(tx *world.Tx, built map[cube.Pos]world.Block) []cube.Pos {
	lowest := map[[2]int]cube.Pos{}
	for p, b := range built {
		if _, air := b.(block.Air); air {
			continue
		}
		if low, ok := lowest[[2]int{p[0], p[2]}]; !ok || p[1] < low[1] {
			lowest[[2]int{p[0], p[2]}] = p
		}
	}
	var out []cube.Pos
	for _, p := range lowest {
		if !site.Standable(tx.Block(p.Side(cube.FaceDown))) {
			out = append(out, p)
		}
	}
	return out
}

// floating returns the blocks built that neither rest on ground nor join, through other blocks built, blocks that
// do.
func floating(tx *world.Tx, built map[cube.Pos]world.Block) []cube.Pos {
	held := map[cube.Pos]bool{}
	var queue []cube.Pos
	for p, b := range built {
		if _, air := b.(block.Air); air {
			continue
		}
		below := p.Side(cube.FaceDown)
		if _, ours := built[below]; !ours && site.Standable(tx.Block(below)) {
			held[p] = true
			queue = append(queue, p)
		}
	}
	for k := 0; k < len(queue); k++ {
		for _, f := range cube.Faces() {
			q := queue[k].Side(f)
			if b, ours := built[q]; ours && !held[q] {
				if _, air := b.(block.Air); !air {
					held[q] = true
					queue = append(queue, q)
				}
			}
		}
	}
	var out []cube.Pos
	for p, b := range built {
		if _, air := b.(block.Air); !air && !held[p] {
			out = append(out, p)
		}
	}
	return out
}

// checkStructureWays checks, with the test's own walker, that a player walks from a spot no structure covers to
// a place beside each structure's object and back.
func checkStructureWays(t *testing.T, tx *world.Tx, seed int64, plans []site.Planned, others []cube.Pos) {
	t.Helper()
	var from *cube.Pos
	for i, p := range others {
		clear := true
		for _, pl := range plans {
			clear = clear && !pl.Record.Covers(p, 2)
		}
		if clear {
			from = &others[i]
			break
		}
	}
	if from == nil {
		t.Fatalf("seed %d: no spot away from the structures to walk from", seed)
	}
	var anchors []cube.Pos
	for _, pl := range plans {
		if s, _ := defaultPackStructure(pl.Record.Structure); s == nil || !s.Water { // reached swimming: see structure_water_test.go
			anchors = append(anchors, cube.Pos(pl.Record.Anchor))
		}
	}
	if len(anchors) == 0 {
		return
	}
	bad, _ := walktest.Reached(tx, store.AreaPos{0, 0}, anchors, from, walktest.NearSpot, nil)
	for _, b := range bad {
		t.Errorf("seed %d: %s", seed, b)
	}
}

// The same seed plans the same structures, block for block; the plan does not depend on the order of maps.
func TestStructuresAreDeterministic(t *testing.T) {
	p := defaultPack(t)
	w := liveWorld(t, worldgen.New(42))
	snap := areaSnapshot(t, w)
	spots := site.SurfaceSpots(*snap, rand.New(rand.NewPCG(1, 2)))
	first, _ := planItems(p, snap, spots, structureItems, 9)
	if len(first) == 0 {
		t.Fatal("no structure fitted")
	}
	for range 3 {
		again, _ := planItems(p, snap, spots, structureItems, 9)
		if len(again) != len(first) {
			t.Fatalf("%d structures, then %d", len(first), len(again))
		}
		for i := range first {
			if !reflect.DeepEqual(first[i].Record, again[i].Record) || !sameSets(first[i].Cells, again[i].Cells) {
				t.Fatalf("structure %d differs: %+v, then %+v", i, first[i].Record, again[i].Record)
			}
		}
	}
}

// sameSets reports whether two plans set the same blocks in the same order.
func sameSets(a, b []site.Cell) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i].Pos() != b[i].Pos() || name(orAir(a[i].Block())) != name(orAir(b[i].Block())) {
			return false
		}
	}
	return true
}

// A structure built on ground is not built on water, nor where it would block the way: there the object stands on
// its own. On water only a structure built on water is.
func TestStructuresSkipWaterAndBlockedWays(t *testing.T) {
	p := defaultPack(t)
	sea := liveWorld(t, generator.NewFlat(biome.Ocean{}, []world.Block{block.Water{Still: true, Depth: 8}, block.Water{Still: true, Depth: 8}, block.Sand{}, block.Bedrock{}}))
	snap := areaSnapshot(t, sea)
	spot := cube.Pos{20, -60, 20} // on the water's surface
	if pl, ok := site.New(snap, []cube.Pos{spot}).Plan(p, testLooks(), "Furnace", spot, rand.New(rand.NewPCG(1, 1))); ok {
		t.Errorf("a %s was planned on open water", pl.Record.Structure)
	}
	for seed := range uint64(8) {
		pl, ok := site.New(snap, []cube.Pos{spot}).Plan(p, testLooks(), "Farmer", spot, rand.New(rand.NewPCG(seed, 1)))
		if s, _ := p.Structure(pl.Record.Structure); !ok || !s.Water {
			t.Errorf("seed %d: on open water the farmer got %+v (planned %v), not a structure built on water", seed, pl.Record, ok)
		}
	}

	land := liveWorld(t, generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}))
	spot = cube.Pos{20, -60, 8}
	open := site.New(areaSnapshot(t, land), []cube.Pos{spot})
	if _, ok := open.Plan(p, testLooks(), "Farmer", spot, rand.New(rand.NewPCG(1, 1))); !ok {
		t.Fatal("no stall planned on open flat ground")
	}
	// A corridor three blocks wide along x, walled five blocks high: a stall across it would close it.
	run(t, land, func(tx *world.Tx) {
		for x := 0; x < 48; x++ {
			for y := -60; y < -55; y++ {
				tx.SetBlock(cube.Pos{x, y, 6}, block.Stone{}, nil)
				tx.SetBlock(cube.Pos{x, y, 10}, block.Stone{}, nil)
			}
		}
	})
	walled := site.New(areaSnapshot(t, land), []cube.Pos{spot})
	for seed := range uint64(8) {
		if pl, ok := walled.Plan(p, testLooks(), "Farmer", spot, rand.New(rand.NewPCG(seed, 1))); ok {
			t.Fatalf("a %s was planned across the corridor: %+v", pl.Record.Structure, pl.Record)
		}
	}
}

// Foundations fill a hollow under a structure's floor down to the ground, and the floor does not hang over it.
func TestStructuresFillFoundations(t *testing.T) {
	p := defaultPack(t)
	w := liveWorld(t, generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}))
	spot := cube.Pos{20, -59, 20}
	run(t, w, func(tx *world.Tx) {
		for x := 21; x < 26; x++ {
			for z := 15; z < 26; z++ {
				for y := -62; y <= -60; y++ { // a hollow two deep under the floor east of the spot, then three
					if y > -62 || x > 21 {
						tx.SetBlock(cube.Pos{x, y, z}, nil, nil)
					}
				}
			}
		}
	})
	st := site.New(areaSnapshot(t, w), []cube.Pos{spot})
	pl, ok := st.Plan(p, testLooks(), "Campfire", spot, rand.New(rand.NewPCG(3, 3)))
	if !ok {
		t.Fatal("no camp planned on the step")
	}
	fill := 0
	for _, c := range pl.Cells {
		if c.Pos()[1] < spot[1]-1 {
			fill++
		}
	}
	if fill == 0 {
		t.Fatalf("no foundations planned: %+v", pl.Record)
	}
	build(t, w, []site.Planned{pl})
	run(t, w, func(tx *world.Tx) { checkBuilt(t, tx, 0, pl) })
}

// The cottage's door wall runs the way the door's look faces: north and south of the door stand the walls, east
// and west of it are ways in and out, whichever turn the seed chooses.
func TestCottageWallRunsWithTheDoor(t *testing.T) {
	p := defaultPack(t)
	land := liveWorld(t, generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}))
	snap := areaSnapshot(t, land)
	spot := cube.Pos{24, -60, 24}
	turns := map[int]bool{}
	for seed := range uint64(12) {
		pl, ok := site.New(snap, []cube.Pos{spot}).Plan(p, testLooks(), "OakDoor", spot, rand.New(rand.NewPCG(seed, 5)))
		if !ok || pl.Record.Structure != "Cottage" {
			t.Fatalf("seed %d: planned %+v, %v", seed, pl.Record, ok)
		}
		turns[pl.Record.Rot] = true
		set := map[cube.Pos]world.Block{}
		for _, c := range pl.Cells {
			set[c.Pos()] = orAir(c.Block())
		}
		for _, f := range []cube.Face{cube.FaceNorth, cube.FaceSouth} {
			if b, ok := set[spot.Side(f)]; !ok || !site.Standable(b) {
				t.Errorf("seed %d, turn %d: no wall %v of the door", seed, pl.Record.Rot, f)
			}
		}
		for _, f := range []cube.Face{cube.FaceEast, cube.FaceWest} {
			if b, ok := set[spot.Side(f)]; ok && !site.Passable(b) {
				t.Errorf("seed %d, turn %d: %s %v of the door", seed, pl.Record.Rot, name(b), f)
			}
		}
	}
	if len(turns) != 2 {
		t.Errorf("turns chosen: %v, want both 1 and 3", turns)
	}
}
