package puzzle

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// exportedOnly copies a puzzle keeping only what its exported fields say, as a decoder outside the package
// rebuilds one: the nodes' derived fields (props, item, outIn) are left zero.
func exportedOnly(pz *Puzzle) *Puzzle {
	var copyNode func(n *Node) *Node
	copyNode = func(n *Node) *Node {
		c := &Node{Term: n.Term, Item: n.Item, Object: n.Object, Spawn: n.Spawn, Rule: n.Rule, Outputs: n.Outputs}
		for _, ch := range n.Children {
			c.Children = append(c.Children, copyNode(ch))
		}
		return c
	}
	out := *pz
	out.Root = copyNode(pz.Root)
	return &out
}

// twoVaults is the heist with a second area whose goal, a Badge, is a by-product of the first area's puzzle.
func twoVaults() *Pack {
	p := heistPack()
	b := &packBuilder{p: p}
	b.area("Lobby", 3, mkTerm("Badge"))
	return p
}

// generated is what one Generate call returned.
type generated struct {
	pz  *Puzzle
	err error
}

// generateWith generates an area with the given puzzles in progress and objects, from a fixed seed.
func generateWith(g *Generator, a *Area, objs []Object, inProgress []*Puzzle, seed uint64) generated {
	pz, err := g.Generate(a, &World{Objects: objs, Unlocked: []string{a.Name}, InProgress: inProgress}, seedRNG(seed))
	return generated{pz, err}
}

// sameGenerated fails the test unless two Generate calls returned the same puzzle or the same error.
func sameGenerated(t *testing.T, what string, got, want generated) {
	t.Helper()
	switch {
	case (got.err == nil) != (want.err == nil) || got.err != nil && got.err.Error() != want.err.Error():
		t.Errorf("%s: error %v, want %v", what, got.err, want.err)
	case got.pz != nil:
		if diff := puzzleDiff(got.pz, want.pz); diff != "" {
			t.Errorf("%s: %s", what, diff)
		}
	}
}

// A puzzle in progress that was rebuilt outside the package, its nodes without their derived fields (as the
// overlay decoded saved puzzles after a restart), must protect the goals of the next area as the generated one does.
// It used to panic: index out of range on the node's output pairing.
func TestGenerateWithPuzzleInProgressRebuiltOutside(t *testing.T) {
	p := twoVaults()
	g := NewGenerator(p)
	vault, _ := p.Area("Vault")
	lobby, _ := p.Area("Lobby")
	for seed := uint64(1); seed <= 20; seed++ {
		a := generateWith(g, vault, nil, nil, seed)
		if a.err != nil {
			t.Fatal(a.err)
		}
		want := generateWith(g, lobby, a.pz.Spawned, []*Puzzle{a.pz}, seed)
		if !errors.Is(want.err, ErrPending) {
			t.Fatalf("seed %d: the lobby's Badge is a by-product of the vault's puzzle, got %v", seed, want.err)
		}
		got := func() (got generated) {
			defer func() {
				if r := recover(); r != nil {
					got.err = fmt.Errorf("panic: %v", r)
				}
			}()
			return generateWith(g, lobby, a.pz.Spawned, []*Puzzle{exportedOnly(a.pz)}, seed)
		}()
		sameGenerated(t, fmt.Sprintf("seed %d", seed), got, want)
	}
}

// puzzleDiff describes the first difference between two puzzles, looking at every field of every node, derived
// ones too; "" when they are equal. Properties compare as maps, nil equal to empty; source positions are not
// compared.
func puzzleDiff(a, b *Puzzle) string {
	if a.Area != b.Area || a.Goal.String() != b.Goal.String() || a.Depth != b.Depth || a.Breadth != b.Breadth || a.Steps != b.Steps {
		return fmt.Sprintf("puzzle %s %s %d/%d/%d, want %s %s %d/%d/%d", a.Area, a.Goal, a.Depth, a.Breadth, a.Steps,
			b.Area, b.Goal, b.Depth, b.Breadth, b.Steps)
	}
	if !reflect.DeepEqual(normObjects(a.Spawned), normObjects(b.Spawned)) || !reflect.DeepEqual(a.Herrings, b.Herrings) {
		return fmt.Sprintf("spawned %v herrings %v, want %v and %v", a.Spawned, a.Herrings, b.Spawned, b.Herrings)
	}
	return nodeDiff("root", a.Root, b.Root)
}

