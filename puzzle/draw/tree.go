// Package draw draws puzzles as SVG on the server, with no Graphviz or script: a puzzle tree in a tidy tree
// layout (Tree) and a state space as layers by distance from the start (Space). It depends only on the engine's
// types, so tools can draw the same pictures.
package draw

import (
	"fmt"
	"io"
	"strings"
)

// Node is a node of a tree to draw: a rule (with Action) that makes its term from its children, or a leaf.
type Node struct {
	Action   string // the rule's action, drawn in bold; "" for a leaf
	Label    string // what the node makes or is: "a lit campfire"
	Note     string // a smaller line: "#12 spawned", "step 3"
	Done     bool   // the rule has run: drawn filled and ticked
	Children []*Node
	// Alternatives are other rules that make what this node makes (OR-nodes): each is drawn beside the node,
	// under the same parent, dashed and joined to it by a dashed edge marked "or". A root with alternatives is
	// drawn under a box of what they all make.
	Alternatives []*Node
}

// Sizes of the tree drawing, in pixels.
const (
	charWidth  = 6.6 // of the 11 px sans-serif labels, on average
	nodeH      = 46
	levelGap   = 34
	siblingGap = 14
	margin     = 12
)

// placed is a node with its layout: x is the centre, relative to its parent until the last pass.
type placed struct {
	n        *Node
	w        float64
	x        float64
	depth    int
	alt      bool // drawn as an alternative of the sibling before it
	children []*placed
}

// below returns the nodes drawn under n, in order: each child followed by its alternatives, and which of them
// are alternatives.
func below(n *Node) ([]*Node, []bool) {
	var kids []*Node
	var alt []bool
	for _, c := range n.Children {
		kids, alt = append(kids, c), append(alt, false)
		for _, a := range c.Alternatives {
			kids, alt = append(kids, a), append(alt, true)
		}
	}
	return kids, alt
}

// width is a node's box width: enough for its longest line.
func width(n *Node) float64 {
	longest := max(len([]rune(n.Action))+2, len([]rune(n.Label)), len([]rune(n.Note)))
	return max(70, float64(longest)*charWidth+16)
}

// contour is the left and right extent of a subtree at each depth below its root, relative to the root's centre.
type contour struct{ left, right []float64 }

// layout places a subtree: each child's subtree is put as close to the right of its left siblings as their
// contours allow at every depth, and the parent is centred over its first and last child (Reingold and Tilford's
// tidy tree, without threads: subtrees are small).
func layout(n *Node, depth int) (*placed, contour) {
	p := &placed{n: n, w: width(n), depth: depth}
	c := contour{left: []float64{-p.w / 2}, right: []float64{p.w / 2}}
	kids, alt := below(n)
	if len(kids) == 0 {
		return p, c
	}
	var acc contour
	offsets := make([]float64, len(kids))
	for i, child := range kids {
		cp, cc := layout(child, depth+1)
		cp.alt = alt[i]
		p.children = append(p.children, cp)
		if i == 0 {
			acc = contour{left: append([]float64(nil), cc.left...), right: append([]float64(nil), cc.right...)}
			continue
		}
		shift := -1e18
		for d := 0; d < min(len(acc.right), len(cc.left)); d++ {
			shift = max(shift, acc.right[d]-cc.left[d]+siblingGap)
		}
		offsets[i] = shift
		acc = merge(acc, cc, shift)
	}
	mid := (offsets[0] + offsets[len(offsets)-1]) / 2
	for i, cp := range p.children {
		cp.x = offsets[i] - mid
	}
	for d := range acc.left {
		c.left = append(c.left, acc.left[d]-mid)
		c.right = append(c.right, acc.right[d]-mid)
	}
	return p, c
}

// merge adds a subtree's contour, shifted right, to the accumulated contour of its left siblings.
func merge(acc, cc contour, shift float64) contour {
	for d := range cc.left {
		l, r := cc.left[d]+shift, cc.right[d]+shift
		if d < len(acc.left) {
			acc.left[d] = min(acc.left[d], l)
			acc.right[d] = max(acc.right[d], r)
			continue
		}
		acc.left = append(acc.left, l)
		acc.right = append(acc.right, r)
	}
	return acc
}

// absolute turns relative centres into absolute ones and returns the leftmost and rightmost edges and the depth.
func absolute(p *placed, x float64, lo, hi *float64, deepest *int) {
	p.x += x
	*lo, *hi = min(*lo, p.x-p.w/2), max(*hi, p.x+p.w/2)
	*deepest = max(*deepest, p.depth)
	for _, c := range p.children {
		absolute(c, p.x, lo, hi, deepest)
	}
}

