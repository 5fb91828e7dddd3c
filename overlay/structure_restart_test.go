package overlay

import (
	"context"
	"reflect"
	"slices"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
)

// shedPack: the crate stands in a shed, a floor of planks with a post at three corners and a chest of bread at the
// fourth.
const shedPack = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Key:   {props: {carryable: true}, look: {item: emerald, name: Brass key}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], maxDepth: 1}
structures:
  Shed:
    for: [Crate]
    palette: {P: oak_planks, F: oak_fence, K: {block: chest, items: {bread: 3}}}
    layout:
      - [PPP, PPP, PPP]
      - [K.F, ".@.", F.F]
`

// A structure is built once, around its object, by the overlay's own placing: the area records it, its blocks
// stand, its chest holds its bread, /puzzle verify finds nothing wrong; they are in the world's save after a
// restart of the server, which neither builds the structure again (a chest emptied stays empty) nor records it
// twice.
func TestStructuresAreBuiltOnceAcrossARestart(t *testing.T) {
	gen := generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}})
	saved := newSavedWorld(t, gen, cube.Pos{8, -60, 8}, shedPack)
	w := saved.open()
	o := saved.overlay(w)
	start := o.graph.Start()
	built := o.view().areas.At(start).rec.Structures
	if len(built) != 1 || built[0].Structure != "Shed" || built[0].Object != objectsOf(o, areaName(start), "Crate")[0] {
		t.Fatalf("structures recorded: %+v", built)
	}
	floor := cube.Pos(built[0].Anchor).Side(cube.FaceDown)
	planks := block.Planks{Wood: block.OakWood()}
	waitForBlock(t, w, floor, planks)
	run(t, w, func(tx *world.Tx) {
		c, at := builtChest(tx, built[0])
		if c == nil {
			t.Fatal("no chest in the shed")
		}
		if got := contents(c.Inventory(tx, at)); !slices.Equal(got, []string{"bread 3"}) {
			t.Errorf("the shed's chest holds %v, want bread 3", got)
		}
		c.Inventory(tx, at).Clear() // a player takes the bread
	})
	verifyClean(t, o)
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}

	w = saved.open()
	t.Cleanup(func() { _ = w.Close() })
	run(t, w, func(tx *world.Tx) {
		if b := tx.Block(floor); name(b) != name(planks) {
			t.Errorf("after a restart the shed's floor is %s, not in the save", name(b))
		}
		tx.SetBlock(floor, block.Stone{}, nil) // a build again would put planks back
		if c, at := builtChest(tx, built[0]); c == nil {
			t.Error("after a restart the shed's chest is not in the save")
		} else if got := contents(c.Inventory(tx, at)); len(got) > 0 {
			t.Errorf("after a restart the shed's chest holds %v, not saved empty", got)
		}
	})
	o = saved.overlay(w) // idle: a build again would have set its first blocks
	t.Cleanup(func() { _ = o.Close() })
	if again := o.view().areas.At(start).rec.Structures; !reflect.DeepEqual(again, built) {
		t.Errorf("after a restart the area records %+v, before %+v", again, built)
	}
	verifyClean(t, o)
	run(t, w, func(tx *world.Tx) {
		if b := tx.Block(floor); name(b) != name(block.Stone{}) {
			t.Errorf("the restart built the shed again: %s under the crate", name(b))
		}
		if c, at := builtChest(tx, built[0]); c == nil {
			t.Error("after the restart the shed has no chest")
		} else if got := contents(c.Inventory(tx, at)); len(got) > 0 {
			t.Errorf("the restart filled the shed's chest again: %v", got)
		}
	})
}

// waitForBlock waits until the block at p is b.
func waitForBlock(t *testing.T, w *world.World, p cube.Pos, b world.Block) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var got world.Block
		run(t, w, func(tx *world.Tx) { got = tx.Block(p) })
		if name(got) == name(b) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%v is %s, want %s", p, name(got), name(b))
		}
	}
}

// verifyClean runs /puzzle verify and fails on any problem it reports.
func verifyClean(t *testing.T, o *Overlay) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	problems, _, err := o.Verify(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Errorf("verify: %s", p)
	}
}