// nodeDiff is puzzleDiff for two subtrees.
func nodeDiff(path string, a, b *Node) string {
	if a.Term.String() != b.Term.String() || a.Item != b.Item || a.Object != b.Object || a.Spawn != b.Spawn ||
		a.Rule != b.Rule || !reflect.DeepEqual(a.Outputs, b.Outputs) || len(a.Children) != len(b.Children) {
		return fmt.Sprintf("%s: %s (%s) #%d spawn %v rule %v outputs %v, %d children; want %s (%s) #%d spawn %v rule %v outputs %v, %d children",
			path, a.Term, a.Item, a.Object, a.Spawn, a.Rule, a.Outputs, len(a.Children),
			b.Term, b.Item, b.Object, b.Spawn, b.Rule, b.Outputs, len(b.Children))
	}
	if !reflect.DeepEqual(normProps(a.props), normProps(b.props)) || a.item != b.item || !reflect.DeepEqual(a.outIn, b.outIn) {
		return fmt.Sprintf("%s: derived props %v item %d outIn %v, want %v %d %v", path, a.props, a.item, a.outIn, b.props, b.item, b.outIn)
	}
	for i := range a.Children {
		if d := nodeDiff(fmt.Sprintf("%s.%d", path, i), a.Children[i], b.Children[i]); d != "" {
			return d
		}
	}
	return ""
}

func normProps(p Props) Props {
	if p == nil {
		return Props{}
	}
	return p
}

func normObjects(objs []Object) []Object {
	var out []Object
	for _, o := range objs {
		o.Props = normProps(o.Props)
		out = append(out, o)
	}
	return out
}

// dressingRoom is the heist with a second area whose goal, a Disguise, is made on the way by the vault's puzzle;
// extra items come first, as in an older version of the pack that declared them.
func dressingRoom(extra int) *Pack {
	p := heistPack()
	var names []string
	for i := range extra {
		name := fmt.Sprintf("Old%d", i)
		p.Items[name] = &Item{Name: name}
		names = append(names, name)
	}
	p.ItemOrder = append(names, p.ItemOrder...)
	b := &packBuilder{p: p}
	b.area("Dressing", 2, mkTerm("Disguise"))
	return p
}

// A puzzle in progress generated by another generator, of an older version of the pack whose items were declared
// in another order (as after /puzzle reload), is read by its items' names, not by the other generator's indices.
func TestGenerateWithPuzzleInProgressFromAnotherGenerator(t *testing.T) {
	old, now := dressingRoom(70), dressingRoom(0)
	oldVault, _ := old.Area("Vault")
	g := NewGenerator(now)
	dressing, _ := now.Area("Dressing")
	for seed := uint64(1); seed <= 20; seed++ {
		a := generateWith(NewGenerator(old), oldVault, nil, nil, seed)
		if a.err != nil {
			t.Fatal(a.err)
		}
		made := false
		for _, n := range a.pz.Solution() {
			made = made || n.Item == "Disguise"
		}
		got := func() (got generated) {
			defer func() {
				if r := recover(); r != nil {
					got.err = fmt.Errorf("panic: %v", r)
				}
			}()
			return generateWith(g, dressing, a.pz.Spawned, []*Puzzle{a.pz}, seed)
		}()
		if made != errors.Is(got.err, ErrPending) {
			t.Errorf("seed %d: the vault's puzzle makes a Disguise: %v; the dressing room: %v", seed, made, got.err)
		}
	}
}

