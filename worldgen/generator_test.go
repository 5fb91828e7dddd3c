package worldgen

import (
	"bytes"
	"sync"
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

// serialise encodes a chunk's blocks and biomes, for comparing chunks exactly.
func serialise(c *chunk.Chunk) []byte {
	d := chunk.Encode(c, chunk.NetworkEncoding)
	return append(bytes.Join(d.SubChunks, []byte{0xff}), d.Biomes...)
}

// positions returns n chunk positions scattered over a wide area, near and far from the origin.
func positions(n int) []world.ChunkPos {
	var out []world.ChunkPos
	r := rng{12345}
	for range n {
		out = append(out, world.ChunkPos{r.between(-400, 400), r.between(-400, 400)})
	}
	return out
}

// TestChunkMatchesBuffer checks that the chunk handed to dragonfly holds exactly the blocks and biomes built.
func TestChunkMatchesBuffer(t *testing.T) {
	g := New(7)
	rid := g.pal.resolve()
	// Near the origin, across the negative axes, and far out where coordinates are large.
	for _, p := range [][2]int32{{0, 0}, {-1, -1}, {-3, 5}, {40, -17}, {1 << 20, -(1 << 20)}, {-1875000, 1874999}} {
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

// TestDeterministic generates the same chunks with two generators in opposite orders and compares them.
func TestDeterministic(t *testing.T) {
	ps := positions(24)
	a, b := New(99), New(99)
	first := map[world.ChunkPos][]byte{}
	for _, p := range ps {
		first[p] = serialise(generate(a, p[0], p[1]))
	}
	for i := len(ps) - 1; i >= 0; i-- {
		p := ps[i]
		if !bytes.Equal(serialise(generate(b, p[0], p[1])), first[p]) {
			t.Fatalf("chunk %v differs between generators", p)
		}
	}
	// Generating again with the same generator, after other chunks, gives the same chunk too.
	if !bytes.Equal(serialise(generate(a, ps[0][0], ps[0][1])), first[ps[0]]) {
		t.Fatalf("chunk %v differs on the second run", ps[0])
	}
}

// TestSeedsDiffer checks that different seeds give different land.
func TestSeedsDiffer(t *testing.T) {
	same := 0
	ps := positions(8)
	for _, p := range ps {
		if bytes.Equal(serialise(generate(New(1), p[0], p[1])), serialise(generate(New(2), p[0], p[1]))) {
			same++
		}
	}
	if same == len(ps) {
		t.Fatal("seeds 1 and 2 generate identical chunks")
	}
	if New(1).SurfaceHeight(100, 100) == New(2).SurfaceHeight(100, 100) &&
		New(1).SurfaceHeight(900, -300) == New(2).SurfaceHeight(900, -300) &&
		New(1).SurfaceHeight(-2000, 40) == New(2).SurfaceHeight(-2000, 40) {
		t.Fatal("seeds 1 and 2 have the same surface heights")
	}
}

// TestSpawnAreasDiffer checks that the land around the origin, where players spawn, differs between seeds: the
// noise must not be pinned there (gradient noise is zero at its lattice points).
func TestSpawnAreasDiffer(t *testing.T) {
	heights, biomesSeen := map[int16]bool{}, map[string]bool{}
	for seed := int64(1); seed <= 12; seed++ {
		g := New(seed)
		heights[g.SurfaceHeight(0, 0)] = true
		biomesSeen[g.Biome(0, 0).String()] = true
	}
	if len(heights) < 6 || len(biomesSeen) < 3 {
		t.Fatalf("12 seeds give only %d heights and %d biomes at the origin", len(heights), len(biomesSeen))
	}
}

// TestConcurrent generates chunks from many goroutines sharing one generator and compares them with chunks
// generated one by one. Run under -race it also checks for data races.
func TestConcurrent(t *testing.T) {
	ps := positions(32)
	g := New(5)
	want := make([][]byte, len(ps))
	for i, p := range ps {
		want[i] = serialise(generate(New(5), p[0], p[1]))
	}
	got := make([][]byte, len(ps))
	var wg sync.WaitGroup
	for w := range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := w; i < len(ps); i += 8 {
				got[i] = serialise(generate(g, ps[i][0], ps[i][1]))
			}
		}()
	}
	wg.Wait()
	for i := range ps {
		if !bytes.Equal(got[i], want[i]) {
			t.Fatalf("chunk %v generated concurrently differs", ps[i])
		}
	}
}

// TestSurfaceHeight checks that SurfaceHeight and Biome agree with the generated terrain where no feature sits on it.
func TestSurfaceHeight(t *testing.T) {
	g := New(3)
	s := new(scratch)
	for _, p := range positions(4) {
		g.build(s, p[0], p[1])
		for x := int32(0); x < 16; x += 5 {
			for z := int32(0); z < 16; z += 5 {
				h := g.SurfaceHeight(p[0]*16+x, p[1]*16+z)
				if int32(h) != int32(s.col(x, z).height) {
					t.Fatalf("SurfaceHeight(%d, %d) = %d, chunk column says %d", p[0]*16+x, p[1]*16+z, h, s.col(x, z).height)
				}
				if b := g.Biome(p[0]*16+x, p[1]*16+z); b.EncodeBiome() != int(biomeIDs[s.buf.biomes[x<<4|z]]) {
					t.Fatalf("Biome(%d, %d) = %v, chunk says %v", p[0]*16+x, p[1]*16+z, b, s.buf.biomes[x<<4|z])
				}
			}
		}
	}
	x, z := g.findLand(0, 0)
	if pos := g.DefaultSpawn(world.Overworld); pos[1] <= seaLevel || pos[0] != int(x) || pos[2] != int(z) {
		t.Fatalf("DefaultSpawn = %v, want dry land", pos)
	}
}
