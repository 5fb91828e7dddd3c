package puzzle

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"
	"sort"
	"strings"
	"testing"
)

// door is small enough to count by hand:
//
//	S0 {Door[locked], Key} --Unlock--> S1 {Door, Key} --Open--> S3 {Door, Key, Gold}   goal
//	S0 --Burn--> S2 {Door[locked], Ash}   dead end       S1 --Burn--> S4 {Door, Ash} --Open--> S5 goal
//	S0 --Kick--> F1 {Key, Alarm}   fail                  S2 --Kick--> F2 {Ash, Alarm}   fail
func door(t testing.TB) (*Pack, *State) {
	p := buildPack(t, []string{"Door: locked=true", "Key: carryable=true", "Gold: carryable=true", "Ash:", "Alarm:"},
		[]string{
			"Door[locked=false] Key ::= Unlock Door[locked=true] Key",
			"Gold Door ::= Open Door[locked=false]",
			"Ash ::= Burn Key",
			"!Alarm ::= Kick Door[locked=true]",
		}, "Hall")
	return p, NewState([]Object{
		{ID: 1, Item: "Door", Area: "Hall", Props: Props{"locked": Bool(true)}},
		{ID: 2, Item: "Key", Area: "Hall", Props: Props{"carryable": Bool(true)}},
	})
}

func TestExploreDoorByHand(t *testing.T) {
	p, s := door(t)
	rep, err := p.Explore(s, Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: Term{Type: "Gold"}, Analyse: true})
	if err != nil {
		t.Fatal(err)
	}
	want := Report{Solvable: Yes, Complete: true, States: 8, Transitions: 7, GoalStates: 2, FailStates: 2,
		DeadEnds: 1, Shortest: 2, ShortestSolutions: 1, Solutions: 2,
		analyse: true, analysed: true, breadthFirst: true, maxObjects: maxStateObjects}
	if *rep != want {
		t.Errorf("got  %v\nwant %v", rep, &want)
	}
}