// The same pack loaded twice, as /puzzle reload does, gives generators that agree on a puzzle in progress.
func TestGenerateWithPuzzleInProgressFromAReloadedPack(t *testing.T) {
	p1, p2 := twoVaults(), twoVaults()
	vault, _ := p1.Area("Vault")
	lobby, _ := p2.Area("Lobby")
	g1, g2 := NewGenerator(p1), NewGenerator(p2)
	for seed := uint64(1); seed <= 20; seed++ {
		a := generateWith(g1, vault, nil, nil, seed)
		if a.err != nil {
			t.Fatal(a.err)
		}
		l1, _ := p1.Area("Lobby")
		want := generateWith(g1, l1, a.pz.Spawned, []*Puzzle{a.pz}, seed)
		got := generateWith(g2, lobby, a.pz.Spawned, []*Puzzle{a.pz}, seed)
		sameGenerated(t, fmt.Sprintf("seed %d", seed), got, want)
	}
}

// shippedPuzzles plays every shipped pack over seeds and returns each pack with the puzzles met, each with the
// state its solution starts in.
func shippedPuzzles(t *testing.T, seeds int64) map[*Pack][]Solving {
	t.Helper()
	out := map[*Pack][]Solving{}
	for _, dir := range shippedPacks(t) {
		pk, err := Load(layers(dir)...)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		g := NewGenerator(pk)
		for seed := range seeds {
			if _, err := playthrough(g, pk, seed, func(s Solving) { out[pk] = append(out[pk], s) }); err != nil {
				t.Fatalf("%s seed %d: %v", dir, seed, err)
			}
		}
	}
	return out
}

// roundTrip saves a puzzle with t's progress and loads it back.
func roundTrip(t *testing.T, pk *Pack, pz *Puzzle, tr *Tracked) (*Puzzle, []int) {
	t.Helper()
	raw, err := pz.MarshalSaved(tr)
	if err != nil {
		t.Fatal(err)
	}
	back, done, err := pk.UnmarshalPuzzle(pz.Area, raw)
	if err != nil {
		t.Fatalf("%v\n%s", err, raw)
	}
	return back, done
}

// A saved puzzle of every shipped pack loads back as exactly the puzzle generated: every field of every node,
// those generation derives too, the spawned objects and red herrings, and which rules have run.
func TestSavedPuzzlesLoadAsGenerated(t *testing.T) {
	seeds := int64(100)
	if testing.Short() {
		seeds = 10
	}
	n := 0
	for pk, solvings := range shippedPuzzles(t, seeds) {
		for i, s := range solvings {
			pz := s.Puzzle
			m := NewManager(pk, s.State, TreeRules, nil)
			tr, err := m.Track(pz.Area, pz.Goal, pz.TreeRules())
			if err != nil {
				t.Fatal(err)
			}
			var ran []int
			for j := range tr.Nodes {
				if (i+j)%2 == 0 {
					ran = append(ran, j)
				}
			}
			if err := tr.Restore(ran, false); err != nil {
				t.Fatal(err)
			}
			back, done := roundTrip(t, pk, pz, tr)
			if d := puzzleDiff(back, pz); d != "" {
				t.Fatalf("%s: %s", pz.Area, d)
			}
			if !reflect.DeepEqual(done, ran) {
				t.Fatalf("%s: ran %v, saved as %v", pz.Area, done, ran)
			}
			n++
		}
	}
	t.Logf("%d puzzles", n)
}

