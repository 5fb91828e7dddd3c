package puzzle

import "slices"

// herringStates caps the state-space exploration that proves a red herring harmless.
const herringStates = 20_000

// addHerrings spawns red herrings in a puzzle's area (point 13), as many as the area asks for (Area.Herrings) or
// else the generator's RedHerrings: objects of items that may be spawned there, that no rule makes, that no leaf
// uses and that satisfy no protected goal. Each is kept only if the state-space explorer proves it never blocks the solution:
// with it, every state reachable under the puzzle's rules (and the fail rules) can still reach the goal,
// exploring completely within herringStates.
func (g *Generator) addHerrings(s *search, p *Puzzle, a *Area) {
	want := g.RedHerrings
	if a.Herrings > 0 {
		want = a.Herrings
	}
	if want <= 0 {
		return
	}
	protect := append(s.protect[:len(s.protect):len(s.protect)], s.goalOf(p.Goal))
	var cands []int
	for i, it := range g.items {
		if !s.t.spawn.has(i) || g.madeByRule(i) {
			continue
		}
		n := &Node{item: i, props: it.Props}
		ok := true
		for _, gl := range protect {
			ok = ok && !s.nodeSatisfies(n, gl)
		}
		if ok {
			cands = append(cands, i)
		}
	}
	if len(cands) == 0 {
		return
	}
	next := s.firstID
	for _, o := range p.Spawned {
		next = max(next, o.ID+1)
	}
	// Candidates in random order; one no rule of the puzzle can use is harmless at once, one it can use needs the
	// explorer's proof, of which there are at most as many as herrings wanted (each may explore herringStates).
	shuffle(s.rng, cands)
	tree := p.TreeRules()
	proofs := 0
	for _, i := range cands {
		if len(p.Herrings) == want {
			break
		}
		it := g.items[i]
		o := Object{ID: next, Item: it.Name, Area: p.Area, Props: it.Props.Clone()}
		if g.usable(tree, o) {
			if proofs++; proofs > want || !g.harmless(s, p, o) {
				continue
			}
		}
		p.Spawned = append(p.Spawned, o)
		p.Herrings = append(p.Herrings, next)
		next++
	}
}

// usable reports whether an object can be an input of a rule of a puzzle's tree or of a fail rule: otherwise no
// move but picking it up and putting it down can take it, and it cannot block the puzzle.
func (g *Generator) usable(tree []TreeRule, o Object) bool {
	var rules []*Rule
	for _, n := range tree {
		rules = append(rules, n.Rule)
	}
	for _, r := range append(rules, g.pack.FailRules...) {
		for _, in := range r.Inputs {
			if g.pack.Matches(o.Item, o.Props, in) {
				return true
			}
		}
	}
	return false
}

// harmless reports whether the explorer proves that adding object o to a puzzle's world leaves no dead end: no
// state reachable under the puzzle's rules from which its goal cannot be reached. Carryable objects count as
// carried (as deadEndFree and the manager's analyses take them): a player can pick up again whatever they put down
// in an accessible area, so where such an object lies never makes a dead end, and without the reduction picking up
// and putting down each of them in each unlocked area fills herringStates before the proof ends.
func (g *Generator) harmless(s *search, p *Puzzle, o Object) bool {
	objs := append(slices.Clone(s.world.Objects), p.Spawned...)
	state := NewState(append(objs, o))
	areas := append([]string{p.Area}, s.world.Unlocked...)
	r, err := g.pack.Explore(state, Explore{Tree: p.TreeRules(), FailRules: g.pack.FailRules, Goal: p.Goal, GoalArea: p.Area, Areas: areas,
		MaxStates: herringStates, Analyse: true, carried: true})
	return err == nil && r.Complete && r.Solvable == Yes && r.DeadEnds == 0
}

// madeByRule reports whether a rule can make an item as its main output. Such an item is kept out of red herrings:
// left in the world, it would cut short the puzzles of later areas, whose trees end at an item that exists.
func (g *Generator) madeByRule(item int) bool {
	for _, r := range g.rules {
		if g.typeItems[g.info[r].outType[0]].has(item) {
			return true
		}
	}
	return false
}
