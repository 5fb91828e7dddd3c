package tagging

import (
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"riddlestone/puzzle"
)

// testWorld is a snapshot of 2×2 chunks of flat grass at y 0, built block by block.
type testWorld struct{ Snapshot }

func TestMain(m *testing.M) {
	world.DefaultBlockRegistry.Finalize()
	m.Run()
}

func newTestWorld() *testWorld {
	w := &testWorld{Snapshot{Min: world.ChunkPos{0, 0}, Max: world.ChunkPos{1, 1}, Chunks: map[world.ChunkPos]*chunk.Chunk{}}}
	grass := world.BlockRuntimeID(block.Grass{})
	for cx := int32(0); cx <= 1; cx++ {
		for cz := int32(0); cz <= 1; cz++ {
			c := chunk.New(world.DefaultBlockRegistry, cube.Range{-64, 319})
			for x := uint8(0); x < 16; x++ {
				for z := uint8(0); z < 16; z++ {
					c.SetBlock(x, 0, z, 0, grass)
				}
			}
			w.Chunks[world.ChunkPos{cx, cz}] = c
		}
	}
	return w
}

func (w *testWorld) set(x, y, z int, b world.Block) {
	w.Chunks[world.ChunkPos{int32(x >> 4), int32(z >> 4)}].SetBlock(uint8(x&15), int16(y), uint8(z&15), 0, world.BlockRuntimeID(b))
}

var (
	oakLog = block.Log{Wood: block.OakWood(), Axis: cube.Y}
	leaves = block.Leaves{Type: block.OakLeaves()}
	water  = block.Water{Still: true, Depth: 8}
)

func testRules() []puzzle.TagRule {
	return []puzzle.TagRule{
		{Item: "Tree", Block: "oak_log", Above: []string{"oak_leaves"}, Pos: puzzle.Pos{File: "tags.yaml", Line: 1}},
		{Item: "Pond", Block: "minecraft:water", MinCluster: 4, MaxCluster: 100, Pos: puzzle.Pos{File: "tags.yaml", Line: 2}},
		{Item: "Chest", Block: "chest", Pos: puzzle.Pos{File: "tags.yaml", Line: 3}},
		{Item: "Wood", Block: "oak_log", Pos: puzzle.Pos{File: "tags.yaml", Line: 4}},
		{Item: "Villager", Entity: "villager_v2", Pos: puzzle.Pos{File: "tags.yaml", Line: 5}},
	}
}

func count(found []Found, item string) (n int) {
	for _, f := range found {
		if f.Item == item {
			n++
		}
	}
	return n
}

func TestScanFindsClustersThatMeetTheirConditions(t *testing.T) {
	w := newTestWorld()
	// A tree: a trunk of four logs with leaves above.
	for y := 1; y <= 4; y++ {
		w.set(5, y, 5, oakLog)
	}
	w.set(5, 5, 5, leaves)
	// A bare pillar of logs: not a tree, but wood.
	for y := 1; y <= 3; y++ {
		w.set(20, y, 20, oakLog)
	}
	// A 3×3 pond, a lone water block (too small) and a 12×12 lake (too big), sunk into the grass.
	for x := 8; x < 11; x++ {
		for z := 20; z < 23; z++ {
			w.set(x, 0, z, water)
		}
	}
	w.set(2, 0, 28, water)
	for x := 18; x < 30; x++ {
		for z := 2; z < 14; z++ {
			w.set(x, 0, z, water)
		}
	}
	w.set(12, 1, 12, block.NewChest())
	id := uuid.New()
	w.Entities = []Entity{{ID: id, Type: "minecraft:villager_v2", Pos: mgl64.Vec3{3.5, 1, 3.5}}, {ID: uuid.New(), Type: "minecraft:cow"}}

	tg, err := New(IndexBlocks(world.DefaultBlockRegistry), testRules())
	if err != nil {
		t.Fatal(err)
	}
	found := tg.Scan(w.Snapshot)
	for item, want := range map[string]int{"Tree": 1, "Pond": 1, "Chest": 1, "Wood": 1, "Villager": 1} {
		if got := count(found, item); got != want {
			t.Errorf("%d %s found, want %d: %+v", got, item, want, found)
		}
	}
	for _, f := range found {
		switch f.Item {
		case "Tree":
			if f.Pos != (cube.Pos{5, 1, 5}) || f.Top != (cube.Pos{5, 4, 5}) || f.Size != 4 {
				t.Errorf("tree found as %+v, want the trunk from 5,1,5 to 5,4,5", f)
			}
		case "Wood":
			if f.Pos != (cube.Pos{20, 1, 20}) || f.Size != 3 {
				t.Errorf("wood found as %+v, want the bare pillar at 20,1,20", f)
			}
		case "Pond":
			if f.Pos != (cube.Pos{8, 0, 20}) || f.Size != 9 {
				t.Errorf("pond found as %+v, want 9 blocks from 8,0,20", f)
			}
		case "Villager":
			if f.Entity != id || f.Pos != (cube.Pos{3, 1, 3}) {
				t.Errorf("villager found as %+v", f)
			}
		}
	}
}

