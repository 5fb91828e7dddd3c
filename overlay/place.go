package overlay

import (
	"math/rand/v2"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// spotMargin keeps placed objects this many blocks inside an area's border, so they are found while exploring it
// and never sit on a border a locked neighbour refuses.
const spotMargin = 4

// surfaceSpots returns the places in an area where an object can stand: an air block with air above it, on top of
// a solid block that is the highest in its column, so every spot is on open ground players can walk to. Spots lie
// on a grid of every third block, so objects do not touch, and are shuffled with rng, nearer the middle first.
func surfaceSpots(s tagging.Snapshot, rng *rand.Rand) []cube.Pos {
	x0, z0 := int(s.Min[0])<<4, int(s.Min[1])<<4
	x1, z1 := int(s.Max[0]+1)<<4, int(s.Max[1]+1)<<4
	cx, cz := (x0+x1)/2, (z0+z1)/2
	type spot struct {
		pos  cube.Pos
		dist int
	}
	var spots []spot
	for x := x0 + spotMargin; x < x1-spotMargin; x += 3 {
		for z := z0 + spotMargin; z < z1-spotMargin; z += 3 {
			c, ok := s.Chunks[world.ChunkPos{int32(x >> 4), int32(z >> 4)}]
			if !ok {
				continue
			}
			y := int(c.HighestBlock(uint8(x&15), uint8(z&15)))
			if y <= c.Range().Min() || y+2 > c.Range().Max() {
				continue
			}
			ground, ok := world.BlockByRuntimeID(c.Block(uint8(x&15), int16(y), uint8(z&15), 0))
			if !ok || !standable(ground) {
				continue
			}
			spots = append(spots, spot{cube.Pos{x, y + 1, z}, abs(x-cx) + abs(z-cz)})
		}
	}
	rng.Shuffle(len(spots), func(i, j int) { spots[i], spots[j] = spots[j], spots[i] })
	// Bands of 8 blocks from the middle: random within a band, inner bands first.
	slices.SortStableFunc(spots, func(a, b spot) int { return a.dist/8 - b.dist/8 })
	out := make([]cube.Pos, len(spots))
	for i, s := range spots {
		out[i] = s.pos
	}
	return out
}

// standable reports whether a block is solid ground: a full solid block that is no liquid and no leaves.
func standable(b world.Block) bool {
	if _, liquid := b.(world.Liquid); liquid {
		return false
	}
	if _, solid := b.Model().(model.Solid); !solid {
		return false
	}
	name, _ := b.EncodeBlock()
	return name != "minecraft:air" && !slices.Contains(leafNames, name)
}

var leafNames = []string{"minecraft:oak_leaves", "minecraft:spruce_leaves", "minecraft:birch_leaves",
	"minecraft:jungle_leaves", "minecraft:acacia_leaves", "minecraft:dark_oak_leaves", "minecraft:mangrove_leaves",
	"minecraft:cherry_leaves", "minecraft:azalea_leaves", "minecraft:azalea_leaves_flowered", "minecraft:pale_oak_leaves"}

// newEntityID returns a fresh id for an entity the overlay spawns. Dragonfly keeps only the last 8 bytes of a
// non-player entity's UUID, so the first 8 are zero here too, and the id read back from the world matches.
func newEntityID() uuid.UUID {
	id := uuid.New()
	clear(id[:8])
	return id
}

// placement decides how an object shows in the world, standing at pos.
func (o *Overlay) placement(obj puzzle.Object, pos cube.Pos) Where {
	it, ok := o.opts.Pack.Item(obj.Item)
	if ok && it.Look.Block != "" && !it.Carryable() {
		return Where{Kind: AtBlock, Block: pos}
	}
	// Carryable items lie on the ground as item stacks; people and everything else stand as NPCs.
	return Where{Kind: AtEntity, Block: pos, Entity: newEntityID()}
}