func TestExploreUnsolvableAndCapped(t *testing.T) {
	p, s := door(t)
	s = NewState(s.Objects()[:1]) // no key
	rep, _ := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Analyse: true})
	if rep.Solvable != No || !rep.Complete || rep.States != 1 || rep.DeadEnds != 1 {
		t.Errorf("without a key: %v", rep)
	}
	// Many interchangeable-free objects: 2^12 subsets of burnt keys, far over a cap of 100.
	p2 := buildPack(t, []string{"Gold:"}, nil)
	var world []Object
	for i := 0; i < 12; i++ {
		name := fmt.Sprintf("Key%d", i)
		p2.Items[name] = &Item{Name: name}
		p2.ItemOrder = append(p2.ItemOrder, name)
		p2.Rules = append(p2.Rules, &Rule{Index: i, Outputs: []Term{{Type: "Ash"}}, Action: "Burn", Inputs: []Term{{Type: name}}})
		world = append(world, Object{ID: i + 1, Item: name, Area: "Hall"})
	}
	p2.Items["Ash"] = &Item{Name: "Ash"}
	p2.ItemOrder = append(p2.ItemOrder, "Ash")
	rep, _ = p2.Explore(NewState(world), Explore{Rules: p2.Rules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"},
		MaxStates: 100, Analyse: true, NoRelevance: true})
	if rep.Solvable != Unknown || rep.Complete || rep.DeadEnds != -1 {
		t.Errorf("capped: %v, want unknown", rep)
	}
	rep, _ = p2.Explore(NewState(world), Explore{Rules: p2.Rules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"}})
	if rep.Solvable != No || rep.States != 1 {
		t.Errorf("relevance pruning drops every burn (none leads to gold): %v", rep)
	}
	rep, _ = p2.Explore(NewState(world), Explore{Rules: p2.Rules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"}, NoRelevance: true})
	if rep.Solvable != No || rep.States != 1<<12 {
		t.Errorf("sleep sets keep every state: %v, want %d states", rep, 1<<12)
	}
	if rep.Transitions != 12<<11 {
		// Without sleep sets each state tries each remaining key: 12·2^11 moves; with them each subset is reached
		// once.
		if rep.Transitions != 1<<12-1 {
			t.Errorf("sleep sets: %d transitions, want %d", rep.Transitions, 1<<12-1)
		}
	}
}

func TestExploreHeistBothModes(t *testing.T) {
	p := heist(t)
	s := NewState(heistWorld())
	tree := []*Rule{}
	for _, n := range heistTree(p) {
		tree = append(tree, n.Rule)
	}
	goal := Term{Type: "Gold"}
	for _, cfg := range []Explore{
		{Rules: tree, Goal: goal, Analyse: true},
		{Rules: p.Rules, FailRules: p.FailRules, Goal: goal, Analyse: true},
		{Rules: p.Rules, FailRules: p.FailRules, Goal: goal},
		{Rules: p.Rules, FailRules: p.FailRules, Goal: goal, FirstGoal: true},
	} {
		rep, err := p.Explore(s, cfg)
		if err != nil || rep.Solvable != Yes {
			t.Fatalf("%v %v", rep, err)
		}
		if cfg.Analyse && (rep.Shortest != 5 || rep.ShortestSolutions != 2 || rep.DeadEnds != 0) {
			// The disguise and the alarm in either order: two shortest solutions of five moves.
			t.Errorf("%v", rep)
		}
		if cfg.Analyse && len(cfg.FailRules) > 0 && rep.FailStates == 0 {
			t.Errorf("smashing the locked safe is a fail state: %v", rep)
		}
	}
}

func TestExploreGoalFunc(t *testing.T) {
	p, s := door(t)
	unlocked := func(s *State) bool {
		return len(p.Find(s, Term{Type: "Door", Props: Props{"locked": Bool(false)}})) > 0
	}
	rep, _ := p.Explore(s, Explore{Rules: p.Rules, GoalFunc: unlocked})
	if rep.Solvable != Yes || rep.Shortest != 1 {
		t.Errorf("%v", rep)
	}
}

func TestExportMarksSolutionsDeadEndsAndFails(t *testing.T) {
	p, s := door(t)
	rep, _ := p.Explore(s, Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: Term{Type: "Gold"}, Graph: true})
	g := rep.Graph
	if g == nil || len(g.Nodes) != 8 || len(g.Edges) != 7 {
		t.Fatalf("graph %+v", g)
	}
	var onPath []string
	for _, e := range g.Edges {
		if e.OnSolution {
			onPath = append(onPath, e.Action)
		}
	}
	if !slices.Equal(onPath, []string{"Unlock", "Open"}) {
		t.Errorf("solution edges %v", onPath)
	}
	var dot bytes.Buffer
	if err := g.WriteDOT(&dot); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"palegreen", "salmon", "lightgrey", "peripheries=2", `label="Unlock", color="blue"`, `Door[locked: true] @Hall`} {
		if !strings.Contains(dot.String(), want) {
			t.Errorf("DOT lacks %s:\n%s", want, dot.String())
		}
	}
	var js bytes.Buffer
	if err := g.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back Graph
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	dead := 0
	for _, n := range back.Nodes {
		if n.DeadEnd {
			dead++
			if len(n.Objects) != 2 || n.Objects[1].Item != "Ash" && n.Objects[0].Item != "Ash" {
				t.Errorf("dead end %+v", n)
			}
		}
	}
	if dead != 1 || back.Shortest != 2 {
		t.Errorf("JSON: %d dead ends, shortest %d", dead, back.Shortest)
	}
}

// reference is the plain breadth-first search the reductions are tested against: it runs the game logic
// (Pack.Moves, Pack.CarryMoves, Pack.Apply) on whole states and names a state by the sorted descriptions of its
// objects, ids left out: symmetry done the obvious, slow way.
type reference struct {
	states, goals, fails, deadEnds, shortest int
	complete                                 bool
}

func plainBFS(p *Pack, s *State, cfg Explore, limit int) reference {
	accessible := func(a string) bool { return slices.Contains(cfg.Areas, a) }
	goal := func(s *State) bool { return len(p.Find(s, cfg.Goal)) > 0 }
	rules := append(append([]*Rule(nil), cfg.Rules...), cfg.FailRules...)
	index := map[string]int{}
	var states []*State
	var depth []int
	var succ [][]int
	add := func(st *State, d int) int {
		k := canonical(st)
		if i, ok := index[k]; ok {
			return i
		}
		index[k] = len(states)
		states, depth, succ = append(states, st), append(depth, d), append(succ, nil)
		return len(states) - 1
	}
	add(s.Clone(), 0)
	ref := reference{shortest: -1, complete: true}
	for i := 0; i < len(states); i++ {
		st := states[i]
		if st.Failed != nil || goal(st) {
			continue
		}
		for _, m := range append(p.Moves(st, rules, accessible), p.CarryMoves(st, accessible)...) {
			n := st.Clone()
			if _, err := p.Apply(n, m); err != nil {
				panic(err)
			}
			succ[i] = append(succ[i], add(n, depth[i]+1))
		}
		if len(states) > limit {
			ref.complete = false
			return ref
		}
	}
	ref.states = len(states)
	canReach := make([]bool, len(states))
	for i, st := range states {
		if st.Failed != nil {
			ref.fails++
		} else if goal(st) {
			ref.goals++
			canReach[i] = true
			if ref.shortest < 0 || depth[i] < ref.shortest {
				ref.shortest = depth[i]
			}
		}
	}
	for changed := true; changed; {
		changed = false
		for i := range states {
			if !canReach[i] && slices.ContainsFunc(succ[i], func(j int) bool { return canReach[j] }) {
				canReach[i], changed = true, true
			}
		}
	}
	for i, st := range states {
		if !canReach[i] && st.Failed == nil {
			ref.deadEnds++
		}
	}
	return ref
}

// canonical names a state by its objects without ids, sorted; held objects are written inside their holders.
func canonical(s *State) string {
	var describe func(o *Object) string
	describe = func(o *Object) string {
		d := o.Item + normalProps(o.Props)
		if o.Contained != 0 {
			h, _ := s.Object(o.Contained)
			d += "{" + describe(h) + "}"
		}
		return d
	}
	var parts []string
	for i := range s.Objects() {
		if o := &s.Objects()[i]; o.Area != InContainer {
			parts = append(parts, describe(o)+"@"+o.Area)
		}
	}
	sort.Strings(parts)
	if s.Failed != nil {
		parts = append(parts, "FAILED")
	}
	return strings.Join(parts, " ")
}

func normalProps(p Props) string {
	q := Props{}
	for k, v := range p {
		if v != Bool(false) {
			q[k] = v
		}
	}
	return q.String()
}

// randomPuzzle makes a small random pack and world: a few items (some carryable, two of one type), rules of one
// to three inputs with property changes, persistence, containers and by-products, maybe a fail rule, one or two
// areas and a goal.
func randomPuzzle(t testing.TB, rng *rand.Rand) (*Pack, *State, Explore) {
	names := []string{"A", "B", "C", "D", "E", "F"}
	var items []string
	for i, n := range names {
		line := n + ":"
		if i%2 == 0 {
			line += " T"
		}
		if rng.IntN(2) == 0 {
			line += " carryable=true"
		}
		items = append(items, line)
	}
	term := func(typ string) string {
		switch rng.IntN(4) {
		case 0:
			return typ + "[hot=true]"
		case 1:
			return typ + "[hot=false]"
		}
		return typ
	}
	pick := func() string {
		if rng.IntN(6) == 0 {
			return "T"
		}
		return names[rng.IntN(len(names))]
	}
	var rules []string
	for r := 0; r < 3+rng.IntN(4); r++ {
		var ins []string
		for i := 0; i < 1+rng.IntN(3); i++ {
			ins = append(ins, term(pick()))
		}
		var outs []string
		switch rng.IntN(4) {
		case 0: // a property change of the first input
			typ, _, _ := strings.Cut(ins[0], "[")
			outs = append(outs, typ+"[hot=true]")
		case 1: // a container
			inner, _, _ := strings.Cut(ins[len(ins)-1], "[")
			outs = append(outs, names[rng.IntN(len(names))]+"[contains="+inner+"]")
		default:
			outs = append(outs, term(names[rng.IntN(len(names))]))
		}
		if len(ins) > 1 && rng.IntN(2) == 0 { // a by-product that persists the second input
			typ, _, _ := strings.Cut(ins[1], "[")
			outs = append(outs, typ)
		}
		line := strings.Join(outs, " ") + " ::= Act" + fmt.Sprint(r) + " " + strings.Join(ins, " ")
		if r == 0 && rng.IntN(3) == 0 {
			line = "!" + line
		}
		rules = append(rules, line)
	}
	areas := []string{"X"}
	if rng.IntN(2) == 0 {
		areas = append(areas, "Y")
	}
	p := buildPack(t, items, rules, areas...)
	var world []Object
	for i := 0; i < 3+rng.IntN(3); i++ {
		n := names[rng.IntN(len(names))]
		it := p.Items[n]
		o := Object{ID: i + 1, Item: n, Area: areas[rng.IntN(len(areas))], Props: it.Props.Clone()}
		if rng.IntN(3) == 0 {
			o.Props["hot"] = Bool(true)
		}
		if it.Carryable() && rng.IntN(3) == 0 {
			o.Area = Inventory
		}
		world = append(world, o)
	}
	goal := Term{Type: names[rng.IntN(len(names))]}
	if rng.IntN(2) == 0 {
		goal.Props = Props{"hot": Bool(true)}
	}
	return p, NewState(world), Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: goal, Areas: areas, MaxStates: 20000}
}

