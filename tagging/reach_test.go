package tagging

import (
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// Only features a player walking the surface can find are tagged: a coal vein showing in a cave mouth under the
// grass is; the same vein in a pocket of air 30 blocks down in solid stone is not.
func TestOnlyReachableFeaturesAreTagged(t *testing.T) {
	rules := []puzzle.TagRule{{Item: "Vein", Block: "coal_ore", MinCluster: 2}}
	tg, err := New(IndexBlocks(world.DefaultBlockRegistry), rules)
	if err != nil {
		t.Fatal(err)
	}
	w := newTestWorld()
	for x := range 32 {
		for z := range 32 {
			for y := -40; y < 0; y++ {
				w.set(x, y, z, block.Stone{})
			}
		}
	}
	// Near the surface: a vein at y -2..-1 beside a cave mouth opening up to the grass at y 0.
	w.set(4, -2, 4, block.CoalOre{})
	w.set(4, -1, 4, block.CoalOre{})
	w.set(5, -1, 4, block.Air{})
	w.set(5, 0, 4, block.Air{})
	// Deep down: a vein in a pocket of air at y -31, sealed in stone.
	w.set(20, -32, 20, block.CoalOre{})
	w.set(20, -31, 20, block.CoalOre{})
	w.set(21, -31, 20, block.Air{})
	found := tg.Scan(w.Snapshot)
	if len(found) != 1 || found[0].Pos != [3]int{4, -2, 4} {
		t.Fatalf("found %+v, want only the vein by the cave mouth", found)
	}
}
