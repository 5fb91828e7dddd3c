package server

import (
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// A chunk sent after the wall draws the world's blocks over it: the wall's cells in that column are sent again
// after it, and only those; other packets bring nothing back.
func TestTheWallIsSentAgainOverAChunk(t *testing.T) {
	w := clientWall{cells: map[cube.Pos]uint32{{16, 64, 3}: 7, {16, 65, 3}: 7, {40, 64, 3}: 7}}
	again := w.over(&packet.SubChunk{Position: protocol.SubChunkPos{1, 4, 0}, SubChunkEntries: []protocol.SubChunkEntry{{}}})
	if len(again) != 2 {
		t.Fatalf("after a sub-chunk of column 1,0 the wall sent %d blocks again, want its 2 cells there", len(again))
	}
	for _, pk := range again {
		if u := pk.(*packet.UpdateBlock); u.Position[0] != 16 || u.NewBlockRuntimeID != 7 {
			t.Errorf("sent again %+v, want a cell of x = 16 as it was shown", u)
		}
	}
	if n := len(w.over(&packet.LevelChunk{Position: protocol.ChunkPos{2, 0}})); n != 1 {
		t.Errorf("after column 2,0 the wall sent %d blocks again, want 1", n)
	}
	several := &packet.SubChunk{SubChunkEntries: []protocol.SubChunkEntry{{}, {Offset: protocol.SubChunkOffset{1, 0, 0}}}}
	if n := len(w.over(several)); n != 3 {
		t.Errorf("after sub-chunks of several columns the wall sent %d blocks again, want all 3", n)
	}
	if n := len(w.over(&packet.Text{})); n != 0 {
		t.Errorf("a text packet brought %d wall blocks back, want none", n)
	}
}
