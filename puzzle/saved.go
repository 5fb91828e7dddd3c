package puzzle

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// savedPuzzle is a puzzle as a save keeps it: its goal and its tree, flattened parents first with each node's
// parent, with the nodes whose rules have run. Rules are kept by number and checked against their text, so a
// changed pack is noticed. The fields up to Steps are those the overlay wrote before the format moved here; the
// others are optional, and a save without them still loads.
type savedPuzzle struct {
	Goal     string       `json:"goal"`
	Nodes    []savedNode  `json:"nodes"`
	Depth    int          `json:"depth"`
	Steps    int          `json:"steps"`
	Breadth  int          `json:"breadth,omitempty"`
	Spawned  []ObjectJSON `json:"spawned,omitempty"`
	Herrings []int        `json:"herrings,omitempty"`
}

// savedNode is a node of a saved puzzle.
type savedNode struct {
	Term   string `json:"term"`
	Item   string `json:"item"`
	Object int    `json:"object,omitempty"`
	Rule   int    `json:"rule"` // -1 for a leaf
	Text   string `json:"text,omitempty"`
	// Outputs are the items the tree chose for the rule's outputs; saves from before they were kept have none,
	// and their rules make the default items.
	Outputs []string `json:"outputs,omitempty"`
	Parent  int      `json:"parent"` // -1 for the root
	// Alt, above 0, makes the node an alternative (Node.Alternatives) of the saved node numbered Alt-1, whose
	// parent it shares.
	Alt   int  `json:"alt,omitempty"`
	Done  bool `json:"done,omitempty"`
	Spawn bool `json:"spawn,omitempty"`
	// Props are a leaf's object properties when the puzzle was generated; without them a leaf has its item's.
	Props *savedProps `json:"props,omitempty"`
}

// savedProps are properties as JSON booleans, integers and strings.
type savedProps map[string]any

// MarshalSaved encodes the puzzle for a save, with the progress of t: the puzzle as the manager tracks it, its
// nodes being p.TreeRules() in that order (nil when no rule has run). Pack.UnmarshalPuzzle decodes it.
func (p *Puzzle) MarshalSaved(t *Tracked) ([]byte, error) {
	if p.Root == nil {
		return nil, errors.New("save puzzle: no tree")
	}
	done, err := p.doneNodes(t)
	if err != nil {
		return nil, err
	}
	sp := savedPuzzle{Goal: p.Goal.String(), Depth: p.Depth, Steps: p.Steps, Breadth: p.Breadth, Herrings: p.Herrings}
	for _, o := range p.Spawned {
		sp.Spawned = append(sp.Spawned, JSONObject(o))
	}
	var walk func(n *Node, parent, alt int)
	walk = func(n *Node, parent, alt int) {
		sn := savedNode{Term: n.Term.String(), Item: n.Item, Object: n.Object, Rule: -1, Parent: parent, Alt: alt, Spawn: n.Spawn}
		if n.Leaf() {
			if n.props != nil {
				props := savedProps(JSONObject(Object{Props: n.props}).Props)
				sn.Props = &props
			}
		} else {
			sn.Rule, sn.Text, sn.Outputs, sn.Done = n.Rule.Index, n.Rule.String(), n.Outputs, done[n]
		}
		me := len(sp.Nodes)
		sp.Nodes = append(sp.Nodes, sn)
		for _, c := range n.Children {
			walk(c, me, 0)
		}
		for _, a := range n.Alternatives {
			walk(a, parent, me+1)
		}
	}
	walk(p.Root, -1, 0)
	return json.Marshal(sp)
}

// doneNodes returns the rule nodes whose rules have run by t, which tracks p.TreeRules().
func (p *Puzzle) doneNodes(t *Tracked) (map[*Node]bool, error) {
	done := map[*Node]bool{}
	if t == nil {
		return done, nil
	}
	flat := p.ruleNodes()
	if len(t.Nodes) != len(flat) {
		return nil, fmt.Errorf("save puzzle of %s: %d tracked nodes for %d rule nodes", p.Area, len(t.Nodes), len(flat))
	}
	for i, f := range flat {
		if n := f.node; t.Nodes[i].Rule != n.Rule {
			return nil, fmt.Errorf("save puzzle of %s: tracked node %d is %v, not %v: track Puzzle.TreeRules()", p.Area, i, t.Nodes[i].Rule, n.Rule)
		}
		done[f.node] = t.Done(i)
	}
	return done, nil
}

// UnmarshalPuzzle decodes a puzzle that Puzzle.MarshalSaved encoded, or that the overlay saved before in the same
// format, for the area named area, against the pack: each rule must still be the pack's rule of its number and
// text. It returns the puzzle, with everything generation derives from its tree, and the indices in
// p.TreeRules() of the nodes whose rules had run, as Tracked.Restore takes them.
func (pk *Pack) UnmarshalPuzzle(area string, raw []byte) (*Puzzle, []int, error) {
	var sp savedPuzzle
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&sp); err != nil {
		return nil, nil, err
	}
	goal, err := ParseTerm(sp.Goal, Pos{})
	if err != nil {
		return nil, nil, fmt.Errorf("goal: %w", err)
	}
	p := &Puzzle{Area: area, Goal: goal, Herrings: sp.Herrings}
	for _, j := range sp.Spawned {
		o, err := j.object()
		if err != nil {
			return nil, nil, err
		}
		p.Spawned = append(p.Spawned, o)
	}
	nodes, err := pk.savedTree(sp.Nodes)
	if err != nil {
		return nil, nil, err
	}
	p.Root = nodes[0]
	p.measure()
	done := map[*Node]bool{}
	for i, n := range nodes {
		done[n] = sp.Nodes[i].Done
	}
	var ran []int
	for i, f := range p.ruleNodes() {
		if done[f.node] {
			ran = append(ran, i)
		}
	}
	return p, ran, nil
}

