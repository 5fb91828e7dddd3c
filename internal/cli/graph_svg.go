package cli

import (
	"fmt"
	"io"

	"riddlestone/puzzle"
	"riddlestone/puzzle/draw"
)

// treeSVG draws a puzzle tree as the dashboard does: a tidy tree of rules and leaves.
func treeSVG(w io.Writer, pz *puzzle.Puzzle) error {
	return draw.Tree(w, fmt.Sprintf("Area %s: %s", pz.Area, pz.Goal), drawNode(pz.Root))
}

// drawNode turns a node of a puzzle tree into one to draw.
func drawNode(n *puzzle.Node) *draw.Node {
	d := &draw.Node{Label: n.Term.String()}
	if n.Leaf() {
		d.Note = fmt.Sprintf("#%d", n.Object)
		if n.Spawn {
			d.Note += " spawned"
		}
		return d
	}
	d.Action = n.Rule.Action
	for _, c := range n.Children {
		d.Children = append(d.Children, drawNode(c))
	}
	for _, a := range n.Alternatives {
		d.Alternatives = append(d.Alternatives, drawNode(a))
	}
	return d
}

// spaceSVG draws a puzzle's state space as the dashboard does: layers by distance from the start, showing only
// the items the puzzle involves, with the solution path, dead ends and fail states coloured.
func spaceSVG(w io.Writer, pz *puzzle.Puzzle, g *puzzle.Graph) error {
	items := map[string]bool{}
	var walk func(n *puzzle.Node)
	walk = func(n *puzzle.Node) {
		items[n.Item] = true
		for _, out := range n.Outputs {
			items[out] = true
		}
		for _, c := range n.Children {
			walk(c)
		}
	}
	walk(pz.Root)
	var list []string
	for it := range items {
		if it != "" {
			list = append(list, it)
		}
	}
	return draw.Space(w, g, draw.SpaceOptions{Items: list, Area: pz.Area})
}
