package puzzle

import (
	"slices"
	"testing"
)

// radioPack is the example of a node with a general input: Play takes any Person, and generation matches
// the Clerk for it, whose distraction Steal needs. A Guard stands by.
func radioPack(t *testing.T) (*Pack, []Object) {
	p := buildPack(t,
		[]string{"Person:", "Clerk: Person notSpawnable=true", "Guard: Person notSpawnable=true", "Radio: carryable=true",
			"Badge: carryable=true"},
		[]string{"Person[distracted=true] Radio ::= Play Radio Person[distracted=false]", "Badge Clerk ::= Steal Clerk[distracted=true]"},
		"Bank")
	p.Areas[0].Goals, p.Areas[0].Start, p.Areas[0].MaxDepth = []Term{{Type: "Badge"}}, true, 3
	world := []Object{{ID: 1, Item: "Clerk", Area: "Bank", Props: Props{}}, {ID: 2, Item: "Guard", Area: "Bank", Props: Props{}},
		{ID: 3, Item: "Radio", Area: "Bank", Props: Props{"carryable": Bool(true)}}}
	return p, world
}

// radioGame is the radio puzzle tracked in a game in mode.
func radioGame(t *testing.T, mode Mode) (*Manager, *Tracked) {
	p, world := radioPack(t)
	a, _ := p.Area("Bank")
	pz, err := NewGenerator(p).Generate(a, &World{Objects: world, Unlocked: []string{"Bank"}}, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	if play := pz.Solution()[0]; play.Rule.Action != "Play" || play.Children[1].Item != "Clerk" {
		t.Fatalf("the tree is not Steal ← Play(Radio, Clerk):\n%s", pz.DOT())
	}
	m := NewManager(p, NewState(world), mode, nil)
	tr, err := trackGame(m, pz)
	if err != nil {
		t.Fatal(err)
	}
	return m, tr
}

// reachable reports by brute force whether a goal of t is reachable by the manager's own moves, within limit
// states (false, false when the search ran out).
func reachable(m *Manager, t *Tracked, limit int) (yes, known bool) {
	g := exploreGame(m, limit)
	return g.reach(0, slices.Index(m.Puzzles, t))
}

// A tree node runs on the items generation matched for its inputs: Play, whose Person is the Clerk, cannot be run
// on the Guard (in tree mode that used up the node and left the Clerk undistracted: no move could solve the
// area, and every check said it could). After every move the manager offers, the check agrees with brute force.
func TestTreeNodeRunsOnItsItems(t *testing.T) {
	m, tr := radioGame(t, TreeRules)
	for _, mv := range m.Moves() {
		if mv.Rule.Action == "Play" && slices.Contains(mv.Inputs, 2) {
			t.Errorf("the manager offers Play on the Guard: %v", mv)
		}
		after := m.Clone(nil)
		if _, _, err := after.Do(mv); err != nil {
			t.Fatal(err)
		}
		u := after.Puzzles[0]
		want, _ := reachable(after, u, 1000)
		if got := quickVerdict(after, u); got != verdictOf(want) {
			t.Errorf("after %s %v: the check says %v, brute force %v", mv.Rule.Action, mv.Inputs, got, want)
		}
	}
	if got := quickVerdict(m, tr); got != Yes {
		t.Errorf("fresh puzzle: %v", got)
	}
}

func verdictOf(yes bool) Verdict {
	if yes {
		return Yes
	}
	return No
}

// The default pack, seed 6, area Mine: the Furnace is lit with Planks the tree found in the Forest. Lighting it with
// the OakLog the tree needs for crafting is not a move of the tree; with it the manager offered no move at all.
func TestDefaultPackMineLightsTheFurnaceWithPlanks(t *testing.T) {
	p, err := Load("../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	found := false
	if _, err := PlaythroughEach(p, 6, func(sv Solving) {
		if sv.Puzzle.Area != "Mine" {
			return
		}
		found = true
		m := NewManager(p, sv.State.Clone(), TreeRules, func(a string) bool { return slices.Contains(sv.Unlocked, a) })
		tr, err := trackGame(m, sv.Puzzle)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range m.Moves() {
			if mv.Rule.Action != "Light" {
				continue
			}
			for _, id := range mv.Inputs {
				if o, _ := m.State.Object(id); o.Item == "OakLog" {
					t.Errorf("the manager offers lighting the Furnace with the OakLog: %v", mv)
				}
			}
		}
		if got := quickVerdict(m, tr); got != Yes {
			t.Errorf("the check says %v", got)
		}
	}); err != nil {
		t.Fatal(err)
	}
	if !found {
		t.Fatal("no puzzle for the Mine with seed 6")
	}
}

// vaultPack has a vault whose key lies in the lobby, another open area, and a harmless rule (polishing the key).
func vaultPack(t *testing.T) (*Pack, []Object) {
	p := buildPack(t,
		[]string{"Vault: notSpawnable=true", "Key: carryable=true notSpawnable=true", "Vase: carryable=true notSpawnable=true",
			"Shards: carryable=true"},
		[]string{"Vault[open=true] ::= Open Vault[open=false] Key", "Key[shiny=true] ::= Polish Key[shiny=false]",
			"!Shards ::= Smash Vase"},
		"Lobby", "Hall")
	p.Areas[1].Goals, p.Areas[1].MaxDepth = []Term{{Type: "Vault", Props: Props{"open": Bool(true)}}}, 2
	world := []Object{{ID: 1, Item: "Key", Area: "Lobby", Props: Props{"carryable": Bool(true)}},
		{ID: 2, Item: "Vault", Area: "Hall", Props: Props{"open": Bool(false)}},
		{ID: 3, Item: "Vase", Area: "Lobby", Props: Props{"carryable": Bool(true)}}}
	return p, world
}

// vaultGame is the vault's puzzle tracked in a game where the lobby and the hall are open.
func vaultGame(t *testing.T, mode Mode, key string) (*Manager, *Tracked) {
	p, world := vaultPack(t)
	world[0].Area = key
	a, _ := p.Area("Hall")
	open := []string{"Lobby", "Hall"}
	pz, err := NewGenerator(p).Generate(a, &World{Objects: world, Unlocked: open}, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	m := NewManager(p, NewState(world), mode, func(a string) bool { return slices.Contains(open, a) })
	tr, err := trackGame(m, pz)
	if err != nil {
		t.Fatal(err)
	}
	return m, tr
}

// A fresh puzzle whose input lies in another open area or the inventory is solvable, and the checks say so: they
// explore every place the manager lets players reach, so a harmless move is not warned about and restart is
// refused.
func TestChecksSeeInputsInOtherOpenAreas(t *testing.T) {
	for _, key := range []string{"Lobby", Inventory} {
		for _, mode := range []Mode{TreeRules, AllRules} {
			m, tr := vaultGame(t, mode, key)
			if got := quickVerdict(m, tr); got != Yes {
				t.Errorf("key in %s, mode %d: the check says %v", key, mode, got)
			}
			rep, err := checkReport(m, tr)
			if err != nil || rep.Solvable != Yes || rep.Shortest < 1 {
				t.Errorf("key in %s, mode %d: the admin check says %v, %v", key, mode, rep, err)
			}
		}
		m, tr := vaultGame(t, AllRules, key)
		for _, mv := range m.Moves() {
			if mv.Rule.Action == "Polish" && moveBlocks(m, tr, mv) {
				t.Errorf("key in %s: polishing the key is warned about", key)
			}
		}
	}
}

// Fail states reached through another open area are seen: the vase to smash lies in the lobby.
func TestCheckSeesFailStatesInOtherOpenAreas(t *testing.T) {
	m, tr := vaultGame(t, AllRules, "Lobby")
	rep, err := checkReport(m, tr)
	if err != nil || rep.FailStates == 0 {
		t.Errorf("the admin check found no fail state: %v, %v", rep, err)
	}
}

// campPack has two areas whose goal is a lit campfire. A's is lit; B's needs the stick that Burn can waste.
func campPack(t *testing.T) (*Pack, []Object) {
	p := buildPack(t,
		[]string{"Campfire: notSpawnable=true", "Stick: carryable=true notSpawnable=true", "Ash:"},
		[]string{"Campfire[lit=true] ::= Light Campfire[lit=false] Stick", "Ash ::= Burn Stick"},
		"A", "B")
	lit := Term{Type: "Campfire", Props: Props{"lit": Bool(true)}}
	for _, a := range p.Areas {
		a.Goals, a.MaxDepth = []Term{lit}, 2
	}
	world := []Object{{ID: 1, Item: "Campfire", Area: "A", Props: Props{"lit": Bool(true)}},
		{ID: 2, Item: "Campfire", Area: "B", Props: Props{"lit": Bool(false)}},
		{ID: 3, Item: "Stick", Area: "B", Props: Props{"carryable": Bool(true)}}}
	return p, world
}

// campGame is B's puzzle tracked in a game in mode where A and B are open.
func campGame(t *testing.T, mode Mode) (*Manager, *Tracked) {
	p, world := campPack(t)
	b, _ := p.Area("B")
	open := []string{"A", "B"}
	pz, err := NewGenerator(p).Generate(b, &World{Objects: world, Unlocked: open}, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	m := NewManager(p, NewState(world), mode, func(a string) bool { return slices.Contains(open, a) })
	tr, err := trackGame(m, pz)
	if err != nil {
		t.Fatal(err)
	}
	return m, tr
}

// A dead puzzle is called dead even when another area has the same goal type: goals are per area. The move that
// kills it is warned about, and restart is allowed after it.
func TestChecksCountOnlyTheAreasGoal(t *testing.T) {
	m, tr := campGame(t, AllRules)
	p := m.Pack
	burn := Move{Rule: rule(p, "Burn"), Inputs: []int{3}, Area: "B"}
	if !moveBlocks(m, tr, burn) {
		t.Error("burning B's stick is not warned about")
	}
	if _, _, err := m.Do(burn); err != nil {
		t.Fatal(err)
	}
	if got := quickVerdict(m, tr); got != No {
		t.Errorf("after burning the stick the check says %v", got)
	}
	if rep, err := checkReport(m, tr); err != nil || rep.Solvable != No {
		t.Errorf("after burning the stick the admin check says %v, %v", rep, err)
	}
}

// A node's inputs are typed by the items the tree matched for its children, and TrackPuzzle tracks them so.
func TestTrackPuzzleTypesNodeInputs(t *testing.T) {
	m, tr := radioGame(t, TreeRules)
	play := tr.Nodes[0]
	if play.Rule.Action != "Play" || len(play.Inputs) != 2 || play.Inputs[1].Type != "Clerk" ||
		play.Inputs[1].Props.Get("distracted") != Bool(false) {
		t.Fatalf("Play's inputs %v, want Radio and Clerk[distracted: false]", play.Inputs)
	}
	if _, err := m.Track("Bank", tr.Goal, tr.Nodes); err == nil {
		t.Error("a second puzzle of the Bank was tracked")
	}
}

// The places are the accessible areas the manager knows: the pack's, the puzzles' and those objects lie in.
func TestManagerPlaces(t *testing.T) {
	m, _ := vaultGame(t, TreeRules, "Lobby")
	m.Add(Object{Item: "Vase", Area: "Attic", Props: Props{}}, Object{Item: "Vase", Area: "Cellar", Props: Props{}})
	open := m.Accessible
	m.Accessible = func(a string) bool { return open(a) || a == "Attic" }
	if got := m.Places(); !slices.Equal(got, []string{"Attic", "Hall", "Lobby"}) {
		t.Errorf("places %v, want the open Attic, Hall and Lobby", got)
	}
}

// A move made only of carried objects whose result does not depend on the area is offered once, naming none;
// Do makes it in the first place that offers it.
func TestCarriedMoveNamesNoArea(t *testing.T) {
	m, _ := vaultGame(t, AllRules, Inventory)
	var polish []Move
	for _, mv := range m.Moves() {
		if mv.Rule.Action == "Polish" {
			polish = append(polish, mv)
		}
	}
	if len(polish) != 1 || polish[0].Area != "" {
		t.Fatalf("polish moves %v, want one naming no area", polish)
	}
	if _, _, err := m.Do(polish[0]); err != nil {
		t.Fatal(err)
	}
}

// A puzzle no manager tracks is explored alone in its area, under the rules the limits give.
func TestExplorationOfAnUntrackedPuzzle(t *testing.T) {
	m, tr := vaultGame(t, TreeRules, "Hall")
	alone := &Tracked{Area: tr.Area, Goal: tr.Goal, Nodes: tr.Nodes}
	rep, err := m.Pack.Explore(m.State, alone.Exploration(Explore{}))
	if err != nil || rep.Solvable != Yes {
		t.Errorf("the vault alone, key in the hall: %v, %v", rep, err)
	}
	cfg := m.Exploration(tr, Explore{Areas: []string{"Nowhere"}})
	if !slices.Equal(cfg.Areas, []string{"Hall", "Lobby"}) || cfg.GoalArea != "Hall" {
		t.Errorf("a tracked puzzle's exploration: areas %v, goal area %q", cfg.Areas, cfg.GoalArea)
	}
}
