package cli

import (
	"testing"

	"riddlestone/puzzle"
)

// BenchmarkPlaythroughDefault plays a whole game of the default pack, as `riddlestone playthrough` does after
// loading it.
func BenchmarkPlaythroughDefault(b *testing.B) {
	p, err := puzzle.Load(defaultPack)
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		if _, err := puzzle.Playthrough(p, 1); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkGraphSpace explores and exports the state space of a default-pack puzzle as `riddlestone graph
// --space` does: the Lake of seed 1, whose fishing rule makes objects without end, up to its depth horizon.
func BenchmarkGraphSpace(b *testing.B) {
	p, err := puzzle.Load(defaultPack)
	if err != nil {
		b.Fatal(err)
	}
	sv, err := solvingOf(p, 1, "Lake")
	if err != nil {
		b.Fatal(err)
	}
	var rep *puzzle.Report
	for b.Loop() {
		if rep, err = stateSpace(p, sv, false, 20000, 0); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rep.States), "states")
	b.ReportMetric(float64(len(sv.State.Objects())), "objects")
}
