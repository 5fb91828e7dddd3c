package worldgen

import (
	"crypto/sha256"
	"encoding/hex"
	"testing"
)

// goldenTerrain is the SHA-256 of a few chunks of seed 42, as materials and biomes. Saved worlds keep the chunks
// they have, and new chunks are generated next to them, so any change to the terrain (or a machine that computes
// it differently) shows as seams in existing worlds. If a change is intended, update the hash and say so in the
// commit message.
const goldenTerrain = "cc97d3e83aebe3cfe88c590c136b8ced02f65cb43de811d3ab96bb7e8f167ec6"

func TestGoldenTerrain(t *testing.T) {
	g := New(42)
	s := new(scratch)
	h := sha256.New()
	for _, p := range [][2]int32{{0, 0}, {-7, 3}, {-16, 4}, {100, -250}} {
		g.build(s, p[0], p[1])
		h.Write(bytesOf(s.buf.blocks[:]))
		for _, b := range s.buf.biomes {
			h.Write([]byte{byte(b)})
		}
	}
	if got := hex.EncodeToString(h.Sum(nil)); got != goldenTerrain {
		t.Fatalf("terrain of seed 42 changed: hash %s, want %s", got, goldenTerrain)
	}
}
