package tagging

import (
	"fmt"

	"github.com/df-mc/dragonfly/server/world/chunk"
)

// Blocks indexes the block states of a finalised block registry by name: the registry the world's chunks use
// (world.Config.Blocks, world.DefaultBlockRegistry by default). Building it decodes every state once, so build it
// once and share it; it is immutable and safe for concurrent use.
type Blocks struct {
	byName map[string][]blockState
	words  int // the length of a stateSet covering every runtime ID
}

// blockState is one block state of the registry.
type blockState struct {
	rid    uint32
	states map[string]any
}

// IndexBlocks indexes the states of a registry.
func IndexBlocks(reg chunk.BlockRegistry) *Blocks {
	b := &Blocks{byName: map[string][]blockState{}, words: reg.BlockCount()/64 + 1}
	for rid := range uint32(reg.BlockCount()) {
		if name, states, ok := reg.RuntimeIDToState(rid); ok {
			b.byName[name] = append(b.byName[name], blockState{rid: rid, states: states})
		}
	}
	return b
}

// State returns the runtime ID of the first state (in registry order) of a block that has every state wanted.
// The name may leave out the "minecraft:" namespace.
func (b *Blocks) State(block string, want map[string]any) (uint32, error) {
	states, err := b.states(block)
	if err != nil {
		return 0, err
	}
	for _, s := range states {
		if statesMatch(s.states, want) {
			return s.rid, nil
		}
	}
	return 0, fmt.Errorf("no state of %s has the states %v", blockName(block), want)
}

func (b *Blocks) states(block string) ([]blockState, error) {
	states, ok := b.byName[blockName(block)]
	if !ok {
		return nil, fmt.Errorf("unknown block %q", block)
	}
	return states, nil
}

// set returns the runtime IDs of the states of a block that have every state wanted.
func (b *Blocks) set(block string, want map[string]any) (stateSet, error) {
	states, err := b.states(block)
	if err != nil {
		return nil, err
	}
	set := make(stateSet, b.words)
	for _, s := range states {
		if statesMatch(s.states, want) {
			set.add(s.rid)
		}
	}
	if set.empty() {
		return nil, fmt.Errorf("no state of %s has the states %v", blockName(block), want)
	}
	return set, nil
}
