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

// Solutions returns the rule multisets of a puzzle's solutions, each as the sorted rule indexes of one: two are
// genuinely different solutions. A puzzle tree of today's generator has one solution; an alternative node (an
// OR-node, when the generator makes them) is where this must branch.
func Solutions(pz *puzzle.Puzzle) [][]int {
	var rules []int
	for _, n := range pz.Solution() {
		rules = append(rules, n.Rule.Index)
	}
	slices.Sort(rules)
	return [][]int{rules}
}

// Alternative reports whether a puzzle has two genuinely different solutions: different rule multisets.
func Alternative(pz *puzzle.Puzzle) bool {
	sols := Solutions(pz)
	for i := 1; i < len(sols); i++ {
		if !slices.Equal(sols[i], sols[0]) {
			return true
		}
	}
	return false
}

// Rules returns the indexes of the rules a puzzle's tree uses.
func Rules(pz *puzzle.Puzzle) []int {
	var out []int
	for _, n := range pz.Solution() {
		out = append(out, n.Rule.Index)
	}
	return out
}
