package puzzle

import "testing"

// TestExploreGeneratedPuzzles checks generator and explorer against each other: every generated heist puzzle is
// proved solvable from its spawned objects, with only its tree's rules and with every rule, and the shortest
// solution is never longer than the tree's own.
func TestExploreGeneratedPuzzles(t *testing.T) {
	p := heistPack()
	for seed := uint64(1); seed <= 20; seed++ {
		pz := genPuzzle(t, p, "Vault", seed)
		var tree []*Rule
		for _, n := range pz.Solution() {
			tree = append(tree, n.Rule)
		}
		s := NewState(pz.Spawned)
		for _, rules := range [][]*Rule{tree, p.Rules} {
			rep, err := p.Explore(s, Explore{Rules: rules, Goal: pz.Goal, Areas: []string{pz.Area}, Analyse: true})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Solvable != Yes || rep.Shortest > len(tree) || rep.Shortest < 1 {
				t.Fatalf("seed %d: %v for a tree of %d steps", seed, rep, len(tree))
			}
			first, _ := p.Explore(s, Explore{Rules: rules, Goal: pz.Goal, Areas: []string{pz.Area}, FirstGoal: true, DepthFirst: true})
			if first.Solvable != Yes {
				t.Fatalf("seed %d: depth first %v", seed, first)
			}
		}
	}
}

// TestExploreProvesBenchmarkPuzzles runs the same check on depth-12 puzzles of the 300-rule benchmark grammar,
// whose rules often make a general type that the tree specialises (Tool ::= Forge Iron making a Saw) and often
// keep an input while making something: with the tree's items and acceleration, each is proved solvable.
func TestExploreProvesBenchmarkPuzzles(t *testing.T) {
	pk := synthPack(42, 200, 300, 16, 12)
	g := NewGenerator(pk)
	n := 0
	for seed := uint64(1); n < 12; seed++ {
		pz, err := g.Generate(pk.Areas[seed%uint64(len(pk.Areas))], &World{}, seedRNG(seed))
		if err != nil || pz.Depth != 12 {
			continue
		}
		n++
		rep, err := pk.Explore(NewState(pz.Spawned), Explore{Tree: pz.TreeRules(), Goal: pz.Goal, Areas: []string{pz.Area},
			Accelerate: true, FirstGoal: true, MaxStates: 200_000})
		if err != nil || rep.Solvable != Yes {
			t.Fatalf("seed %d: %v, %v\n%s", seed, rep, err, pz.DOT())
		}
	}
}
