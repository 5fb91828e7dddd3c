package site

import (
	"reflect"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
)

// buildBatch is how many blocks of a structure are set in one world transaction: a structure is built over a few
// ticks, so that building never stalls one.
const buildBatch = 64

// buildOpts sets a structure's blocks as they are, as a generator would: no neighbour updates to break what is
// set next to what is not set yet, and no liquid moved.
var buildOpts = &world.SetOpts{DisableBlockUpdates: true, DisableLiquidDisplacement: true}

// postOpts sets a post as a player places one: a fence in the sea holds the water around it, a log clears it.
var postOpts = &world.SetOpts{DisableBlockUpdates: true}

// Build returns the task that builds planned blocks (a structure, steps) in a world transaction: a batch of blocks
// now, and each further batch a tick later. It runs once, when the object is placed; the blocks are then the
// world's and saved with it.
func Build(sets []Cell) func(tx *world.Tx) {
	return func(tx *world.Tx) { buildFrom(tx, sets) }
}

// buildFrom sets the first batch of blocks and schedules the rest.
func buildFrom(tx *world.Tx, sets []Cell) {
	n := min(buildBatch, len(sets))
	for _, c := range sets[:n] {
		setCell(tx, c)
	}
	if rest := sets[n:]; len(rest) > 0 {
		tx.World().DoAfter(time.Second/20, func(tx *world.Tx) { buildFrom(tx, rest) })
	}
}

// setCell sets one cell of a structure: its block as new, and a container with what it is built holding, put
// into the block's own inventory.
func setCell(tx *world.Tx, c Cell) {
	opts := buildOpts
	if c.post {
		opts = postOpts
	}
	b := fresh(c.b)
	tx.SetBlock(c.off, b, opts)
	box, ok := b.(block.Container)
	if !ok || len(c.items) == 0 {
		return
	}
	inv := box.Inventory(tx, c.off)
	for _, it := range c.items {
		_, _ = inv.AddItem(it) // the pack's check keeps the stacks within the container
	}
}

// fresh returns a block to set: a block with contents (a barrel, a furnace) as new, so that no two share their
// inventory; nil stays nil, which is air.
func fresh(b world.Block) world.Block {
	if nbt, ok := b.(world.NBTer); ok {
		if built, ok := nbt.DecodeNBT(map[string]any{}).(world.Block); ok {
			return WithStates(built, b)
		}
	}
	return b
}

// WithStates returns built with the exported fields of from, which hold a block's states (Facing, Open, Lit):
// DecodeNBT builds a block's inner state but keeps only some of its states.
func WithStates(built, from world.Block) world.Block {
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
