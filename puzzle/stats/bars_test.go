package stats

import (
	"os"
	"strconv"
	"testing"

	"riddlestone/puzzle"
)

// barSeeds is how many games TestDefaultPackMeetsTheBars plays: 200 in CI, RIDDLESTONE_BARS_SEEDS (1000 for the
// issue's figures) when set.
func barSeeds(t *testing.T) int {
	if s := os.Getenv("RIDDLESTONE_BARS_SEEDS"); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 1 {
			t.Fatalf("RIDDLESTONE_BARS_SEEDS=%q: want a number of games", s)
		}
		return n
	}
	return 200
}

// TestDefaultPackMeetsTheBars plays the default pack over 200 seeds (RIDDLESTONE_BARS_SEEDS=1000 for the issue's
// own figures) and holds it to the bars of issue 24 (Issue24): every rule and goal used, no area above 5 % the same
// puzzle again, at least 500 distinct trees per 1 000 games, at least 60 % of puzzles with parallel sub-goals, at
// most 10 % of puzzles outside the start area with two steps or fewer, at least 90 % of games ramping, at least
// 25 % of puzzles with two different solutions, no carried-in object unannounced, at most 2 % absurd steps, no
// done line leaving out an ingredient, no red herring asking for nothing.
func TestDefaultPackMeetsTheBars(t *testing.T) {
	if testing.Short() {
		t.Skip("plays 200 games")
	}
	p, errs := puzzle.Check("../../packs/default")
	if len(errs.Errors()) > 0 {
		t.Fatal(errs)
	}
	seeds := barSeeds(t)
	f := Run(p, seeds)
	for _, m := range f.Check(Issue24) {
		t.Errorf("over %d games: %v", seeds, m)
	}
	t.Logf("over %d games: %d puzzles, %.0f distinct trees per 1 000 games, parallel %v, ramp %v, two solutions %v, absurd %v",
		seeds, f.Puzzles, f.DistinctPer1000(), f.Parallel, f.Ramp, f.Alternatives, f.Absurd)
}
