package overlay

import (
	"fmt"
	"reflect"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/overlay/internal/walktest"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
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
	spawn := cube.Pos{0, -54, 8}
	saved := newSavedWorld(t, ledgeGen{}, spawn, cratePack)
	w := saved.open()
	o := saved.overlay(w)
	start := o.graph.Start()
	built := o.view().areas.At(start).rec.Structures
	if len(built) == 0 || built[0].Structure != site.StepsName {
		t.Fatalf("structures recorded: %+v, want steps", built)
	}
	t.Logf("steps recorded: %+v", built)
	first := cube.Pos(built[0].Min)
	waitForBlock(t, w, first, site.StepBlock)
	waitWalkedFromSpawn(t, w, o, spawn) // the steps are built over a few ticks
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	w = saved.open()
	t.Cleanup(func() { _ = w.Close() })
	run(t, w, func(tx *world.Tx) {
		if b := tx.Block(first); name(b) != name(site.StepBlock) {
			t.Errorf("after a restart the first step is %s, not in the save", name(b))
		}
		tx.SetBlock(first, block.Stone{}, nil) // a build again would put cobblestone back
	})
	o = saved.overlay(w) // idle: a build again would have set its first blocks
	t.Cleanup(func() { _ = o.Close() })
	if again := o.view().areas.At(start).rec.Structures; !reflect.DeepEqual(again, built) {
		t.Errorf("after a restart the area records %+v, before %+v", again, built)
	}
	run(t, w, func(tx *world.Tx) {
		if b := tx.Block(first); name(b) != name(block.Stone{}) {
			t.Errorf("the restart built the steps again: %s at %v", name(b), first)
		}
	})
}

// waitWalkedFromSpawn waits until a player walks from the spawn to a place beside each of the start area's
// objects in the world, and back, and fails with what is wrong if that has not come within 10 s.
func waitWalkedFromSpawn(t *testing.T, w *world.World, o *Overlay, spawn cube.Pos) {
	t.Helper()
	var bad []string
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		run(t, w, func(tx *world.Tx) { bad = notWalkedFromSpawn(o, tx, spawn) })
		if len(bad) == 0 {
			return
		}
	}
	for _, b := range bad {
		t.Error(b)
	}
}

// notWalkedFromSpawn returns what keeps a player from walking from the spawn to a place beside each of the start
// area's objects in the world, and back.
func notWalkedFromSpawn(o *Overlay, tx *world.Tx, spawn cube.Pos) []string {
	k := walktest.New(tx, store.AreaPos{0, 0})
	to, back := k.From(spawn, false), k.From(spawn, true)
	var bad []string
	n := 0
	for id, w := range o.view().where.All() {
		if w.Kind != store.AtBlock && w.Kind != store.AtEntity {
			continue
		}
		n++
		if _, ok := k.Find(walktest.NearSpot(w.Block), func(i int) bool { return to[i] && back[i] }); !ok {
			bad = append(bad, fmt.Sprintf("object %d at %v: not walked to from the spawn %v and back", id, w.Block, spawn))
		}
		if w.Block[0] == 0 {
			bad = append(bad, fmt.Sprintf("object %d at %v stands on the ledge", id, w.Block))
		}
	}
	if n == 0 {
		bad = append(bad, "no object in the world")
	}
	return bad
}
