package tagging

import (
	"slices"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/df-mc/dragonfly/server/world/generator"
)

// generatedArea is a 4×4-chunk snapshot made by a generator.
func generatedArea(g world.Generator) Snapshot {
	s := Snapshot{Min: world.ChunkPos{0, 0}, Max: world.ChunkPos{3, 3}, Chunks: map[world.ChunkPos]*chunk.Chunk{}}
	for x := int32(0); x < 4; x++ {
		for z := int32(0); z < 4; z++ {
			c := chunk.New(world.DefaultBlockRegistry, cube.Range{-64, 319})
			g.GenerateChunk(world.ChunkPos{x, z}, c)
			s.Chunks[world.ChunkPos{x, z}] = c
		}
	}
	return s
}

// oceanArea is the tagger's worst case: 40 layers of water over stone, one water cluster of 163,840 blocks that a
// pond rule must flood entirely before it can reject it as too big.
func oceanArea() Snapshot {
	layers := []world.Block{}
	for range 40 {
		layers = append(layers, block.Water{Still: true, Depth: 8})
	}
	for range 60 {
		layers = append(layers, block.Stone{})
	}
	return generatedArea(generator.NewFlat(biome.Ocean{}, append(layers, block.Bedrock{})))
}

// woodland is a grass plain with 64 trees, 8 ponds and 16 chests: many small clusters.
func woodland() Snapshot {
	w := &testWorld{generatedArea(generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}))}
	for i := range 64 {
		x, z := (i%8)*8+2, (i/8)*8+2
		for y := -60; y < -55; y++ {
			w.set(x, y, z, oakLog)
		}
		w.set(x, -55, z, leaves)
	}
	for i := range 8 {
		for dx := range 3 {
			for dz := range 3 {
				w.set(i*8+5+dx%2, -61, 5+dz%2+i*7%50, block.Water{Still: true, Depth: 8})
			}
		}
	}
	for i := range 16 {
		w.set(i*4, -60, 60, block.NewChest())
	}
	return w.Snapshot
}

func benchmarkScan(b *testing.B, s Snapshot) {
	world.DefaultBlockRegistry.Finalize()
	tg, err := New(IndexBlocks(world.DefaultBlockRegistry), testRules())
	if err != nil {
		b.Fatal(err)
	}
	var times []time.Duration
	found := 0
	for b.Loop() {
		start := time.Now()
		found = len(tg.Scan(s))
		times = append(times, time.Since(start))
	}
	slices.Sort(times)
	b.ReportMetric(float64(times[len(times)*50/100].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(times[len(times)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(found), "found")
}

// BenchmarkScanOcean4x4 scans a 4×4-chunk area full of water.
func BenchmarkScanOcean4x4(b *testing.B) { benchmarkScan(b, oceanArea()) }

// BenchmarkScanWoodland4x4 scans a 4×4-chunk plain with many small features.
func BenchmarkScanWoodland4x4(b *testing.B) { benchmarkScan(b, woodland()) }
