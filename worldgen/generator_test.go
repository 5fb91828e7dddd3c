package worldgen

import (
	"testing"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
)

func init() { world.DefaultBlockRegistry.Finalize() }

// generate generates one chunk with g.
func generate(g *Generator, x, z int32) *chunk.Chunk {
	c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	g.GenerateChunk(world.ChunkPos{x, z}, c)
	return c
}

// TestChunkMatchesBuffer checks that the chunk handed to dragonfly holds exactly the blocks and biomes built.
func TestChunkMatchesBuffer(t *testing.T) {
	g := New(7)
	rid := g.pal.resolve()
	for _, p := range [][2]int32{{0, 0}, {-3, 5}, {40, -17}} {
		s := new(scratch)
		g.build(s, p[0], p[1])
		c := generate(g, p[0], p[1])
		for x := int32(0); x < 16; x++ {
			for z := int32(0); z < 16; z++ {
				for y := int32(minY); y <= maxY; y++ {
					if got, want := c.Block(uint8(x), int16(y), uint8(z), 0), rid[s.buf.get(x, y, z)]; got != want {
						t.Fatalf("chunk %v block %d,%d,%d: rid %d, want %d", p, x, y, z, got, want)
					}
				}
				for _, y := range []int16{minY, 0, 64, maxY} {
					if got, want := c.Biome(uint8(x), y, uint8(z)), biomeIDs[s.buf.biomes[x<<4|z]]; got != want {
						t.Fatalf("chunk %v biome %d,%d,%d: %d, want %d", p, x, y, z, got, want)
					}
				}
			}
		}
	}
}
