package puzzle

import "slices"

// herringStates caps the state-space exploration that proves a red herring harmless.
const herringStates = 20_000

// addHerrings spawns the generator's red herrings in a puzzle's area (point 13): objects of items that may be
// spawned there, that no leaf uses and that satisfy no protected goal. Each is kept only if the state-space explorer
// proves it never blocks the solution: with it, every state reachable under the puzzle's rules (and the fail rules)
// can still reach the goal, exploring completely within herringStates.
func (g *Generator) addHerrings(s *search, p *Puzzle) {
	if g.RedHerrings <= 0 {
		return
	}
	protect := append(s.protect[:len(s.protect):len(s.protect)], s.goalOf(p.Goal))
	var cands []int
	for i, it := range g.items {
		if !s.t.spawn.has(i) {
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
	for try := 0; try < 2*g.RedHerrings && len(p.Herrings) < g.RedHerrings; try++ {
		it := g.items[cands[s.rng.IntN(len(cands))]]
		o := Object{ID: next, Item: it.Name, Area: p.Area, Props: it.Props.Clone()}
		if !g.harmless(s, p, o) {
			continue
		}
		p.Spawned = append(p.Spawned, o)
		p.Herrings = append(p.Herrings, next)
		next++
	}
}

// harmless reports whether the explorer proves that adding object o to a puzzle's world leaves no dead end: no
// state reachable under the puzzle's rules from which its goal cannot be reached.
func (g *Generator) harmless(s *search, p *Puzzle, o Object) bool {
	objs := append(slices.Clone(s.world.Objects), p.Spawned...)
	state := NewState(append(objs, o))
	areas := append([]string{p.Area}, s.world.Unlocked...)
	r, err := g.pack.Explore(state, Explore{Tree: p.TreeRules(), FailRules: g.pack.FailRules, Goal: p.Goal, Areas: areas,
		MaxStates: herringStates, Analyse: true})
	return err == nil && r.Complete && r.Solvable == Yes && r.DeadEnds == 0
}
