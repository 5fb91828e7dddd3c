package draw

import (
	"strings"
	"testing"

	"riddlestone/puzzle"
)

// A tree whose subtrees differ in depth and width: no two boxes on one level overlap, every parent is centred over
// its children, and done rules are drawn as done.
func TestTreeLayout(t *testing.T) {
	leaf := func(s string) *Node { return &Node{Label: s, Note: "#1 spawned"} }
	root := &Node{Action: "light", Label: "a lit campfire", Children: []*Node{
		{Action: "chop", Label: "some logs", Done: true, Children: []*Node{leaf("a tree"), leaf("an axe with a very long name indeed")}},
		leaf("flint"),
		{Action: "strike", Label: "a spark", Children: []*Node{{Action: "find", Label: "a stone", Children: []*Node{leaf("a rock"), leaf("a pebble")}}}},
	}}
	p, _ := layout(root, 0)
	lo, hi, deepest := 0.0, 0.0, 0
	absolute(p, 0, &lo, &hi, &deepest)
	if deepest != 3 {
		t.Errorf("deepest level %d, want 3", deepest)
	}
	levels := map[int][]*placed{}
	var walk func(q *placed)
	walk = func(q *placed) {
		levels[q.depth] = append(levels[q.depth], q)
		if len(q.children) > 0 {
			first, last := q.children[0], q.children[len(q.children)-1]
			if mid := (first.x + last.x) / 2; mid-q.x > 0.01 || q.x-mid > 0.01 {
				t.Errorf("%q at %.1f, its children's middle at %.1f", q.n.Label, q.x, mid)
			}
		}
		for _, c := range q.children {
			walk(c)
		}
	}
	walk(p)
	for d, nodes := range levels {
		for i := 1; i < len(nodes); i++ {
			a, b := nodes[i-1], nodes[i]
			if a.x+a.w/2+siblingGap-0.01 > b.x-b.w/2 {
				t.Errorf("level %d: %q (right edge %.1f) and %q (left edge %.1f) overlap", d, a.n.Label, a.x+a.w/2, b.n.Label, b.x-b.w/2)
			}
		}
	}
	var b strings.Builder
	if err := Tree(&b, "Goal: a lit campfire & <more>", root); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{`class="node rule done"`, "✔ chop", "Goal: a lit campfire &amp; &lt;more&gt;", `class="node leaf"`} {
		if !strings.Contains(svg, want) {
			t.Errorf("tree SVG lacks %q", want)
		}
	}
	if n := strings.Count(svg, `class="node rule done"`); n != 1 {
		t.Errorf("%d done rules drawn, want 1", n)
	}
}

// testGraph is a small space: start → a (on the solution) → goal; start → fail; a → dead end.
func testGraph() *puzzle.Graph {
	obj := func(item string, lit bool, area string) puzzle.ObjectJSON {
		return puzzle.ObjectJSON{Item: item, Area: area, Props: map[string]any{"lit": lit}}
	}
	rock := puzzle.ObjectJSON{Item: "Rock", Area: "0,0", Props: map[string]any{}}
	return &puzzle.Graph{Shortest: 2, Nodes: []puzzle.GraphNode{
		{ID: 0, Start: true, OnSolution: true, ToGoal: 2, Objects: []puzzle.ObjectJSON{obj("Campfire", false, "0,0"), rock}},
		{ID: 1, Depth: 1, OnSolution: true, ToGoal: 1, Objects: []puzzle.ObjectJSON{obj("Campfire", false, "0,0"), obj("Torch", true, puzzle.Inventory), rock}},
		{ID: 2, Depth: 1, Fail: true, ToGoal: -1, Objects: []puzzle.ObjectJSON{rock}},
		{ID: 3, Depth: 2, Goal: true, OnSolution: true, Objects: []puzzle.ObjectJSON{obj("Campfire", true, "0,0"), rock}},
		{ID: 4, Depth: 2, DeadEnd: true, ToGoal: -1, Objects: []puzzle.ObjectJSON{obj("Campfire", false, "0,0"), rock}},
	}, Edges: []puzzle.GraphEdge{
		{From: 0, To: 1, Action: "Take", OnSolution: true}, {From: 0, To: 2, Action: "Kick"},
		{From: 1, To: 3, Action: "Light", OnSolution: true}, {From: 1, To: 4, Action: "Drop"},
	}}
}