// A saved puzzle keeps its red herrings.
func TestSavedPuzzlesKeepTheirRedHerrings(t *testing.T) {
	p, a := cellarPack()
	g := NewGenerator(p)
	g.RedHerrings = 1
	herrings := 0
	for seed := range uint64(20) {
		pz, err := g.Generate(a, &World{}, seedRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		herrings += len(pz.Herrings)
		back, _ := roundTrip(t, p, pz, nil)
		if d := puzzleDiff(back, pz); d != "" {
			t.Fatalf("seed %d: %s", seed, d)
		}
	}
	if herrings == 0 {
		t.Error("no red herring to save")
	}
}

// oldSave is the tool puzzle as the overlay saved it before the format moved to the engine: no spawned objects,
// leaf properties or spawn marks; its Forge node has run.
const oldSave = `{"goal":"Plank","nodes":[
	{"term":"Plank","item":"Plank","rule":1,"text":"Plank ::= Cut Log Saw","outputs":["Plank"],"parent":-1},
	{"term":"Log","item":"Log","rule":-1,"parent":0},
	{"term":"Saw","item":"Saw","rule":0,"text":"Tool ::= Forge Iron","outputs":["Saw"],"parent":0,"done":true},
	{"term":"Iron","item":"Iron","object":1,"rule":-1,"parent":2}],"depth":2,"steps":2}`

// A save from before the format moved here loads: leaves have their items' properties, and what was not saved
// (spawn marks, spawned objects) is absent.
func TestOldSavesLoad(t *testing.T) {
	p, want := toolPuzzle(t)
	want.Spawned = nil
	for _, l := range want.Leaves() {
		l.Spawn = false
	}
	got, done, err := p.UnmarshalPuzzle("Shed", []byte(oldSave))
	if err != nil {
		t.Fatal(err)
	}
	if d := puzzleDiff(got, want); d != "" || !reflect.DeepEqual(done, []int{0}) {
		t.Fatalf("%s; ran %v, want Forge, node 0 of TreeRules", d, done)
	}
	// Saves from before the tree's output items were kept have none; their rules make the default items.
	noOutputs := strings.ReplaceAll(strings.ReplaceAll(oldSave, `"outputs":["Plank"],`, ""), `"outputs":["Saw"],`, "")
	got, _, err = p.UnmarshalPuzzle("Shed", []byte(noOutputs))
	if err != nil || got.Root.Outputs != nil || got.Root.outIn == nil {
		t.Fatalf("a save without outputs: %v, %+v", err, got.Root)
	}
}

// Saves that do not fit the pack are refused with the node at fault.
func TestSavesThatDoNotFitAreRefused(t *testing.T) {
	p, _ := toolPuzzle(t)
	for _, c := range []struct{ from, to, err string }{
		{`"text":"Tool ::= Forge Iron"`, `"text":"Tool ::= Melt Iron"`, `node 2: rule 0 "Tool ::= Melt Iron" is not in the pack any more`},
		{`"rule":0,`, `"rule":7,`, "node 2: rule 7"},
		{`"object":1,"rule":-1,"parent":2`, `"object":1,"rule":-1,"parent":1`, "node 3: bad parent 1"},
		{`{"term":"Iron","item":"Iron","object":1,"rule":-1,"parent":2}`, `{"term":"Iron","item":"Iron","rule":-1,"parent":2},{"term":"Iron","item":"Iron","rule":-1,"parent":2}`, "node 2: 2 inputs"},
		{`"term":"Log"`, `"term":"Log["`, "node 1:"},
		{`"goal":"Plank"`, `"goal":"]"`, "goal:"},
	} {
		raw := strings.Replace(oldSave, c.from, c.to, 1)
		if _, _, err := p.UnmarshalPuzzle("Shed", []byte(raw)); err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.to, err, c.err)
		}
	}
	if _, _, err := p.UnmarshalPuzzle("Shed", []byte(`{"goal":"Plank","nodes":[]}`)); err == nil {
		t.Error("an empty tree loads")
	}
}

// Saving checks that the progress is that of the puzzle's TreeRules, in their order.
func TestSavingChecksTheTrackedTree(t *testing.T) {
	p, pz := toolPuzzle(t)
	m := NewManager(p, NewState(pz.Spawned), TreeRules, nil)
	rules := pz.TreeRules()
	rules[0], rules[1] = rules[1], rules[0]
	rules[0].Parent, rules[1].Parent = -1, 0
	tr, err := m.Track(pz.Area, pz.Goal, rules)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := pz.MarshalSaved(tr); err == nil {
		t.Error("saved the progress of a tree in another order")
	}
}

