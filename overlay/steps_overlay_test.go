package overlay

import (
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/df-mc/dragonfly/server/world/mcdb"
	"riddlestone/puzzle"
)

// cratePack: a crate opened with a key, and no structures.
const cratePack = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Key:   {props: {carryable: true}, look: {item: emerald, name: Brass key}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], maxDepth: 1}
`

// ledgeGen generates flat ground, its feet at y -60, but for a ledge along x 0 six blocks higher.
type ledgeGen struct{}

// GenerateChunk fills a chunk's columns with stone and grass.
func (ledgeGen) GenerateChunk(pos world.ChunkPos, c *chunk.Chunk) {
	stone, grass := world.BlockRuntimeID(block.Stone{}), world.BlockRuntimeID(block.Grass{})
	lo := int16(c.Range().Min())
	for x := range uint8(16) {
		for z := range uint8(16) {
			top := int16(-61)
			if int(pos[0])*16+int(x) == 0 {
				top = -55
			}
			for y := lo; y < top; y++ {
				c.SetBlock(x, y, z, 0, stone)
			}
			c.SetBlock(x, top, z, 0, grass)
		}
	}
}

// DefaultSpawn is on the ledge.
func (ledgeGen) DefaultSpawn(world.Dimension) cube.Pos { return cube.Pos{0, -54, 8} }

// The start area's spawn is on a ledge one block wide above a cliff six blocks high, so its objects stand below
// the cliff: the overlay records steps down in the area's record and builds them, and a player walks from the
// spawn to every object and back. The steps are in the world's save after a restart, which neither builds them
// again nor records them twice.
func TestStepsAreRecordedAndBuiltOnce(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	pack, err := puzzle.LoadBytes("crate.yaml", []byte(cratePack))
	if err != nil {
		t.Fatal(err)
	}
	worldDir, storeDir := t.TempDir(), t.TempDir()
	spawn := cube.Pos{0, -54, 8}
	openWorld := func() *world.World {
		db, err := mcdb.Open(worldDir)
		if err != nil {
			t.Fatal(err)
		}
		w := world.Config{Provider: db, Generator: ledgeGen{}, Entities: entityRegistry()}.New()
		w.SetSpawn(spawn)
		return w
	}
	openOverlay := func(w *world.World) *Overlay {
		o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 2, TwoKeyPercent: -1, StoreDir: storeDir,
			Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
		if err != nil {
			t.Fatal(err)
		}
		o.Start()
		wait(t, o)
		return o
	}
	w := openWorld()
	o := openOverlay(w)
	start := o.graph.Start()
	built := o.view().areas[start].rec.Structures
	if len(built) == 0 || built[0].Structure != stepsName {
		t.Fatalf("structures recorded: %+v, want steps", built)
	}
	t.Logf("steps recorded: %+v", built)
	first := cube.Pos(built[0].Min)
	waitForBlock(t, w, first, stepBlock)
	time.Sleep(200 * time.Millisecond) // the last batches
	run(t, w, func(tx *world.Tx) { checkWalkedFromSpawn(t, o, tx, spawn) })
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	w = openWorld()
	t.Cleanup(func() { _ = w.Close() })
	run(t, w, func(tx *world.Tx) {
		if b := tx.Block(first); name(b) != name(stepBlock) {
			t.Errorf("after a restart the first step is %s, not in the save", name(b))
		}
		tx.SetBlock(first, block.Stone{}, nil) // a build again would put cobblestone back
	})
	o = openOverlay(w)
	t.Cleanup(func() { _ = o.Close() })
	if again := o.view().areas[start].rec.Structures; !reflect.DeepEqual(again, built) {
		t.Errorf("after a restart the area records %+v, before %+v", again, built)
	}
	time.Sleep(200 * time.Millisecond)
	run(t, w, func(tx *world.Tx) {
		if b := tx.Block(first); name(b) != name(block.Stone{}) {
			t.Errorf("the restart built the steps again: %s at %v", name(b), first)
		}
	})
}

// checkWalkedFromSpawn checks that a player walks from the spawn to a place beside each of the start area's
// objects in the world, and back.
func checkWalkedFromSpawn(t *testing.T, o *Overlay, tx *world.Tx, spawn cube.Pos) {
	t.Helper()
	k := newWalker(tx, AreaPos{0, 0})
	to, back := k.from(spawn, false), k.from(spawn, true)
	n := 0
	for id, w := range o.view().where {
		if w.Kind != AtBlock && w.Kind != AtEntity {
			continue
		}
		n++
		if _, ok := k.find(nearSpot(w.Block), func(i int) bool { return to[i] && back[i] }); !ok {
			t.Errorf("object %d at %v: not walked to from the spawn %v and back", id, w.Block, spawn)
		}
		if w.Block[0] == 0 {
			t.Errorf("object %d at %v stands on the ledge", id, w.Block)
		}
	}
	if n == 0 {
		t.Error("no object in the world")
	}
}
