package puzzle

import "fmt"

// Relaxation says how far the generator gave way on an area's constraints to make a puzzle at all. The
// constraints hold wherever the grammar, the area's items and the world allow them; where they do not, Generate
// relaxes them one at a time, in this order, each level keeping the relaxations before it:
//
//  1. the floor, minDepth and minSteps: fewer steps at the depths from minDepth to maxDepth when minSteps is set,
//     then a shallower puzzle, the deepest that can be made (difficulty gives way before coherence);
//  2. no repetition (issue 16): a path may make an item again below a node that makes it, at the depths from
//     minDepth to maxDepth first, then shallower;
//  3. the limit, maxDepth and maxSteps: a deeper puzzle, the shallowest that can be made, or more steps.
//
// Only when none of these makes a puzzle does Generate fail, and then the area gets none (the overlay opens it
// solved, so progress goes on). Puzzle.Relaxed records the level, so the admin can be told (Relaxation.Explain).
type Relaxation uint8

// The relaxations, in the order Generate tries them.
const (
	// Strict is a puzzle that keeps every constraint of its area.
	Strict Relaxation = iota
	// RelaxedMinDepth is a puzzle shallower than its area's minDepth, or with fewer steps than its minSteps.
	RelaxedMinDepth
	// RelaxedRepetition is a puzzle that may make an item again on a path below a node that makes it.
	RelaxedRepetition
	// RelaxedMaxDepth is a puzzle deeper than its area's maxDepth, or with more steps than its maxSteps.
	RelaxedMaxDepth
)

// relaxations lists the levels Generate tries, in order.
var relaxations = [...]Relaxation{Strict, RelaxedMinDepth, RelaxedRepetition, RelaxedMaxDepth}

// String names the relaxation in a word or two.
func (r Relaxation) String() string {
	return [...]string{"none", "minDepth", "repetition", "maxDepth"}[r]
}

// Explain says to an admin, in a sentence, why a puzzle for an area with bounds b was made with relaxation r; ""
// for Strict.
func (r Relaxation) Explain(b Bounds, p *Puzzle) string {
	switch r {
	case RelaxedMinDepth:
		return fmt.Sprintf("no puzzle as deep as minDepth %d%s could be made here, so this one is %d rules deep with %d steps",
			b.MinDepth, b.stepsText(b.MinSteps, "at least"), p.Depth, p.Steps)
	case RelaxedRepetition:
		return fmt.Sprintf("no puzzle of %d to %d rules could be made here without making an item again below a step that makes it, so this one may",
			b.MinDepth, b.MaxDepth)
	case RelaxedMaxDepth:
		return fmt.Sprintf("no puzzle within maxDepth %d%s could be made here, so this one is %d rules deep with %d steps",
			b.MaxDepth, b.stepsText(b.MaxSteps, "at most"), p.Depth, p.Steps)
	}
	return ""
}

// stepsText is " with N steps at least/most" for a step bound that is set, else "".
func (b Bounds) stepsText(n int, which string) string {
	if n <= 0 {
		return ""
	}
	return fmt.Sprintf(" with %s %d steps", which, n)
}

// Bounds are the depths and numbers of steps an area's puzzles may have, as Generate reads them from the area:
// minDepth 0 means 1, maxDepth 0 means DefaultMaxDepth, a step bound 0 means none.
type Bounds struct{ MinDepth, MaxDepth, MinSteps, MaxSteps int }

// Bounds returns the bounds Generate keeps to for an area.
func (a *Area) Bounds() Bounds {
	maxD := a.MaxDepth
	if maxD <= 0 {
		maxD = DefaultMaxDepth
	}
	return Bounds{MinDepth: max(a.MinDepth, 1), MaxDepth: min(maxD, maxTableDepth), MinSteps: a.MinSteps, MaxSteps: a.MaxSteps}
}

// steps reports whether a puzzle of n steps keeps to the step bounds a relaxation level still holds.
func (b Bounds) steps(n int, r Relaxation) bool {
	return (r >= RelaxedMinDepth || n >= b.MinSteps) && (r >= RelaxedMaxDepth || b.MaxSteps <= 0 || n <= b.MaxSteps)
}

// depthsAt returns the depths to try for a goal key at a relaxation level, in the order to try them: at Strict
// those from minDepth to maxDepth in random order (maxDepth is a limit, not a target); shallower ones deepest first;
// deeper ones shallowest first. Only depths the table allows are listed.
func (s *search) depthsAt(r Relaxation, k int, b Bounds) []int {
	within := s.targets(k, b.MinDepth, b.MaxDepth)
	switch r {
	case RelaxedMinDepth:
		shallower := s.ordered(k, b.MinDepth-1, 1)
		if b.MinSteps > 0 {
			return append(within, shallower...)
		}
		return shallower
	case RelaxedRepetition:
		return append(within, s.ordered(k, b.MinDepth-1, 1)...)
	case RelaxedMaxDepth:
		deeper := s.ordered(k, b.MaxDepth+1, maxTableDepth)
		if b.MaxSteps > 0 {
			return append(within, deeper...)
		}
		return deeper
	}
	return within
}

// ordered returns the depths from one to another the table allows for a goal key, in that order (either way).
func (s *search) ordered(k, from, to int) []int {
	m := s.rootDepths(k, false)
	step := 1
	if to < from {
		step = -1
	}
	var out []int
	for d := from; d >= 1 && d <= maxTableDepth && (d-to)*step <= 0; d += step {
		if m&(1<<d) != 0 {
			out = append(out, d)
		}
	}
	return out
}
