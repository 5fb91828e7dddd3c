package puzzle

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// Puzzle is the puzzle of one area: the tree of rules generated backward from the area's goal (dissertation
// figure 3.2), with the objects spawned for it and its measured size.
type Puzzle struct {
	Area     string   // the area it was generated for
	Goal     Term     // the goal chosen among the area's goals
	Root     *Node    // the node of the goal
	Spawned  []Object // objects the generator added to the area, leaves and red herrings, in id order
	Herrings []int    // ids of the spawned objects no leaf uses (red herrings)
	Depth    int      // rules on the longest path from the goal to a leaf
	Breadth  int      // number of leaves
	Steps    int      // number of rules to execute
	// Relaxed is how far generation gave way on the area's constraints to make this puzzle (Strict when not).
	Relaxed Relaxation
}

// Node is a term of the puzzle tree with the item that fills it. A leaf is filled by an object: one that already
// existed or one the generator spawned. Any other node is filled by executing its rule on the objects of its
// children, which are the rule's inputs in order.
type Node struct {
	Term     Term     // the term, as specific as its item: the goal, or an input of the parent's rule
	Item     string   // the puzzle item filling the term, passed up the tree from the leaves (dissertation 3.5.1)
	Object   int      // a leaf's object id; 0 for a node made by its rule
	Spawn    bool     // the leaf's object was spawned for this puzzle rather than found in the world
	Rule     *Rule    // the rule making the term, nil for a leaf
	Outputs  []string // the items of the rule's outputs, in order; Outputs[0] is Item
	Children []*Node  // the nodes of the rule's inputs, in order
	// Alternatives are other ways to make a rule node's item (the dissertation's OR-nodes): rule nodes of other
	// rules, each with inputs of its own, any one of which may run instead of this node. The tree through Children
	// alone is the primary solution (Solution); an alternative's leaves are spawned and placed too (Leaves).
	Alternatives []*Node

	props Props // a leaf's object properties, as found or spawned
	item  int   // Item's index in the generator's items
	key   int   // a rule node's key in the generator's keys, as the search filled it (Alternatives are made for it)
	outIn []int // for each output of Rule, the input whose object it is, or -1 when the rule creates it
}

// Leaf reports whether the node is filled by an object rather than by a rule.
func (n *Node) Leaf() bool { return n.Rule == nil }

// Solution returns the nodes whose rules must run, in one valid order: every node after its children (post-order,
// inputs left to right). Executing their rules in this order from the puzzle's start reaches the goal.
func (p *Puzzle) Solution() []*Node {
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Leaf() {
			return
		}
		for _, c := range n.Children {
			walk(c)
		}
		out = append(out, n)
	}
	walk(p.Root)
	return out
}

// Leaves returns the leaves of the tree, left to right, those of alternatives (Node.Alternatives) after the
// node's own.
func (p *Puzzle) Leaves() []*Node {
	var out []*Node
	var walk func(n *Node)
	walk = func(n *Node) {
		if n.Leaf() {
			out = append(out, n)
		}
		for _, c := range n.Children {
			walk(c)
		}
		for _, a := range n.Alternatives {
			walk(a)
		}
	}
	walk(p.Root)
	return out
}

// measure sets the depth, breadth and steps of the puzzle from its tree.
func (p *Puzzle) measure() {
	var walk func(n *Node) int
	walk = func(n *Node) int {
		if n.Leaf() {
			p.Breadth++
			return 0
		}
		p.Steps++
		d := 0
		for _, c := range n.Children {
			d = max(d, walk(c))
		}
		return d + 1
	}
	p.Breadth, p.Steps = 0, 0
	p.Depth = walk(p.Root)
}

// DOT returns the puzzle tree in Graphviz DOT: rules as boxes labelled with their action, leaves as ellipses
// (dashed when the object already existed), each labelled with its term and item, edges from a rule to its inputs;
// red herrings as grey dotted ellipses of their own.
func (p *Puzzle) DOT() string {
	var b strings.Builder
	fmt.Fprintf(&b, "digraph %q {\n\trankdir=BT;\n\tlabel=%q;\n", "puzzle "+p.Area, fmt.Sprintf("%s: %s (depth %d, %d leaves, %d steps)", p.Area, p.Goal, p.Depth, p.Breadth, p.Steps))
	id := 0
	var walk func(n *Node) int
	walk = func(n *Node) int {
		me := id
		id++
		label := n.Term.String()
		if n.Item != n.Term.Type {
			label += " (" + n.Item + ")"
		}
		switch {
		case !n.Leaf():
			fmt.Fprintf(&b, "\tn%d [shape=box, label=%q];\n", me, n.Rule.Action+"\n"+label+fmt.Sprintf("\nrule %d", n.Rule.Index))
		case n.Spawn:
			fmt.Fprintf(&b, "\tn%d [shape=ellipse, label=%q];\n", me, fmt.Sprintf("%s\n#%d spawned", label, n.Object))
		default:
			fmt.Fprintf(&b, "\tn%d [shape=ellipse, style=dashed, label=%q];\n", me, fmt.Sprintf("%s\n#%d exists", label, n.Object))
		}
		for _, c := range n.Children {
			fmt.Fprintf(&b, "\tn%d -> n%d;\n", walk(c), me)
		}
		for _, a := range n.Alternatives {
			fmt.Fprintf(&b, "\tn%d -> n%d [style=dashed, label=\"or\"];\n", walk(a), me)
		}
		return me
	}
	walk(p.Root)
	for _, o := range p.Spawned {
		if slices.Contains(p.Herrings, o.ID) {
			fmt.Fprintf(&b, "\tn%d [shape=ellipse, style=dotted, color=grey, label=%q];\n", id, fmt.Sprintf("%s\n#%d red herring", o.Item, o.ID))
			id++
		}
	}
	b.WriteString("}\n")
	return b.String()
}

// nodeJSON is a node as JSON.
type nodeJSON struct {
	Term     string   `json:"term"`
	Item     string   `json:"item"`
	Object   int      `json:"object,omitempty"`
	Spawn    bool     `json:"spawn,omitempty"`
	Rule     *int     `json:"rule,omitempty"`
	Action   string   `json:"action,omitempty"`
	Outputs  []string `json:"outputs,omitempty"`
	Children []*Node  `json:"children,omitempty"`
	Or       []*Node  `json:"or,omitempty"`
}

// MarshalJSON writes the node with its term as text and its rule as its index and action.
func (n *Node) MarshalJSON() ([]byte, error) {
	j := nodeJSON{Term: n.Term.String(), Item: n.Item, Object: n.Object, Spawn: n.Spawn, Outputs: n.Outputs, Children: n.Children,
		Or: n.Alternatives}
	if n.Rule != nil {
		j.Rule, j.Action = &n.Rule.Index, n.Rule.Action
	}
	return json.Marshal(j)
}

// MarshalJSON writes the puzzle with its goal as text.
func (p *Puzzle) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Area     string `json:"area"`
		Goal     string `json:"goal"`
		Depth    int    `json:"depth"`
		Breadth  int    `json:"breadth"`
		Steps    int    `json:"steps"`
		Spawned  []Obj  `json:"spawned"`
		Herrings []int  `json:"herrings,omitempty"`
		Tree     *Node  `json:"tree"`
	}{p.Area, p.Goal.String(), p.Depth, p.Breadth, p.Steps, objsJSON(p.Spawned), p.Herrings, p.Root})
}