// Tree draws a tree as SVG, its root at the top and its leaves below: rules as boxes (filled green and ticked
// when done), leaves as rounded boxes, alternatives dashed, title above. Each node is a <g class="node"> with
// class "done", "rule", "leaf" or "alternative" and a <title> giving its lines, so pages and tests can find them.
func Tree(w io.Writer, title string, root *Node) error {
	if len(root.Alternatives) > 0 {
		root = &Node{Label: root.Label, Note: "made by any one way below", Children: []*Node{root}}
	}
	p, _ := layout(root, 0)
	lo, hi, deepest := 0.0, 0.0, 0
	absolute(p, 0, &lo, &hi, &deepest)
	width := hi - lo + 2*margin
	height := float64(deepest+1)*(nodeH+levelGap) - levelGap + 2*margin + 22
	var b strings.Builder
	fmt.Fprintf(&b, `<svg xmlns="http://www.w3.org/2000/svg" class="tree" viewBox="0 0 %.0f %.0f" width="%.0f" height="%.0f" font-family="sans-serif" font-size="11">`,
		width, height, width, height)
	fmt.Fprintf(&b, `<text class="tree-title" x="%d" y="16" font-size="13" font-weight="bold">%s</text>`, margin, esc(title))
	dx, dy := margin-lo, float64(margin+22)
	drawEdges(&b, p, dx, dy)
	drawNodes(&b, p, dx, dy)
	b.WriteString("</svg>")
	_, err := io.WriteString(w, b.String())
	return err
}

func nodeY(p *placed, dy float64) float64 { return dy + float64(p.depth)*(nodeH+levelGap) }

// drawEdges draws a line from each node's bottom to each child's top: dashed to an alternative, with "or" before
// its box.
func drawEdges(b *strings.Builder, p *placed, dx, dy float64) {
	for _, c := range p.children {
		colour := "#8a8f98"
		if c.n.Done || len(c.n.Children) == 0 && p.n.Done {
			colour = "#2e8b57"
		}
		x1, y1, x2, y2 := p.x+dx, nodeY(p, dy)+nodeH, c.x+dx, nodeY(c, dy)
		dash := ""
		if c.alt {
			dash = ` stroke-dasharray="5 4"`
		}
		fmt.Fprintf(b, `<line x1="%.1f" y1="%.1f" x2="%.1f" y2="%.1f" stroke="%s" stroke-width="1.5"%s/>`, x1, y1, x2, y2, colour, dash)
		if c.alt { // between the alternative and the box before it
			fmt.Fprintf(b, `<text class="or" x="%.1f" y="%.1f" text-anchor="middle" fill="#6b7280" font-style="italic">or</text>`,
				c.x+dx-c.w/2-siblingGap/2, y2+nodeH/2+4)
		}
		drawEdges(b, c, dx, dy)
	}
}

// drawNodes draws each node's box and lines.
func drawNodes(b *strings.Builder, p *placed, dx, dy float64) {
	n := p.n
	x, y := p.x+dx-p.w/2, nodeY(p, dy)
	class, fill, stroke, rx := "node rule", "#ffffff", "#5b6470", 3
	switch {
	case n.Action == "":
		class, fill, stroke, rx = "node leaf", "#f3efe6", "#a08f6a", 14
	case n.Done:
		class, fill, stroke = "node rule done", "#d7f2dc", "#2e8b57"
	}
	dash := ""
	if p.alt {
		class, dash = class+" alternative", ` stroke-dasharray="5 4"`
	}
	lines := []string{n.Action, n.Label, n.Note}
	fmt.Fprintf(b, `<g class="%s"><title>%s</title>`, class, esc(strings.TrimSpace(strings.Join(lines, "\n"))))
	fmt.Fprintf(b, `<rect x="%.1f" y="%.1f" width="%.1f" height="%d" rx="%d" fill="%s" stroke="%s" stroke-width="1.5"%s/>`,
		x, y, p.w, nodeH, rx, fill, stroke, dash)
	cx := p.x + dx
	action := n.Action
	if n.Done {
		action = "✔ " + action
	}
	if action != "" {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" font-weight="bold">%s</text>`, cx, y+14, esc(action))
	}
	fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle">%s</text>`, cx, y+28, esc(n.Label))
	if n.Note != "" {
		fmt.Fprintf(b, `<text x="%.1f" y="%.1f" text-anchor="middle" fill="#6b7280" font-size="9.5">%s</text>`, cx, y+41, esc(n.Note))
	}
	b.WriteString("</g>")
	for _, c := range p.children {
		drawNodes(b, c, dx, dy)
	}
}

// esc escapes text for SVG.
func esc(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;", "'", "&#39;").Replace(s)
}
