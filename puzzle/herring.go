package puzzle

// addHerrings spawns the generator's red herrings in a puzzle's area: objects of items that may be spawned there,
// that no leaf uses and that satisfy no protected goal. Under the puzzle-tree rules they cannot block the solution,
// which names its objects; under every rule, proving that takes the state-space explorer.
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
	for range g.RedHerrings {
		it := g.items[cands[s.rng.IntN(len(cands))]]
		p.Spawned = append(p.Spawned, Object{ID: next, Item: it.Name, Area: p.Area, Props: it.Props.Clone()})
		p.Herrings = append(p.Herrings, next)
		next++
	}
}
