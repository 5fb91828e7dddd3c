package worldgen

import (
	"runtime"
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
// iteration, timing each, so both see the same machine load. It reports the wall time of each and the speed-up,
// and, on Linux, the same from the thread's CPU clock, which leaves out time spent waiting for a busy core.
func BenchmarkTerrainVsFlat(b *testing.B) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	g := New(42)
	flat := generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}})
	var terrainWall, flatWall, terrainCPU, flatCPU time.Duration
	i := 0
	for b.Loop() {
		c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		f := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		wall0, cpu0 := time.Now(), threadCPU()
		g.GenerateChunk(benchPos(i), c)
		wall1, cpu1 := time.Now(), threadCPU()
		flat.GenerateChunk(benchPos(i), f)
		wall2, cpu2 := time.Now(), threadCPU()
		terrainWall += wall1.Sub(wall0)
		flatWall += wall2.Sub(wall1)
		terrainCPU += cpu1 - cpu0
		flatCPU += cpu2 - cpu1
		i++
	}
	n := float64(i)
	b.ReportMetric(float64(terrainWall.Nanoseconds())/n, "terrain-ns/chunk")
	b.ReportMetric(float64(flatWall.Nanoseconds())/n, "flat-ns/chunk")
	b.ReportMetric(float64(flatWall)/float64(terrainWall), "x-faster-than-flat")
	if terrainCPU > 0 {
		b.ReportMetric(float64(terrainCPU.Nanoseconds())/n, "terrain-cpu-ns/chunk")
		b.ReportMetric(float64(flatCPU.Nanoseconds())/n, "flat-cpu-ns/chunk")
		b.ReportMetric(n/terrainCPU.Seconds(), "terrain-chunks/cpu-s")
		b.ReportMetric(float64(flatCPU)/float64(terrainCPU), "x-faster-cpu")
	}
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
// do, and reports the chunks finished per second of wall time, and (on Linux) the CPU time each chunk took.
func BenchmarkGenerateAndLight(b *testing.B) {
	g := New(42)
	var next atomic.Int64
	var cpu [2]time.Duration
	start := time.Now()
	var wg sync.WaitGroup
	for w := range cpu {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			cpu0 := threadCPU()
			for {
				i := int(next.Add(1)) - 1
				if i >= b.N {
					break
				}
				p := benchPos(i)
				c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
				g.GenerateChunk(p, c)
				chunk.LightArea([]*chunk.Chunk{c}, int(p[0]), int(p[1])).Fill()
			}
			cpu[w] = threadCPU() - cpu0
		}()
	}
	wg.Wait()
	b.ReportMetric(float64(b.N)/time.Since(start).Seconds(), "chunks/s")
	if total := cpu[0] + cpu[1]; total > 0 {
		b.ReportMetric(float64(total.Nanoseconds())/float64(b.N), "cpu-ns/chunk")
	}
}
