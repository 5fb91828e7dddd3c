package puzzle

import (
	"os"
	"slices"
	"strings"
	"testing"
)

// torchPack reads testdata/torch.yaml: a lantern lit from a torch that is combined from coal and a stick or
// bought from the librarian, two ways to the goal.
func torchPack(t *testing.T) string {
	t.Helper()
	src, err := os.ReadFile("testdata/torch.yaml")
	if err != nil {
		t.Fatal(err)
	}
	return string(src)
}

// An area with alternatives gets a second way to make the torch, each way's objects spawned; the game in tree mode
// lets the player take either, and once one torch is made the other way no longer runs; a save keeps both.
func TestGenerateAlternatives(t *testing.T) {
	orPack := torchPack(t)
	p := loadString(t, orPack)
	g := NewGenerator(p)
	for seed := range uint64(10) {
		pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		torch := pz.Root.Children[0]
		if len(torch.Alternatives) != 1 || torch.Alternatives[0].Rule == torch.Rule || len(pz.Spawned) != 4 {
			t.Fatalf("seed %d: want the torch made two ways from 4 spawned objects, got %d alternatives, %v", seed, len(torch.Alternatives), pz.Spawned)
		}
		nodes := pz.TreeRules()
		order := pz.RuleOrder()
		if len(order) != len(nodes) || order[0] != torch || order[2] != torch.Alternatives[0] || order[1] != pz.Root {
			t.Fatalf("seed %d: rule order %v: want the torch, the lantern, then the torch's alternative, as TreeRules", seed, order)
		}
		if len(nodes) != 3 || nodes[0].Or == 0 || nodes[2].Or != nodes[0].Or || nodes[0].Parent != 1 || nodes[2].Parent != 1 {
			t.Fatalf("seed %d: tree rules %+v: want the two torches, the lantern's inputs, in one group", seed, nodes)
		}
		ways := pz.Ways(8)
		if len(ways) != 2 {
			t.Fatalf("seed %d: %d ways, want 2", seed, len(ways))
		}
		for _, w := range ways {
			playWay(t, p, pz, w)
		}
		raw, err := pz.MarshalSaved(nil)
		if err != nil {
			t.Fatal(err)
		}
		back, _, err := p.UnmarshalPuzzle("Hall", raw)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := treeText(back.TreeRules()), treeText(nodes); got != want {
			t.Errorf("seed %d: saved and loaded: %s, want %s", seed, got, want)
		}
	}
	p = loadString(t, strings.Replace(orPack, ", alternatives: true}", "}", 1))
	g = NewGenerator(p)
	pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(1))
	if err != nil || len(pz.Root.Children[0].Alternatives) != 0 || len(pz.Ways(8)) != 1 {
		t.Errorf("an area that asks for no alternatives got one: %v", err)
	}
}

// playWay plays one way of a puzzle with the game logic in tree mode, checking the progress shown and that the
// other way stops running once this one has made its torch.
func playWay(t *testing.T, p *Pack, pz, way *Puzzle) {
	t.Helper()
	m := NewManager(p, NewState(pz.Spawned), TreeRules, nil)
	tr, err := m.TrackPuzzle(pz)
	if err != nil {
		t.Fatal(err)
	}
	if done, total := tr.Progress(); done != 0 || total != 2 {
		t.Errorf("progress at the start: %d of %d, want 0 of 2", done, total)
	}
	made := map[*Node]int{}
	for i, n := range way.Solution() {
		mv := Move{Rule: n.Rule, Area: pz.Area}
		for _, c := range n.Children {
			id := c.Object
			if !c.Leaf() {
				id = made[c]
			}
			mv.Inputs = append(mv.Inputs, id)
		}
		out, _, err := m.Do(mv)
		if err != nil {
			t.Fatalf("way %s, step %d: %v", solutionActions(way), i+1, err)
		}
		made[n] = out[0].ID
		if i == 0 && len(tr.Leaves()) != 1 {
			t.Errorf("way %s: after the torch, current leaves %v: want only the lantern's", solutionActions(way), tr.Leaves())
		}
	}
	if done, total := tr.Progress(); !tr.Achieved || done != 2 || total != 2 {
		t.Errorf("way %s: achieved %v, progress %d of %d", solutionActions(way), tr.Achieved, done, total)
	}
}

// treeText writes tree rules as "rule>parent/or" for comparison.
func treeText(nodes []TreeRule) string {
	var s []string
	for _, n := range nodes {
		s = append(s, n.Rule.String()+">"+strings.Repeat("^", n.Parent+1)+"/"+strings.Repeat("|", n.Or))
	}
	return strings.Join(slices.Clip(s), ", ")
}
