package stats

import (
	"fmt"
	"io"
	"slices"

	"riddlestone/puzzle"
)

// Share is a count out of a total.
type Share struct{ N, Of int }

// Percent returns the share in percent, 0 of nothing.
func (s Share) Percent() float64 {
	if s.Of == 0 {
		return 0
	}
	return 100 * float64(s.N) / float64(s.Of)
}

// String formats the share as "12.3 % (45 of 366)".
func (s Share) String() string { return fmt.Sprintf("%.1f %% (%d of %d)", s.Percent(), s.N, s.Of) }

// add counts one case, in the share when in is set.
func (s *Share) add(in bool) {
	s.Of++
	if in {
		s.N++
	}
}

// AreaSame is the chance that two games show an area the same puzzle.
type AreaSame struct {
	Area    string
	Puzzles int
	Percent float64
}

// Figures are what games of a pack are like, as issue 24 measures them.
type Figures struct {
	Games, Puzzles, Steps int
	RulesUnused           []string   // the rules no puzzle used, as written
	GoalsUnused           []string   // "Area: goal" for the goals no puzzle was made for
	SameAgain             []AreaSame // by area, in the pack's order
	Distinct              int        // distinct puzzle trees over all areas (Signature)
	Parallel              Share      // puzzles with parallel sub-goals
	ShortAway             Share      // puzzles outside the start area with at most two steps
	Ramp                  Share      // games in which no area has fewer steps than the area that unlocked it
	Alternatives          Share      // puzzles with two genuinely different solutions
	CarriedIn             int        // leaves the player brings from elsewhere
	Unannounced           int        // of those, found lying in another area (no step made them), nothing pointing to them
	Absurd                Share      // steps that break the setting model or give back what was given
	AbsurdPuzzles         Share      // puzzles holding such a step
	LeftOut               Share      // steps whose done line leaves out a carried input
	MuteHerrings          Share      // red herrings that are people or animals asking for nothing
	Failed                []string   // "seed N: why" of the games that failed
}

// DistinctPer1000 returns the distinct trees per 1 000 games.
func (f *Figures) DistinctPer1000() float64 {
	if f.Games == 0 {
		return 0
	}
	return float64(f.Distinct) * 1000 / float64(f.Games)
}

// Measure computes the figures of games of a pack.
func Measure(p *puzzle.Pack, games []Game) *Figures {
	f := &Figures{Games: len(games)}
	usedRule := map[int]bool{}
	usedGoal := map[string]bool{}
	trees := map[string]map[string]int{} // area, signature: puzzles
	start := startArea(p)
	for _, g := range games {
		f.measureGame(p, g, start, usedRule, usedGoal, trees)
	}
	for _, r := range p.Rules {
		if !usedRule[r.Index] {
			f.RulesUnused = append(f.RulesUnused, r.String())
		}
	}
	for _, a := range p.Areas {
		for _, t := range a.Goals {
			if !usedGoal[a.Name+": "+t.String()] {
				f.GoalsUnused = append(f.GoalsUnused, a.Name+": "+t.String())
			}
		}
		f.SameAgain = append(f.SameAgain, sameAgain(a.Name, trees[a.Name]))
		f.Distinct += len(trees[a.Name])
	}
	return f
}

// measureGame adds one game to the figures.
func (f *Figures) measureGame(p *puzzle.Pack, g Game, start string, usedRule map[int]bool, usedGoal map[string]bool, trees map[string]map[string]int) {
	steps := map[string]int{}
	for _, pz := range g.Puzzles {
		steps[pz.Area] = pz.Steps
	}
	ramps := true
	for _, pz := range g.Puzzles {
		f.Puzzles++
		for _, r := range Rules(pz.Puzzle) {
			usedRule[r] = true
		}
		usedGoal[pz.Area+": "+pz.Goal.String()] = true
		if trees[pz.Area] == nil {
			trees[pz.Area] = map[string]int{}
		}
		trees[pz.Area][Signature(pz.Puzzle)]++
		f.Parallel.add(Parallel(pz.Puzzle))
		f.Alternatives.add(Alternative(p, pz))
		if pz.Area != start {
			f.ShortAway.add(pz.Steps <= 2)
		}
		if pz.Parent != "" && pz.Steps < steps[pz.Parent] {
			ramps = false
		}
		f.measureSteps(p, pz)
		f.measureCarried(pz)
		for _, it := range herringItems(pz.Puzzle) {
			if person(p, it) {
				f.MuteHerrings.add(MuteHerring(p, it))
			} else {
				f.MuteHerrings.Of++
			}
		}
	}
	f.Ramp.add(ramps)
}

