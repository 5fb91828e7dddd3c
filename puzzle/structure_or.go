package puzzle

import (
	"slices"
)

// Two genuinely different solutions (issue 24; the dissertation's OR-nodes, chapters 3 and 4): where the pack has
// another rule that makes the item of a node of the tree, generation adds a subtree of that rule beside the node
// (Node.Alternatives), and the player may make the item either way. The two ways use different rule multisets, and
// the explorer proves that no state reachable from the start is a dead end, or the alternative is dropped.

// altTries bounds the nodes of a tree for which an alternative is tried, and altBudget the search nodes each try
// may spend.
const (
	altTries  = 4
	altBudget = 4_000
)

// altStates caps the exploration that proves a puzzle with an alternative free of dead ends.
const altStates = 20_000

// addAlternative tries to give one rule node of a fresh tree of depth d an alternative: a subtree of another rule
// making the same item, within the tree's depth, whose rules differ as a multiset from the node's subtree. It
// returns the node given one, or nil. Generate then proves the puzzle free of dead ends (proveAlternatives).
func (s *search) addAlternative(root *Node, d int) *Node {
	type cand struct {
		n     *Node
		level int
		above []int // the items the nodes above it make
	}
	var cands []cand
	var walk func(n *Node, level int, above []int)
	walk = func(n *Node, level int, above []int) {
		if n.Leaf() {
			return
		}
		if n.outIn[0] < 0 && level < d {
			cands = append(cands, cand{n, level, slices.Clone(above)})
		}
		if made := n.makes(); made != "" && n.item >= 0 {
			above = append(above, n.item)
		}
		for _, c := range n.Children {
			walk(c, level+1, above)
		}
	}
	walk(root, 0, nil)
	shuffle(s.rng, cands)
	budget := s.budget
	defer func() { s.budget = budget }()
	for i, c := range cands {
		if i == altTries {
			break
		}
		s.budget = altBudget
		for _, item := range c.above {
			s.pushMade(item)
		}
		alt := s.alternative(c.n, d-c.level, c.level == 0)
		for j := len(c.above) - 1; j >= 0; j-- {
			s.popMade(c.above[j])
		}
		if alt != nil {
			c.n.Alternatives = append(c.n.Alternatives, alt)
			return c.n
		}
	}
	return nil
}

// alternative fills node n's key with a rule other than n's that makes n's item, within depth hi, and returns the
// subtree when its rules differ from those of n's subtree and it leaves nothing behind (leavesNoLeftover);
// otherwise it undoes what it took and returns nil.
func (s *search) alternative(n *Node, hi int, root bool) *Node {
	key := &s.g.keys[n.key]
	var opts []int
	for i := range key.rules {
		o := &key.rules[i]
		if o.rule != n.Rule && o.info.outIn[0] < 0 && s.ruleViable(n.key, o, n.item, 1, hi) {
			opts = append(opts, i)
		}
	}
	shuffle(s.rng, opts)
	want := subtreeRules(n)
	for _, i := range opts {
		m := s.save()
		alt := s.apply(n.key, &key.rules[i], n.item, 1, hi, root)
		if alt == nil {
			continue
		}
		if alt.item == n.item && !slices.Equal(subtreeRules(alt), want) && s.leavesNoLeftover(alt) {
			alt.Item, alt.Term = n.Item, n.Term
			return alt
		}
		s.restore(m)
	}
	return nil
}

// leavesNoLeftover reports whether the way of a subtree the player does not take leaves nothing behind that would
// cut later puzzles short: every object spawned for its leaves is of an item no rule makes (as red herrings are),
// since a later puzzle ends its tree at an item that exists.
func (s *search) leavesNoLeftover(n *Node) bool {
	if n.Leaf() {
		return !n.Spawn || !s.g.madeByRule(n.item)
	}
	for _, c := range n.Children {
		if !s.leavesNoLeftover(c) {
			return false
		}
	}
	return true
}

// subtreeRules returns the sorted rule indexes of a subtree's rule nodes, alternatives left out.
func subtreeRules(n *Node) []int {
	var out []int
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Leaf() {
			return
		}
		out = append(out, n.Rule.Index)
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(n)
	slices.Sort(out)
	return out
}

// proveAlternatives drops a puzzle's alternatives, and the objects only they use, unless the explorer proves the
// puzzle free of dead ends with them: an alternative that can leave the player stuck is no alternative.
func (s *search) proveAlternatives(p *Puzzle) {
	if len(p.Ways(2)) < 2 || s.g.deadEndFree(s, p) {
		return
	}
	var walk func(n *Node)
	walk = func(n *Node) {
		n.Alternatives = nil
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(p.Root)
	p.renumber(s.firstID)
}

// deadEndFree reports whether the explorer proves that a puzzle leaves no dead end: every state reachable under
// its tree's rules, alternatives too, and the fail rules can still reach the goal, exploring completely within
// altStates. Carryable objects count as carried: where they lie never decides what can still be done.
func (g *Generator) deadEndFree(s *search, p *Puzzle) bool {
	state := NewState(append(slices.Clone(s.world.Objects), p.Spawned...))
	areas := append([]string{p.Area}, s.world.Unlocked...)
	r, err := g.pack.Explore(state, Explore{Tree: p.TreeRules(), FailRules: g.pack.FailRules, Goal: p.Goal, GoalArea: p.Area,
		Areas: areas, MaxStates: altStates, Analyse: true, carried: true})
	return err == nil && r.Complete && r.Solvable == Yes && r.DeadEnds == 0
}

// Ways returns the puzzle's ways to its goal, at most limit: for each choice of one node of every group of
// alternatives met (Node.Alternatives), a puzzle whose tree is that choice alone, sharing the original's nodes'
// fields but not their children lists. A puzzle without alternatives has one way, itself.
func (p *Puzzle) Ways(limit int) []*Puzzle {
	var out []*Puzzle
	for _, root := range ways(p.Root, limit) {
		w := *p
		w.Root = root
		out = append(out, &w)
	}
	return out
}

// ways returns up to limit trees of a node's ways: the node or one of its alternatives, each with one way of each
// of its children.
func ways(n *Node, limit int) []*Node {
	if n.Leaf() {
		return []*Node{n}
	}
	var out []*Node
	for _, m := range append([]*Node{n}, n.Alternatives...) {
		combos := [][]*Node{nil}
		for _, c := range m.Children {
			var next [][]*Node
			for _, w := range ways(c, limit) {
				for _, combo := range combos {
					if len(next) < limit {
						next = append(next, append(slices.Clone(combo), w))
					}
				}
			}
			combos = next
		}
		for _, combo := range combos {
			if len(out) == limit {
				return out
			}
			cp := *m
			cp.Children, cp.Alternatives = combo, nil
			out = append(out, &cp)
		}
	}
	return out
}
