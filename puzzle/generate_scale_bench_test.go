package puzzle

import (
	"errors"
	"fmt"
	"runtime"
	"testing"
)

// scaleBenchShapes are the grammars BenchmarkGenerateScale times: the 300-rule, 16-area grammar and a
// 1 000-rule, 50-area one, both of depth 12.
var scaleBenchShapes = []synthShape{
	{seed: 1, items: 200, rules: 300, levels: 16, areas: 16, maxDepth: 12},
	{seed: 1, items: 600, rules: 1000, levels: 16, areas: 50, maxDepth: 12},
}

// scaleCall is one Generate call of a benchmark: an area and the world it is generated in.
type scaleCall struct {
	area  *Area
	world *World
}

// scaleCalls returns the Generate calls of whole games of a grammar: every area, in the order a playthrough
// opened it, in the world as it stood then (objects of earlier areas, puzzles in progress left out), and how many
// games failed (their calls up to the failure are kept).
func scaleCalls(pk *Pack, g *Generator, games int) ([]scaleCall, int) {
	var calls []scaleCall
	failed := 0
	for seed := range int64(games) {
		first := true
		_, err := playthrough(g, pk, seed, func(s Solving) {
			if first {
				calls = append(calls, scaleCall{area: pk.Areas[0], world: &World{}})
				first = false
			}
			for _, name := range s.Unlocked {
				if a, ok := pk.Area(name); ok && name != s.Puzzle.Area {
					calls = append(calls, scaleCall{area: a, world: &World{Objects: s.State.Objects(), Unlocked: s.Unlocked, NextID: s.State.NextID}})
				}
			}
		})
		if err != nil {
			failed++
		}
	}
	return calls, failed
}

// BenchmarkGenerateScale times Generate on the grammars of scaleBenchShapes, in the worlds of whole games (see
// scaleCalls), retries, backtracking and relaxations included, and reports the heap the generator's tables hold.
func BenchmarkGenerateScale(b *testing.B) {
	for _, sh := range scaleBenchShapes {
		b.Run(fmt.Sprintf("rules=%d/areas=%d", sh.rules, sh.areas), func(b *testing.B) {
			pk, _ := scaleWorld(sh)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			g := NewGenerator(pk)
			runtime.GC()
			runtime.ReadMemStats(&after)
			calls, games := scaleCalls(pk, g, 20)
			failed := 0
			b.ReportAllocs()
			timeCalls(b, func(i int) {
				c := calls[i%len(calls)]
				_, err := g.Generate(c.area, c.world, seedRNG(uint64(i)))
				if err != nil && !errors.Is(err, ErrSatisfied) && !errors.Is(err, ErrPending) {
					failed++ // a goal met already or soon is an answer (the world has no puzzles in progress)
				}
			})
			b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "tables-MB")
			b.ReportMetric(float64(failed)/float64(b.N), "failed/op")
			b.ReportMetric(float64(games), "games-failed/20")
			runtime.KeepAlive(g)
		})
	}
}
