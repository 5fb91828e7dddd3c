package gamecheck

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// names is what hints need of the registries: every block with its states and their values, every item name.
type names struct {
	blocks     map[string]*blockStates // by namespaced name
	blockNames []string                // sorted, without the minecraft: namespace
	items      []string                // sorted, without the minecraft: namespace
}

// blockStates is every state of a block: each state name with its values, as text.
type blockStates struct {
	values map[string][]string
	all    []map[string]string // each state of the registry, as text
}

// indexNames indexes the names of a finalised block registry and of the items.
func indexNames(reg *world.BasicBlockRegistry) *names {
	n := &names{blocks: map[string]*blockStates{}}
	for rid := range uint32(reg.BlockCount()) {
		name, states, ok := reg.RuntimeIDToState(rid)
		if !ok {
			continue
		}
		b := n.blocks[name]
		if b == nil {
			b = &blockStates{values: map[string][]string{}}
			n.blocks[name] = b
			n.blockNames = append(n.blockNames, strings.TrimPrefix(name, "minecraft:"))
		}
		b.add(states)
	}
	for _, it := range world.Items() {
		name, _ := it.EncodeItem()
		n.items = append(n.items, strings.TrimPrefix(name, "minecraft:"))
	}
	slices.Sort(n.blockNames)
	slices.Sort(n.items)
	n.items = slices.Compact(n.items)
	return n
}

// add records one state of the block.
func (b *blockStates) add(states map[string]any) {
	text := map[string]string{}
	for k, v := range states {
		text[k] = stateText(v)
		if !slices.Contains(b.values[k], text[k]) {
			b.values[k] = append(b.values[k], text[k])
		}
	}
	b.all = append(b.all, text)
}

// stateText turns a state value into text, as tagging compares them: Bedrock stores booleans as bytes 0 and 1.
func stateText(v any) string {
	switch v := v.(type) {
	case bool:
		return strconv.FormatBool(v)
	case uint8:
		return strconv.FormatBool(v != 0)
	case int:
		return strconv.Itoa(v)
	case int32:
		return strconv.Itoa(int(v))
	case int64:
		return strconv.FormatInt(v, 10)
	case string:
		return v
	}
	return fmt.Sprint(v)
}

// explain says why no state of the block has the states wanted: an unknown state name, a value the state never
// has, or values no single state has together.
func (b *blockStates) explain(block string, want map[string]any, at func(string) puzzle.Pos, what string) *puzzle.Error {
	for _, k := range slices.Sorted(maps.Keys(want)) {
		values, ok := b.values[k]
		if !ok {
			return &puzzle.Error{Pos: at("states." + k), Msg: fmt.Sprintf("%s: block %s has no state %s", what, block, k),
				Hint: orList(puzzle.DidYouMean(k, slices.Sorted(maps.Keys(b.values))), b.describe())}
		}
		if v := stateText(want[k]); !slices.Contains(values, v) {
			return &puzzle.Error{Pos: at("states." + k), Msg: fmt.Sprintf("%s: state %s of block %s is never %s", what, k, block, v),
				Hint: "its values are " + strings.Join(values, ", ")}
		}
	}
	return &puzzle.Error{Pos: at("states"), Msg: fmt.Sprintf("%s: no state of block %s has all of the states %v", what, block, want),
		Hint: b.describe()}
}

// describe lists the block's states and their values for a hint.
func (b *blockStates) describe() string {
	if len(b.values) == 0 {
		return "the block has no states"
	}
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(b.values)) {
		parts = append(parts, fmt.Sprintf("%s (%s)", k, strings.Join(b.values[k], ", ")))
	}
	return "its states are " + strings.Join(parts, "; ")
}
