package puzzle

import (
	"encoding/json"
	"strings"
	"testing"
)

// Solution lists every rule node once, each after all its children.
func TestSolutionIsPostOrder(t *testing.T) {
	pk := synthPack(1, 60, 120, 8, 6)
	g := NewGenerator(pk)
	checked := 0
	for seed := range uint64(50) {
		p, err := g.Generate(pk.Areas[seed%4], &World{}, seedRNG(seed))
		if err != nil {
			continue
		}
		pos := map[*Node]int{}
		for i, n := range p.Solution() {
			if _, dup := pos[n]; dup || n.Leaf() {
				t.Fatalf("seed %d: node %s listed twice or a leaf", seed, n.Term)
			}
			pos[n] = i
		}
		var walk func(n *Node)
		walk = func(n *Node) {
			for _, c := range n.Children {
				if !c.Leaf() && pos[c] >= pos[n] {
					t.Fatalf("seed %d: %s runs after its parent %s", seed, c.Term, n.Term)
				}
				walk(c)
			}
		}
		walk(p.Root)
		if len(pos) != p.Steps || pos[p.Root] != p.Steps-1 {
			t.Fatalf("seed %d: %d steps listed of %d, root at %d", seed, len(pos), p.Steps, pos[p.Root])
		}
		checked++
	}
	if checked < 20 {
		t.Errorf("only %d puzzles generated", checked)
	}
}

func TestPuzzleDOTAndJSON(t *testing.T) {
	pk := townPack()
	w := &World{Objects: pk.World, Unlocked: []string{"Street", "Lobby"}}
	p, err := NewGenerator(pk).Generate(pk.Areas[2], w, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	dot := p.DOT()
	for _, want := range []string{"digraph", `"Open\nGold\nrule 0"`, `"Safe[locked: true]\n#`, "->"} {
		if !strings.Contains(dot, want) {
			t.Errorf("DOT lacks %q:\n%s", want, dot)
		}
	}
	if n := strings.Count(dot, "->"); n != p.Steps+p.Breadth-1 {
		t.Errorf("%d edges for %d nodes", n, p.Steps+p.Breadth)
	}
	js, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	var back struct {
		Area, Goal string
		Depth      int
		Tree       struct {
			Term, Item string
			Rule       int
			Children   []struct{ Term, Action string }
		}
	}
	if err := json.Unmarshal(js, &back); err != nil {
		t.Fatal(err)
	}
	if back.Area != "Vault" || back.Goal != "Gold" || back.Depth != p.Depth || back.Tree.Rule != 0 ||
		back.Tree.Children[0].Action != "Unlock" || back.Tree.Children[0].Term != "Safe[locked: false]" {
		t.Errorf("JSON %s", js)
	}
}
