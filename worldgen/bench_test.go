package worldgen

import (
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/df-mc/dragonfly/server/world/generator"
)

// benchPos returns the i-th chunk of a long diagonal walk, so that every kind of terrain is measured.
func benchPos(i int) world.ChunkPos {
	return world.ChunkPos{int32(i*3 - 3000), int32(i*2 - 500)}
}

// BenchmarkTerrainVsFlat generates one chunk with this generator and one with dragonfly's flat generator per
// iteration, timing each, so both see the same machine load. It reports the time of each and the speed-up.
func BenchmarkTerrainVsFlat(b *testing.B) {
	g := New(42)
	flat := generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}})
	var terrainTime, flatTime time.Duration
	i := 0
	for b.Loop() {
		c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		start := time.Now()
		g.GenerateChunk(benchPos(i), c)
		mid := time.Now()
		f := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		flat.GenerateChunk(benchPos(i), f)
		end := time.Now()
		terrainTime += mid.Sub(start)
		flatTime += end.Sub(mid)
		i++
	}
	b.ReportMetric(float64(terrainTime.Nanoseconds())/float64(i), "terrain-ns/chunk")
	b.ReportMetric(float64(flatTime.Nanoseconds())/float64(i), "flat-ns/chunk")
	b.ReportMetric(float64(i)/terrainTime.Seconds(), "terrain-chunks/s")
	b.ReportMetric(float64(flatTime)/float64(terrainTime), "x-faster-than-flat")
}

// BenchmarkGenerateChunk generates chunks along the walk, one per iteration.
func BenchmarkGenerateChunk(b *testing.B) {
	g := New(42)
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		g.GenerateChunk(benchPos(i), c)
		i++
	}
}

// BenchmarkGenerateAndLight has two workers generate chunks and fill their light, as a server's chunk loaders
// do, and reports the chunks finished per second of wall time.
func BenchmarkGenerateAndLight(b *testing.B) {
	g := New(42)
	var next atomic.Int64
	start := time.Now()
	var wg sync.WaitGroup
	for range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					return
				}
				p := benchPos(i)
				c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
				g.GenerateChunk(p, c)
				chunk.LightArea([]*chunk.Chunk{c}, int(p[0]), int(p[1])).Fill()
			}
		}()
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "chunks/s")
}
