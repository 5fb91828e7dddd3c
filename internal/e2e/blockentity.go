package e2e

import (
	"bytes"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/sandertv/gophertunnel/minecraft/nbt"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// BlockEntity returns the block entity data the client was sent for a block (a lectern's book, a chest's name):
// from the sub-chunk that holds it or a BlockActorData packet since, and false when it was sent none.
func (t *Terrain) BlockEntity(pos cube.Pos) (map[string]any, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	m, ok := t.blockEntities[pos]
	return m, ok
}

// blockActorData stores the block entity a BlockActorData packet sends.
func (t *Terrain) blockActorData(pk *packet.BlockActorData) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.blockEntities[cube.Pos{int(pk.Position[0]), int(pk.Position[1]), int(pk.Position[2])}] = pk.NBTData
}

// decodeBlockEntities reads the block entities that follow a sub-chunk's blocks in its payload: network NBT
// compounds, one after another, each with its x, y and z.
func decodeBlockEntities(buf *bytes.Buffer) map[cube.Pos]map[string]any {
	out := map[cube.Pos]map[string]any{}
	dec := nbt.NewDecoderWithEncoding(buf, nbt.NetworkLittleEndian)
	for buf.Len() > 0 {
		var m map[string]any
		if err := dec.Decode(&m); err != nil {
			break
		}
		x, _ := m["x"].(int32)
		y, _ := m["y"].(int32)
		z, _ := m["z"].(int32)
		out[cube.Pos{int(x), int(y), int(z)}] = m
	}
	return out
}
