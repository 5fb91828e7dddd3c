package puzzle

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// BenchmarkQuickCheck times the quick check the server makes on the world goroutine (/puzzle restart, and twice
// for the all-rules move check): Manager.Solvable of every puzzle in progress of the game as it stands when each
// puzzle of 20 playthroughs of the default pack starts, every unlocked area open, and after each of 10 random
// moves from there, in each mode. The reference,
// area, is the same check of the puzzle alone in its area (the configuration the server used before issue 17,
// with the same semantics). It reports the percentiles of a check, each check's time the least of the loop's runs
// of it (the machine is shared, so the least is the check's own cost), and the share answering unknown.
func BenchmarkQuickCheck(b *testing.B) {
	p, err := Load("../packs/default")
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []Mode{TreeRules, AllRules} {
		var games []scenario
		rng := rand.New(rand.NewPCG(1, 2))
		for seed := int64(1); seed <= 20; seed++ {
			for _, sc := range playthroughScenarios(b, "default", p, seed, mode) {
				games = append(games, walkStates(sc, 10, rng)...)
			}
		}
		for _, variant := range []string{"game", "area"} {
			b.Run([]string{"tree", "all"}[mode]+"/"+variant, func(b *testing.B) {
				var times []time.Duration
				unknown, runs := 0, 0
				for b.Loop() {
					unknown, runs = 0, runs+1
					k := 0
					for _, sc := range games {
						for _, t := range sc.m.Puzzles {
							if t.Achieved {
								continue
							}
							start := time.Now()
							v := quickOf(sc.m, t, variant)
							d := time.Since(start)
							if runs == 1 {
								times = append(times, d)
							}
							times[k] = min(times[k], d)
							k++
							if v == Unknown {
								unknown++
							}
						}
					}
				}
				reportTimes(b, times)
				b.ReportMetric(float64(unknown)/float64(len(times)), "unknown/check")
				b.ReportMetric(float64(len(times)), "checks")
			})
		}
	}
}

// walkStates returns the game of a scenario and the games a random walk of n moves reaches from it.
func walkStates(sc scenario, n int, rng *rand.Rand) []scenario {
	out := []scenario{sc}
	m := sc.m
	for range n {
		moves := m.Moves()
		if len(moves) == 0 {
			break
		}
		next := m.Clone(m.Accessible)
		if _, _, err := next.Do(moves[rng.IntN(len(moves))]); err != nil || next.Failed() != nil {
			break
		}
		m = next
		out = append(out, scenario{sc.name, m, sc.main})
	}
	return out
}

// quickOf is the quick check of t in its game, or of t alone in its area.
func quickOf(m *Manager, t *Tracked, variant string) Verdict {
	if variant == "game" {
		return m.Solvable(t)
	}
	alone := &Tracked{Area: t.Area, Goal: t.Goal, Nodes: t.Nodes, done: t.done}
	lim := QuickLimits(t)
	lim.Rules, lim.FailRules = m.Pack.ModeRules(m.Mode), m.Pack.FailRules
	return m.explore(alone.Exploration(lim))
}

// reportTimes reports the 50th and 99th percentiles and the longest of times, in milliseconds.
func reportTimes(b *testing.B, times []time.Duration) {
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
}
