package overlay

import (
	"runtime"
	"slices"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
	"riddlestone/worldgen"
)

// BenchmarkTagArea scans 4×4-chunk areas of the real terrain (seed 42, eight areas spread over the map: plains,
// forest, water and hills) with the default pack's tag rules, and reports the p50 and p99 of one area's scan.
func BenchmarkTagArea(b *testing.B) {
	world.DefaultBlockRegistry.Finalize()
	pack, err := puzzle.Load("../packs/default")
	if err != nil {
		b.Fatal(err)
	}
	tg, err := tagging.New(tagging.IndexBlocks(world.DefaultBlockRegistry), pack.Tags)
	if err != nil {
		b.Fatal(err)
	}
	gen := worldgen.New(42)
	var areas []tagging.Snapshot
	for i := range 8 {
		a := store.AreaPos{int32(i*7 - 20), int32(i*5 - 17)}
		lo, hi := a.Chunks(4)
		s := tagging.Snapshot{Min: lo, Max: hi, Chunks: map[world.ChunkPos]*chunk.Chunk{}}
		for x := lo[0]; x <= hi[0]; x++ {
			for z := lo[1]; z <= hi[1]; z++ {
				c := chunk.New(world.DefaultBlockRegistry, cube.Range{-64, 319})
				gen.GenerateChunk(world.ChunkPos{x, z}, c)
				s.Chunks[world.ChunkPos{x, z}] = c
			}
		}
		areas = append(areas, s)
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var wall, cpu []time.Duration
	found := 0
	i := 0
	for b.Loop() {
		start, startCPU := time.Now(), threadTime()
		found += len(tg.Scan(areas[i%len(areas)]))
		wall, cpu = append(wall, time.Since(start)), append(cpu, threadTime()-startCPU)
		i++
	}
	slices.Sort(wall)
	slices.Sort(cpu)
	b.ReportMetric(float64(wall[len(wall)/2].Microseconds())/1000, "p50-ms")
	b.ReportMetric(float64(wall[len(wall)*99/100].Microseconds())/1000, "p99-ms")
	b.ReportMetric(float64(cpu[len(cpu)/2].Microseconds())/1000, "p50-cpu-ms")
	b.ReportMetric(float64(cpu[len(cpu)*99/100].Microseconds())/1000, "p99-cpu-ms")
	b.ReportMetric(float64(found)/float64(i), "found/area")
}
