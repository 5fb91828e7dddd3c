package puzzle

import (
	"bufio"
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
	Shortest int         `json:"shortest"` // moves in a shortest solution, -1 if none was found
	Explored int         `json:"explored"` // states the exploration stored: more than the nodes when the graph is cut
	// Partial is set when the graph is not the whole space: the exploration stopped early, so no state is known to
	// be a dead end and distances to a goal are those found, or the graph keeps only the first
	// Explore.MaxGraphStates states. Note says which.
	Partial bool   `json:"partial,omitempty"`
	Note    string `json:"note,omitempty"`
}

// GraphNode is one state, up to symmetry: the ids of its objects are arbitrary.
type GraphNode struct {
	ID         int          `json:"id"`
	Objects    []ObjectJSON `json:"objects"`
	Depth      int          `json:"depth"`  // moves from the start
	ToGoal     int          `json:"toGoal"` // moves to the nearest goal state, -1 if none can be reached (or, partial, was found)
	Start      bool         `json:"start,omitempty"`
	Goal       bool         `json:"goal,omitempty"`
	Fail       bool         `json:"fail,omitempty"`
	DeadEnd    bool         `json:"deadEnd,omitempty"`
	Horizon    bool         `json:"horizon,omitempty"`    // left unexpanded at Explore.MaxDepth
	OnSolution bool         `json:"onSolution,omitempty"` // on a shortest solution path
	// Truncated marks a state some of whose moves the graph lacks: the exploration stopped before it expanded the
	// state in full, or they lead to states past the graph's cap.
	Truncated bool `json:"truncated,omitempty"`
}

// GraphEdge is one move between two states.
type GraphEdge struct {
	From       int      `json:"from"`
	To         int      `json:"to"`
	Rule       int      `json:"rule"` // the rule's index; -1 for fail rules, PickUp and PutDown
	Action     string   `json:"action"`
	Inputs     []string `json:"inputs"` // the bound objects as "Item[props]@area"; shared by edges of one move
	OnSolution bool     `json:"onSolution,omitempty"`
}

// ObjectJSON is an object as the JSON outputs write it: {"id", "item", "area", "props"}, with property values as
// JSON booleans, numbers and strings, and "holds" naming a held object. In a Graph, objects of the same kind share
// their Props: do not change them.
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

// graph builds the exported graph of an exploration: its first Explore.MaxGraphStates states with the moves between
// them. toGoal is each state's distance to a goal; dead marks the dead ends, nil when the analysis did not run.
func (x *explorer) graph(toGoal []int32, dead []bool, rep *Report) *Graph {
	n := min(x.st.len(), x.cfg.maxGraphStates())
	g := &Graph{Shortest: rep.Shortest, Explored: x.st.len()}
	var notes []string
	if rep.stop != searching {
		notes = append(notes, "the exploration stopped early ("+rep.stopPhrase()+")")
	}
	if n < x.st.len() {
		notes = append(notes, fmt.Sprintf("the graph keeps the first %d of %d states", n, x.st.len()))
	}
	g.Partial, g.Note = len(notes) > 0, strings.Join(notes, "; ")
	onPath := func(i uint32) bool {
		return rep.Shortest >= 0 && toGoal[i] >= 0 && int(x.info[i].depth+toGoal[i]) == rep.Shortest
	}
	truncated := x.truncated(n, rep.stop)
	horizon := make([]bool, n)
	for _, i := range x.horizon {
		if int(i) < n {
			horizon[i] = true
		}
	}
	kinds := map[uint32]map[string]any{}
	g.Nodes = make([]GraphNode, 0, n)
	for i := range n {
		node := GraphNode{ID: i, Depth: int(x.info[i].depth), ToGoal: int(toGoal[i]), Start: i == 0,
			Goal: x.info[i].flags&flagGoal != 0, Fail: x.info[i].flags&flagFail != 0, OnSolution: onPath(uint32(i)),
			Horizon: horizon[i], Truncated: truncated[i],
			DeadEnd: dead != nil && dead[i], Objects: x.graphObjects(x.st.get(uint32(i)), kinds)}
		g.Nodes = append(g.Nodes, node)
	}
	inputs := map[uint32][]string{} // by move: edges of a move share their inputs
	for _, e := range x.edges {
		if int(e.from) >= n || int(e.to) >= n {
			continue
		}
		eff := x.effList[e.eff]
		ge := GraphEdge{From: int(e.from), To: int(e.to), Rule: eff.rule.Index, Action: eff.rule.Action,
			OnSolution: onPath(e.from) && onPath(e.to) && x.info[e.to].depth == x.info[e.from].depth+1 &&
				toGoal[e.from] == toGoal[e.to]+1}
		if eff.rule.Fail {
			ge.Rule = -1
		}
		in, ok := inputs[e.eff]
		if !ok {
			for _, en := range eff.inputs {
				in = append(in, x.entryString(en))
			}
			inputs[e.eff] = in
		}
		ge.Inputs = in
		g.Edges = append(g.Edges, ge)
	}
	return g
}

