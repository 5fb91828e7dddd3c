package stats

import (
	"slices"
	"strconv"
	"strings"

	"riddlestone/puzzle"
)

// Signature writes a puzzle tree as text that two puzzles share exactly when a player would meet the same puzzle:
// the same rules making the same items from the same kinds of leaves, in the same shape. Object ids, and whether a
// leaf was spawned or found, are left out.
func Signature(pz *puzzle.Puzzle) string {
	var b strings.Builder
	var walk func(n *puzzle.Node)
	walk = func(n *puzzle.Node) {
		if n.Leaf() {
			b.WriteString(n.Item + n.Term.Props.String())
			return
		}
		b.WriteString(strconv.Itoa(n.Rule.Index) + ":" + n.Item + "(")
		for i, c := range n.Children {
			if i > 0 {
				b.WriteByte(',')
			}
			walk(c)
		}
		b.WriteByte(')')
		for _, a := range n.Alternatives {
			b.WriteByte('|')
			walk(a)
		}
	}
	walk(pz.Root)
	return b.String()
}

// Parallel reports whether a puzzle has parallel sub-goals: a step with two inputs that are each made by steps of
// their own, which the player can work towards in either order. A puzzle without is a single chain.
func Parallel(pz *puzzle.Puzzle) bool {
	var walk func(n *puzzle.Node) bool
	walk = func(n *puzzle.Node) bool {
		made := 0
		for _, c := range n.Children {
			if !c.Leaf() {
				made++
			}
			if walk(c) {
				return true
			}
		}
		return made >= 2
	}
	return walk(pz.Root)
}

// maxWays bounds the ways of one puzzle that Solutions proves.
const maxWays = 8

// Solutions returns the rule multisets of a puzzle's solutions, each as the sorted rule indexes of one, as the
// explorer proves them: for each way through its alternatives (Puzzle.Ways, the dissertation's OR-nodes) whose
// rules alone reach the goal from the state its solution started from, in the game's tree mode. Two different
// multisets are two genuinely different solutions. A puzzle without alternatives has its one solution.
func Solutions(p *puzzle.Pack, pz Puzzle) [][]int {
	ws := pz.Ways(maxWays)
	if len(ws) == 1 {
		return [][]int{wayRules(ws[0])}
	}
	var out [][]int
	for _, w := range ws {
		rules := wayRules(w)
		if slices.ContainsFunc(out, func(r []int) bool { return slices.Equal(r, rules) }) {
			continue
		}
		r, err := p.Explore(pz.State, puzzle.Explore{Tree: w.TreeRules(), FailRules: p.FailRules, Goal: pz.Goal,
			GoalArea: pz.Area, FirstGoal: true, MaxStates: 20_000})
		if err == nil && r.Solvable == puzzle.Yes {
			out = append(out, rules)
		}
	}
	return out
}

// wayRules returns the sorted rule indexes of a puzzle's solution.
func wayRules(pz *puzzle.Puzzle) []int {
	var rules []int
	for _, n := range pz.Solution() {
		rules = append(rules, n.Rule.Index)
	}
	slices.Sort(rules)
	return rules
}

// Alternative reports whether a puzzle has two genuinely different solutions: the explorer proves two ways to
// its goal with different rule multisets.
func Alternative(p *puzzle.Pack, pz Puzzle) bool { return len(Solutions(p, pz)) >= 2 }

// Rules returns the indexes of the rules a puzzle's tree uses, its alternatives' too.
func Rules(pz *puzzle.Puzzle) []int {
	var out []int
	for _, n := range pz.TreeRules() {
		out = append(out, n.Rule.Index)
	}
	return out
}
