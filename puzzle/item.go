package puzzle

// TypeItem is the type every puzzle item is a sub-type of.
const TypeItem = "Item"

// Item is a puzzle item: a terminal of the grammar. Its name is its most specific type.
type Item struct {
	Name  string
	Isa   []string // the types it belongs to, besides its name and Item
	Areas []string // the areas it may be spawned in or used in; empty means any
	Props Props    // initial properties of objects made from it
	Look  Look     // how the overlay shows it; the engine ignores it
	Pos   Pos
	// Replace says that a later pack's item takes the place of the earlier pack's item of the same name.
	Replace bool
}

// Carryable reports whether a player can hold the item.
func (it *Item) Carryable() bool { return it.Props.Get(PropCarryable) == Bool(true) }

// Spawnable reports whether the generator may create the item.
func (it *Item) Spawnable() bool { return it.Props.Get(PropNotSpawnable) != Bool(true) }

// Look says how an item appears in the world: as a block, an item stack or an entity. Exactly one of Block, Item
// and Entity is set in a valid look.
type Look struct {
	Block  string         // a block name such as "chest" or "minecraft:oak_door"
	Item   string         // an item name such as "name_tag"
	Entity string         // an entity such as "villager_v2"
	Name   string         // a custom name shown in game; the item's name when empty
	States map[string]any // block states
	Pos    Pos
}

// Empty reports whether no look was given.
func (l Look) Empty() bool { return l.Block == "" && l.Item == "" && l.Entity == "" }
