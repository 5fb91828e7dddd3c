package overlay

import (
	"fmt"
	"reflect"
	"strings"

	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/gamecheck"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// objectKey is the item stack value that holds a carried puzzle object's id.
const objectKey = "riddlestone:object"

// looks turns the looks of a pack's items into Minecraft blocks, item stacks and NPCs.
type looks struct {
	blocks *tagging.Blocks
}

// check reports what is wrong with a look in game: an unknown block, item or entity model. It is the game check of
// the one validator (gamecheck.CheckLook), which the server's pack loading and `riddlestone validate` run too.
func (l looks) check(it *puzzle.Item) error {
	if e := gamecheck.Default().CheckLook(nil, it); e != nil {
		return e
	}
	return nil
}

// block returns the block a look names, its unnamed states taken from the block's first state.
func (l looks) block(look puzzle.Look) (world.Block, error) {
	rid, err := l.blocks.State(look.Block, look.States)
	if err != nil {
		return nil, err
	}
	b, ok := world.BlockByRuntimeID(rid)
	if !ok {
		return nil, fmt.Errorf("block %q has no runtime state", look.Block)
	}
	// A block with block-entity data (a furnace, a chest, a barrel) from the registry has none of its inner state
	// (an inventory, a smelter), and Dragonfly would crash ticking it; decoding empty data builds it as new.
	if nbt, ok := b.(world.NBTer); ok {
		if built, ok := nbt.DecodeNBT(map[string]any{}).(world.Block); ok {
			b = withStates(built, b)
		}
	}
	return b, nil
}

// itemType returns the item a look names.
func (l looks) itemType(look puzzle.Look) (world.Item, error) {
	name := look.Item
	if !strings.Contains(name, ":") {
		name = "minecraft:" + name
	}
	it, ok := world.ItemByName(name, 0)
	if !ok {
		return nil, fmt.Errorf("unknown item %q", look.Item)
	}
	return it, nil
}

// displayName is the name players see for an object: the look's name, or the item's name.
func displayName(it *puzzle.Item) string {
	if it.Look.Name != "" {
		return it.Look.Name
	}
	return it.Name
}

// stack returns the item stack that stands for a carried object: the look's item (paper when the look is not an
// item), named after the puzzle item, with lore saying what it is, and the object's id as a value.
func (l looks) stack(it *puzzle.Item, o puzzle.Object) item.Stack {
	var t world.Item = item.Paper{}
	if it.Look.Item != "" {
		if named, err := l.itemType(it.Look); err == nil {
			t = named
		}
	}
	lore := []string{"§7Part of a puzzle"}
	if state := stateWords(it, o); state != "" {
		lore = append(lore, "§8"+capital(state))
	}
	return item.NewStack(t, 1).WithCustomName("§e"+displayName(it)).WithLore(lore...).WithValue(objectKey, o.ID)
}

// stackObject returns the id of the puzzle object an item stack stands for.
func stackObject(s item.Stack) (int, bool) {
	v, ok := s.Value(objectKey)
	if !ok {
		return 0, false
	}
	id, ok := v.(int)
	return id, ok
}

// npc returns a new NPC entity for an object whose look is an entity.
func (l looks) npc(it *puzzle.Item, pos mgl64.Vec3) (*world.EntityHandle, error) {
	model, ok := npcModel(it.Look.Entity)
	if !ok {
		return nil, fmt.Errorf("entity %q is not a model NPCs can have", it.Look.Entity)
	}
	opts := world.EntitySpawnOpts{Position: pos, NameTag: "§e" + displayName(it)}
	return opts.New(npcType{model: model}, entity.StationaryBehaviourConfig{}), nil
}

// withStates returns built with the exported fields of from, which hold a block's states (Facing, Open, Lit):
// DecodeNBT builds a block's inner state but keeps only some of its states.
func withStates(built, from world.Block) world.Block {
	bv, fv := reflect.ValueOf(built), reflect.ValueOf(from)
	if bv.Type() != fv.Type() || bv.Kind() != reflect.Struct {
		return built
	}
	out := reflect.New(bv.Type()).Elem()
	out.Set(bv)
	for i := range bv.NumField() {
		if bv.Type().Field(i).IsExported() {
			out.Field(i).Set(fv.Field(i))
		}
	}
	return out.Interface().(world.Block)
}
