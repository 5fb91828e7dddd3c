package overlay

import (
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

func testLooks() looks {
	world.DefaultBlockRegistry.Finalize()
	return looks{blocks: tagging.IndexBlocks(world.DefaultBlockRegistry)}
}

func TestLooksMakeBlocksStacksAndNPCs(t *testing.T) {
	l := testLooks()
	b, err := l.block(puzzle.Look{Block: "barrel", States: map[string]any{"open_bit": true}})
	if barrel, ok := b.(block.Barrel); err != nil || !ok || !barrel.Open {
		t.Errorf("barrel look = %#v, %v; want an open barrel", b, err)
	}
	key := &puzzle.Item{Name: "Badge", Look: puzzle.Look{Item: "emerald", Name: "Guard's badge"}}
	s := l.stack(key, puzzle.Object{ID: 42, Item: "Badge", Props: puzzle.Props{"shiny": puzzle.Bool(true)}})
	if _, ok := s.Item().(item.Emerald); !ok || s.CustomName() != "§eGuard's badge" {
		t.Errorf("badge stack = %v", s)
	}
	if id, ok := stackObject(s); !ok || id != 42 {
		t.Errorf("stackObject = %d, %v; want 42", id, ok)
	}
	if lore := strings.Join(s.Lore(), "\n"); !strings.Contains(lore, "puzzle") || !strings.Contains(lore, "Shiny") || strings.Contains(lore, "[") {
		t.Errorf("lore %q does not say, in words, that it is a shiny puzzle item", lore)
	}
	if _, ok := stackObject(item.NewStack(item.Stick{}, 1)); ok {
		t.Error("a plain stick is a puzzle object")
	}
	villager := &puzzle.Item{Name: "Guard", Look: puzzle.Look{Entity: "villager_v2"}}
	h, err := l.npc(villager, [3]float64{1, 2, 3})
	if err != nil || h.Type().EncodeEntity() != "riddlestone:npc/villager_v2" {
		t.Errorf("npc = %v, %v", h, err)
	}
}

func TestLooksReportUnknownNames(t *testing.T) {
	l := testLooks()
	at := puzzle.Pos{File: "items.yaml", Line: 3, Col: 9}
	for _, look := range []puzzle.Look{{Block: "no_such_block", Pos: at}, {Item: "no_such_item", Pos: at}, {Entity: "dragon_of_doom", Pos: at}} {
		err := l.check(&puzzle.Item{Name: "X", Look: look})
		if err == nil || !strings.HasPrefix(err.Error(), "items.yaml:3:9: item X: look: ") {
			t.Errorf("check(%+v) = %v", look, err)
		}
	}
	for _, look := range []puzzle.Look{{Block: "chest"}, {Item: "emerald"}, {Entity: "minecraft:wandering_trader"}, {}} {
		if err := l.check(&puzzle.Item{Name: "X", Look: look}); err != nil {
			t.Errorf("check(%+v) = %v", look, err)
		}
	}
}

// Blocks with block-entity data come out whole: a furnace from a look has its smelter, a chest its inventory.
func TestLooksBuildBlockEntities(t *testing.T) {
	l := testLooks()
	for _, name := range []string{"furnace", "chest", "barrel", "blast_furnace", "smoker"} {
		b, err := l.block(puzzle.Look{Block: name})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		nbt, ok := b.(world.NBTer)
		if !ok {
			t.Fatalf("%s is %T, not a block entity", name, b)
		}
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("%s from a look is missing its inner state: %v", name, r)
				}
			}()
			nbt.EncodeNBT()
		}()
	}
}
