package puzzle

import (
	"errors"
	"slices"
	"testing"
	"time"
)

// benchPack is the benchmark grammar: 300 rules over 200 items in 16 levels, areas of depth 12.
func benchPack() *Pack { return synthPack(42, 200, 300, 16, 12) }

// reportPercentiles reports the p50, p99 and maximum of the durations in microseconds.
func reportPercentiles(b *testing.B, d []time.Duration) {
	slices.Sort(d)
	us := func(q float64) float64 { return float64(d[int(q*float64(len(d)-1))].Nanoseconds()) / 1e3 }
	b.ReportMetric(us(0.5), "p50-µs")
	b.ReportMetric(us(0.99), "p99-µs")
	b.ReportMetric(us(1), "max-µs")
}

// BenchmarkGenerate generates puzzles of the 300-rule grammar at depth 12 (as deep as the table allows, up to 12),
// timing each Generate call, retries and backtracking included.
func BenchmarkGenerate(b *testing.B) {
	pk := benchPack()
	g := NewGenerator(pk)
	times := make([]time.Duration, 0, b.N)
	depth, failed := 0, 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		a := pk.Areas[i%len(pk.Areas)]
		start := time.Now()
		p, err := g.Generate(a, &World{}, seedRNG(uint64(i)))
		times = append(times, time.Since(start))
		if err != nil {
			failed++
			continue
		}
		depth += p.Depth
	}
	b.StopTimer()
	reportPercentiles(b, times)
	b.ReportMetric(float64(depth)/float64(b.N-failed), "depth")
	b.ReportMetric(float64(failed)/float64(b.N), "failed/op")
}

// BenchmarkGenerateWorld is BenchmarkGenerate with 60 objects in the world, a third of them of items that may not
// be spawned, so that the table alone cannot decide and the search must count on existing objects.
func BenchmarkGenerateWorld(b *testing.B) {
	pk := benchPack()
	g := NewGenerator(pk)
	var objs []Object
	for i, name := range pk.ItemOrder[:60] {
		objs = append(objs, Object{ID: i + 1, Item: name, Area: pk.Areas[i%len(pk.Areas)].Name, Props: pk.Items[name].Props})
	}
	w := &World{Objects: objs, Unlocked: []string{"A0", "A1", "A2", "A3"}}
	times := make([]time.Duration, 0, b.N)
	failed := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		_, err := g.Generate(pk.Areas[i%len(pk.Areas)], w, seedRNG(uint64(i)))
		times = append(times, time.Since(start))
		if err != nil {
			failed++
		}
	}
	b.StopTimer()
	reportPercentiles(b, times)
	b.ReportMetric(float64(failed)/float64(b.N), "failed/op")
}

// BenchmarkGenerateInfeasible times the rejection of goals the grammar cannot make within depth 12: a property no
// rule gives, and an item needing deeper trees than allowed.
func BenchmarkGenerateInfeasible(b *testing.B) {
	pk := benchPack()
	bad := &Area{Name: "Bad", MaxDepth: 12, Goals: []Term{mkTerm("T15", "lit", true), mkTerm("I15", "missing", true)}}
	pk.Areas = append(pk.Areas, bad)
	g := NewGenerator(pk)
	if _, err := g.Generate(bad, &World{}, seedRNG(1)); !errors.Is(err, ErrInfeasible) {
		b.Fatalf("goal is feasible: %v", err)
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		g.Generate(bad, &World{}, seedRNG(uint64(i)))
		times = append(times, time.Since(start))
	}
	b.StopTimer()
	reportPercentiles(b, times)
}

// BenchmarkReplay replays a playthrough of one depth-12 puzzle of the benchmark grammar.
func BenchmarkReplay(b *testing.B) {
	pk := benchPack()
	pk.Areas = pk.Areas[:1]
	pk.Areas[0].MinDepth = 12
	var res *PlaythroughResult
	for seed := int64(0); res == nil; seed++ {
		if r, err := Playthrough(pk, seed); err == nil && r.Areas[0].Depth == 12 {
			res = r
		}
	}
	if err := Replay(pk, res); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(len(res.Areas[0].Solution)), "steps")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Replay(pk, res); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkNewGenerator times building the feasibility tables of the benchmark grammar, once per pack.
func BenchmarkNewGenerator(b *testing.B) {
	pk := benchPack()
	for i := 0; i < b.N; i++ {
		NewGenerator(pk)
	}
	b.ReportMetric(float64(len(NewGenerator(pk).keys)), "terms")
}
