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

// BenchmarkGenerateInfeasible times the rejection of goals the grammar cannot make within the depth limit: a
// property no rule gives, and a term with trees up to some depth below 12 in an area that asks for depth 12.
func BenchmarkGenerateInfeasible(b *testing.B) {
	pk := benchPack()
	g := NewGenerator(pk)
	var shallow Term
	for k, key := range g.keys {
		if m := g.tables["A0"].depth[k]; m&rangeMask(1, 11) != 0 && m&(1<<12) == 0 {
			shallow = key.term
		}
	}
	if shallow.Type == "" {
		b.Fatal("every term can be made at depth 12")
	}
	bad := []*Area{
		{Name: "Bad", MaxDepth: 12, Goals: []Term{mkTerm("I15", "missing", true), mkTerm("T3", "lit", true, "missing", true)}},
		{Name: "Shallow", MinDepth: 12, MaxDepth: 12, Goals: []Term{shallow}},
	}
	pk.Areas = append(pk.Areas, bad...)
	g = NewGenerator(pk)
	for _, a := range bad {
		if _, err := g.Generate(a, &World{}, seedRNG(1)); !errors.Is(err, ErrInfeasible) {
			b.Fatalf("%s: %v", a.Name, err)
		}
	}
	times := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		g.Generate(bad[i%2], &World{}, seedRNG(uint64(i)))
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
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := Replay(pk, res); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(res.Areas[0].Solution)), "steps")
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(res.Areas[0].Solution))/1e3, "µs/step")
}

// BenchmarkNewGenerator times building the feasibility tables of the benchmark grammar, once per pack.
func BenchmarkNewGenerator(b *testing.B) {
	pk := benchPack()
	for i := 0; i < b.N; i++ {
		NewGenerator(pk)
	}
	b.StopTimer()
	b.ReportMetric(float64(len(NewGenerator(pk).keys)), "terms")
}
