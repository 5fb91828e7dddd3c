package overlay

import (
	"time"

	"github.com/df-mc/dragonfly/server/world"
)

// buildBatch is how many blocks of a structure are set in one world transaction: a structure is built over a few
// ticks, so that building never stalls one.
const buildBatch = 64

// buildOpts sets a structure's blocks as they are, as a generator would: no neighbour updates to break what is
// set next to what is not set yet, and no liquid moved.
var buildOpts = &world.SetOpts{DisableBlockUpdates: true, DisableLiquidDisplacement: true}

// buildStructure returns the op that builds a planned structure: a batch of blocks now, and each further batch a
// tick later. It runs once, when the object is placed; the blocks are then the world's and saved with it.
func buildStructure(sets []shapeCell) op {
	return func(tx *world.Tx) { buildFrom(tx, sets) }
}

// buildFrom sets the first batch of blocks and schedules the rest.
func buildFrom(tx *world.Tx, sets []shapeCell) {
	n := min(buildBatch, len(sets))
	for _, c := range sets[:n] {
		tx.SetBlock(c.off, fresh(c.b), buildOpts)
	}
	if rest := sets[n:]; len(rest) > 0 {
		tx.World().DoAfter(time.Second/20, func(tx *world.Tx) { buildFrom(tx, rest) })
	}
}

// fresh returns a block to set: a block with contents (a barrel, a furnace) as new, so that no two share their
// inventory; nil stays nil, which is air.
func fresh(b world.Block) world.Block {
	if nbt, ok := b.(world.NBTer); ok {
		if built, ok := nbt.DecodeNBT(map[string]any{}).(world.Block); ok {
			return withStates(built, b)
		}
	}
	return b
}