// TestReductionsAgreeWithPlainBFS is the differential test: on many random puzzles, the encoded explorer without
// merging finds exactly the states, goal states, fail states, dead ends and shortest solution of the plain search;
// merging keeps the verdicts; relevance pruning and sleep sets keep solvability; sleep sets keep every state.
func TestReductionsAgreeWithPlainBFS(t *testing.T) {
	n := 400
	if testing.Short() {
		n = 60
	}
	rng := rand.New(rand.NewPCG(4, 4))
	checked, solvable, dead := 0, 0, 0
	for i := 0; i < n; i++ {
		p, s, cfg := randomPuzzle(t, rng)
		ref := plainBFS(p, s, cfg, 20000)
		if !ref.complete {
			continue
		}
		checked++
		run := func(mod func(*Explore)) *Report {
			c := cfg
			mod(&c)
			rep, err := p.Explore(s, c)
			if err != nil || !rep.Complete && !c.FirstGoal {
				t.Fatalf("puzzle %d: %v %v", i, rep, err)
			}
			return rep
		}
		exact := run(func(c *Explore) { c.Analyse, c.NoMerge = true, true })
		got := reference{exact.States, exact.GoalStates, exact.FailStates, exact.DeadEnds, exact.Shortest, true}
		if got != ref {
			t.Fatalf("puzzle %d: explorer %+v, plain BFS %+v\n%v\n%s", i, got, ref, p.Rules, s)
		}
		wantSolvable := No
		if ref.goals > 0 {
			wantSolvable = Yes
			solvable++
		}
		if ref.deadEnds > 0 {
			dead++
		}
		merged := run(func(c *Explore) { c.Analyse = true })
		if merged.Solvable != wantSolvable || (merged.DeadEnds > 0) != (ref.deadEnds > 0) || merged.Shortest != ref.shortest {
			t.Fatalf("puzzle %d: merged %v, plain %+v", i, merged, ref)
		}
		noSleep := run(func(c *Explore) { c.NoSleep, c.NoRelevance = true, true })
		withSleep := run(func(c *Explore) { c.NoRelevance = true })
		if withSleep.States != noSleep.States || withSleep.GoalStates != noSleep.GoalStates || withSleep.Transitions > noSleep.Transitions {
			t.Fatalf("puzzle %d: sleep sets %v, without %v", i, withSleep, noSleep)
		}
		depthFirst := run(func(c *Explore) { c.NoRelevance, c.DepthFirst = true, true })
		if depthFirst.States != noSleep.States || depthFirst.GoalStates != noSleep.GoalStates {
			t.Fatalf("puzzle %d: depth first with sleep sets %v, breadth first without %v", i, depthFirst, noSleep)
		}
		for name, mod := range map[string]func(*Explore){
			"all":       func(*Explore) {},
			"relevance": func(c *Explore) { c.NoSleep = true },
			"first":     func(c *Explore) { c.FirstGoal = true },
			"dfs":       func(c *Explore) { c.FirstGoal, c.DepthFirst = true, true },
			"unmerged":  func(c *Explore) { c.NoMerge = true },
		} {
			if rep := run(mod); rep.Solvable != wantSolvable {
				t.Fatalf("puzzle %d: %s reductions say %v, plain BFS %v\n%v", i, name, rep, ref, p.Rules)
			}
		}
	}
	t.Logf("%d puzzles checked: %d solvable, %d with dead ends", checked, solvable, dead)
	if checked < n/2 || solvable == 0 || solvable == checked || dead == 0 {
		t.Errorf("the random puzzles do not cover enough cases: %d checked, %d solvable, %d with dead ends", checked, solvable, dead)
	}
}

