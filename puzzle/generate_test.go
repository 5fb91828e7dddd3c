package puzzle

import (
	"errors"
	"strings"
	"testing"
)

// actions returns the actions of a puzzle's solution, in order.
func actions(p *Puzzle) string {
	var s []string
	for _, n := range p.Solution() {
		s = append(s, n.Rule.Action)
	}
	return strings.Join(s, " ")
}

// generate generates an area's puzzle in an empty world, failing the test on error.
func generate(t *testing.T, p *Pack, area string, seed uint64) *Puzzle {
	t.Helper()
	a, _ := p.Area(area)
	pz, err := NewGenerator(p).Generate(a, &World{}, rng(seed))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	return pz
}

// Point 1: one puzzle per area, backward from its goal, inputs generated recursively, rules read left to right.
func TestGenerateHeistIsTheDissertationsTree(t *testing.T) {
	p := generate(t, heistPack(), "Vault", 1)
	if got, want := actions(p), "Trigger CreateDisguise Steal Unlock Open"; got != want {
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
	p := generate(t, heistPack(), "Vault", 2)
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
	pk.Areas[0].Goals = []Term{tm("Diamond")}
	a := pk.Areas[0]
	_, err := NewGenerator(pk).Generate(a, &World{}, rng(1))
	if !errors.Is(err, ErrInfeasible) {
		t.Fatalf("got %v, want ErrInfeasible", err)
	}
}

// treePack: trees of several kinds; a rule that only applies to pine trees.
func treePack() *Pack {
	b := newPack()
	b.item("PineTree", []string{"Tree", "Plant"})
	b.item("Oak", []string{"Tree", "Plant"})
	b.item("Bush", []string{"Plant"})
	b.item("Stump", nil)
	b.item("Axe", nil, "carryable", true)
	b.item("PineCone", nil, "carryable", true)
	b.item("Acorn", nil, "carryable", true)
	b.rule(outs(tm("Stump"), tm("Axe")), "ChopDown", tm("Tree"), tm("Axe"))
	b.rule(outs(tm("PineTree")), "PlantCone", tm("PineCone"))
	b.area("Forest", 2, tm("Stump"))
	return b.p
}

// Point 2: items are matched as early as possible and override the term's type, which lets more specific rules
// apply; every term of the finished tree has an item, passed up from below.
func TestGenerateMatchesItemsEarly(t *testing.T) {
	seen := map[string]bool{}
	pk := treePack()
	pk.Areas[0].MinDepth = 1 // depth 1 or 2 at random: a depth-1 tree cannot plant
	for seed := range uint64(60) {
		p := generate(t, pk, "Forest", seed)
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
	b := newPack()
	b.item("GoldSafe", []string{"Safe", "Container"}, "locked", true)
	b.item("Key", nil, "carryable", true)
	b.item("Gold", nil)
	b.rule(outs(tm("Gold"), tm("Safe")), "Open", tm("Safe", "locked", false))
	b.rule(outs(tm("Container", "locked", false), tm("Key")), "Unlock", tm("Container", "locked", true), tm("Key"))
	b.area("Vault", 3, tm("Gold"))
	p := generate(t, b.p, "Vault", 3)
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