// A saved puzzle, loaded back after a restart, is a puzzle in progress like the one generated: the next area's
// goal is protected against its by-products, where the loaded puzzle used to panic.
func TestGenerateWithSavedPuzzleInProgress(t *testing.T) {
	p := twoVaults()
	g := NewGenerator(p)
	vault, _ := p.Area("Vault")
	lobby, _ := p.Area("Lobby")
	for seed := uint64(1); seed <= 20; seed++ {
		a := generateWith(g, vault, nil, nil, seed)
		if a.err != nil {
			t.Fatal(a.err)
		}
		back, _ := roundTrip(t, p, a.pz, nil)
		want := generateWith(g, lobby, a.pz.Spawned, []*Puzzle{a.pz}, seed)
		got := func() (got generated) {
			defer func() {
				if r := recover(); r != nil {
					got.err = fmt.Errorf("panic: %v", r)
				}
			}()
			return generateWith(g, lobby, back.Spawned, []*Puzzle{back}, seed)
		}()
		sameGenerated(t, fmt.Sprintf("seed %d", seed), got, want)
	}
}

// Over the shipped packs, every area generates the same puzzle with a loaded puzzle in progress as with the
// generated one.
func TestShippedPacksGenerateAlikeWithSavedPuzzles(t *testing.T) {
	seeds := int64(10)
	if testing.Short() {
		seeds = 2
	}
	for pk, solvings := range shippedPuzzles(t, seeds) {
		g := NewGenerator(pk)
		for i, s := range solvings {
			back, _ := roundTrip(t, pk, s.Puzzle, nil)
			for _, a := range pk.Areas {
				w := &World{Objects: s.State.Objects(), Unlocked: s.Unlocked, NextID: s.State.NextID}
				w.InProgress = []*Puzzle{s.Puzzle}
				pz, err := g.Generate(a, w, seedRNG(uint64(i)))
				want := generated{pz, err}
				w.InProgress = []*Puzzle{back}
				pz, err = g.Generate(a, w, seedRNG(uint64(i)))
				sameGenerated(t, fmt.Sprintf("%s after %s", a.Name, s.Puzzle.Area), generated{pz, err}, want)
			}
		}
	}
}

// A puzzle in progress with items this generator does not know, or rule nodes that do not fit their rules, is
// read as far as it can be and never makes Generate panic.
func TestGenerateSkipsWhatItCannotRead(t *testing.T) {
	p := twoVaults()
	g := NewGenerator(p)
	vault, _ := p.Area("Vault")
	lobby, _ := p.Area("Lobby")
	a := generateWith(g, vault, nil, nil, 1)
	if a.err != nil {
		t.Fatal(a.err)
	}
	raw, err := a.pz.MarshalSaved(nil)
	if err != nil {
		t.Fatal(err)
	}
	ghost, _, err := p.UnmarshalPuzzle("Vault", []byte(strings.ReplaceAll(string(raw), `"Badge"`, `"Ghost"`)))
	if err != nil {
		t.Fatal(err)
	}
	var misfits []*Puzzle
	for _, n := range a.pz.Solution() {
		bad := exportedOnly(a.pz)
		var walk func(m *Node) bool
		walk = func(m *Node) bool {
			if m.Rule == n.Rule && m.Item == n.Item {
				m.Children, m.Outputs = m.Children[:len(m.Children)-1], append(m.Outputs, "Ghost")
				return true
			}
			return slices.ContainsFunc(m.Children, walk)
		}
		walk(bad.Root)
		misfits = append(misfits, bad)
	}
	for i, in := range append(misfits, ghost) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("puzzle %d: panic: %v", i, r)
				}
			}()
			generateWith(g, lobby, a.pz.Spawned, []*Puzzle{in}, 1)
		}()
	}
}
