package puzzle

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// actions returns the actions of a puzzle's solution, in order.
func solutionActions(p *Puzzle) string {
	var s []string
	for _, n := range p.Solution() {
		s = append(s, n.Rule.Action)
	}
	return strings.Join(s, " ")
}

// generate generates an area's puzzle in an empty world, failing the test on error.
func genPuzzle(t *testing.T, p *Pack, area string, seed uint64) *Puzzle {
	t.Helper()
	a, _ := p.Area(area)
	pz, err := NewGenerator(p).Generate(a, &World{}, seedRNG(seed))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return pz
}

// Point 1: one puzzle per area, backward from its goal, inputs generated recursively, rules read left to right.
func TestGenerateHeistIsTheDissertationsTree(t *testing.T) {
	pk := heistPack()
	pk.Areas[0].MinDepth = pk.Areas[0].MaxDepth // the dissertation's figure is as deep as the limit
	p := genPuzzle(t, pk, "Vault", 1)
	if got, want := solutionActions(p), "Trigger CreateDisguise Steal Unlock Open"; got != want {
		t.Fatalf("solution %q, want %q\n%s", got, want, p.DOT())
	}
	if p.Goal.Type != "Gold" || p.Root.Item != "Gold" || p.Depth != 4 || p.Steps != 5 || p.Breadth != 5 {
		t.Errorf("goal %s root %s depth %d steps %d breadth %d", p.Goal, p.Root.Item, p.Depth, p.Steps, p.Breadth)
	}
	var leaves []string
	for _, l := range p.Leaves() {
		leaves = append(leaves, l.Term.String())
	}
	if got, want := strings.Join(leaves, " "), "Safe[locked: true] CarAlarm Security[distracted: false] Glasses FakeMoustache"; got != want {
		t.Errorf("leaves %q, want %q", got, want)
	}
	if len(p.Spawned) != 5 {
		t.Errorf("spawned %d objects, want one per leaf", len(p.Spawned))
	}
}

// Point 1: by-products are not generated: the Badge by-product of Unlock gets no subtree of its own.
func TestGenerateIgnoresByProducts(t *testing.T) {
	p := genPuzzle(t, heistPack(), "Vault", 2)
	for _, n := range p.Solution() {
		if len(n.Children) != len(n.Rule.Inputs) {
			t.Errorf("%s has %d children for %d inputs", n.Rule, len(n.Children), len(n.Rule.Inputs))
		}
		if len(n.Outputs) != len(n.Rule.Outputs) {
			t.Errorf("%s has items for %d outputs", n.Rule, len(n.Outputs))
		}
	}
}

// Point 1: an area whose goal nothing produces fails at once with ErrInfeasible.
func TestGenerateInfeasibleGoal(t *testing.T) {
	pk := heistPack()
	pk.Areas[0].Goals = []Term{mkTerm("Diamond")}
	a := pk.Areas[0]
	_, err := NewGenerator(pk).Generate(a, &World{}, seedRNG(1))
	if !errors.Is(err, ErrInfeasible) {
		t.Fatalf("got %v, want ErrInfeasible", err)
	}
}

// treePack: trees of several kinds; a rule that only applies to pine trees.
func treePack() *Pack {
	b := newPackBuilder()
	b.item("PineTree", []string{"Tree", "Plant"})
	b.item("Oak", []string{"Tree", "Plant"})
	b.item("Bush", []string{"Plant"})
	b.item("Stump", nil)
	b.item("Axe", nil, "carryable", true)
	b.item("PineCone", nil, "carryable", true)
	b.item("Acorn", nil, "carryable", true)
	b.rule(mkOuts(mkTerm("Stump"), mkTerm("Axe")), "ChopDown", mkTerm("Tree"), mkTerm("Axe"))
	b.rule(mkOuts(mkTerm("PineTree")), "PlantCone", mkTerm("PineCone"))
	b.area("Forest", 2, mkTerm("Stump"))
	return b.p
}

