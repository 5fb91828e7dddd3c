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
