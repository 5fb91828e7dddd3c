package overlay

import (
	"encoding/json"
	"fmt"

	"riddlestone/puzzle"
)

// areaRun is an open area as the overlay holds it in memory.
type areaRun struct {
	rec     AreaRecord
	area    *puzzle.Area    // the instance of the template the puzzle was generated for
	puzzle  *puzzle.Puzzle  // nil for an area that got no puzzle
	tracked *puzzle.Tracked // the puzzle as the manager tracks it
}

// savedPuzzle is how the store keeps a puzzle: its goal and its tree, flattened with parents, with the nodes whose
// rules have run. Rules are kept by number and checked against their text, so a changed pack is noticed.
type savedPuzzle struct {
	Goal  string      `json:"goal"`
	Nodes []savedNode `json:"nodes"`
	Depth int         `json:"depth"`
	Steps int         `json:"steps"`
}

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
	Done    bool     `json:"done,omitempty"`
}

// flatten lists the nodes of a puzzle tree parents first, with the tracked state of each rule node.
func flatten(pz *puzzle.Puzzle) (nodes []*puzzle.Node, parents []int) {
	var walk func(n *puzzle.Node, parent int)
	walk = func(n *puzzle.Node, parent int) {
		i := len(nodes)
		nodes = append(nodes, n)
		parents = append(parents, parent)
		for _, c := range n.Children {
			walk(c, i)
		}
	}
	walk(pz.Root, -1)
	return nodes, parents
}

// treeRules turns a puzzle tree into what the manager tracks: its rule nodes with the rule node each feeds.
// ruleIndex maps each node of flatten's order to its index among the rule nodes, -1 for leaves.
func treeRules(pz *puzzle.Puzzle) (rules []puzzle.TreeRule, ruleIndex []int) {
	nodes, parents := flatten(pz)
	ruleIndex = make([]int, len(nodes))
	for i, n := range nodes {
		ruleIndex[i] = -1
		if n.Leaf() {
			continue
		}
		parent := -1
		if parents[i] >= 0 {
			parent = ruleIndex[parents[i]]
		}
		ruleIndex[i] = len(rules)
		rules = append(rules, puzzle.TreeRule{Rule: n.Rule, Parent: parent, Items: n.Outputs})
	}
	return rules, ruleIndex
}

// encodePuzzle saves a puzzle and the progress of its tracked tree.
func encodePuzzle(pz *puzzle.Puzzle, tr *puzzle.Tracked) (json.RawMessage, error) {
	nodes, parents := flatten(pz)
	_, ruleIndex := treeRules(pz)
	sp := savedPuzzle{Goal: pz.Goal.String(), Depth: pz.Depth, Steps: pz.Steps}
	for i, n := range nodes {
		sn := savedNode{Term: n.Term.String(), Item: n.Item, Object: n.Object, Rule: -1, Parent: parents[i]}
		if !n.Leaf() {
			sn.Rule, sn.Text, sn.Outputs = n.Rule.Index, n.Rule.String(), n.Outputs
			sn.Done = tr != nil && tr.Done(ruleIndex[i])
		}
		sp.Nodes = append(sp.Nodes, sn)
	}
	return json.Marshal(sp)
}

// decodePuzzle rebuilds a saved puzzle against the pack, and the indices (among rule nodes) of the rules that ran.
func decodePuzzle(p *puzzle.Pack, area string, raw json.RawMessage) (*puzzle.Puzzle, []int, error) {
	var sp savedPuzzle
	if err := json.Unmarshal(raw, &sp); err != nil {
		return nil, nil, err
	}
	goal, err := puzzle.ParseTerm(sp.Goal, puzzle.Pos{})
	if err != nil {
		return nil, nil, fmt.Errorf("goal: %w", err)
	}
	pz := &puzzle.Puzzle{Area: area, Goal: goal, Depth: sp.Depth, Steps: sp.Steps}
	nodes := make([]*puzzle.Node, len(sp.Nodes))
	var done []int
	rulesSeen := 0
	for i, sn := range sp.Nodes {
		t, err := puzzle.ParseTerm(sn.Term, puzzle.Pos{})
		if err != nil {
			return nil, nil, fmt.Errorf("node %d: %w", i, err)
		}
		n := &puzzle.Node{Term: t, Item: sn.Item, Object: sn.Object, Outputs: sn.Outputs}
		if sn.Rule >= 0 {
			if sn.Rule >= len(p.Rules) || p.Rules[sn.Rule].String() != sn.Text {
				return nil, nil, fmt.Errorf("node %d: rule %d %q is not in the pack any more", i, sn.Rule, sn.Text)
			}
			n.Rule = p.Rules[sn.Rule]
			if sn.Done {
				done = append(done, rulesSeen)
			}
			rulesSeen++
		}
		nodes[i] = n
		switch {
		case sn.Parent < 0 && i == 0:
			pz.Root = n
		case sn.Parent >= 0 && sn.Parent < i:
			nodes[sn.Parent].Children = append(nodes[sn.Parent].Children, n)
		default:
			return nil, nil, fmt.Errorf("node %d: bad parent %d", i, sn.Parent)
		}
	}
	if pz.Root == nil {
		return nil, nil, fmt.Errorf("empty puzzle")
	}
	return pz, done, nil
}
