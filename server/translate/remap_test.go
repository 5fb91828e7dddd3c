package translate

import (
	"bytes"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
)

// TestRemapSubChunk encodes a sub-chunk with Dragonfly's network encoding, two layers (stone and oak stairs,
// water in the second), changes it for 1.26.51 and reads it back: every block is the table's, the block
// entity bytes after the storages are kept.
func TestRemapSubChunk(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	stone, stairs, water := world.BlockRuntimeID(block.Stone{}), world.BlockRuntimeID(block.Stairs{Block: block.Planks{}}), world.BlockRuntimeID(block.Water{Depth: 8, Still: true})
	for x := uint8(0); x < 16; x++ {
		c.SetBlock(x, 0, 3, 0, stone)
		c.SetBlock(x, 1, 3, 0, stairs)
		c.SetBlock(x, 1, 3, 1, water)
	}
	payload := append(chunk.EncodeSubChunk(c, chunk.NetworkEncoding, 4), 0x0a, 0x00, 0x00) // sub-chunk y 0 is index 4
	out := remapSubChunk(payload, blocksTo1_26_51[:])
	if !bytes.HasSuffix(out, []byte{0x0a, 0x00, 0x00}) {
		t.Fatal("the block entities after the storages are lost")
	}
	want := map[[2]int]uint32{{0, 0}: blocksTo1_26_51[stone], {0, 1}: blocksTo1_26_51[stairs], {1, 1}: blocksTo1_26_51[water]}
	layers := readPalettes(t, out)
	for k, rid := range want {
		if k[0] >= len(layers) || !contains(layers[k[0]], rid) {
			t.Errorf("layer %d lacks %d (the server's block at y %d): %v", k[0], rid, k[1], layers)
		}
	}
	if contains(layers[0], stone) && stone != blocksTo1_26_51[stone] {
		t.Errorf("layer 0 still has the server's stone %d", stone)
	}
	if got := remapSubChunk([]byte{1, 2}, blocksTo1_26_51[:]); !bytes.Equal(got, []byte{1, 2}) {
		t.Errorf("an unreadable payload is changed: %v", got)
	}
}

// readPalettes reads the palettes of a network sub-chunk of version 9.
func readPalettes(t *testing.T, b []byte) [][]uint32 {
	t.Helper()
	buf := bytes.NewBuffer(b[3:])
	var layers [][]uint32
	for range b[1] {
		h, _ := buf.ReadByte()
		bits := int(h >> 1)
		count := int32(1)
		if bits > 0 {
			buf.Next((4096 + 32/bits - 1) / (32 / bits) * 4)
			if err := protocol.Varint32(buf, &count); err != nil {
				t.Fatal(err)
			}
		}
		var palette []uint32
		for range count {
			var v int32
			if err := protocol.Varint32(buf, &v); err != nil {
				t.Fatal(err)
			}
			palette = append(palette, uint32(v))
		}
		layers = append(layers, palette)
	}
	return layers
}

// contains reports whether list holds v.
func contains(list []uint32, v uint32) bool {
	for _, x := range list {
		if x == v {
			return true
		}
	}
	return false
}

// TestReverseTable checks the table from 1.26.51's runtime IDs back to the server's: every server state comes
// back from its client state, and a client state no server state maps to becomes air.
func TestReverseTable(t *testing.T) {
	back := fromClient51()
	if len(back) != clientStates1_26_51 {
		t.Fatalf("%d entries for %d states", len(back), clientStates1_26_51)
	}
	hit := make([]bool, len(back))
	for s, c := range blocksTo1_26_51 {
		hit[c] = true
		if back[c] > uint32(s) || blocksTo1_26_51[back[c]] != c {
			t.Fatalf("client state %d (from server %d) comes back as %d", c, s, back[c])
		}
	}
	for c, ok := range hit {
		if !ok && back[c] != serverAir {
			t.Fatalf("client state %d, which no server state maps to, comes back as %d", c, back[c])
		}
	}
	if b, _ := world.BlockByRuntimeID(serverAir); b != (block.Air{}) {
		t.Errorf("serverAir is %T", b)
	}
}
