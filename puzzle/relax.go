package puzzle

import "fmt"

// Relaxation says how far the generator gave way on an area's constraints to make a puzzle at all. The
// constraints hold wherever the grammar, the area's items and the world allow them; where they do not, Generate
// relaxes them one at a time, in this order, each level keeping the relaxations before it:
//
//  1. minDepth: a shallower puzzle, the deepest that can be made (difficulty gives way before coherence);
//  2. no repetition (issue 16): a path may make an item again below a node that makes it, at the depths from
//     minDepth to maxDepth first, then shallower;
//  3. maxDepth: a deeper puzzle, the shallowest that can be made.
//
// Only when none of these makes a puzzle does Generate fail, and then the area gets none (the overlay opens it
// solved, so progress goes on). Puzzle.Relaxed records the level, so the admin can be told (Relaxation.Explain).
type Relaxation uint8

// The relaxations, in the order Generate tries them.
const (
	// Strict is a puzzle that keeps every constraint of its area.
	Strict Relaxation = iota
	// RelaxedMinDepth is a puzzle shallower than its area's minDepth.
	RelaxedMinDepth
	// RelaxedRepetition is a puzzle that may make an item again on a path below a node that makes it.
	RelaxedRepetition
	// RelaxedMaxDepth is a puzzle deeper than its area's maxDepth.
	RelaxedMaxDepth
)

// relaxations lists the levels Generate tries, in order.
var relaxations = [...]Relaxation{Strict, RelaxedMinDepth, RelaxedRepetition, RelaxedMaxDepth}

// String names the relaxation in a word or two.
func (r Relaxation) String() string {
	return [...]string{"none", "minDepth", "repetition", "maxDepth"}[r]
}

// Explain says to an admin, in a sentence, why a puzzle of the given depth for an area with depth bounds b was
// made with relaxation r; "" for Strict.
func (r Relaxation) Explain(b DepthBounds, depth int) string {
	switch r {
	case RelaxedMinDepth:
		return fmt.Sprintf("no puzzle as deep as minDepth %d could be made here, so this one is %d rules deep", b.Min, depth)
	case RelaxedRepetition:
		return fmt.Sprintf("no puzzle of %d to %d rules could be made here without making an item again below a step that makes it, so this one may", b.Min, b.Max)
	case RelaxedMaxDepth:
		return fmt.Sprintf("no puzzle within maxDepth %d could be made here, so this one is %d rules deep", b.Max, depth)
	}
	return ""
}

// DepthBounds are the depths an area's puzzles may have: Min and Max as Generate reads them from the area
// (minDepth 0 means 1, maxDepth 0 means DefaultMaxDepth).
type DepthBounds struct{ Min, Max int }

// Bounds returns the depth bounds Generate keeps to for an area.
func (a *Area) Bounds() DepthBounds {
	maxD := a.MaxDepth
	if maxD <= 0 {
		maxD = DefaultMaxDepth
	}
	return DepthBounds{Min: max(a.MinDepth, 1), Max: min(maxD, maxTableDepth)}
}

// depthsAt returns the depths to try for a goal key at a relaxation level, in the order to try them: at Strict
// those from minDepth to maxDepth in random order (maxDepth is a limit, not a target); shallower ones deepest first;
// deeper ones shallowest first. Only depths the table allows are listed.
func (s *search) depthsAt(r Relaxation, k int, b DepthBounds) []int {
	switch r {
	case RelaxedMinDepth:
		return s.ordered(k, b.Min-1, 1)
	case RelaxedRepetition:
		return append(s.targets(k, b.Min, b.Max), s.ordered(k, b.Min-1, 1)...)
	case RelaxedMaxDepth:
		return s.ordered(k, b.Max+1, maxTableDepth)
	}
	return s.targets(k, b.Min, b.Max)
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
