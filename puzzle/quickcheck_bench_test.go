package puzzle

import (
	"slices"
	"testing"
	"time"
)

// BenchmarkQuickCheck times the quick check the server makes on the world goroutine (/puzzle restart, and twice
// for the all-rules move check): Manager.Solvable of every puzzle in progress of the game as it stands when each
// puzzle of 20 playthroughs of the default pack starts, every unlocked area open, in each mode. The reference,
// area, is the same check of the puzzle alone in its area (the configuration the server used before issue 17,
// with the same semantics). It reports the percentiles of a check and the share answering unknown.
func BenchmarkQuickCheck(b *testing.B) {
	p, err := Load("../packs/default")
	if err != nil {
		b.Fatal(err)
	}
	for _, mode := range []Mode{TreeRules, AllRules} {
		var games []scenario
		for seed := int64(1); seed <= 20; seed++ {
			games = append(games, playthroughScenarios(b, "default", p, seed, mode)...)
		}
		for _, variant := range []string{"game", "area"} {
			b.Run([]string{"tree", "all"}[mode]+"/"+variant, func(b *testing.B) {
				var times []time.Duration
				unknown := 0
				for b.Loop() {
					times, unknown = times[:0], 0
					for _, sc := range games {
						for _, t := range sc.m.Puzzles {
							if t.Achieved {
								continue
							}
							start := time.Now()
							v := quickOf(sc.m, t, variant)
							times = append(times, time.Since(start))
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
