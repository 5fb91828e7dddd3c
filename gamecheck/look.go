package gamecheck

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// CheckLook reports the first thing wrong with an item's look in the game (CheckLooks), or nil.
func (g *Game) CheckLook(p *puzzle.Pack, it *puzzle.Item) *puzzle.Error {
	if list := g.CheckLooks(p, it); len(list) > 0 {
		return list[0]
	}
	return nil
}

// CheckLooks reports what is wrong with an item's look in the game, at the place in the pack it was written: the
// look and the look of each case of its when must name a block with its states, an item or an NPC model the game
// has, a sound a look may play and, for holds, an item and a block that holds one; a carried item must show as
// an item, and as the game's own item when the game has one of its name.
func (g *Game) CheckLooks(p *puzzle.Pack, it *puzzle.Item) puzzle.ErrorList {
	var list puzzle.ErrorList
	add := func(e *puzzle.Error) {
		if e != nil {
			list = append(list, e)
		}
	}
	what := "item " + it.Name + ": look"
	base := g.checkOneLook(it.Look, func(part string) puzzle.Pos { return p.LookPos(it, part) }, what)
	add(base)
	if it.Carryable() && base == nil && !it.Look.Empty() { // no look at all: the overlay shows paper
		add(g.checkShownAs(it, it.Look, p.LookPos(it, "item"), what))
	}
	if base != nil {
		return list // each case's look is built on the item's: its mistake would be reported again for each
	}
	for i, c := range it.Look.When {
		at := func(part string) puzzle.Pos { return orPos(p.LookPos(it, fmt.Sprintf("when.%d.%s", i, part)), c.Pos) }
		caseWhat := fmt.Sprintf("%s: case %d", what, i+1)
		look := it.Look.Over(c.Look)
		add(g.checkOneLook(look, at, caseWhat))
		if c.Look.Sound != "" {
			if _, ok := Sound(c.Look.Sound); !ok {
				add(&puzzle.Error{Pos: at("sound"), Msg: fmt.Sprintf("%s: unknown sound %q", caseWhat, c.Look.Sound),
					Hint: orList(puzzle.DidYouMean(c.Look.Sound, SoundNames()), "the sounds are "+soundList())})
			}
		}
	}
	return list
}

// orPos returns pos, or else when pos is unknown.
func orPos(pos, orElse puzzle.Pos) puzzle.Pos {
	if pos.Line == 0 {
		return orElse
	}
	return pos
}

// checkOneLook checks one look: its block and states, item or entity, and what it holds.
func (g *Game) checkOneLook(look puzzle.Look, at func(part string) puzzle.Pos, what string) *puzzle.Error {
	switch {
	case look.Block != "":
		if e := g.checkBlock(look.Block, look.States, at, what); e != nil {
			return e
		}
		return g.checkHolds(look, at, what)
	case look.Item != "":
		if _, ok := world.ItemByName(namespaced(look.Item), 0); !ok {
			return &puzzle.Error{Pos: at("item"), Msg: fmt.Sprintf("%s: unknown item %q", what, look.Item),
				Hint: puzzle.DidYouMean(look.Item, g.index().items)}
		}
	case look.Entity != "":
		if !slices.Contains(NPCModels, strings.TrimPrefix(look.Entity, "minecraft:")) {
			return &puzzle.Error{Pos: at("entity"), Msg: fmt.Sprintf("%s: entity %q is not a model NPCs can have", what, look.Entity),
				Hint: orList(puzzle.DidYouMean(look.Entity, NPCModels), "the models are "+strings.Join(NPCModels, ", "))}
		}
		return checkFlags(look, at, what)
	}
	if len(look.Flags) > 0 {
		return &puzzle.Error{Pos: at("flags"), Msg: what + ": flags are for an entity look"}
	}
	return nil
}