// Point 2: items are matched as early as possible and override the term's type, which lets more specific rules
// apply; every term of the finished tree has an item, passed up from below.
func TestGenerateMatchesItemsEarly(t *testing.T) {
	seen := map[string]bool{}
	pk := treePack()
	pk.Areas[0].MinDepth = 1 // depth 1 or 2 at random: a depth-1 tree cannot plant
	for seed := range uint64(60) {
		p := genPuzzle(t, pk, "Forest", seed)
		tree := p.Root.Children[0]
		if tree.Term.Type != tree.Item || (tree.Item != "PineTree" && tree.Item != "Oak") {
			t.Fatalf("seed %d: Tree term became %s with item %s", seed, tree.Term, tree.Item)
		}
		if tree.Item == "Oak" && !tree.Leaf() {
			t.Fatalf("seed %d: an oak was made by %s", seed, tree.Rule)
		}
		if p.Depth == 2 && (tree.Item != "PineTree" || tree.Leaf()) {
			t.Fatalf("seed %d: depth 2 without planting a pine tree:\n%s", seed, p.DOT())
		}
		seen[tree.Item+map[bool]string{true: " leaf", false: " planted"}[tree.Leaf()]] = true
		var walk func(n *Node)
		walk = func(n *Node) {
			if n.Item == "" {
				t.Fatalf("seed %d: %s has no item", seed, n.Term)
			}
			for _, c := range n.Children {
				walk(c)
			}
		}
		walk(p.Root)
	}
	// With depth to spare the dissertation decomposes, so a pine tree is planted when depth 2 is chosen; an oak
	// can only be a leaf.
	for _, want := range []string{"PineTree planted", "Oak leaf"} {
		if !seen[want] {
			t.Errorf("never saw %s; saw %v", want, seen)
		}
	}
}

// Point 2: the item of a node made by a rule is passed up from the input that persists as its output.
func TestGeneratePassesItemsUp(t *testing.T) {
	b := newPackBuilder()
	b.item("GoldSafe", []string{"Safe", "Container"}, "locked", true)
	b.item("Key", nil, "carryable", true)
	b.item("Gold", nil)
	b.rule(mkOuts(mkTerm("Gold"), mkTerm("Safe")), "Open", mkTerm("Safe", "locked", false))
	b.rule(mkOuts(mkTerm("Container", "locked", false), mkTerm("Key")), "Unlock", mkTerm("Container", "locked", true), mkTerm("Key"))
	b.area("Vault", 3, mkTerm("Gold"))
	p := genPuzzle(t, b.p, "Vault", 3)
	unlocked := p.Root.Children[0]
	if unlocked.Item != "GoldSafe" || unlocked.Term.String() != "GoldSafe[locked: false]" {
		t.Fatalf("unlocked safe node %s has item %s", unlocked.Term, unlocked.Item)
	}
	// The general Container input of Unlock was made as specific as its output.
	if got := unlocked.Children[0].Term.String(); got != "GoldSafe[locked: true]" {
		t.Errorf("locked input became %s", got)
	}
	if got := p.Root.Outputs; len(got) != 2 || got[1] != "GoldSafe" {
		t.Errorf("Open's outputs %v, want the safe to persist", got)
	}
}