// The space shows only the puzzle's items, each state as its change from the start, and colours goal, fail, dead
// end and solution.
func TestSpace(t *testing.T) {
	var b strings.Builder
	if err := Space(&b, testGraph(), SpaceOptions{Items: []string{"Campfire", "Torch"}, Area: "0,0"}); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{`class="state goal solution"`, `class="state fail"`, `class="state dead-end"`,
		`class="state solution start"`, `class="move solution"`, "+ Torch[lit: true] (held)", "+ Campfire[lit: true]",
		"− Campfire", "5 states, 4 moves"} {
		if !strings.Contains(svg, want) {
			t.Errorf("space SVG lacks %q", want)
		}
	}
	if strings.Contains(svg, "Rock") {
		t.Errorf("space SVG shows an object the puzzle does not involve:\n%s", svg)
	}
}

// A space larger than the cap keeps the start, the goal and the solution.
func TestSpaceCap(t *testing.T) {
	g := testGraph()
	for i := 5; i < 40; i++ {
		g.Nodes = append(g.Nodes, puzzle.GraphNode{ID: i, Depth: 3, ToGoal: -1})
	}
	var b strings.Builder
	if err := Space(&b, g, SpaceOptions{MaxStates: 4}); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	if !strings.Contains(svg, "showing 4 of 40 states") || !strings.Contains(svg, `state goal solution`) {
		t.Errorf("capped space lacks its note or its goal:\n%s", svg)
	}
	b.Reset()
	if err := Space(&b, nil, SpaceOptions{}); err != nil || !strings.Contains(b.String(), "No state space") {
		t.Errorf("nil graph: %v %q", err, b.String())
	}
}

// Alternatives (OR-nodes) are drawn beside the node they can replace, under the same parent, dashed, with "or"
// on their edge and without overlapping anything on their level; a root with alternatives is drawn under a box of
// what they all make.
func TestTreeDrawsAlternatives(t *testing.T) {
	leaf := func(s string) *Node { return &Node{Label: s, Note: "#1 spawned"} }
	torch := &Node{Action: "combine", Label: "a torch", Children: []*Node{leaf("coal"), leaf("a stick")},
		Alternatives: []*Node{{Action: "buy", Label: "a torch", Done: true, Children: []*Node{leaf("the librarian"), leaf("an emerald")}}}}
	root := &Node{Action: "light", Label: "a lantern", Children: []*Node{torch}}
	p, _ := layout(root, 0)
	lo, hi, deepest := 0.0, 0.0, 0
	absolute(p, 0, &lo, &hi, &deepest)
	if len(p.children) != 2 || p.children[0].alt || !p.children[1].alt || p.children[1].n.Action != "buy" {
		t.Fatalf("the lantern's children: want the torch combined, then bought as its alternative")
	}
	if a, b := p.children[0], p.children[1]; a.x+a.w/2+siblingGap-0.01 > b.x-b.w/2 {
		t.Errorf("the alternative overlaps the node it replaces")
	}
	if q := p.children[1]; len(q.children) != 2 {
		t.Errorf("the alternative's inputs are not drawn: %d children", len(q.children))
	}
	var b strings.Builder
	if err := Tree(&b, "Goal: a lantern", root); err != nil {
		t.Fatal(err)
	}
	svg := b.String()
	for _, want := range []string{`class="node rule done alternative"`, `class="or"`, `stroke-dasharray="5 4"`, "✔ buy"} {
		if !strings.Contains(svg, want) {
			t.Errorf("tree SVG lacks %q", want)
		}
	}
	if n := strings.Count(svg, `class="or"`); n != 1 {
		t.Errorf(`%d "or" marks, want 1`, n)
	}

	b.Reset()
	torch.Alternatives[0].Done = false
	if err := Tree(&b, "Goal: a torch", torch); err != nil {
		t.Fatal(err)
	}
	svg = b.String()
	if !strings.Contains(svg, "made by any one way below") || strings.Count(svg, `class="node rule alternative"`) != 1 {
		t.Errorf("a root with an alternative is not drawn under what both make:\n%s", svg)
	}
}
