package overlay

import (
	"slices"
	"testing"
	"time"

	"riddlestone/puzzle"
)

// BenchmarkAllRulesCheck times the check all-rules mode makes on the world goroutine before a move
// (quickCheck): every puzzle of 20 playthroughs of the default pack, from the state its solution starts in.
// The bound is a few milliseconds, since a tick is 50 ms. It reports the share of checks that answered unknown.
func BenchmarkAllRulesCheck(b *testing.B) {
	pack, err := puzzle.Load("../packs/default")
	if err != nil {
		b.Fatal(err)
	}
	type job struct {
		state   *puzzle.State
		tracked *puzzle.Tracked
		area    string
	}
	var jobs []job
	for seed := int64(1); seed <= 20; seed++ {
		if _, err := puzzle.PlaythroughEach(pack, seed, func(sv puzzle.Solving) {
			t := &puzzle.Tracked{Area: sv.Puzzle.Area, Goal: sv.Puzzle.Goal, Nodes: sv.Puzzle.TreeRules()}
			jobs = append(jobs, job{sv.State, t, sv.Puzzle.Area})
		}); err != nil {
			b.Fatal(err)
		}
	}
	var times []time.Duration
	unknown := 0
	for b.Loop() {
		for _, j := range jobs {
			start := time.Now()
			rep, err := pack.Explore(j.state, quickCheck(pack, puzzle.AllRules, j.tracked, j.area))
			times = append(times, time.Since(start))
			if err != nil {
				b.Fatal(err)
			}
			if rep.Solvable == puzzle.Unknown {
				unknown++
			}
		}
	}
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
	b.ReportMetric(float64(unknown)/float64(len(times)), "unknown/check")
	b.ReportMetric(float64(len(jobs)), "checks")
}