// Point 3: a rule's main output may be as general as the term or more, never more specific, and its properties
// must equal the term's exactly; an input of the output's type is made as specific as the term.
func TestGenerateTermToOutputMatching(t *testing.T) {
	build := func(rules func(b *packBuilder)) *Pack {
		b := newPackBuilder()
		b.item("PineTree", []string{"Tree", "Plant"}, "grown", false)
		b.item("Oak", []string{"Tree", "Plant"}, "grown", false)
		b.item("Bush", []string{"Plant"}, "grown", false)
		b.item("Seed", nil, "carryable", true)
		rules(b)
		b.area("Garden", 3, mkTerm("Tree", "grown", true))
		return b.p
	}
	for _, tc := range []struct {
		name  string
		rules func(b *packBuilder)
	}{
		{"more specific output", func(b *packBuilder) { b.rule(mkOuts(mkTerm("PineTree", "grown", true)), "Grow", mkTerm("Seed")) }},
		{"missing property", func(b *packBuilder) { b.rule(mkOuts(mkTerm("Tree")), "Grow", mkTerm("Seed")) }},
		{"extra property", func(b *packBuilder) {
			b.rule(mkOuts(mkTerm("Tree", "grown", true, "tall", true)), "Grow", mkTerm("Seed"))
		}},
		{"other value", func(b *packBuilder) { b.rule(mkOuts(mkTerm("Tree", "grown", false)), "Grow", mkTerm("Seed")) }},
	} {
		pk := build(tc.rules)
		if _, err := NewGenerator(pk).Generate(pk.Areas[0], &World{}, seedRNG(1)); !errors.Is(err, ErrInfeasible) {
			t.Errorf("%s: got %v, want ErrInfeasible", tc.name, err)
		}
	}
	// A more general output is used, and its Plant input becomes a Tree: never a bush.
	pk := build(func(b *packBuilder) {
		b.rule(mkOuts(mkTerm("Plant", "grown", true)), "Water", mkTerm("Plant", "grown", false))
	})
	for seed := range uint64(40) {
		p := genPuzzle(t, pk, "Garden", seed)
		leaf := p.Root.Children[0]
		if leaf.Item == "Bush" || leaf.Item != p.Root.Item {
			t.Fatalf("seed %d: Tree[grown: true] made from %s", seed, leaf.Item)
		}
	}
}

// Point 3: an item fills a term of its own type or a super-type when it has every property of the term; a missing
// boolean reads as false.
func TestGenerateItemToTermMatching(t *testing.T) {
	b := newPackBuilder()
	b.item("Box", []string{"Safe"}) // no "locked": an unlocked safe
	b.item("Vault", []string{"Safe"}, "locked", true)
	b.item("Gold", nil)
	b.rule(mkOuts(mkTerm("Gold")), "Open", mkTerm("Safe", "locked", false))
	b.area("Bank", 1, mkTerm("Gold"))
	for seed := range uint64(20) {
		p := genPuzzle(t, b.p, "Bank", seed)
		if got := p.Root.Children[0].Item; got != "Box" {
			t.Fatalf("seed %d: Safe[locked: false] filled by %s", seed, got)
		}
	}
}

// wellPack: water needs a well, which is never spawned.
func wellPack() *Pack {
	b := newPackBuilder()
	b.item("Bucket", []string{"Container"}, "carryable", true)
	b.item("Well", []string{"WaterSource"}, "notSpawnable", true)
	b.item("Lake", []string{"WaterSource"}).Areas = []string{"Field"}
	b.item("Flower", nil, "watered", false)
	b.rule(mkOuts(mkTerm("Container", "contains", "Water"), mkTerm("WaterSource")), "Fill", mkTerm("WaterSource"), mkTerm("Container"))
	b.rule(mkOuts(mkTerm("Flower", "watered", true)), "Water", mkTerm("Flower"), mkTerm("Container", "contains", "Water"))
	b.area("Street", 2, mkTerm("Flower", "watered", true))
	b.area("Field", 2, mkTerm("Flower", "watered", true))
	b.area("Yard", 2, mkTerm("Flower", "watered", true))
	return b.p
}