// savedTree rebuilds the tree of saved nodes, the derived fields too, and returns its nodes in the saved order:
// the root first.
func (pk *Pack) savedTree(saved []savedNode) ([]*Node, error) {
	if len(saved) == 0 || saved[0].Parent != -1 {
		return nil, errors.New("empty puzzle")
	}
	items := pk.itemIndices()
	nodes := make([]*Node, len(saved))
	for i, sn := range saved {
		n, err := pk.savedNode(sn, items)
		if err != nil {
			return nil, fmt.Errorf("node %d: %w", i, err)
		}
		nodes[i] = n
		if i == 0 {
			continue
		}
		if sn.Alt > 0 {
			if sn.Alt > i || n.Leaf() || nodes[sn.Alt-1].Leaf() || saved[sn.Alt-1].Parent != sn.Parent {
				return nil, fmt.Errorf("node %d: bad alternative of node %d", i, sn.Alt-1)
			}
			nodes[sn.Alt-1].Alternatives = append(nodes[sn.Alt-1].Alternatives, n)
			continue
		}
		if sn.Parent < 0 || sn.Parent >= i || nodes[sn.Parent].Leaf() {
			return nil, fmt.Errorf("node %d: bad parent %d", i, sn.Parent)
		}
		nodes[sn.Parent].Children = append(nodes[sn.Parent].Children, n)
	}
	for i := len(nodes) - 1; i >= 0; i-- { // children before parents
		if n := nodes[i]; !n.Leaf() {
			if !fits(n) {
				return nil, fmt.Errorf("node %d: %d inputs and %d output items for rule %v", i, len(n.Children), len(n.Outputs), n.Rule)
			}
			n.outIn = pairOutputs(n.Rule, n.Children)
		}
	}
	return nodes, nil
}

// savedNode rebuilds one node without its children; items maps item names to their indices.
func (pk *Pack) savedNode(sn savedNode, items map[string]int) (*Node, error) {
	t, err := ParseTerm(sn.Term, Pos{})
	if err != nil {
		return nil, err
	}
	n := &Node{Term: t, Item: sn.Item, Object: sn.Object, Spawn: sn.Spawn, Outputs: sn.Outputs, item: -1}
	if i, ok := items[sn.Item]; ok {
		n.item = i
	}
	if sn.Rule >= 0 {
		if sn.Rule >= len(pk.Rules) || pk.Rules[sn.Rule].String() != sn.Text {
			return nil, fmt.Errorf("rule %d %q is not in the pack any more", sn.Rule, sn.Text)
		}
		n.Rule = pk.Rules[sn.Rule]
		return n, nil
	}
	switch {
	case sn.Props != nil:
		if n.props, err = propsOfJSON(*sn.Props); n.props == nil {
			n.props = Props{} // saved without properties, which is not the same as unsaved
		}
	case n.item >= 0:
		n.props = pk.Items[sn.Item].Props
	}
	return n, err
}

// itemIndices maps the names of the pack's items to their indices, in the order a Generator of the pack gives them.
func (pk *Pack) itemIndices() map[string]int {
	m := map[string]int{}
	for _, name := range pk.ItemOrder {
		if _, ok := pk.Items[name]; ok {
			m[name] = len(m)
		}
	}
	return m
}

// object returns the object that JSONObject converted, its integers read as json.Number or float64 too.
func (j ObjectJSON) object() (Object, error) {
	props, err := propsOfJSON(j.Props)
	if err != nil {
		return Object{}, fmt.Errorf("object %d: %w", j.ID, err)
	}
	return Object{ID: j.ID, Item: j.Item, Area: j.Area, Props: props, Contained: j.Holds}, nil
}

// propsOfJSON returns the properties that JSONObject converted to JSON values; nil when there are none.
func propsOfJSON(m map[string]any) (Props, error) {
	if len(m) == 0 {
		return nil, nil
	}
	props := make(Props, len(m))
	for name, v := range m {
		switch v := v.(type) {
		case bool:
			props[name] = Bool(v)
		case string:
			props[name] = String(v)
		case int64:
			props[name] = Int(v)
		case int:
			props[name] = Int(int64(v))
		case json.Number:
			i, err := v.Int64()
			if err != nil {
				return nil, fmt.Errorf("property %s: %v is not an integer", name, v)
			}
			props[name] = Int(i)
		case float64:
			if v != float64(int64(v)) {
				return nil, fmt.Errorf("property %s: %v is not an integer", name, v)
			}
			props[name] = Int(int64(v))
		default:
			return nil, fmt.Errorf("property %s has a value of type %T", name, v)
		}
	}
	return props, nil
}
