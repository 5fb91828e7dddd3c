package stats

import (
	"os"
	"strings"
	"testing"

	"riddlestone/puzzle"
)

// testPack is a small grammar: a librarian who sells a book and takes it back, a crafting line and a chain.
const testPack = `
items:
  Librarian: {look: {entity: villager_v2}}
  Emerald:   {props: {carryable: true}, look: {item: emerald}}
  Book:      {props: {carryable: true}, look: {item: book}}
  Password:  {props: {carryable: true}, look: {item: paper}}
  Stick:     {props: {carryable: true}, look: {item: stick}}
  Coal:      {props: {carryable: true}, look: {item: coal}}
  Torch:     {props: {carryable: true}, look: {item: torch}}
rules: |
  Book Librarian ::= Buy Librarian Emerald
  Password Librarian ::= Ask Librarian Book
  Torch ::= Combine Coal Stick
areas:
  - {name: Hall, start: true, goals: [Password, Torch], maxDepth: 2}
text:
  Ask: {done: "{The npc} takes {the input} and whispers {the output}."}
  Combine: {done: "You light {the input}: {the output}."}
`

func loadTest(t *testing.T) *puzzle.Pack {
	t.Helper()
	p, errs := puzzle.CheckBytes("test.yaml", []byte(testPack))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	return p
}

// node builds a node of a rule's main output from its children.
func node(r *puzzle.Rule, children ...*puzzle.Node) *puzzle.Node {
	return &puzzle.Node{Term: r.Main(), Item: r.Main().Type, Rule: r, Children: children}
}

func leaf(item string, id int) *puzzle.Node {
	return &puzzle.Node{Term: puzzle.Term{Type: item}, Item: item, Object: id}
}

func TestGivesBackAndLeavesOut(t *testing.T) {
	p := loadTest(t)
	buy, ask, combine := p.Rules[0], p.Rules[1], p.Rules[2]
	sold := node(buy, leaf("Librarian", 1), leaf("Emerald", 2))
	taken := node(ask, leaf("Librarian", 1), sold)
	if !GivesBack(p, taken) {
		t.Error("the librarian takes back the book she sold: want GivesBack")
	}
	if GivesBack(p, node(ask, leaf("Librarian", 1), leaf("Book", 3))) {
		t.Error("a found book handed to the librarian is no giving back")
	}
	if GivesBack(p, sold) {
		t.Error("a step with no made input gives nothing back")
	}
	if LeavesOut(p, taken) {
		t.Error("the Ask line names the book")
	}
	if !LeavesOut(p, node(combine, leaf("Coal", 4), leaf("Stick", 5))) {
		t.Error("the Combine line names the coal but not the stick: want LeavesOut")
	}
	if LeavesOut(p, sold) {
		t.Error("Buy has no line: the generated words leave nothing out")
	}
}

func TestSignatureParallelAndSolutions(t *testing.T) {
	p := loadTest(t)
	buy, ask, combine := p.Rules[0], p.Rules[1], p.Rules[2]
	a := &puzzle.Puzzle{Area: "Hall", Root: node(ask, leaf("Librarian", 1), node(buy, leaf("Librarian", 1), leaf("Emerald", 2)))}
	b := &puzzle.Puzzle{Area: "Hall", Root: node(ask, leaf("Librarian", 7), node(buy, leaf("Librarian", 7), leaf("Emerald", 9)))}
	c := &puzzle.Puzzle{Area: "Hall", Root: node(ask, leaf("Librarian", 1), leaf("Book", 3))}
	if Signature(a) != Signature(b) {
		t.Errorf("the same puzzle with other objects: %q != %q", Signature(a), Signature(b))
	}
	if Signature(a) == Signature(c) {
		t.Errorf("a bought book and a found one are different puzzles: both %q", Signature(a))
	}
	if Parallel(a) {
		t.Error("a chain has no parallel sub-goals")
	}
	// Two made inputs side by side: a step whose inputs each come from a step of their own.
	twoTorches := &puzzle.Rule{Index: 9, Action: "Join", Outputs: []puzzle.Term{{Type: "Torch"}}, Inputs: []puzzle.Term{{Type: "Torch"}, {Type: "Torch"}}}
	par := &puzzle.Puzzle{Root: node(twoTorches, node(combine, leaf("Coal", 1), leaf("Stick", 2)), node(combine, leaf("Coal", 3), leaf("Stick", 4)))}
	if !Parallel(par) {
		t.Error("two torches made side by side are parallel sub-goals")
	}
	if got := Solutions(p, Puzzle{Puzzle: par}); len(got) != 1 || len(got[0]) != 3 || Alternative(p, Puzzle{Puzzle: par}) {
		t.Errorf("a tree without alternatives has one solution of three rules, got %v", got)
	}
}