// A rule that makes an object while keeping its input grows states without end: the search stops as capped when a
// state would pass maxStateObjects, rather than panicking.
func TestExploreEndlessGrowthIsCapped(t *testing.T) {
	p := buildPack(t, []string{"Well:", "Fish:", "Gold:"}, []string{"Fish Well ::= Catch Well"}, "Lake")
	s := NewState([]Object{{ID: 1, Item: "Well", Area: "Lake"}})
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Analyse: true, MaxStates: 1 << 16})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete || rep.Solvable != Unknown || rep.States > maxStateObjects+1 {
		t.Errorf("endless growth: %v", rep)
	}
	// The area goal: a Gold elsewhere does not count.
	s = NewState([]Object{{ID: 1, Item: "Well", Area: "Lake"}, {ID: 2, Item: "Gold", Area: "Cave"}})
	rep, err = p.Explore(s, Explore{Goal: Term{Type: "Gold"}, GoalArea: "Lake", Areas: []string{"Lake"}})
	if err != nil || rep.Solvable != No {
		t.Errorf("a Gold in another area satisfied the Lake's goal: %v %v", rep, err)
	}
	rep, err = p.Explore(s, Explore{Goal: Term{Type: "Gold"}, Areas: []string{"Lake"}})
	if err != nil || rep.Solvable != Yes {
		t.Errorf("without GoalArea the Gold in the cave should count: %v %v", rep, err)
	}
}

