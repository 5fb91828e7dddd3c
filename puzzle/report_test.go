package puzzle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"testing"
)

// burnPack is a hall of k keys, each of which can be burnt: 2^k states, none a goal unless dig is set, when the
// first key can be dug up for gold in one move.
func burnPack(t testing.TB, k int, dig bool) (*Pack, *State) {
	var items, rules []string
	var world []Object
	for i := range k {
		items = append(items, fmt.Sprintf("Key%d: n=%d", i, i))
		rules = append(rules, fmt.Sprintf("Ash ::= Burn Key%d", i))
		world = append(world, Object{ID: i + 1, Item: fmt.Sprintf("Key%d", i), Area: "Hall", Props: Props{"n": Int(int64(i))}})
	}
	items = append(items, "Ash:", "Gold:")
	if dig {
		rules = append(rules, "Gold ::= Dig Key0")
	}
	return buildPack(t, items, rules, "Hall"), NewState(world)
}

// unreadable reports what a summary must never show: a sentinel or a saturated count.
func unreadable(s string) string {
	for _, bad := range []string{"-1", strconv.Itoa(int(^uint(0) >> 1)), strconv.Itoa(CountCap)} {
		if strings.Contains(s, bad) {
			return bad
		}
	}
	return ""
}

// A complete analysis says every figure.
func TestSummaryOfACompleteAnalysis(t *testing.T) {
	p, s := door(t)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: Term{Type: "Gold"}, Analyse: true})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := rep.Summary(), "solvable yes, 8 states, 2 solutions, shortest 2 moves, 1 dead end, 2 fail states"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	c := rep.Counts()
	if rep.Stopped() || c.Solutions != (Count{2, Exact}) || c.DeadEnds != (Count{1, Exact}) || c.Shortest != (Count{2, Exact}) {
		t.Errorf("counts %+v", c)
	}
	s = NewState(s.Objects()[:1]) // no key
	rep, _ = p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Analyse: true})
	if got, want := rep.Summary(), "solvable no, 1 state, no solution, 1 dead end, 0 fail states"; got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// An exploration stopped by its state cap answers what it knows, and says the rest is unknown rather than -1 or
// 0: "solvable yes" when it found a goal, with the shortest solution, exact breadth first.
func TestSummaryOfACappedAnalysis(t *testing.T) {
	for _, dig := range []bool{false, true} {
		p, s := burnPack(t, 12, dig)
		rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"}, MaxStates: 100, Analyse: true})
		if err != nil {
			t.Fatal(err)
		}
		want := "solvable unknown (exploration stopped at 100 states: dead ends and solution counts unknown)"
		if dig {
			want = "solvable yes, shortest 1 move (exploration stopped at 100 states: dead ends and solution counts unknown)"
		}
		if got := rep.Summary(); got != want || unreadable(got) != "" {
			t.Errorf("got  %q\nwant %q", got, want)
		}
		c := rep.Counts()
		if !rep.Stopped() || c.DeadEnds.Known() || c.Solutions.Known() || c.ShortestSolutions.Known() || c.Shortest.Known() != dig {
			t.Errorf("counts of a capped exploration: %+v", c)
		}
		if str := rep.String(); unreadable(str) != "" {
			t.Errorf("String: %s", str)
		}
	}
}

// A search that is not an analysis gives the length of the solution it found as an upper bound.
func TestSummaryOfASearch(t *testing.T) {
	p, s := door(t)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, FirstGoal: true, DepthFirst: true})
	if err != nil {
		t.Fatal(err)
	}
	c := rep.Counts()
	if c.Shortest.Bound != AtMost || c.DeadEnds.Known() || c.Solutions.Known() {
		t.Errorf("counts %+v", c)
	}
	if got := rep.Summary(); !strings.HasPrefix(got, "solvable yes, a solution of 2 moves") || unreadable(got) != "" {
		t.Errorf("got %q", got)
	}
}