func TestSolutionsProvesBothWays(t *testing.T) {
	src, err := os.ReadFile("../testdata/torch.yaml") // two ways to a torch: combining coal and a stick, or buying one
	if err != nil {
		t.Fatal(err)
	}
	p, errs := puzzle.CheckBytes("torch.yaml", src)
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	combine, buy, light := p.Rules[0], p.Rules[1], p.Rules[2]
	torch := node(combine, leaf("Coal", 1), leaf("Stick", 2))
	torch.Alternatives = []*puzzle.Node{node(buy, leaf("Librarian", 3), leaf("Emerald", 4))}
	pz := &puzzle.Puzzle{Area: "Hall", Goal: puzzle.Term{Type: "Lantern"}, Root: node(light, torch)}
	objs := []puzzle.Object{{ID: 1, Item: "Coal", Area: "Hall"}, {ID: 2, Item: "Stick", Area: "Hall"},
		{ID: 3, Item: "Librarian", Area: "Hall"}, {ID: 4, Item: "Emerald", Area: "Hall"}}
	got := Solutions(p, Puzzle{Puzzle: pz, State: puzzle.NewState(objs)})
	if len(got) != 2 || !Alternative(p, Puzzle{Puzzle: pz, State: puzzle.NewState(objs)}) {
		t.Errorf("combine or buy: want two proven solutions, got %v", got)
	}
	// Without the emerald the librarian sells nothing: the explorer proves only one way.
	got = Solutions(p, Puzzle{Puzzle: pz, State: puzzle.NewState(objs[:3])})
	if len(got) != 1 {
		t.Errorf("no emerald: want one proven solution, got %v", got)
	}
	if Signature(pz) == Signature(&puzzle.Puzzle{Root: node(light, node(combine, leaf("Coal", 1), leaf("Stick", 2)))}) {
		t.Error("a puzzle with an alternative and one without share a signature")
	}
}

func TestSameAgain(t *testing.T) {
	got := sameAgain("Hall", map[string]int{"x": 2, "y": 2})
	if want := 100.0 / 3; got.Percent < want-0.01 || got.Percent > want+0.01 || got.Puzzles != 4 {
		t.Errorf("two puzzles twice each: got %+v, want %.1f %% of 4", got, want)
	}
	if got := sameAgain("Hall", map[string]int{"x": 1, "y": 1, "z": 1}); got.Percent != 0 {
		t.Errorf("all different: got %.1f %%, want 0", got.Percent)
	}
}

func TestMeasureAndCheck(t *testing.T) {
	p := loadTest(t)
	f := Run(p, 20)
	if len(f.Failed) > 0 || f.Games != 20 || f.Puzzles != 20 {
		t.Fatalf("20 games of one area: got %d games, %d puzzles, failed %v", f.Games, f.Puzzles, f.Failed)
	}
	if len(f.RulesUnused) != 0 || len(f.GoalsUnused) != 0 {
		t.Errorf("every rule and goal of the test pack is used in 20 games: unused %v %v", f.RulesUnused, f.GoalsUnused)
	}
	// Three puzzles exist: the password for a bought book (absurd) or a found one, and the torch, whose line leaves
	// out the stick.
	if f.Absurd.N == 0 || f.LeftOut.N == 0 || f.Distinct != 3 {
		t.Errorf("want absurd steps, left-out lines and 3 distinct trees: %+v", f)
	}
	miss := f.Check(Issue24)
	var bars []string
	for _, m := range miss {
		bars = append(bars, m.Bar)
	}
	for _, want := range []string{"absurd steps", "same puzzle again in Hall", "parallel sub-goals", "done lines leaving out an input"} {
		if !strings.Contains(strings.Join(bars, "|"), want) {
			t.Errorf("Check misses no bar %q: %v", want, miss)
		}
	}
	var b strings.Builder
	f.Write(&b)
	if !strings.Contains(b.String(), "absurd steps:") {
		t.Errorf("Write says nothing of absurd steps:\n%s", b.String())
	}
}

func TestUnlockerAndRamp(t *testing.T) {
	p, errs := puzzle.Check("../../packs/default")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	games, failed := Play(p, 3)
	if len(failed) > 0 {
		t.Fatal(failed)
	}
	for _, g := range games {
		for i, pz := range g.Puzzles {
			if (i == 0) != (pz.Parent == "") {
				t.Errorf("seed %d: %s unlocked by %q", g.Seed, pz.Area, pz.Parent)
			}
		}
	}
}