// MaxDepth leaves a horizon of unexpanded states: the endless chain becomes finite, and a dead end is only a state
// that reaches neither a goal nor the horizon.
func TestExploreHorizon(t *testing.T) {
	p := buildPack(t, []string{"Well:", "Fish:", "Gold:"}, []string{"Fish Well ::= Catch Well"}, "Lake")
	s := NewState([]Object{{ID: 1, Item: "Well", Area: "Lake"}})
	rep, err := p.Explore(s, Explore{Rules: p.Rules, Goal: Term{Type: "Gold"}, Graph: true, MaxDepth: 3})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Complete || rep.Solvable != Unknown || rep.States != 4 || rep.Horizon != 1 || rep.DeadEnds != 0 || rep.Graph == nil {
		t.Errorf("fishing chain to depth 3: %v horizon=%d", rep, rep.Horizon)
	}
	if n := rep.Graph.Nodes[3]; !n.Horizon || n.DeadEnd || n.Depth != 3 {
		t.Errorf("the state 3 moves away: %+v", n)
	}
	// The door to depth 2: S3 is a goal, S4 the horizon, S2 (burnt key) leads only to a fail state: a dead end.
	p, s = door(t)
	rep, err = p.Explore(s, Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: Term{Type: "Gold"}, Graph: true, MaxDepth: 2})
	if err != nil {
		t.Fatal(err)
	}
	if rep.Solvable != Yes || rep.Complete || rep.Horizon != 1 || rep.DeadEnds != 1 || rep.GoalStates != 1 || rep.Shortest != 2 {
		t.Errorf("door to depth 2: %v horizon=%d", rep, rep.Horizon)
	}
	var dot bytes.Buffer
	rep.Graph.WriteDOT(&dot)
	if !strings.Contains(dot.String(), "style=dashed") || !strings.Contains(dot.String(), `fillcolor="lightgrey"`) {
		t.Errorf("DOT does not show the horizon and the dead end:\n%s", dot.String())
	}
}

// Objects in areas that are not accessible, and objects no kept rule can use, never change: leaving them out of
// the states must not change what is found.
func TestExploreIgnoresFrozenObjects(t *testing.T) {
	p, s := door(t)
	p.Items["Rock"] = &Item{Name: "Rock"}
	p.ItemOrder = append(p.ItemOrder, "Rock")
	cfg := Explore{Rules: p.Rules, FailRules: p.FailRules, Goal: Term{Type: "Gold"}, Areas: []string{"Hall"}}
	want, _ := p.Explore(s, cfg)
	big := s.Clone()
	for i := 0; i < 200; i++ {
		area := "Hall"
		if i%2 == 0 {
			area = "Elsewhere"
		}
		big.insert(Object{ID: 100 + i, Item: "Rock", Area: area, Props: Props{"n": Int(int64(i))}})
	}
	big.insert(Object{ID: 400, Item: "Key", Area: "Elsewhere"})
	for _, c := range []Explore{cfg, {Rules: p.Rules, Goal: cfg.Goal, Areas: cfg.Areas, NoRelevance: true}} {
		got, _ := p.Explore(big, c)
		if got.Solvable != want.Solvable || c.NoRelevance && got.States != 6 || !c.NoRelevance && got.States != want.States {
			t.Errorf("with frozen objects (relevance %v): %v, without: %v", !c.NoRelevance, got, want)
		}
	}
	// A goal object in an inaccessible area still counts, as it does for the manager.
	big.insert(Object{ID: 401, Item: "Gold", Area: "Elsewhere"})
	if got, _ := p.Explore(big, cfg); got.Solvable != Yes || got.Shortest != 0 {
		t.Errorf("a gold bar elsewhere: %v", got)
	}
}

