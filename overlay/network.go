package overlay

import (
	"fmt"

	"riddlestone/overlay/store"
)

// One server changes each area. In a network of servers (docs/network.md) the server that holds an area's region
// changes its puzzle; the others show it as the store has it (Follow) and refuse to change it: a move made there
// or with objects lying there, opening it, a new puzzle, a lock (Options.Changes).

// elsewhere is the refusal of a change to an area another server changes, in words.
func elsewhere(a store.AreaPos) error {
	return fmt.Errorf("area %v's puzzles run on another server of the network", a)
}

// changedElsewhere returns an area another server changes among the one a move is made in and those its inputs
// lie in, if there is one.
func (o *Overlay) changedElsewhere(at store.AreaPos, inputs []ObjectAt) (store.AreaPos, bool) {
	if !o.opts.Changes(at) {
		return at, true
	}
	for _, in := range inputs {
		if in.Where.Kind != store.AtBlock && in.Where.Kind != store.AtEntity {
			continue // held or inside something: it goes where the move is made
		}
		if a := store.AreaOfBlock(in.Where.Block, int32(o.opts.AreaSize)); !o.opts.Changes(a) {
			return a, true
		}
	}
	return store.AreaPos{}, false
}
