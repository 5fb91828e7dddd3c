package overlay

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
)

// The default pack's cottage is a home behind the puzzle's door: a chest inside holds the provisions its palette
// names, and each cottage's chest is its own: taking from one leaves the other full.
func TestCottageChestHoldsItsItems(t *testing.T) {
	p := defaultPack(t)
	land := liveWorld(t, generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}))
	snap := areaSnapshot(t, land)
	spots := []cube.Pos{{16, -60, 16}, {40, -60, 40}}
	st := site.New(snap, spots)
	var plans []site.Planned
	for i, spot := range spots {
		pl, ok := st.Plan(p, testLooks(), "OakDoor", spot, rand.New(rand.NewPCG(uint64(i), 5)))
		if !ok || pl.Record.Structure != "Cottage" {
			t.Fatalf("at %v planned %+v, %v", spot, pl.Record, ok)
		}
		plans = append(plans, pl)
	}
	build(t, land, plans)
	want := []string{"apple 3", "bread 4", "torch 8"}
	run(t, land, func(tx *world.Tx) {
		var chests []*block.Chest
		for _, pl := range plans {
			c, at := builtChest(tx, pl.Record)
			if c == nil {
				t.Fatalf("no chest in the cottage at %v", pl.Record.Anchor)
			}
			if got := contents(c.Inventory(tx, at)); !slices.Equal(got, want) {
				t.Errorf("the cottage's chest at %v holds %v, want %v", at, got, want)
			}
			chests = append(chests, c)
		}
		_ = chests[0].Inventory(tx, cube.Pos{}).RemoveItemFunc(4, func(s item.Stack) bool { return s.Count() == 4 })
		if got := contents(chests[0].Inventory(tx, cube.Pos{})); slices.Equal(got, want) {
			t.Errorf("the bread was not taken: %v", got)
		}
		if got := contents(chests[1].Inventory(tx, cube.Pos{})); !slices.Equal(got, want) {
			t.Errorf("taking the bread from one cottage's chest left the other's with %v", got)
		}
	})
}

// builtChest returns the first chest built within a structure's box, and where.
func builtChest(tx *world.Tx, rec store.Built) (*block.Chest, cube.Pos) {
	for x := rec.Min[0]; x <= rec.Max[0]; x++ {
		for y := rec.Min[1]; y <= rec.Max[1]; y++ {
			for z := rec.Min[2]; z <= rec.Max[2]; z++ {
				p := cube.Pos{x, y, z}
				if c, ok := tx.Block(p).(block.Chest); ok {
					return &c, p
				}
			}
		}
	}
	return nil, cube.Pos{}
}

// contents returns the stacks of an inventory as "name count", sorted.
func contents(inv interface{ Items() []item.Stack }) []string {
	var out []string
	for _, s := range inv.Items() {
		name, _ := s.Item().EncodeItem()
		out = append(out, fmt.Sprintf("%s %d", strings.TrimPrefix(name, "minecraft:"), s.Count()))
	}
	slices.Sort(out)
	return out
}