// TestChunkSizeIsBounded guards the store's chunk capacities: a space of many large states needs more than 51
// chunks, where an unbounded shift used to overflow and panic.
func TestChunkSizeIsBounded(t *testing.T) {
	for n := range 200 {
		if c := chunkSize(n); c < 4096 || c > 1<<20 || n > 0 && c < chunkSize(n-1) {
			t.Fatalf("chunk %d: capacity %d", n, c)
		}
	}
}

// TestMovesFromParentMatchScratch checks the explorer's incremental move lists: every expanded state's moves,
// derived from its parent's, are exactly those enumerated from the state alone, on random puzzles with every
// combination of reductions.
func TestMovesFromParentMatchScratch(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 7))
	lists := 0
	for i := 0; i < 150; i++ {
		p, s, cfg := randomPuzzle(t, rng)
		for _, mod := range []func(*Explore){
			func(c *Explore) { c.Analyse, c.NoMerge = true, true },
			func(c *Explore) {},
			func(c *Explore) { c.DepthFirst = true },
		} {
			c := cfg
			c.MaxStates = 5000
			mod(&c)
			x, err := p.newExplorer(s, c)
			if err != nil {
				t.Fatal(err)
			}
			if _, err := x.run(s); err != nil {
				t.Fatal(err)
			}
			for j := range x.st.len() {
				if !x.info[j].expanded {
					continue
				}
				got := x.slabOf(x.info[j].list)
				var want []uint32
				for _, e := range x.moves(x.st.get(uint32(j)), nil, true, nil) {
					want = append(want, e.id)
				}
				slices.Sort(want)
				if !slices.Equal(got, want) {
					t.Fatalf("puzzle %d state %d: moves %v from the parent, %v from scratch", i, j, got, want)
				}
				lists++
			}
		}
	}
	if lists < 1000 {
		t.Fatalf("only %d move lists compared", lists)
	}
	t.Logf("%d move lists compared", lists)
}

// A rule that keeps its input and makes something grows the world without end. MaxGrowth leaves out the states
// that grow too far, so a depth-first search neither dives for ever into larger states nor gives up: it searches
// the other branches, finds the goal when there is one, and reports the search incomplete when there is none.
func TestExploreMaxGrowthBoundsAGrowingWorld(t *testing.T) {
	p := buildPack(t, []string{"Tree:", "Apple: carryable=true", "Axe: carryable=true", "Log: carryable=true"},
		[]string{"Apple Tree ::= Shake Tree", "Log Axe ::= Chop Tree Axe"}, "Wood")
	tree := Object{ID: 1, Item: "Tree", Area: "Wood"}
	axe := Object{ID: 2, Item: "Axe", Area: "Wood", Props: Props{"carryable": Bool(true)}}
	base := Explore{Rules: p.Rules, Goal: Term{Type: "Log"}, DepthFirst: true, FirstGoal: true, MaxStates: 100_000}
	bounded := base
	bounded.MaxGrowth = 8
	// Without an axe the goal cannot be reached, and the apples never stop.
	rep, err := p.Explore(NewState([]Object{tree}), bounded)
	if err != nil || rep.Solvable != Unknown || rep.Complete || rep.Outgrown == 0 || rep.States > 10 {
		t.Fatalf("no axe, bounded: %v outgrown %d, %v", rep, rep.Outgrown, err)
	}
	if rep, err := p.Explore(NewState([]Object{tree}), base); err != nil || rep.Solvable != Unknown || rep.States < 1000 {
		t.Fatalf("no axe, unbounded: %v, %v", rep, err)
	}
	// With one, the bounded search still finds the log.
	if rep, err := p.Explore(NewState([]Object{tree, axe}), bounded); err != nil || rep.Solvable != Yes {
		t.Fatalf("axe, bounded: %v, %v", rep, err)
	}
}

