package overlay

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// newEntityID returns a fresh id for an entity the overlay spawns. Dragonfly keeps only the last 8 bytes of a
// non-player entity's UUID, so the first 8 are zero here too, and the id read back from the world matches.
func newEntityID() uuid.UUID {
	id := uuid.New()
	clear(id[:8])
	return id
}

// placement decides how an object of the pack (the state's: a reload reaches it) shows in the world, standing at
// pos.
func placement(p *puzzle.Pack, obj puzzle.Object, pos cube.Pos) store.Where {
	it, ok := p.Item(obj.Item)
	if ok && it.Look.Block != "" && !it.Carryable() {
		return store.Where{Kind: store.AtBlock, Block: pos}
	}
	// Carryable items lie on the ground as item stacks; people and everything else stand as NPCs.
	return store.Where{Kind: store.AtEntity, Block: pos, Entity: newEntityID()}
}