// measureSteps counts a puzzle's steps, the absurd ones and those whose line leaves something out.
func (f *Figures) measureSteps(p *puzzle.Pack, pz Puzzle) {
	absurd := false
	for _, n := range pz.Solution() {
		f.Steps++
		bad := Absurd(p, pz, n)
		f.Absurd.add(bad)
		absurd = absurd || bad
		f.LeftOut.add(LeavesOut(p, n))
	}
	f.AbsurdPuzzles.add(absurd)
}

// measureCarried counts a puzzle's carried-in leaves and those nothing announces.
func (f *Figures) measureCarried(pz Puzzle) {
	for _, l := range CarriedIn(pz) {
		f.CarriedIn++
		if o, _ := pz.State.Object(l.Object); o.Area != puzzle.Inventory && pz.Found[o.ID] && !announced(pz, o.ID) {
			f.Unannounced++
		}
	}
}

// announced reports whether the overlay announces a carried-in object with its area's goal: it names every object
// Puzzle.CarriedIn returns.
func announced(pz Puzzle, id int) bool {
	return slices.ContainsFunc(pz.CarriedIn(pz.State), func(o puzzle.Object) bool { return o.ID == id })
}

// person reports whether an item is a person or animal: shown as an entity and not carried.
func person(p *puzzle.Pack, item string) bool {
	it, ok := p.Item(item)
	return ok && it.Look.Entity != "" && !it.Carryable()
}

// sameAgain returns the chance that two games, drawn without replacement, show an area the same puzzle.
func sameAgain(area string, trees map[string]int) AreaSame {
	n, pairs := 0, 0
	for _, c := range trees {
		n += c
		pairs += c * (c - 1)
	}
	out := AreaSame{Area: area, Puzzles: n}
	if n > 1 {
		out.Percent = 100 * float64(pairs) / float64(n*(n-1))
	}
	return out
}

// startArea returns the name of the pack's start area.
func startArea(p *puzzle.Pack) string {
	for _, a := range p.Areas {
		if a.Start {
			return a.Name
		}
	}
	if len(p.Areas) > 0 {
		return p.Areas[0].Name
	}
	return ""
}

// Write prints the figures for people.
func (f *Figures) Write(w io.Writer) {
	fmt.Fprintf(w, "%d games, %d puzzles, %d steps, %d failed\n", f.Games, f.Puzzles, f.Steps, len(f.Failed))
	fmt.Fprintf(w, "rules never used: %d%s\n", len(f.RulesUnused), list(f.RulesUnused))
	fmt.Fprintf(w, "goals never used: %d%s\n", len(f.GoalsUnused), list(f.GoalsUnused))
	fmt.Fprintf(w, "distinct trees: %d (%.0f per 1 000 games)\n", f.Distinct, f.DistinctPer1000())
	fmt.Fprintf(w, "same puzzle again:")
	for _, a := range f.SameAgain {
		fmt.Fprintf(w, " %s %.1f %%", a.Area, a.Percent)
	}
	fmt.Fprintln(w)
	for _, l := range []struct {
		name string
		s    Share
	}{
		{"parallel sub-goals (puzzles)", f.Parallel},
		{"<= 2 steps outside the start area", f.ShortAway},
		{"games that ramp", f.Ramp},
		{"two different solutions (puzzles)", f.Alternatives},
		{"absurd steps", f.Absurd},
		{"puzzles with an absurd step", f.AbsurdPuzzles},
		{"done lines leaving out an input", f.LeftOut},
		{"red herrings asking for nothing", f.MuteHerrings},
	} {
		fmt.Fprintf(w, "%s: %v\n", l.name, l.s)
	}
	fmt.Fprintf(w, "carried-in objects: %d, unannounced: %d\n", f.CarriedIn, f.Unannounced)
	for i, s := range f.Failed {
		if i == 10 {
			fmt.Fprintf(w, "... and %d more failed\n", len(f.Failed)-i)
			break
		}
		fmt.Fprintf(w, "failed: %s\n", s)
	}
}

// list formats names after a count: ": a; b", or nothing.
func list(names []string) string {
	if len(names) == 0 {
		return ""
	}
	out := ":"
	for i, n := range slices.Sorted(slices.Values(names)) {
		if i > 0 {
			out += ";"
		}
		out += " " + n
	}
	return out
}
