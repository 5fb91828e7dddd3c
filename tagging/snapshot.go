package tagging

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
)

// Snapshot is a copy of a rectangle of chunks and the entities in it. It is taken on the world goroutine and may
// then be scanned on any goroutine: nothing in it is shared with the world.
type Snapshot struct {
	Min, Max world.ChunkPos                  // the chunks covered, both inclusive
	Chunks   map[world.ChunkPos]*chunk.Chunk // a missing chunk is scanned as air
	Entities []Entity
}

// Entity is the part of an entity that tagging looks at.
type Entity struct {
	ID   uuid.UUID
	Type string // as EncodeEntity gives it, e.g. "minecraft:villager_v2"
	Pos  mgl64.Vec3
}

// Contains reports whether a block position lies in the snapshot's chunks.
func (s Snapshot) Contains(pos cube.Pos) bool {
	cx, cz := int32(pos[0]>>4), int32(pos[2]>>4)
	return cx >= s.Min[0] && cx <= s.Max[0] && cz >= s.Min[1] && cz <= s.Max[1]
}
