package overlay

import (
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/gamecheck"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

func testLooks() looks {
	world.DefaultBlockRegistry.Finalize()
	return looks{blocks: tagging.IndexBlocks(world.DefaultBlockRegistry)}
}

func TestLooksMakeBlocksStacksAndNPCs(t *testing.T) {
	l := testLooks()
	b, err := l.Block(puzzle.Look{Block: "barrel", States: map[string]any{"open_bit": true}})
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
	h, err := l.npc(villager, villager.Look, world.EntitySpawnOpts{Position: [3]float64{1, 2, 3}})
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
		b, err := l.Block(puzzle.Look{Block: name})
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

// Each state an object reaches shows as its look says: the default pack's campfire lights, its door opens (both
// halves), its lectern holds a book, its cauldron fills, its bucket of water is a water bucket, its librarian wears
// a librarian's clothes; and a state a case does not name shows as the item first does.
func TestObjectsShowTheLookOfTheirState(t *testing.T) {
	p, list := gamecheck.Load("../packs/default")
	if len(list.Errors()) > 0 {
		t.Fatal(list)
	}
	o := &Overlay{opts: Options{Pack: p}, looks: testLooks()}
	blockIn := func(item string, props puzzle.Props) world.Block {
		it, _ := p.Item(item)
		return o.blockOf(it, puzzle.Object{Item: item, Props: it.Props.With(props)})
	}
	if c := blockIn("Campfire", nil).(block.Campfire); !c.Extinguished {
		t.Error("an unlit campfire burns")
	}
	if c := blockIn("Campfire", puzzle.Props{"lit": puzzle.Bool(true)}).(block.Campfire); c.Extinguished {
		t.Error("a lit campfire is out")
	}
	if f := blockIn("Furnace", puzzle.Props{"lit": puzzle.Bool(true)}).(block.Furnace); !f.Lit || f.EncodeNBT()["BurnTime"].(int16) < 30000 {
		t.Errorf("a lit furnace is cold, or has nothing burning that keeps it lit: %v", f.EncodeNBT())
	}
	if d := blockIn("OakDoor", puzzle.Props{"locked": puzzle.Bool(false)}).(block.WoodDoor); !d.Open {
		t.Error("an unlocked oak door stays shut")
	}
	if d := blockIn("OakDoor", nil).(block.WoodDoor); d.Open {
		t.Error("a locked oak door stands open")
	}
	if l := blockIn("Lectern", puzzle.Props{"hasBook": puzzle.Bool(true)}).(block.Lectern); l.Book.Empty() {
		t.Error("a lectern with a book holds none")
	}
	if l := blockIn("Lectern", nil).(block.Lectern); !l.Book.Empty() {
		t.Error("a lectern without a book holds one")
	}
	name, states := blockIn("Cauldron", puzzle.Props{"contains": puzzle.String("Water")}).EncodeBlock()
	if name != "minecraft:cauldron" || states["fill_level"] != int32(6) || states["cauldron_liquid"] != "water" {
		t.Errorf("a cauldron of water is %s %v", name, states)
	}
	bucket, _ := p.Item("Bucket")
	full := o.looks.stack(bucket, puzzle.Object{ID: 1, Item: "Bucket", Props: bucket.Props.With(puzzle.Props{"contains": puzzle.String("Water")})})
	if n, _ := full.Item().EncodeItem(); n != "minecraft:water_bucket" {
		t.Errorf("a bucket of water is a %s", n)
	}
	for item, want := range map[string]string{"Gravel": "minecraft:gravel", "FishingRod": "minecraft:fishing_rod", "Map": "minecraft:empty_map"} {
		it, _ := p.Item(item)
		if n, _ := o.looks.stack(it, puzzle.Object{ID: 1, Item: item, Props: it.Props}).Item().EncodeItem(); n != want {
			t.Errorf("%s shows as %s, not %s", item, n, want)
		}
	}
	librarian, _ := p.Item("Librarian")
	h, err := o.looks.npc(librarian, gamecheck.Default().Shown(librarian, nil), world.EntitySpawnOpts{})
	if err != nil {
		t.Fatal(err)
	}
	if b, ok := h.Type().(npcType); !ok || b.model != "villager_v2" {
		t.Errorf("the librarian is a %v", h.Type())
	}
}

// An NPC's look flags reach the client as entity flags: the behaviour carries them on MarkVariant, and
// ShowEntityFlags, which the server runs on every packet it writes, sets them and clears the carrier.
func TestLookFlagsBecomeEntityFlags(t *testing.T) {
	b := &npcBehaviour{npcConfig: lookConfig(puzzle.Look{Entity: "sheep", Flags: []string{"sheared"}})}
	m := protocol.NewEntityMetadata()
	m[protocol.EntityDataKeyMarkVariant] = b.MarkVariant()
	ShowEntityFlags(&packet.SetActorData{EntityMetadata: m})
	if m[protocol.EntityDataKeyFlags].(int64)&(1<<protocol.EntityDataFlagSheared) == 0 || m[protocol.EntityDataKeyMarkVariant] != int32(0) {
		t.Errorf("a shorn sheep's metadata is %v", m)
	}
	plain := &npcBehaviour{npcConfig: lookConfig(puzzle.Look{Entity: "sheep"})}
	if plain.MarkVariant() != 0 {
		t.Errorf("a sheep with no flags carries %d", plain.MarkVariant())
	}
}
