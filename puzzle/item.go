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
	Words Words    // how players read its name; the engine ignores it
	Pos   Pos
	// Replace says that a later pack's item takes the place of the earlier pack's item of the same name.
	Replace bool
}

// Carryable reports whether a player can hold the item.
func (it *Item) Carryable() bool { return it.Props.Get(PropCarryable) == Bool(true) }

// Spawnable reports whether the generator may create the item.
func (it *Item) Spawnable() bool { return it.Props.Get(PropNotSpawnable) != Bool(true) }

// Look says how an item appears in the world: as a block, an item stack or an entity. Exactly one of Block, Item
// and Entity is set in a valid look. When says how it looks in other states than the one it is made in.
type Look struct {
	Block   string         // a block name such as "chest" or "minecraft:oak_door"
	Item    string         // an item name such as "name_tag"
	Entity  string         // an entity such as "villager_v2"
	Name    string         // a custom name shown in game; the item's name when empty
	States  map[string]any // block states
	Holds   string         // an item a block holds in its block entity: the book on a lectern
	Variant int            // an entity's variant: a villager's profession; 0 is the model's first
	Flags   []string       // an entity's flags, such as sheared
	Sound   string         // a sound played when an object comes to look like this (in a case of When)
	When    []LookCase     // the looks of other states, applied in order over this one
	Pos     Pos
}

// LookCase is how an item looks in the states that have the properties of If: the case's block, item, entity,
// name, holds, variant and sound replace the look's when given, its states are set over the look's. Same marks a
// state that looks as the item does on purpose.
type LookCase struct {
	If   Props
	Look Look
	Same bool
	Pos  Pos
}

// Empty reports whether no look was given.
func (l Look) Empty() bool { return l.Block == "" && l.Item == "" && l.Entity == "" }

// For returns how an object with the given properties looks: the look with every case of When whose If the
// properties have applied over it in order. The result has no cases.
func (l Look) For(props Props) Look {
	out := l
	out.When, out.Sound = nil, ""
	for _, c := range l.When {
		if props.Has(c.If) {
			out = out.Over(c.Look)
		}
	}
	return out
}

// Over returns l with what o gives written over it: how an item looks in a case of its when is l.Over(case.Look).
func (l Look) Over(o Look) Look {
	if o.Block != "" || o.Item != "" || o.Entity != "" {
		l.Block, l.Item, l.Entity = o.Block, o.Item, o.Entity
	}
	l.Name, l.Holds, l.Sound = or(o.Name, l.Name), or(o.Holds, l.Holds), or(o.Sound, l.Sound)
	l.Variant = or(o.Variant, l.Variant)
	if o.Flags != nil {
		l.Flags = o.Flags
	}
	if len(o.States) > 0 {
		states := make(map[string]any, len(l.States)+len(o.States))
		for k, v := range l.States {
			states[k] = v
		}
		for k, v := range o.States {
			states[k] = v
		}
		l.States = states
	}
	return l
}

// Same reports whether a state looks as the item does on purpose: a case the state matches says so.
func (l Look) Same(props Props) bool {
	for _, c := range l.When {
		if c.Same && props.Has(c.If) {
			return true
		}
	}
	return false
}

// or returns a, or b when a is the zero value.
func or[T comparable](a, b T) T {
	var zero T
	if a != zero {
		return a
	}
	return b
}
