package puzzle

import "testing"

// toolPack has a rule whose output is more general than what the puzzle needs: Forge makes a Tool, while cutting
// a plank needs a Saw. The generator specialises the output to a Saw
// (point 3), so the game must make a Saw when that node runs.
func toolPack(t testing.TB) *Pack {
	p := buildPack(t,
		[]string{"Tool:", "Hammer: Tool carryable=true", "Saw: Tool carryable=true", "Iron: carryable=true", "Log: carryable=true", "Plank:"},
		[]string{"Tool ::= Forge Iron", "Plank ::= Cut Log Saw"}, "Shed")
	p.Areas[0].Goals = []Term{{Type: "Plank"}}
	p.Areas[0].Start = true
	p.Areas[0].MinDepth, p.Areas[0].MaxDepth = 2, 3
	return p
}

func toolPuzzle(t *testing.T) (*Pack, *Puzzle) {
	p := toolPack(t)
	pz := genPuzzle(t, p, "Shed", 1)
	if got := solutionActions(pz); got != "Forge Cut" {
		t.Fatalf("solution %q", got)
	}
	if saw := pz.Solution()[0].Outputs; len(saw) != 1 || saw[0] != "Saw" {
		t.Fatalf("Forge node outputs %v, want [Saw]", saw)
	}
	return p, pz
}

// The manager makes a node's outputs of the items the tree chose, in both modes, when a move completes that node.
func TestManagerMakesTheTreesItems(t *testing.T) {
	for _, mode := range []Mode{TreeRules, AllRules} {
		p, pz := toolPuzzle(t)
		m := NewManager(p, NewState(pz.Spawned), mode, nil)
		if _, err := m.Track(pz.Area, pz.Goal, pz.TreeRules()); err != nil {
			t.Fatal(err)
		}
		iron := pz.Solution()[0].Children[0].Object
		out, _, err := m.Do(Move{Rule: pz.Solution()[0].Rule, Inputs: []int{iron}})
		if err != nil {
			t.Fatal(err)
		}
		if out[0].Item != "Saw" {
			t.Fatalf("mode %d: Forge made %s, want the tree's Saw", mode, out[0].Item)
		}
		log := pz.Solution()[1].Children[0].Object
		if _, achieved, err := m.Do(Move{Rule: pz.Solution()[1].Rule, Inputs: []int{log, out[0].ID}}); err != nil || len(achieved) != 1 {
			t.Fatalf("mode %d: Cut: achieved %v, %v", mode, achieved, err)
		}
	}
	// Without a tree node to complete, a rule makes the item its output names.
	p := toolPack(t)
	s := NewState([]Object{{ID: 1, Item: "Iron", Area: "Shed", Props: Props{"carryable": Bool(true)}}})
	m := NewManager(p, s, AllRules, nil)
	if out, _, err := m.Do(Move{Rule: p.Rules[0], Inputs: []int{1}}); err != nil || out[0].Item != "Tool" {
		t.Fatalf("untracked Forge: %v, %v", out, err)
	}
}

// The explorer runs a tree's rules as its nodes do: given the tree, it proves the puzzle solvable; given only the
// bare rules, which make a plain Tool, it proves it is not.
func TestExploreUsesTheTreesItems(t *testing.T) {
	p, pz := toolPuzzle(t)
	s := NewState(pz.Spawned)
	bare, err := p.Explore(s, Explore{Rules: p.Rules, Goal: pz.Goal, Areas: []string{"Shed"}, Analyse: true})
	if err != nil || bare.Solvable != No {
		t.Fatalf("bare rules: %v, %v", bare, err)
	}
	for _, cfg := range []Explore{
		{Tree: pz.TreeRules()},                   // tree mode
		{Rules: p.Rules, Tree: pz.TreeRules()},   // all-rules mode on a tracked puzzle
		{Tree: pz.TreeRules(), DepthFirst: true}, // with every reduction
	} {
		cfg.Goal, cfg.Areas = pz.Goal, []string{"Shed"}
		an := cfg
		an.Analyse = !cfg.DepthFirst
		rep, err := p.Explore(s, an)
		if err != nil || rep.Solvable != Yes || rep.Shortest != 2 {
			t.Fatalf("%+v: %v, %v", cfg, rep, err)
		}
		// Forge may make a Tool (all rules) or a Saw (the tree): two moves, one solution.
		if an.Analyse && rep.Solutions != 1 {
			t.Fatalf("%+v: %d solutions, want 1", cfg, rep.Solutions)
		}
	}
}
