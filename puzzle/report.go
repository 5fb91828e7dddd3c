package puzzle

import (
	"fmt"
	"strconv"
	"strings"
)

// CountCap is where the explorer's solution counts saturate: a count that reaches it is a lower bound. It is well
// below the largest int64, so that no sum of two counts overflows.
const CountCap = 1_000_000_000_000_000_000

// Bound says how a count relates to the number it stands for.
type Bound uint8

// The bounds of a count.
const (
	Uncounted Bound = iota // unknown: the exploration stopped before it could count, or did not analyse
	Exact                  // the number itself
	AtLeast                // a lower bound: the count saturated at CountCap, or the space was cut at a horizon
	AtMost                 // an upper bound: the length of the solution a search found, maybe not the shortest
	Unbounded              // infinitely many: a cycle lies on a way to the goal
)

// Count is a figure of an exploration with how far it can be trusted, so that no figure has to be read as -1 or
// as a saturated maximum.
type Count struct {
	N     int64 // the number or its bound; 0 when Uncounted or Unbounded
	Bound Bound
}

// Known reports whether the count says anything.
func (c Count) Known() bool { return c.Bound != Uncounted }

// String formats the count: "17", "at least 17", "at most 5", "infinitely many" or "unknown"; a saturated count
// is "at least 10^18".
func (c Count) String() string {
	n := strconv.FormatInt(c.N, 10)
	if c.N >= CountCap {
		n = "10^18"
	}
	switch c.Bound {
	case Exact:
		return n
	case AtLeast:
		return "at least " + n
	case AtMost:
		return "at most " + n
	case Unbounded:
		return "infinitely many"
	}
	return "unknown"
}

// Counts are the figures of a report that an exploration may not know exactly.
type Counts struct {
	DeadEnds          Count
	FailStates        Count
	Shortest          Count // moves of the shortest solution; Uncounted when no goal state was found
	ShortestSolutions Count
	Solutions         Count
}

// Counts returns the report's figures with their bounds. Shortest is exact in an analysis (breadth first, without
// reductions), even one stopped by its cap, and an upper bound in a search; it is unknown when acceleration found
// the goal. Dead ends and solutions are known only when the analysis ran: exact when the exploration was
// complete, lower bounds within a horizon (Explore.MaxDepth).
func (r *Report) Counts() Counts {
	var c Counts
	within := Exact
	if !r.Complete {
		within = AtLeast
	}
	c.FailStates = Count{int64(r.FailStates), within}
	if r.GoalStates > 0 && r.Accelerated == 0 {
		c.Shortest = Count{int64(r.Shortest), AtMost}
		if r.breadthFirst {
			c.Shortest.Bound = Exact
		}
	}
	if !r.analysed {
		return c
	}
	c.DeadEnds = Count{int64(r.DeadEnds), within}
	c.Solutions = solutionCount(r.Solutions, within)
	c.ShortestSolutions = solutionCount(r.ShortestSolutions, Exact)
	if r.GoalStates == 0 {
		c.ShortestSolutions = c.Solutions
	}
	return c
}

// solutionCount is a count of solutions with its bound: unbounded for -1, a lower bound when saturated.
func solutionCount(n int64, b Bound) Count {
	switch {
	case n < 0:
		return Count{Bound: Unbounded}
	case n >= CountCap:
		return Count{CountCap, AtLeast}
	}
	return Count{n, b}
}

// Stopped reports whether the exploration ended before it ran out of states to explore: at its state cap, at the
// first goal (Explore.FirstGoal), or in an analysis at a state that grew too large. Only the verdict and the
// shortest solution found are then known (see Counts), and a graph is partial.
func (r *Report) Stopped() bool { return r.stop != searching }

// Summary says what the exploration found in one line of words, as a person reads it: only figures it knows, with
// their bounds, and why the rest is unknown. A complete analysis reads "solvable yes, 1234 states, 17 solutions,
// shortest 3 moves, 2 dead ends, 0 fail states"; one stopped by its cap "solvable yes, shortest 3 moves
// (exploration stopped at 200000 states: dead ends and solution counts unknown)".
func (r *Report) Summary() string {
	c := r.Counts()
	parts := []string{"solvable " + r.Solvable.String()}
	if r.stop != searching {
		if c.Shortest.Known() {
			parts = append(parts, shortestPhrase(c.Shortest))
		}
		return strings.Join(parts, ", ") + " (" + r.stopPhrase() + ")"
	}
	states := plural(int64(r.States), "state")
	if r.Horizon > 0 {
		states += fmt.Sprintf(" within %d moves", r.maxDepth)
	}
	parts = append(parts, states)
	if r.analysed {
		parts = append(parts, solutionsPhrase(c.Solutions))
	}
	if c.Shortest.Known() {
		parts = append(parts, shortestPhrase(c.Shortest))
	}
	if r.analysed {
		parts = append(parts, countPhrase(c.DeadEnds, "dead end"))
	}
	parts = append(parts, plural(int64(r.FailStates), "fail state"))
	s := strings.Join(parts, ", ")
	if r.Horizon > 0 {
		s += fmt.Sprintf(" (states %d moves away were not explored)", r.maxDepth)
	}
	if r.Outgrown > 0 {
		s += fmt.Sprintf(" (%s growing past %d objects left out)", plural(int64(r.Outgrown), "state"), r.maxObjects)
	}
	return s
}

// stopPhrase says why an exploration stopped early and what it therefore does not know.
func (r *Report) stopPhrase() string {
	var s string
	switch r.stop {
	case foundGoal:
		return fmt.Sprintf("exploration stopped at the first goal, after %s", plural(int64(r.States), "state"))
	case outgrown:
		s = fmt.Sprintf("exploration stopped at %s: a state grew past %d objects", plural(int64(r.States), "state"), r.maxObjects)
	default:
		s = fmt.Sprintf("exploration stopped at %s", plural(int64(r.States), "state"))
	}
	if r.analyse {
		s += ": dead ends and solution counts unknown"
	}
	return s
}

// shortestPhrase is "shortest 3 moves" for an exact count, "a solution of 3 moves" for an upper bound.
func shortestPhrase(c Count) string {
	if c.Bound == Exact {
		return "shortest " + plural(c.N, "move")
	}
	return "a solution of " + plural(c.N, "move")
}

// solutionsPhrase is "17 solutions", "no solution", "at least 10^18 solutions" or "infinitely many solutions".
func solutionsPhrase(c Count) string {
	if c == (Count{0, Exact}) {
		return "no solution"
	}
	return countPhrase(c, "solution")
}

// countPhrase is a count with its noun, plural unless the count is one.
func countPhrase(c Count, noun string) string {
	if c.N != 1 || c.Bound == Unbounded {
		noun += "s"
	}
	return c.String() + " " + noun
}

// plural is "1 state" or "3 states".
func plural(n int64, noun string) string { return countPhrase(Count{n, Exact}, noun) }
