package gamecheck

import (
	"fmt"
	"reflect"

	"riddlestone/puzzle"
)

// Shown returns how an object of an item with the given properties shows in the world: its look in that state
// (puzzle.Look.For), and for a block, every property named like one of the block's states driving that state (a
// property open_bit opens a door). It is the one place that decides a look; the overlay shows what it returns.
func (g *Game) Shown(it *puzzle.Item, props puzzle.Props) puzzle.Look {
	look := it.Look.For(props)
	if look.Block == "" {
		return look
	}
	known := g.index().blocks[namespaced(look.Block)]
	if known == nil {
		return look
	}
	states := map[string]any{}
	for k, v := range look.States {
		states[k] = v
	}
	for name, v := range props {
		if _, ok := known.values[name]; ok {
			states[name] = stateValue(v)
		}
	}
	look.States = states
	return look
}

// stateValue is a property's value as a block state: a boolean, an int or a string.
func stateValue(v puzzle.Value) any {
	switch v.Kind {
	case puzzle.KindBool:
		return v.Bool
	case puzzle.KindInt:
		return int(v.Int)
	}
	return v.Str
}

// checkStateLooks warns of each state a rule can give an item that shows as the item does when first made,
// unless its look says that state looks the same on purpose: what the story says happens, the world must show.
func (g *Game) checkStateLooks(p *puzzle.Pack, it *puzzle.Item) puzzle.ErrorList {
	if it.Look.Empty() {
		return nil
	}
	var list puzzle.ErrorList
	first := g.Shown(it, it.Props)
	for _, st := range p.ReachableStates(it.Name) {
		if it.Look.Same(st.Props) || !reflect.DeepEqual(g.Shown(it, st.Props), first) {
			continue
		}
		set := puzzle.StateText(st.Set)
		list = append(list, &puzzle.Error{Pos: p.LookPos(it, "look"), Warning: true,
			Msg:  fmt.Sprintf("item %s: %s (the rule at line %d) shows as the item first does", it.Name, set, st.Rule.Pos.Line),
			Hint: fmt.Sprintf("give its look a case, when: [{if: {%s}, ...}], or {if: {%s}, same: true} if it looks the same on purpose", set, set)})
	}
	return list
}
