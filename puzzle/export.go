package puzzle

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// Graph is an explored state space, kept for export: its states and moves, with the start, goal states, fail
// states, dead ends and the shortest solution paths marked (as PuzzleGraph shows them).
type Graph struct {
	Nodes    []GraphNode `json:"nodes"`
	Edges    []GraphEdge `json:"edges"`
	Shortest int         `json:"shortest"` // moves in a shortest solution, -1 if none
}

// GraphNode is one state, up to symmetry: the ids of its objects are arbitrary.
type GraphNode struct {
	ID         int          `json:"id"`
	Objects    []ObjectJSON `json:"objects"`
	Depth      int          `json:"depth"`  // moves from the start
	ToGoal     int          `json:"toGoal"` // moves to the nearest goal state, -1 if none can be reached
	Start      bool         `json:"start,omitempty"`
	Goal       bool         `json:"goal,omitempty"`
	Fail       bool         `json:"fail,omitempty"`
	DeadEnd    bool         `json:"deadEnd,omitempty"`
	Horizon    bool         `json:"horizon,omitempty"`    // left unexpanded at Explore.MaxDepth
	OnSolution bool         `json:"onSolution,omitempty"` // on a shortest solution path
}

// GraphEdge is one move between two states.
type GraphEdge struct {
	From       int      `json:"from"`
	To         int      `json:"to"`
	Rule       int      `json:"rule"` // the rule's index; -1 for fail rules, PickUp and PutDown
	Action     string   `json:"action"`
	Inputs     []string `json:"inputs"` // the bound objects as "Item[props]@area"
	OnSolution bool     `json:"onSolution,omitempty"`
}

// ObjectJSON is an object as the JSON outputs write it: {"id", "item", "area", "props"}, with property values as
// JSON booleans, numbers and strings, and "holds" naming a held object.
type ObjectJSON struct {
	ID    int            `json:"id"`
	Item  string         `json:"item"`
	Area  string         `json:"area"`
	Props map[string]any `json:"props"`
	Holds int            `json:"holds,omitempty"`
}

// JSONObject converts an object to its JSON form.
func JSONObject(o Object) ObjectJSON {
	props := map[string]any{}
	for name, v := range o.Props {
		switch v.Kind {
		case KindBool:
			props[name] = v.Bool
		case KindInt:
			props[name] = v.Int
		default:
			props[name] = v.Str
		}
	}
	return ObjectJSON{ID: o.ID, Item: o.Item, Area: o.Area, Props: props, Holds: o.Contained}
}

// graph builds the exported graph of a complete analysed exploration.
func (x *explorer) graph(toGoal []int32, dead []bool, shortest int) *Graph {
	g := &Graph{Shortest: shortest}
	horizon := make([]bool, x.st.len())
	for _, i := range x.horizon {
		horizon[i] = true
	}
	onPath := func(i uint32) bool {
		return shortest >= 0 && toGoal[i] >= 0 && int(x.info[i].depth+toGoal[i]) == shortest
	}
	for i := 0; i < x.st.len(); i++ {
		es := x.st.get(uint32(i))
		if n := len(es); n > 0 && es[n-1] == failMark {
			es = es[:n-1]
		}
		node := GraphNode{ID: i, Depth: int(x.info[i].depth), ToGoal: int(toGoal[i]), Start: i == 0,
			Goal: x.info[i].flags&flagGoal != 0, Fail: x.info[i].flags&flagFail != 0, OnSolution: onPath(uint32(i)),
			Horizon: horizon[i]}
		node.DeadEnd = dead[i]
		for _, o := range x.sp.state(es).Objects {
			node.Objects = append(node.Objects, JSONObject(o))
		}
		g.Nodes = append(g.Nodes, node)
	}
	for _, e := range x.edges {
		eff := x.effList[e.eff]
		ge := GraphEdge{From: int(e.from), To: int(e.to), Rule: eff.rule.Index, Action: eff.rule.Action,
			OnSolution: onPath(e.from) && onPath(e.to) && x.info[e.to].depth == x.info[e.from].depth+1 &&
				toGoal[e.from] == toGoal[e.to]+1}
		if eff.rule.Fail {
			ge.Rule = -1
		}
		for _, in := range eff.inputs {
			ge.Inputs = append(ge.Inputs, x.entryString(in))
		}
		g.Edges = append(g.Edges, ge)
	}
	return g
}

// entryString formats an entry as "Item[props]@area", with "{held}" after a container.
func (x *explorer) entryString(e entry) string {
	return x.kindString(entryKind(e)) + "@" + x.sp.locs[entryLoc(e)]
}

func (x *explorer) kindString(k uint32) string {
	kd := x.sp.kinds[k]
	s := kd.item + kd.props.String()
	if kd.content != 0 {
		s += "{" + x.kindString(kd.content-1) + "}"
	}
	return s
}

// WriteJSON writes the graph as indented JSON.
func (g *Graph) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(g)
}

// WriteDOT writes the graph in Graphviz DOT: the start is a double circle, goal states green, fail states red,
// dead ends grey, states left unexplored at the depth horizon dashed, and states and moves on shortest solutions bold
// blue.
func (g *Graph) WriteDOT(w io.Writer) error {
	var b strings.Builder
	b.WriteString("digraph space {\n  node [shape=box, fontsize=10];\n")
	for _, n := range g.Nodes {
		var lines []string
		for _, o := range n.Objects {
			lines = append(lines, fmt.Sprintf("%s%s @%s", o.Item, PropsLabel(o.Props), o.Area))
		}
		attrs := []string{fmt.Sprintf("label=%q", strings.Join(lines, "\n"))}
		switch {
		case n.Goal:
			attrs = append(attrs, `style=filled`, `fillcolor="palegreen"`)
		case n.Fail:
			attrs = append(attrs, `style=filled`, `fillcolor="salmon"`)
		case n.DeadEnd:
			attrs = append(attrs, `style=filled`, `fillcolor="lightgrey"`)
		case n.Horizon:
			attrs = append(attrs, `style=dashed`)
		}
		if n.Start {
			attrs = append(attrs, "peripheries=2")
		}
		if n.OnSolution {
			attrs = append(attrs, `color="blue"`, "penwidth=2")
		}
		fmt.Fprintf(&b, "  s%d [%s];\n", n.ID, strings.Join(attrs, ", "))
	}
	for _, e := range g.Edges {
		attrs := []string{fmt.Sprintf("label=%q", e.Action)}
		if e.OnSolution {
			attrs = append(attrs, `color="blue"`, "penwidth=2")
		}
		fmt.Fprintf(&b, "  s%d -> s%d [%s];\n", e.From, e.To, strings.Join(attrs, ", "))
	}
	b.WriteString("}\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// PropsLabel formats JSON-form properties (as in Obj and ObjectJSON) as in a rule: "[name: value, ...]", or ""
// when there are none.
func PropsLabel(props map[string]any) string {
	p := Props{}
	for name, v := range props {
		switch v := v.(type) {
		case bool:
			p[name] = Bool(v)
		case int64:
			p[name] = Int(v)
		case string:
			p[name] = String(v)
		}
	}
	return p.String()
}