// The horizon makes counts lower bounds.
func TestSummaryWithinAHorizon(t *testing.T) {
	p, s := door(t)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: Term{Type: "Gold"}, Analyse: true, MaxDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	want := "solvable yes, 7 states within 2 moves, at least 1 solution, shortest 2 moves, at least 1 dead end, 2 fail states (states 2 moves away were not explored)"
	if got := rep.Summary(); got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// A search bounded by MaxGrowth says how many states it left out.
func TestSummaryOfAGrowthBound(t *testing.T) {
	p := buildPack(t, []string{"Well:", "Fish:", "Gold:"}, []string{"Fish Well ::= Catch Well"}, "Lake")
	s := NewState([]Object{{ID: 1, Item: "Well", Area: "Lake"}})
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, MaxGrowth: 3, NoRelevance: true})
	if err != nil {
		t.Fatal(err)
	}
	want := "solvable unknown, 4 states, 0 fail states (1 state growing past 4 objects left out)"
	if got := rep.Summary(); got != want || rep.Stopped() {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// counterPack counts to n, each step by either of two rules: 2^n solutions, all of them shortest.
func counterPack(t testing.TB, n int) (*Pack, *State, Term) {
	var rules []string
	for i := range n {
		rules = append(rules, fmt.Sprintf("Counter[n=%d] ::= Left Counter[n=%d]", i+1, i),
			fmt.Sprintf("Counter[n=%d] ::= Right Counter[n=%d]", i+1, i))
	}
	p := buildPack(t, []string{"Counter: n=0"}, rules, "Hall")
	goal := Term{Type: "Counter", Props: Props{"n": Int(int64(n))}}
	return p, NewState([]Object{{ID: 1, Item: "Counter", Area: "Hall", Props: Props{"n": Int(0)}}}), goal
}

// Solution counts saturate at CountCap, a lower bound, rather than overflowing.
func TestSolutionCountsSaturate(t *testing.T) {
	p, s, goal := counterPack(t, 70)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: goal, Analyse: true})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Solutions != CountCap || rep.ShortestSolutions != CountCap {
		t.Errorf("2^70 solutions counted as %d, shortest %d; want %d", rep.Solutions, rep.ShortestSolutions, CountCap)
	}
	c := rep.Counts()
	if c.Solutions != (Count{CountCap, AtLeast}) || c.ShortestSolutions != (Count{CountCap, AtLeast}) {
		t.Errorf("counts %+v", c)
	}
	if got := rep.Summary(); !strings.Contains(got, "at least 10^18 solutions") || unreadable(got) != "" {
		t.Errorf("summary %q", got)
	}
	// 2^40 is counted exactly.
	p, s, goal = counterPack(t, 40)
	rep, _ = p.Explore(s, Explore{Rules: p.Rules, Goal: goal, Analyse: true})
	if c := rep.Counts(); c.Solutions != (Count{1 << 40, Exact}) {
		t.Errorf("2^40 solutions: %+v", c.Solutions)
	}
}

// satAdd saturates at CountCap whatever it adds.
func TestSatAdd(t *testing.T) {
	for _, c := range []struct{ a, b, want int64 }{
		{1, 2, 3}, {CountCap - 1, 1, CountCap}, {CountCap, CountCap, CountCap}, {CountCap - 1, CountCap - 1, CountCap}, {0, CountCap, CountCap},
	} {
		if got := satAdd(c.a, c.b); got != c.want {
			t.Errorf("satAdd(%d, %d) = %d, want %d", c.a, c.b, got, c.want)
		}
	}
}

// A capped exploration keeping a graph keeps what it explored, marked partial; writing it, or a graph that was
// never kept, never panics.
func TestGraphOfACappedExploration(t *testing.T) {
	p, s := burnPack(t, 12, true)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"}, MaxStates: 100, Graph: true})
	if err != nil {
		t.Fatal(err)
	}
	g := rep.Graph
	if g == nil || !g.Partial || g.Note == "" || len(g.Nodes) != 100 || g.Explored != 100 {
		t.Fatalf("graph of a capped exploration: %+v", g)
	}
	truncated := 0
	for _, n := range g.Nodes {
		if n.Truncated {
			truncated++
		}
		if n.DeadEnd {
			t.Errorf("state %d is marked a dead end in a partial exploration", n.ID)
		}
	}
	if truncated == 0 {
		t.Error("no state is marked as not fully explored")
	}
	var dot, js bytes.Buffer
	if err := g.WriteDOT(&dot); err != nil || !strings.Contains(dot.String(), "partial") || !strings.Contains(dot.String(), "style=dotted") {
		t.Errorf("DOT: %v\n%s", err, dot.String())
	}
	if err := g.WriteJSON(&js); err != nil || !strings.Contains(js.String(), `"partial": true`) {
		t.Errorf("JSON: %v", err)
	}
	var none *Graph
	dot.Reset()
	js.Reset()
	if err := none.WriteDOT(&dot); err != nil || !strings.Contains(dot.String(), "digraph") {
		t.Errorf("DOT of no graph: %v %q", err, dot.String())
	}
	var back Graph
	if err := none.WriteJSON(&js); err != nil || json.Unmarshal(js.Bytes(), &back) != nil || !back.Partial {
		t.Errorf("JSON of no graph: %v %q", err, js.String())
	}
}

// The graph keeps at most MaxGraphStates states, those nearest the start, while the analysis covers every state.
func TestGraphIsBounded(t *testing.T) {
	p, s := burnPack(t, 8, false)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"}, Graph: true, MaxGraphStates: 50})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.Complete || rep.States != 256 || rep.DeadEnds != 256 {
		t.Errorf("the analysis is of the whole space: %v", rep)
	}
	g := rep.Graph
	if len(g.Nodes) != 50 || g.Explored != 256 || !g.Partial || !strings.Contains(g.Note, "50 of 256") {
		t.Fatalf("graph of %d nodes, %d explored, partial %v: %q", len(g.Nodes), g.Explored, g.Partial, g.Note)
	}
	for _, e := range g.Edges {
		if e.From >= 50 || e.To >= 50 {
			t.Fatalf("edge %+v leaves the graph", e)
		}
	}
	if !g.Nodes[49].Truncated || g.Nodes[0].Truncated {
		t.Error("the states whose moves leave the graph are the last ones")
	}
	// By default a graph is bounded too.
	if cfg := (Explore{Graph: true}); cfg.maxGraphStates() != DefaultMaxGraphStates {
		t.Errorf("default graph cap %d", cfg.maxGraphStates())
	}
}
