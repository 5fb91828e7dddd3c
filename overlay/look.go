package overlay

import (
	"cmp"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/gamecheck"
	"riddlestone/overlay/site"
	"riddlestone/overlay/words"
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

// Block returns the block a look names, its unnamed states taken from the block's first state, holding the item
// the look's holds names (a lectern's book).
func (l looks) Block(look puzzle.Look) (world.Block, error) {
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
		if built, ok := nbt.DecodeNBT(burning(b)).(world.Block); ok {
			b = site.WithStates(built, b)
		}
	}
	return holding(b, look.Holds), nil
}

// burning returns the block-entity data that keeps a lit smelter (a furnace) lit for as long as the game's data
// can say, about 27 minutes: Dragonfly puts out a furnace with nothing burning at its next tick. A restart shows it
// anew. Other blocks get no data.
func burning(b world.Block) map[string]any {
	v := reflect.ValueOf(b)
	if v.Kind() != reflect.Struct {
		return map[string]any{}
	}
	if lit := v.FieldByName("Lit"); !lit.IsValid() || lit.Kind() != reflect.Bool || !lit.Bool() {
		return map[string]any{}
	}
	return map[string]any{"BurnTime": int16(math.MaxInt16), "BurnDuration": int16(math.MaxInt16)}
}

// holding returns b holding one of the item named in its place for an item (gamecheck.HeldField), or b as it is
// when name is empty or b has no such place.
func holding(b world.Block, name string) world.Block {
	held, ok := world.ItemByName(namespaced(name), 0)
	i := gamecheck.HeldField(b)
	if name == "" || !ok || i < 0 {
		return b
	}
	v := reflect.New(reflect.TypeOf(b)).Elem()
	v.Set(reflect.ValueOf(b))
	v.Field(i).Set(reflect.ValueOf(item.NewStack(held, 1)))
	return v.Interface().(world.Block)
}

// namespaced adds the "minecraft:" namespace to a bare name.
func namespaced(name string) string {
	if strings.Contains(name, ":") {
		return name
	}
	return "minecraft:" + name
}

// ItemType returns the item a carried object's look shows as (gamecheck.ShownItem): its item, or its block's.
func (l looks) ItemType(look puzzle.Look) (world.Item, error) {
	name, ok := gamecheck.ShownItem(look)
	if !ok {
		return nil, fmt.Errorf("the look names no item")
	}
	it, _ := world.ItemByName(namespaced(name), 0)
	return it, nil
}

// stack returns the item stack that stands for a carried object: its look in its state (a bucket of water is a
// water bucket; paper only when the look names no item, which the validator refuses), named after the puzzle item,
// with lore saying what it is, and the object's id as a value.
func (l looks) stack(it *puzzle.Item, o puzzle.Object) item.Stack {
	look := gamecheck.Default().Shown(it, o.Props)
	var t world.Item = item.Paper{}
	if named, err := l.ItemType(look); err == nil {
		t = named
	}
	lore := []string{"§7Part of a puzzle"}
	if state := words.State(it, o); state != "" {
		lore = append(lore, "§8"+words.Capital(state))
	}
	return item.NewStack(t, 1).WithCustomName("§e"+cmp.Or(look.Name, words.DisplayName(it))).WithLore(lore...).WithValue(objectKey, o.ID)
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

// npc returns a new NPC entity for an object whose look is an entity, with the look's variant.
// The name tag is the item's name unless opts gives one.
func (l looks) npc(it *puzzle.Item, look puzzle.Look, opts world.EntitySpawnOpts) (*world.EntityHandle, error) {
	model, ok := npcModel(look.Entity)
	if !ok {
		return nil, fmt.Errorf("entity %q is not a model NPCs can have", look.Entity)
	}
	opts.NameTag = cmp.Or(opts.NameTag, "§e"+words.DisplayName(it))
	return opts.New(npcType{model: model}, lookConfig(look)), nil
}
