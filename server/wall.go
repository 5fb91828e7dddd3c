package server

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/overlay"
)

// showBlock sends one player a block the world does not have, for the wall of a locked border
// (overlay.Options.ShowBlocks): Dragonfly's own block updates go to every viewer of a chunk, and the wall is the
// player's alone. Runs on the world goroutine; it only buffers the packet. A player whose connection has closed
// is sent nothing.
func (l *listener) showBlock(p *player.Player, b overlay.WallBlock) {
	if c, ok := l.forms.Load(identityKey(p.UUID().String())); ok {
		c.(*formConn).showBlock(b)
	}
}

// clientWall is what one connection shows of the wall of locked borders: the cells where it was sent a block the
// world does not have. A chunk sent afterwards would draw the world's blocks over them, so the connection sends
// them again after each chunk or sub-chunk over their column.
type clientWall struct {
	mu    sync.Mutex
	cells map[cube.Pos]uint32 // the runtime ID shown at each cell
}

// showBlock sends the connection a block of the wall and remembers it, or forgets the cell when the block is the
// world's own again.
func (c *formConn) showBlock(b overlay.WallBlock) {
	rid := world.BlockRuntimeID(b.Block)
	c.wall.mu.Lock()
	if c.wall.cells == nil {
		c.wall.cells = map[cube.Pos]uint32{}
	}
	if b.World {
		delete(c.wall.cells, b.Pos)
	} else {
		c.wall.cells[b.Pos] = rid
	}
	c.wall.mu.Unlock()
	_ = c.Conn.WritePacket(blockUpdate(b.Pos, rid))
}

// wallAfter sends again the cells of the wall that a chunk packet just written drew over.
func (c *formConn) wallAfter(pk packet.Packet) {
	for _, again := range c.wall.over(pk) {
		_ = c.Conn.WritePacket(again)
	}
}

// over returns the block updates that put the wall back over a chunk packet: those of its cells in the packet's
// chunk column (all of them for sub-chunks of several columns), none for another packet.
func (w *clientWall) over(pk packet.Packet) []packet.Packet {
	var col *world.ChunkPos
	switch pk := pk.(type) {
	case *packet.LevelChunk:
		col = &world.ChunkPos{pk.Position[0], pk.Position[1]}
	case *packet.SubChunk:
		col = &world.ChunkPos{pk.Position[0], pk.Position[2]}
		for _, e := range pk.SubChunkEntries {
			if e.Offset[0] != 0 || e.Offset[2] != 0 {
				col = nil
			}
		}
	default:
		return nil
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	var out []packet.Packet
	for pos, rid := range w.cells {
		if col == nil || (world.ChunkPos{int32(pos[0] >> 4), int32(pos[2] >> 4)}) == *col {
			out = append(out, blockUpdate(pos, rid))
		}
	}
	return out
}

// blockUpdate is the packet that shows a block at a position.
func blockUpdate(pos cube.Pos, rid uint32) *packet.UpdateBlock {
	return &packet.UpdateBlock{
		Position:          protocol.BlockPos{int32(pos[0]), int32(pos[1]), int32(pos[2])},
		NewBlockRuntimeID: rid,
		Flags:             packet.BlockUpdateNetwork,
	}
}
