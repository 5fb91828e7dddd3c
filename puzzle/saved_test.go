package puzzle

import (
	"errors"
	"fmt"
	"reflect"
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