// Point 4: an item is used only if it may be spawned and is legal in the area, or if an object of it exists in an
// accessible area or an inventory; notSpawnable items are never spawned.
func TestGenerateUsableItems(t *testing.T) {
	pk := wellPack()
	g := NewGenerator(pk)
	street, _ := pk.Area("Street")
	field, _ := pk.Area("Field")
	well := Object{ID: 1, Item: "Well", Area: "Street"}
	for _, tc := range []struct {
		name  string
		area  *Area
		world World
		want  string // the water source used, or "" when generation must fail
	}{
		{"no well, lake illegal", street, World{}, ""},
		{"lake legal in its area", field, World{}, "Lake spawned"},
		{"well in the area", street, World{Objects: []Object{well}}, "Well existing"},
		{"well in a locked area", field, World{Objects: []Object{well}}, "Lake spawned"},
		{"well elsewhere, not carryable", field, World{Objects: []Object{well}, Unlocked: []string{"Street"}}, "Lake spawned"},
	} {
		for seed := range uint64(20) {
			w := tc.world
			p, err := g.Generate(tc.area, &w, seedRNG(seed))
			if tc.want == "" {
				if !errors.Is(err, ErrInfeasible) {
					t.Fatalf("%s: got %v, want ErrInfeasible", tc.name, err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%s: %v", tc.name, err)
			}
			src := p.Root.Children[1].Children[0]
			got := src.Item + map[bool]string{true: " spawned", false: " existing"}[src.Spawn]
			if got != tc.want {
				t.Fatalf("%s seed %d: water from %s, want %s", tc.name, seed, got, tc.want)
			}
			for _, o := range p.Spawned {
				if o.Item == "Well" {
					t.Fatalf("%s: spawned a well", tc.name)
				}
			}
		}
	}
}

// Point 5: generation stops at an intermediate item that already exists (here a badge in the inventory), and
// spawns extra copies when leaves need several.
func TestGenerateStopsAtExistingItems(t *testing.T) {
	pk := heistPack()
	w := &World{Objects: []Object{{ID: 7, Item: "Badge", Area: Inventory, Props: mkProps("carryable", true)}}}
	p, err := NewGenerator(pk).Generate(pk.Areas[0], w, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	if got := solutionActions(p); got != "Unlock Open" {
		t.Fatalf("solution %q, want the existing badge used: Unlock Open", got)
	}
	if badge := p.Root.Children[0].Children[1]; !badge.Leaf() || badge.Object != 7 || badge.Spawn {
		t.Errorf("badge node %+v", badge)
	}
	if p.Spawned[0].ID != 8 {
		t.Errorf("spawned ids start at %d, want 8", p.Spawned[0].ID)
	}

	b := newPackBuilder()
	b.item("Fiber", nil, "carryable", true)
	b.item("Rope", nil, "carryable", true)
	b.rule(mkOuts(mkTerm("Rope")), "Twist", mkTerm("Fiber"), mkTerm("Fiber"))
	b.area("Shed", 1, mkTerm("Rope"))
	w = &World{Objects: []Object{{ID: 1, Item: "Fiber", Area: "Shed", Props: mkProps("carryable", true)}}}
	p, err = NewGenerator(b.p).Generate(b.p.Areas[0], w, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	l := p.Leaves()
	if l[0].Object == l[1].Object || len(p.Spawned) != 1 || (l[0].Object != 1 && l[1].Object != 1) {
		t.Errorf("leaves use objects %d and %d, spawned %v", l[0].Object, l[1].Object, p.Spawned)
	}
	// Without the spawnable fibre, the one existing fibre cannot be both leaves.
	b.p.Items["Fiber"].Props[PropNotSpawnable] = Bool(true)
	if _, err = NewGenerator(b.p).Generate(b.p.Areas[0], w, seedRNG(1)); err == nil {
		t.Error("one notSpawnable fibre filled two leaves")
	}
}

// cakePack: a grammar in which some ways to the goal pass through the goal itself.
func cakePack(batterRules ...[]Term) *Pack {
	b := newPackBuilder()
	b.item("Cake", nil, "burnt", false)
	b.item("Batter", nil)
	b.item("Egg", nil, "carryable", true)
	b.item("Flour", nil, "carryable", true)
	b.rule(mkOuts(mkTerm("Cake")), "Bake", mkTerm("Batter"))
	for _, r := range batterRules {
		b.rule(r[:1], "Mix", r[1:]...)
	}
	b.p.Items["Batter"].Props = mkProps(PropNotSpawnable, true)
	b.area("Kitchen", 3, mkTerm("Cake"))
	return b.p
}

// Point 6: the goal is never satisfied by an intermediate item, a spawned leaf or a by-product, and an area whose
// goal is already satisfied gets no puzzle.
func TestGenerateProtectsTheGoal(t *testing.T) {
	for _, tc := range []struct {
		name   string
		batter []Term
	}{
		{"leaf", []Term{mkTerm("Batter"), mkTerm("Cake"), mkTerm("Flour")}},
		{"intermediate", []Term{mkTerm("Batter"), mkTerm("Cake", "burnt", true)}},
	} {
		pk := cakePack(tc.batter)
		pk.Rules = append(pk.Rules, &Rule{Index: 2, Outputs: mkOuts(mkTerm("Cake", "burnt", true)), Action: "Burn", Inputs: []Term{mkTerm("Flour")}})
		if _, err := NewGenerator(pk).Generate(pk.Areas[0], &World{}, seedRNG(1)); err == nil {
			t.Errorf("%s: a cake made on the way to the cake was accepted", tc.name)
		}
	}
	pk := cakePack([]Term{mkTerm("Batter"), mkTerm("Egg")})
	pk.Rules = append(pk.Rules, &Rule{Index: 2, Outputs: mkOuts(mkTerm("Batter"), mkTerm("Cake")), Action: "Mix", Inputs: []Term{mkTerm("Flour")}})
	for seed := range uint64(30) {
		p := genPuzzle(t, pk, "Kitchen", seed)
		if got := solutionActions(p); got != "Mix Bake" || p.Root.Children[0].Children[0].Item != "Egg" {
			t.Fatalf("seed %d: %s uses the rule whose by-product is a cake", seed, got)
		}
	}
	g := NewGenerator(pk)
	// Goals belong to their areas (Pack.GoalAchieved): a cake in the kitchen or the inventory satisfies it, and so
	// does a carryable one in an unlocked area, which the player can bring; one elsewhere does not.
	for _, tc := range []struct {
		area      string
		carryable bool
		unlocked  bool
		want      error
	}{
		{"Kitchen", false, false, ErrSatisfied},
		{Inventory, true, false, ErrSatisfied},
		{"Attic", true, true, ErrSatisfied},
		{"Attic", false, true, nil},
		{"Attic", true, false, nil},
		{InContainer, true, true, nil},
	} {
		pk.Items["Cake"].Props[PropCarryable] = Bool(tc.carryable)
		w := &World{Objects: []Object{{ID: 1, Item: "Cake", Area: tc.area, Props: pk.Items["Cake"].Props.Clone()}}}
		if tc.unlocked {
			w.Unlocked = []string{"Attic"}
		}
		if _, err := g.Generate(pk.Areas[0], w, seedRNG(1)); !errors.Is(err, tc.want) && (err != nil || tc.want != nil) {
			t.Errorf("cake in %s (carryable %v, unlocked %v): got %v, want %v", tc.area, tc.carryable, tc.unlocked, err, tc.want)
		}
	}
}

// chainPack: L0 .. Ln, each made from the one before, so any depth up to n is possible.
func chainPack(n int) *Pack {
	b := newPackBuilder()
	for i := 0; i <= n; i++ {
		b.item(fmt.Sprintf("L%d", i), nil)
	}
	for i := 1; i <= n; i++ {
		b.rule(mkOuts(mkTerm(fmt.Sprintf("L%d", i))), "Step", mkTerm(fmt.Sprintf("L%d", i-1)))
	}
	b.area("Tower", 5, mkTerm(fmt.Sprintf("L%d", n)))
	return b.p
}

// Points 7 and 12: maxDepth bounds the tree and minDepth floors it; between them the depth is chosen at random
// (issue 16: the dissertation treats maxDepth as a limit, not a target), so that shallower rules appear too; a
// one-rule puzzle has depth 1; measured figures are right.
func TestGenerateDepthLimits(t *testing.T) {
	pk := chainPack(10)
	a := pk.Areas[0]
	g := NewGenerator(pk)
	depthsOver := func(seeds uint64) map[int]int {
		depths := map[int]int{}
		for seed := range seeds {
			p, err := g.Generate(a, &World{}, seedRNG(seed))
			if err != nil {
				t.Fatalf("seed %d: %v", seed, err)
			}
			depths[p.Depth]++
			if p.Depth != len(p.Solution()) || p.Steps != p.Depth || p.Breadth != 1 || p.Root.Item != "L10" ||
				p.Leaves()[0].Item != fmt.Sprintf("L%d", 10-p.Depth) {
				t.Fatalf("seed %d: depth %d with %d steps from %s", seed, p.Depth, len(p.Solution()), p.Leaves()[0].Item)
			}
		}
		return depths
	}
	if depths := depthsOver(100); len(depths) != 5 || depths[0] > 0 || depths[6] > 0 {
		t.Errorf("maxDepth 5: depths %v, want each of 1 to 5", depths)
	}
	a.MinDepth, a.MaxDepth = 2, 4
	if depths := depthsOver(60); len(depths) != 3 || depths[1] > 0 || depths[5] > 0 {
		t.Errorf("depths %v, want 2, 3 and 4", depths)
	}
	a.MinDepth, a.MaxDepth = 5, 5
	if depths := depthsOver(10); depths[5] != 10 {
		t.Errorf("depths %v, want 5 only", depths)
	}
	a.MinDepth, a.MaxDepth = 1, 1
	if p, err := g.Generate(a, &World{}, seedRNG(1)); err != nil || p.Depth != 1 {
		t.Errorf("one rule: %v", err)
	}
	// minDepth gives way only when nothing that deep can be made (validate warns of it): the deepest puzzle that
	// can be comes instead, and says so.
	a.MinDepth, a.MaxDepth = 11, 12
	if p, err := g.Generate(a, &World{}, seedRNG(1)); err != nil || p.Depth != 10 || p.Relaxed != RelaxedMinDepth {
		t.Errorf("depth 11 of a 10-rule chain: %v, %+v", err, p)
	}
	for seed := range uint64(20) {
		a.MinDepth, a.MaxDepth = 2, 4
		if p, err := g.Generate(a, &World{}, seedRNG(seed)); err != nil || p.Relaxed != Strict {
			t.Fatalf("depth 2 to 4: %v, %+v", err, p)
		}
	}
	a.MinDepth, a.MaxDepth = 0, 0 // the default limit
	if depths := depthsOver(40); len(depths) != DefaultMaxDepth {
		t.Errorf("default limit: depths %v, want 1 to %d", depths, DefaultMaxDepth)
	}
}

// Point 9: the same seed gives the same puzzle; other seeds give others.
func TestGenerateIsDeterministic(t *testing.T) {
	pk := treePack()
	pk.Areas[0].MinDepth = 1
	g := NewGenerator(pk)
	distinct := map[string]bool{}
	for seed := range uint64(30) {
		a, _ := g.Generate(pk.Areas[0], &World{}, seedRNG(seed))
		b, _ := NewGenerator(pk).Generate(pk.Areas[0], &World{}, seedRNG(seed))
		ja, _ := json.Marshal(a)
		jb, _ := json.Marshal(b)
		if string(ja) != string(jb) {
			t.Fatalf("seed %d: %s\n!=\n%s", seed, ja, jb)
		}
		distinct[string(ja)] = true
	}
	if len(distinct) < 3 {
		t.Errorf("only %d distinct puzzles over 30 seeds", len(distinct))
	}
}

// Point 11: backtracking. One way to the batter makes a cake as a by-product, which would satisfy the goal early;
// the table does not look at by-products, so half the random choices at the batter fail, a level down, at the
// same depth as the good way. Every seed must still succeed, taking the good way.
func TestGenerateBacktracks(t *testing.T) {
	pk := cakePack([]Term{mkTerm("Batter"), mkTerm("Dough")}, []Term{mkTerm("Batter"), mkTerm("Egg")})
	b := &packBuilder{p: pk}
	b.item("Dough", nil, PropNotSpawnable, true)
	b.item("Hen", nil)
	pk.Items["Egg"].Props[PropNotSpawnable] = Bool(true)
	b.rule(mkOuts(mkTerm("Dough"), mkTerm("Cake")), "Knead", mkTerm("Flour"))
	b.rule(mkOuts(mkTerm("Egg")), "Lay", mkTerm("Hen"))
	a := pk.Areas[0]
	a.MinDepth, a.MaxDepth = 3, 3
	g := NewGenerator(pk)
	for seed := range uint64(200) {
		p, err := g.Generate(a, &World{}, seedRNG(seed))
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		if got := solutionActions(p); got != "Lay Mix Bake" {
			t.Fatalf("seed %d: %s", seed, got)
		}
	}
}

// Point 12: the preferred breadth keeps trees narrow, and the measured depth, breadth and steps are the tree's.
func TestGenerateBreadthAndMeasures(t *testing.T) {
	leaves := func(breadth int) (total int) {
		pk := synthPack(3, 60, 120, 8, 6)
		g := NewGenerator(pk)
		for _, a := range pk.Areas {
			a.Breadth = breadth
			for seed := range uint64(40) {
				p, err := g.Generate(a, &World{}, seedRNG(seed))
				if err != nil {
					continue
				}
				depth, width, steps := measureTree(p.Root)
				if depth != p.Depth || width != p.Breadth || steps != p.Steps || steps != len(p.Solution()) {
					t.Fatalf("measured %d/%d/%d, tree %d/%d/%d", p.Depth, p.Breadth, p.Steps, depth, width, steps)
				}
				total += p.Breadth
			}
		}
		return total
	}
	narrow, wide := leaves(1), leaves(0)
	if narrow == 0 || narrow*4 > wide*3 {
		t.Errorf("leaves with breadth 1: %d, without preference: %d", narrow, wide)
	}
}

// measureTree walks a tree independently of Puzzle.measure.
func measureTree(n *Node) (depth, leaves, steps int) {
	if n.Leaf() {
		return 0, 1, 0
	}
	for _, c := range n.Children {
		d, l, s := measureTree(c)
		depth, leaves, steps = max(depth, d), leaves+l, steps+s
	}
	return depth + 1, leaves, steps + 1
}

// cellarPack is a chest of gold to unlock with a key, with items that may be red herrings: a crate is a box too.
func cellarPack() (*Pack, *Area) {
	b := newPackBuilder()
	b.item("Chest", []string{"Box"}, "locked", true)
	b.item("Crate", []string{"Box"}, "locked", true)
	b.item("Key", nil, "carryable", true)
	b.item("Gold", nil, "carryable", true)
	b.item("Pebble", nil, "carryable", true)
	b.rule(mkOuts(mkTerm("Gold"), mkTerm("Chest")), "Open", mkTerm("Chest", "locked", false))
	b.rule(mkOuts(mkTerm("Box", "locked", false)), "Unlock", mkTerm("Box", "locked", true), mkTerm("Key"))
	return b.p, b.area("Cellar", 2, mkTerm("Gold"))
}

// Point 13: red herrings are extra spawned objects that no leaf uses and that the state-space explorer proves
// harmless. A crate is a box the tree's Unlock rule accepts: unlocking it uses up the only key, a dead end, so it
// is never a herring; a pebble, a spare key or a second chest are.
func TestGenerateRedHerrings(t *testing.T) {
	p, a := cellarPack()
	g := NewGenerator(p)
	g.RedHerrings = 1
	kinds := map[string]int{}
	for seed := range uint64(60) {
		p, err := g.Generate(a, &World{}, seedRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		leaves := map[int]bool{}
		for _, l := range p.Leaves() {
			leaves[l.Object] = true
		}
		for _, id := range p.Herrings {
			if leaves[id] {
				t.Fatalf("seed %d: herring %d is a leaf", seed, id)
			}
			for _, o := range p.Spawned {
				if o.ID == id {
					kinds[o.Item]++
				}
			}
		}
		if len(p.Spawned) != p.Breadth+len(p.Herrings) {
			t.Fatalf("seed %d: %d spawned for %d leaves and %d herrings", seed, len(p.Spawned), p.Breadth, len(p.Herrings))
		}
	}
	if kinds["Crate"] > 0 || kinds["Gold"] > 0 || kinds["Pebble"] == 0 {
		t.Errorf("herrings %v: want pebbles, never a crate or the goal", kinds)
	}
}