// truncated marks the first n states whose moves the graph lacks some of: those the search did not expand in full
// before it stopped, and those with a move to a state past n.
func (x *explorer) truncated(n, stop int) []bool {
	t := make([]bool, n)
	if stop != searching {
		for i := range n {
			t[i] = !x.info[i].expanded && x.info[i].flags == 0
		}
		if int(x.at) < n {
			t[x.at] = true // stopped while expanding it
		}
	}
	for _, e := range x.edges {
		if int(e.from) < n && int(e.to) >= n {
			t[e.from] = true
		}
	}
	return t
}

// graphObjects returns the objects of a state as the graph shows them, numbered as State decodes them; objects of a
// kind share the JSON form of its properties, kept in kinds.
func (x *explorer) graphObjects(es []entry, kinds map[uint32]map[string]any) []ObjectJSON {
	if n := len(es); n > 0 && es[n-1] == failMark {
		es = es[:n-1]
	}
	var objs []ObjectJSON
	var add func(k uint32, area string) int
	add = func(k uint32, area string) int {
		kd := x.sp.kinds[k]
		props, ok := kinds[k]
		if !ok {
			props = JSONObject(Object{Props: kd.props}).Props
			kinds[k] = props
		}
		o := ObjectJSON{ID: len(objs) + 1, Item: kd.item, Area: area, Props: props}
		objs = append(objs, o)
		if kd.content != 0 {
			objs[o.ID-1].Holds = add(kd.content-1, InContainer)
		}
		return o.ID
	}
	for _, e := range es {
		add(entryKind(e), x.sp.locs[entryLoc(e)])
	}
	return objs
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

// noGraph stands for a graph that was never kept, so that writing one writes an empty, partial graph.
func noGraph() *Graph {
	return &Graph{Nodes: []GraphNode{}, Edges: []GraphEdge{}, Shortest: -1, Partial: true,
		Note: "no graph was kept: explore with Explore.Graph"}
}

// WriteJSON writes the graph as indented JSON. A nil graph is written as an empty partial one.
func (g *Graph) WriteJSON(w io.Writer) error {
	if g == nil {
		g = noGraph()
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(g)
}

// WriteDOT writes the graph in Graphviz DOT: the start is a double circle, goal states green, fail states red,
// dead ends grey, states left unexplored at the depth horizon dashed, states with moves missing from a partial
// graph dotted, and states and moves on shortest solutions bold blue. A partial graph says why in a comment and
// its label; a nil graph is written as an empty partial one.
func (g *Graph) WriteDOT(w io.Writer) error {
	if g == nil {
		g = noGraph()
	}
	b := bufio.NewWriter(w)
	b.WriteString("digraph space {\n  node [shape=box, fontsize=10];\n")
	if g.Partial {
		fmt.Fprintf(b, "  // partial: %s\n  label=%q;\n", g.Note, "partial: "+g.Note)
	}
	for _, n := range g.Nodes {
		fmt.Fprintf(b, "  s%d [%s];\n", n.ID, strings.Join(n.dotAttrs(), ", "))
	}
	for _, e := range g.Edges {
		attrs := []string{fmt.Sprintf("label=%q", e.Action)}
		if e.OnSolution {
			attrs = append(attrs, `color="blue"`, "penwidth=2")
		}
		fmt.Fprintf(b, "  s%d -> s%d [%s];\n", e.From, e.To, strings.Join(attrs, ", "))
	}
	b.WriteString("}\n")
	return b.Flush()
}

// dotAttrs returns the DOT attributes of a state.
func (n *GraphNode) dotAttrs() []string {
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
	case n.Truncated:
		attrs = append(attrs, `style=dotted`)
	}
	if n.Start {
		attrs = append(attrs, "peripheries=2")
	}
	if n.OnSolution {
		attrs = append(attrs, `color="blue"`, "penwidth=2")
	}
	return attrs
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