func TestScanJoinsClustersAcrossChunkBorders(t *testing.T) {
	w := newTestWorld()
	// A fallen log from x 14 to 18 crosses from chunk 0 into chunk 1.
	for x := 14; x <= 18; x++ {
		w.set(x, 1, 3, block.Log{Wood: block.OakWood(), Axis: cube.X})
	}
	tg, err := New(IndexBlocks(world.DefaultBlockRegistry), []puzzle.TagRule{{Item: "Log", Block: "oak_log", MinCluster: 5}})
	if err != nil {
		t.Fatal(err)
	}
	found := tg.Scan(w.Snapshot)
	if len(found) != 1 || found[0].Size != 5 || found[0].Pos != (cube.Pos{14, 1, 3}) {
		t.Fatalf("found %+v, want one log of 5 blocks from 14,1,3", found)
	}
}

func TestScanMatchesStates(t *testing.T) {
	w := newTestWorld()
	w.set(1, 1, 1, block.Lever{Facing: cube.FaceUp, Direction: cube.North, Powered: true})
	w.set(2, 1, 1, block.Lever{Facing: cube.FaceUp, Direction: cube.North})
	tg, err := New(IndexBlocks(world.DefaultBlockRegistry), []puzzle.TagRule{{Item: "OnLever", Block: "lever", States: map[string]any{"open_bit": true}}})
	if err != nil {
		t.Fatal(err)
	}
	found := tg.Scan(w.Snapshot)
	if len(found) != 1 || found[0].Pos != (cube.Pos{1, 1, 1}) {
		t.Fatalf("found %+v, want only the powered lever at 1,1,1", found)
	}
}

func TestNewReportsBadRulesWithPositions(t *testing.T) {
	at := puzzle.Pos{File: "packs/x/tags.yaml", Line: 7, Col: 5}
	for _, tc := range []struct {
		rule puzzle.TagRule
		want string
	}{
		{puzzle.TagRule{Item: "X", Block: "no_such_block", Pos: at}, `unknown block "no_such_block"`},
		{puzzle.TagRule{Item: "X", Block: "lever", States: map[string]any{"open_bit": 7}, Pos: at}, "no state of minecraft:lever"},
		{puzzle.TagRule{Item: "X", Block: "lever", Entity: "cow", Pos: at}, "both a block and an entity"},
		{puzzle.TagRule{Item: "X", Pos: at}, "neither a block nor an entity"},
		{puzzle.TagRule{Item: "X", Block: "water", MinCluster: 5, MaxCluster: 2, Pos: at}, "maxCluster 2 is below minCluster 5"},
		{puzzle.TagRule{Item: "X", Block: "oak_log", Above: []string{"nope"}, Pos: at}, `unknown block "nope"`},
	} {
		_, err := New(IndexBlocks(world.DefaultBlockRegistry), []puzzle.TagRule{tc.rule})
		if err == nil || !strings.HasPrefix(err.Error(), "packs/x/tags.yaml:7:5: tag rule for X: ") || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("New(%+v) = %v, want an error at packs/x/tags.yaml:7:5 saying %q", tc.rule, err, tc.want)
		}
	}
}

func TestBlocksStateCompletesStates(t *testing.T) {
	blocks := IndexBlocks(world.DefaultBlockRegistry)
	rid, err := blocks.State("lever", map[string]any{"open_bit": true, "lever_direction": "up_north_south"})
	if err != nil {
		t.Fatal(err)
	}
	b, ok := world.BlockByRuntimeID(rid)
	if l, isLever := b.(block.Lever); !ok || !isLever || !l.Powered {
		t.Fatalf("State(lever, open) = %#v, want a powered lever", b)
	}
	if _, err := blocks.State("chest", nil); err != nil {
		t.Errorf("State(chest) with no states: %v", err)
	}
	if _, err := blocks.State("lever", map[string]any{"colour": "red"}); err == nil {
		t.Error("State(lever, colour: red) gave no error")
	}
	if _, err := blocks.State("minecraft:not_a_block", nil); err == nil {
		t.Error("an unknown block gave no error")
	}
}
