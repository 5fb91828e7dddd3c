package overlay

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
)

// cowShards is how many parts each of the state's copy-on-write maps (internal/cow) is split into: a write copies
// one part, about 1/cowShards of the map (and the few pointers above it), and a publish copies none.
const cowShards = 4096

// byID shards object ids in runs of 16, which objects made together (an area's puzzle) share.
func byID(id int) uint32 { return uint32(id >> 4) }

// byChunk shards block positions by chunk column, so that one area's places share few shards.
func byChunk(p cube.Pos) uint32 { return uint32(p[0]>>4)*73856093 ^ uint32(p[2]>>4)*19349663 }

// byUUID shards entity ids by their first bytes, which are random.
func byUUID(id uuid.UUID) uint32 {
	return uint32(id[0]) | uint32(id[1])<<8 | uint32(id[2])<<16 | uint32(id[3])<<24
}

// byArea shards area positions.
func byArea(a store.AreaPos) uint32 { return uint32(a[0])*73856093 ^ uint32(a[1])*19349663 }