// checkFlags checks that an entity look's flags are ones a look may set.
func checkFlags(look puzzle.Look, at func(part string) puzzle.Pos, what string) *puzzle.Error {
	for _, f := range look.Flags {
		if !slices.Contains(EntityFlagNames(), f) {
			return &puzzle.Error{Pos: at("flags"), Msg: fmt.Sprintf("%s: unknown entity flag %q", what, f),
				Hint: orList(puzzle.DidYouMean(f, EntityFlagNames()), "the flags are "+strings.Join(EntityFlagNames(), ", "))}
		}
	}
	return nil
}

// checkHolds checks what a block look holds: an item, in a block with a place for one (a lectern's book).
func (g *Game) checkHolds(look puzzle.Look, at func(part string) puzzle.Pos, what string) *puzzle.Error {
	if look.Holds == "" {
		return nil
	}
	if _, ok := world.ItemByName(namespaced(look.Holds), 0); !ok {
		return &puzzle.Error{Pos: at("holds"), Msg: fmt.Sprintf("%s: holds unknown item %q", what, look.Holds),
			Hint: puzzle.DidYouMean(look.Holds, g.index().items)}
	}
	rid, _ := g.blocks.State(look.Block, look.States)
	if b, ok := world.BlockByRuntimeID(rid); !ok || HeldField(b) < 0 {
		return &puzzle.Error{Pos: at("holds"), Msg: fmt.Sprintf("%s: block %q holds no item", what, look.Block),
			Hint: "holds is for blocks with a place for an item, such as a lectern's book"}
	}
	return nil
}

// HeldField returns the index of the field of a block that holds an item (a lectern's Book), or -1.
func HeldField(b world.Block) int {
	v := reflect.ValueOf(b)
	if v.Kind() != reflect.Struct {
		return -1
	}
	stack := reflect.TypeOf(item.Stack{})
	for i := range v.NumField() {
		if f := v.Type().Field(i); f.IsExported() && f.Type == stack {
			return i
		}
	}
	return -1
}

// ShownItem returns the name of the item a carried item's look shows as in an inventory: the look's item, or the
// block's item when the block is one, and false when the look shows as neither.
func ShownItem(look puzzle.Look) (string, bool) {
	for _, name := range []string{look.Item, look.Block} {
		if name == "" {
			continue
		}
		if _, ok := world.ItemByName(namespaced(name), 0); ok {
			return name, true
		}
	}
	return "", false
}

// checkShownAs reports a carried item that does not show as an item, or that the game has an item of the name of
// (a fishing rod, a map) and that shows as another.
func (g *Game) checkShownAs(it *puzzle.Item, look puzzle.Look, at puzzle.Pos, what string) *puzzle.Error {
	shown, ok := ShownItem(look)
	if !ok {
		return &puzzle.Error{Pos: at, Msg: fmt.Sprintf("%s: a carried item shows as an item, and this look names none", what),
			Hint: orList(puzzle.DidYouMean(snake(it.Name), g.index().items), "give it an item look, {item: NAME}")}
	}
	own := g.gameItemsNamed(snake(it.Name))
	shown = strings.TrimPrefix(shown, "minecraft:")
	if len(own) == 0 || slices.Contains(own, shown) || strings.Contains(shown, snake(it.Name)) {
		return nil
	}
	return &puzzle.Error{Pos: at, Msg: fmt.Sprintf("%s: %s shows as %s, but the game has its own", what, it.Name, shown),
		Hint: "did you mean " + strings.Join(own, " or ") + "?"}
}

// gameItemsNamed returns the game's item of the name, or else its items whose names end in _name when there are
// one or two (a map is an empty_map or a filled_map); a name many items end in (a log) names a kind, not an item.
func (g *Game) gameItemsNamed(name string) []string {
	var out []string
	for _, n := range g.index().items {
		if n == name {
			return []string{n}
		}
		if strings.HasSuffix(n, "_"+name) {
			out = append(out, n)
		}
	}
	if len(out) > 2 {
		return nil
	}
	return out
}

// snake writes an item name as the game does: FishingRod is fishing_rod.
func snake(name string) string {
	var b strings.Builder
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte('_')
		}
		b.WriteRune(r)
	}
	return strings.ToLower(b.String())
}