// Acceleration makes a growing world finite: with no axe, the apples the tree gives without end become ω and
// the search proves that no log can be made; with an axe it finds one; in both, breadth and depth first.
func TestAccelerationProvesAGrowingWorld(t *testing.T) {
	p := buildPack(t, []string{"Tree:", "Apple: carryable=true", "Axe: carryable=true", "Log: carryable=true"},
		[]string{"Apple Tree ::= Shake Tree", "Log Axe ::= Chop Tree Axe", "Axe ::= Trade Apple Apple Apple"}, "Wood")
	tree := Object{ID: 1, Item: "Tree", Area: "Wood"}
	for _, dfs := range []bool{false, true} {
		cfg := Explore{Rules: p.Rules[:2], Goal: Term{Type: "Log"}, DepthFirst: dfs, MaxStates: 100_000, Accelerate: true}
		rep, err := p.Explore(NewState([]Object{tree}), cfg)
		if err != nil || rep.Solvable != No || !rep.Complete || rep.Accelerated == 0 || rep.States > 10 {
			t.Fatalf("dfs %v, no axe: %v accelerated %d, %v", dfs, rep, rep.Accelerated, err)
		}
		// Three apples buy an axe: the goal needs the supply the acceleration stands for.
		cfg.Rules = p.Rules
		if rep, err := p.Explore(NewState([]Object{tree}), cfg); err != nil || rep.Solvable != Yes {
			t.Fatalf("dfs %v, trading apples: %v, %v", dfs, rep, err)
		}
	}
}

// TestAccelerationAgreesWithPlainBFS checks acceleration against the plain search on random puzzles with rules
// that keep an input and make something: where the plain search is complete the verdicts are equal; a goal it
// finds is found; and where acceleration proves "no", the plain search finds no goal however far it goes.
func TestAccelerationAgreesWithPlainBFS(t *testing.T) {
	n := 150
	if testing.Short() {
		n = 40
	}
	rng := rand.New(rand.NewPCG(9, 9))
	names := []string{"A", "B", "C", "D", "E", "F"}
	checked, no, accelerated := 0, 0, 0
	for i := 0; i < n; i++ {
		p, s, cfg := randomPuzzle(t, rng)
		for g := 0; g < 1+rng.IntN(2); g++ {
			in := Term{Type: names[rng.IntN(len(names))]}
			if rng.IntN(2) == 0 {
				in.Props = Props{"hot": Bool(rng.IntN(2) == 0)}
			}
			r := &Rule{Outputs: []Term{{Type: names[rng.IntN(len(names))]}, {Type: in.Type}}, Action: fmt.Sprint("Grow", g),
				Inputs: []Term{in}, Index: len(p.Rules)}
			p.Rules = append(p.Rules, r)
		}
		cfg.Rules, cfg.MaxStates, cfg.Accelerate = p.Rules, 100_000, true // the plain search stops at 500: it slows as states grow
		ref := plainBFS(p, s, cfg, 500)
		for _, dfs := range []bool{false, true} {
			c := cfg
			c.DepthFirst = dfs
			if dfs {
				c.MaxStates = 20_000
			}
			rep, err := p.Explore(s, c)
			if err != nil {
				t.Fatal(err)
			}
			accelerated += rep.Accelerated
			switch {
			case ref.complete && (rep.Solvable == Yes) != (ref.goals > 0):
				t.Fatalf("puzzle %d dfs %v: %v, the plain search %+v\n%v\n%s", i, dfs, rep, ref, p.Rules, s)
			case ref.goals > 0 && rep.Solvable != Yes:
				t.Fatalf("puzzle %d dfs %v: %v, the plain search found a goal\n%v\n%s", i, dfs, rep, p.Rules, s)
			case rep.Solvable == No && !ref.complete:
				no++
			}
			// Breadth first, acceleration comes early and the coverability graph stays small; depth first, a long
			// path can make many states before one covers an ancestor, so only its verdicts are checked.
			if !dfs && !rep.Complete && rep.Solvable != Yes {
				t.Fatalf("puzzle %d dfs %v: acceleration left the search incomplete: %v\n%v\n%s", i, dfs, rep, p.Rules, s)
			}
		}
		checked++
	}
	if no < 10 || accelerated == 0 {
		t.Fatalf("only %d proofs of no where the plain search could not finish, %d accelerations", no, accelerated)
	}
	t.Logf("%d puzzles; %d proofs of no the plain search could not finish; %d accelerated states", checked, no, accelerated)
}
