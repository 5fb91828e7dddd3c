package tagging

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
)

// surfaceDepth is how far below the surface of its column an open face of a feature may be for a player to find
// it: a pond or a tree at the surface, a vein showing in a cave mouth or a cliff, not one in a cave deep down.
const surfaceDepth = 6

var airRID = sync.OnceValue(func() uint32 { return world.BlockRuntimeID(block.Air{}) })

// reachable reports whether a player walking the surface can find a cluster: one of its blocks has a face open to
// air no deeper than surfaceDepth below the highest block of that air's column.
func (sc *scan) reachable(blocks []cube.Pos) bool {
	for _, b := range blocks {
		for _, f := range cube.Faces() {
			n := b.Side(f)
			if rid, ok := sc.block(n); ok && rid == airRID() && n[1] >= sc.surface(n[0], n[2])-surfaceDepth {
				return true
			}
		}
	}
	return false
}

// surface returns the y of the highest block of a column in the snapshot.
func (sc *scan) surface(x, z int) int {
	c, ok := sc.s.Chunks[world.ChunkPos{int32(x >> 4), int32(z >> 4)}]
	if !ok {
		return sc.y0
	}
	return int(c.HighestBlock(uint8(x&15), uint8(z&15)))
}
