package puzzle

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Verdict is the answer to "can the goal be reached": yes, no, or unknown when the state cap stopped the search.
type Verdict uint8

// The verdicts.
const (
	Unknown Verdict = iota // the state cap stopped the search before a goal state was found
	Yes                    // a goal state is reachable
	No                     // every reachable state was explored and none is a goal state
)

// String returns "yes", "no" or "unknown".
func (v Verdict) String() string { return [...]string{"unknown", "yes", "no"}[v] }

// DefaultMaxStates is the state cap when Explore.MaxStates is 0.
const DefaultMaxStates = 1 << 20

// DefaultMaxGraphStates is the cap on the states of an exported graph when Explore.MaxGraphStates is 0: a graph
// state with its moves takes a few kilobytes, so a graph stays within some hundred megabytes.
const DefaultMaxGraphStates = 50_000

// Explore says what to explore: the state space of a world under a rule set, towards a goal (seed 004,
// PuzzleGraph). States are counted up to symmetry (see space.go); goal states and fail states end an attempt, so
// the search does not continue from them.
type Explore struct {
	// Rules are the pack rules players may run besides the trees': every rule of the pack in all-rules mode, none
	// in tree mode. The mode is all-rules exactly when Rules is not empty.
	Rules []*Rule
	// Puzzles are the puzzle trees being played, with their progress (the nodes that have run): their nodes run as
	// the manager runs them (semantics.go). In tree mode a node runs once, while it is a current leaf, on objects of
	// the items generation matched for its inputs (TreeRule.Inputs), and makes the items its tree chose
	// (TreeRule.Items); in all-rules mode a node runs at any time and replaces its rule for the objects it fits. A
	// node's moves are made in its puzzle's area. Manager.Exploration sets them, and everything else, as the
	// manager plays.
	Puzzles []*Tracked
	// Tree is shorthand for one puzzle of GoalArea (of any area without one) from its start, when Puzzles is nil.
	Tree      []TreeRule
	FailRules []*Rule           // rules that end the attempt when run
	Goal      Term              // a state is a goal state when an object (not inside a container) matches it
	GoalFunc  func(*State) bool // replaces Goal when set; slower, and turns relevance and sleep sets off
	Areas     []string          // the accessible areas; nil means every area of the pack
	MaxStates int               // the state cap; 0 means DefaultMaxStates
	// Accelerate makes a world that grows without end finite (Karp and Miller's ω, see accelerate.go), so that a
	// search can prove "no" where rules keep an input and make something. It needs relevance pruning (a goal
	// term, no Analyse, no GoalFunc) and applies when a kept rule makes more objects than it takes; the search then
	// runs without sleep sets, whose pruning assumes moves commute exactly. Per state it is slower, and it can
	// need far fewer states.
	Accelerate bool
	// MaxGrowth, when positive, leaves out states with more than that many objects beyond the start's (as if
	// beyond a horizon: the search is then not complete). Rules that keep an input and make something (shake a
	// tree, collect an egg) let a world grow without end, and a search diving into that growth pays for ever
	// larger states; a check that must stay quick bounds it. Ignored by Analyse, which stops instead.
	MaxGrowth int
	// Analyse explores the whole space and keeps its edges, to find dead ends, fail states and count solutions.
	// It turns relevance pruning and sleep sets off: they keep solvability but not the rest.
	Analyse    bool
	FirstGoal  bool // without Analyse: stop at the first goal state (the answer is then Yes at once)
	DepthFirst bool // without Analyse: search depth first, which reaches a goal of a deep puzzle much sooner
	Graph      bool // keep the explored graph for export; implies Analyse
	// MaxGraphStates bounds the graph that Graph keeps, whose states cost far more memory than the exploration's:
	// it keeps the states explored first (nearest the start: an analysis is breadth first) and the moves between
	// them, marked partial, while the exploration and its analysis go on to MaxStates. 0 means
	// DefaultMaxGraphStates.
	MaxGraphStates int
	// GoalArea, when set, counts only objects in that area or an inventory as matching Goal, as GoalAchieved does.
	GoalArea string
	// MaxDepth, when positive, leaves states that many moves from the start unexpanded (the horizon), so that a
	// game whose rules make objects without end still has a finite picture. With Analyse, dead ends are then only
	// the states that can reach neither a goal nor the horizon, and solutions are counted within the horizon.
	MaxDepth int
	// Reductions can be turned off one by one, to measure them and to test them against each other.
	NoMerge     bool // keep the inventory apart from the area when only one area is accessible
	NoRelevance bool // keep moves whose outputs can never lead to the goal
	NoSleep     bool // explore every interleaving of independent moves
	// NoCarry keeps carryable objects where they lie. Without it, a search for a goal (not Analyse, not GoalFunc)
	// treats every carryable object in an accessible area as carried, and makes no PickUp or PutDown: a player can
	// pick any of them up, and a carried object can do everything it could do lying in an area (a move made only
	// of carried objects is made in any area; an output taking a carried input's place is carried; a goal counts
	// the inventory), so putting down never helps and the reduction keeps solvability exactly.
	NoCarry bool

	book    *book // the game's options, when Manager.Exploration has made them already
	carried bool  // an analysis too takes carryable objects as carried (Manager.Exploration)
}

// maxGraphStates returns the cap on the graph's states.
func (cfg *Explore) maxGraphStates() int {
	if cfg.MaxGraphStates > 0 {
		return cfg.MaxGraphStates
	}
	return DefaultMaxGraphStates
}

// Report is what an exploration found.
type Report struct {
	Solvable    Verdict
	Complete    bool // every reachable state was explored
	States      int  // distinct states stored, up to symmetry
	Transitions int  // moves executed
	GoalStates  int
	FailStates  int // states reached by a fail rule (counted among States)
	// DeadEnds counts the states, neither goal nor fail states, from which no goal state can be reached; -1 when
	// not analysed or not complete. Counts says which figures are known, Summary says them in words.
	DeadEnds int
	// Horizon counts the states left unexpanded at Explore.MaxDepth; the search is complete only when it is 0.
	Horizon int
	// Accelerated counts the states where a growing world was generalised (Karp and Miller's ω, see
	// accelerate.go); then Shortest counts moves to a state that stands for many, a lower bound.
	Accelerated int
	// Outgrown counts the successors left out for growing past Explore.MaxGrowth; the search is complete only when
	// it is 0.
	Outgrown int
	// Shortest is the number of moves of the shortest solution in Analyse mode; otherwise the length of the first
	// solution found, an upper bound. -1 when none was found.
	Shortest int
	// ShortestSolutions counts the distinct shortest solutions, and Solutions all solutions, where a solution is a
	// sequence of moves from the start to a goal state and two moves differ when they run different rules or bind
	// objects that are not interchangeable. Solutions is -1 when a cycle makes it infinite. Both need Analyse and a
	// search that ran to its end, and are 0 otherwise; counts saturate at CountCap.
	ShortestSolutions int64
	Solutions         int64
	// Graph is the explored graph with Explore.Graph: the whole space, or what was explored of it (Graph.Partial).
	Graph *Graph

	analyse      bool // an analysis was asked for
	analysed     bool // the analysis ran: the search was not stopped
	breadthFirst bool // breadth first without reductions: Shortest is the shortest
	stop         int  // why the search ended: searching when it ran out of states
	maxDepth     int  // Explore.MaxDepth
	maxObjects   int  // the most objects a state may have (Explore.MaxGrowth)
}

// String summarises the report on one line as key=value pairs, a figure that is not known as "unknown".
func (r *Report) String() string {
	c := r.Counts()
	return fmt.Sprintf("solvable=%s complete=%v states=%d transitions=%d goals=%d fails=%d deadEnds=%s shortest=%s solutions=%s/%s",
		r.Solvable, r.Complete, r.States, r.Transitions, r.GoalStates, r.FailStates, keyCount(c.DeadEnds), keyCount(c.Shortest),
		keyCount(c.ShortestSolutions), keyCount(c.Solutions))
}

// keyCount formats a count as a value of String: "17", ">=17", "<=5", "inf" or "unknown".
func keyCount(c Count) string {
	switch c.Bound {
	case AtLeast:
		return ">=" + Count{c.N, Exact}.String()
	case AtMost:
		return "<=" + Count{c.N, Exact}.String()
	case Unbounded:
		return "inf"
	}
	return c.String()
}

// failMark is added to a state reached by a fail rule, so it differs from the same objects reached otherwise.
const failMark = ^entry(0)

const (
	flagGoal uint8 = 1 << iota
	flagFail
)

// effect is what one move does to an encoded state: a rule on bound entries (and an area to act in), memoised.
type effect struct {
	id        uint32
	ri        int32 // the option's number in the explorer, -1 PutDown, -2 PickUp
	rule      *Rule
	inputs    []entry // the bound entries in the rule's input order, then a node's progress entry
	area      uint16
	remove    []entry // sorted
	add       []entry // sorted; ends with failMark for a fail rule
	delta     uint64  // the change of a state's hash
	needsArea bool
	illegal   bool
	goal      bool // it creates an object matching the goal
	visible   bool // a fail rule, or a goal move: never put to sleep
	grows     bool // it adds more entries than it removes
}

type edge struct{ from, to, eff uint32 }

// stateInfo is the explorer's bookkeeping of a stored state, kept together so that expanding a state reads one
// place.
type stateInfo struct {
	sleep    uint64 // where its sleep set is in the slab
	list     uint64 // once expanded, where its moves are in the slab
	depth    int32
	parent   uint32 // the state it was first reached from
	via      uint32 // the move it was first reached by (noVia for the start)
	flags    uint8
	expanded bool
	scratch  bool   // its moves are enumerated in full: acceleration changed entries the move to it did not
	sig      uint64 // with acceleration, the signature of its entries
}

type explorer struct {
	p         *Pack
	cfg       Explore
	sp        *space
	st        *store
	book      *book     // the game's options (semantics.go)
	opts      []int32   // the options explored: indices into book.opts, in order
	slots     [][]int   // per option explored, the slot of each input, then of a node's progress entry
	terms     []Term    // per slot
	slotNode  []int32   // per slot, -1 for an object, else the option explored whose progress entry it takes
	kindSlots [][]int32 // per kind, the slots it matches; computed once per kind
	kindDone  []bool
	cands     [][]int32 // per slot, the runs of the current state that match it
	slotRule  []int32   // per slot, its rule
	inputs    []int32   // per rule, its number of inputs
	missing   []int32   // per rule, its input slots without a candidate in the current state
	ready     []int32   // the rules whose every slot has a candidate
	filled    []int32   // the slots whose candidate lists hold something, to empty for the next state
	goalM     []int8
	relev     []int8 // per kind: it can match a relevant term (carry moves of others are pruned)
	rterm     []Term // relevant terms, when pruning
	prune     bool
	sleep     bool

	effTable []uint32 // open addressing over effList: index plus one
	effList  []*effect
	slab     [][]uint32 // storage of sleep sets and move lists
	arena    *arena

	info          []stateInfo // per state
	horizon       []uint32    // states left unexpanded at cfg.MaxDepth
	at            uint32      // the state being expanded
	maxObjects    int         // successors with more objects are left out
	accel         bool        // growing entries become ω (accelerate.go)
	acc           []entry     // scratch for acceleration
	accRuns       []run
	ancRuns       []run
	accelerations int
	oversized     int                 // the successors left out for having more than maxObjects objects
	awake         map[uint32][]uint32 // per state to explore again, the moves woken by a smaller sleep set
	edges         []edge

	// scratch
	runs    []entry
	counts  []int
	used    []int
	bound   []entry
	cur     []entry
	enabled []*effect
	inh     []uint32
	ids     []uint32
	changed []entry // the entries the move to the state being expanded removed or added
	hot     []bool  // per run: it is a changed entry, or every run is hot
	hotRule []bool  // per rule: a changed entry can be one of its inputs
	sub     []entry // the changed entries of a state, with their copies
}

// Explore explores the states reachable from s under the configuration and reports what it found.
func (p *Pack) Explore(s *State, cfg Explore) (*Report, error) {
	x, err := p.newExplorer(s, cfg)
	if err != nil {
		return nil, err
	}
	defer x.release()
	return x.run(s)
}

// newExplorer prepares an exploration from s.
func (p *Pack) newExplorer(s *State, cfg Explore) (*explorer, error) {
	if cfg.Graph {
		cfg.Analyse = true
	}
	if cfg.Analyse {
		cfg.DepthFirst = false // shortest solutions need breadth-first depths
	}
	if cfg.MaxStates <= 0 {
		cfg.MaxStates = DefaultMaxStates
	}
	if cfg.GoalFunc == nil && cfg.Goal.Type == "" {
		return nil, errors.New("explore: no goal")
	}
	areas := cfg.Areas
	if areas == nil {
		for _, a := range p.Areas {
			areas = append(areas, a.Name)
		}
	}
	a := takeArena()
	x := &explorer{p: p, cfg: cfg, arena: a, st: newStore(a), info: a.info, effTable: make([]uint32, 1<<10)}
	trees := cfg.trees()
	mode := AllRules
	if len(cfg.Rules) == 0 {
		mode = TreeRules
	}
	x.book = cfg.book
	if x.book == nil || x.book.leafOnly != (mode == TreeRules) {
		x.book = newBook(p, mode, cfg.Rules, cfg.FailRules, trees)
	}
	x.sp = newSpace(p, s.Objects, areas, !cfg.NoMerge, mode == TreeRules && len(trees) > 0)
	for i := range x.book.opts {
		x.opts = append(x.opts, int32(i))
	}
	reduce := !cfg.Analyse && cfg.GoalFunc == nil
	x.prune = reduce && !cfg.NoRelevance
	x.sleep = reduce && !cfg.NoSleep
	x.sp.carry = !cfg.NoCarry && cfg.GoalFunc == nil && (reduce || cfg.carried)
	if x.prune {
		x.relevance()
		x.accel = cfg.Accelerate && slices.ContainsFunc(x.opts, func(i int32) bool { return x.grows(i) })
		x.sleep = x.sleep && !x.accel
	}
	for ri := range x.opts {
		x.addSlots(ri)
	}
	x.missing = make([]int32, len(x.opts))
	x.hotRule = make([]bool, len(x.opts))
	return x, nil
}

// trees returns the puzzle trees of the configuration: Puzzles, or Tree as a puzzle of GoalArea.
func (cfg *Explore) trees() []treeOf {
	if cfg.Puzzles == nil {
		if cfg.Tree == nil {
			return nil
		}
		return []treeOf{{area: cfg.GoalArea, nodes: cfg.Tree}}
	}
	trees := make([]treeOf, len(cfg.Puzzles))
	for i, t := range cfg.Puzzles {
		trees[i] = treeOf{area: t.Area, nodes: t.Nodes}
	}
	return trees
}

// startProgress returns the progress entries of the start: each tree's nodes that have run.
func (x *explorer) startProgress() []entry {
	if x.sp.tree == noLoc {
		return nil
	}
	var es []entry
	for pz, t := range x.book.trees {
		done := make([]bool, len(t.nodes))
		if x.cfg.Puzzles != nil {
			for n := range done {
				done[n] = x.cfg.Puzzles[pz].Done(n)
			}
		}
		es = append(es, x.sp.progress(pz, t.area, done))
	}
	return es
}

// grows reports whether option i makes more objects than it takes.
func (x *explorer) grows(i int32) bool {
	r := x.book.opts[i].rule
	return !r.Fail && len(r.Outputs) > len(r.Inputs)
}

// addSlots adds the slots of the option explored ri: one per input, with the term it must match, and one for the
// progress entry of a node's tree when the progress is part of a state.
func (x *explorer) addSlots(ri int) {
	o := &x.book.opts[x.opts[ri]]
	var sl []int
	add := func(t Term, node int32) {
		sl = append(sl, len(x.terms))
		x.terms = append(x.terms, t)
		x.slotNode = append(x.slotNode, node)
		x.cands = append(x.cands, nil)
		x.slotRule = append(x.slotRule, int32(ri))
	}
	for k := range o.rule.Inputs {
		add(o.term(k), -1)
	}
	if o.node >= 0 && x.sp.tree != noLoc {
		add(Term{}, int32(ri))
	}
	x.slots = append(x.slots, sl)
	x.inputs = append(x.inputs, int32(len(sl)))
}

// relevance keeps only the options that can contribute to the goal: those with an output that may become an
// object matching the goal or an input of another kept option, and in tree mode the children of a kept node, which
// must run before it. Dropping the others keeps solvability exactly: having more objects never disables a move,
// the goal only asks for an object to exist, a node's progress only enables its parent, and a dropped move's
// outputs are never used by a kept one, so removing dropped moves from a solution leaves a solution. Fail rules
// never help, but are kept: they end attempts.
func (x *explorer) relevance() {
	keep := make([]bool, len(x.book.opts))
	needed := []Term{x.cfg.Goal}
	var queue []int32
	push := func(i int32) {
		if !keep[i] {
			keep[i] = true
			queue = append(queue, i)
		}
	}
	for i, o := range x.book.opts {
		if !o.rule.Fail && slices.ContainsFunc(o.rule.Outputs, func(out Term) bool { return x.book.mayBecome(out, x.cfg.Goal) }) {
			push(int32(i))
		}
	}
	for len(queue) > 0 {
		i := queue[0]
		queue = queue[1:]
		o := &x.book.opts[i]
		for k := range o.rule.Inputs {
			needed = append(needed, o.term(k))
		}
		for _, j := range x.book.feeders(int(i)) {
			push(j)
		}
		if o.node >= 0 && x.sp.tree != noLoc {
			for _, j := range x.book.children(int(i)) {
				push(j)
			}
		}
	}
	x.opts = slices.DeleteFunc(x.opts, func(i int32) bool { return !keep[i] && !x.book.opts[i].rule.Fail })
	x.rterm = needed
}

// dropFrozen leaves out of the start state the objects no move can ever touch: those in areas that are not
// accessible and, with relevance pruning, those that match no term of a kept rule (kept rules cannot bind them and
// they are not carried). They would be the same in every state, so the search runs on smaller states; an object
// matching the goal is always kept. Not done for a goal function, which may look at anything, or for an exported
// graph, which shows whole states.
func (x *explorer) dropFrozen(es []entry) []entry {
	if x.cfg.GoalFunc != nil || x.cfg.Graph {
		return es
	}
	kept := es[:0]
	for _, e := range es {
		k := entryKind(e)
		frozen := !x.sp.usable[entryLoc(e)] || x.prune && !x.relevant(k)
		if !frozen || x.goalMatches(k) {
			kept = append(kept, e)
		}
	}
	return kept
}

// frontier holds the states to expand. Breadth first, states are expanded in index order (next) and states to
// explore again wait in requeue; depth first, both go on one stack.
type frontier struct {
	depthFirst     bool
	next           uint32
	requeue, stack []uint32
}

// pop returns the next state to expand, of n stored states.
func (f *frontier) pop(n int) (uint32, bool) {
	var i uint32
	switch {
	case f.depthFirst && len(f.stack) > 0:
		i, f.stack = f.stack[len(f.stack)-1], f.stack[:len(f.stack)-1]
	case !f.depthFirst && int(f.next) < n:
		i = f.next
		f.next++
	case !f.depthFirst && len(f.requeue) > 0:
		i, f.requeue = f.requeue[0], f.requeue[1:]
	default:
		return 0, false
	}
	return i, true
}

// again queues an expanded state to be expanded again.
func (f *frontier) again(j uint32) {
	if f.depthFirst {
		f.stack = append(f.stack, j)
	} else {
		f.requeue = append(f.requeue, j)
	}
}

// Why a search ended: it is still searching (then it ran out of states: complete), found a goal with FirstGoal,
// hit the state cap, or in an analysis met a state with more objects than a state may hold.
const (
	searching = iota
	foundGoal
	capped
	outgrown
)

// expand explores the moves of state i, adding new states to the frontier.
func (x *explorer) expand(i uint32, fr *frontier, rep *Report) int {
	again := x.info[i].expanded
	x.info[i].expanded = true
	x.at = i
	x.cur = x.st.get(i) // arena chunks never move, so this stays valid while states are added
	if again {
		// Godefroid's sleep sets with state caching: a state reached again with a smaller sleep set explores only
		// the moves that woke up.
		x.enabled = x.enabled[:0]
		for _, id := range x.awake[i] {
			x.enabled = append(x.enabled, x.effList[id])
		}
		delete(x.awake, i)
	} else {
		x.enabled = x.movesOf(i, x.enabled[:0])
		x.info[i].list = x.keepEffects(x.enabled)
	}
	var sleep []uint32
	if x.sleep {
		sleep = x.sleepOf(i)
	}
	pushed := len(fr.stack)
	// Depth first, the successor explored first (with the smallest sleep set) is searched first.
	defer func() { slices.Reverse(fr.stack[pushed:]) }()
	for _, eff := range x.enabled {
		if x.sleep {
			// Both lists are in id order: walk the sleep set alongside.
			for len(sleep) > 0 && sleep[0] < eff.id {
				sleep = sleep[1:]
			}
			if len(sleep) > 0 && sleep[0] == eff.id {
				continue
			}
		}
		rep.Transitions++
		var inh []uint32
		if x.sleep && !eff.visible {
			inh = x.inherit(x.sleepOf(i), eff)
		}
		j, found, kept := x.successor(i, eff, inh)
		if !kept {
			// Rules that make objects while keeping their inputs can grow a state without end (see MaxGrowth).
			// Such a state is left out like one beyond the horizon, so the search is not complete and cannot
			// answer "no", but other branches are still searched. An analysis needs every edge, so it stops.
			if x.cfg.Analyse {
				return outgrown
			}
			continue
		}
		if x.cfg.Analyse {
			x.edges = append(x.edges, edge{i, j, eff.id})
		}
		switch {
		case found:
			if x.sleep && x.info[j].flags == 0 && !eff.visible {
				x.narrow(j, inh, fr)
			}
		case x.info[j].flags&flagGoal != 0 && x.cfg.FirstGoal && !x.cfg.Analyse:
			return foundGoal
		case x.st.len() >= x.cfg.MaxStates:
			return capped
		case fr.depthFirst:
			fr.stack = append(fr.stack, j)
		}
	}
	return searching
}

// successor finds or adds the state eff leads to from state i, the one being expanded, with inh its sleep set. It
// returns the state's index, whether it was stored before, and false when it is left out for having too many
// objects.
func (x *explorer) successor(i uint32, eff *effect, inh []uint32) (j uint32, found, kept bool) {
	if x.accel && (eff.grows || hasOmega(x.cur)) {
		return x.accelerated(i, eff)
	}
	h := x.st.hashes[i] + eff.delta
	j, slot, found := probe(x.st, h, applied{x.cur, eff})
	if found {
		return j, true, true
	}
	n := len(x.cur) - len(eff.remove) + len(eff.add)
	if n > x.maxObjects {
		x.oversized++
		return 0, false, false
	}
	succ := applyEffect(x.st.reserve(n), x.cur, eff) // written in place: the store copies nothing
	j = x.st.commit(succ, h, slot)
	x.record(succ, x.info[i].depth+1, inh, eff)
	return j, false, true
}

// narrow intersects the sleep set of state j, reached again, with inh; if that wakes moves of a state already
// expanded, they are queued to be explored.
func (x *explorer) narrow(j uint32, inh []uint32, fr *frontier) {
	old := x.sleepOf(j)
	narrowed := intersectU32(old, inh)
	if len(narrowed) == len(old) {
		return
	}
	x.info[j].sleep = x.keep(narrowed)
	if !x.info[j].expanded {
		return
	}
	if _, queued := x.awake[j]; !queued {
		fr.again(j)
	}
	for _, id := range old {
		if !containsU32(narrowed, id) && !slices.Contains(x.awake[j], id) {
			x.awake[j] = append(x.awake[j], id)
		}
	}
}

func (x *explorer) run(s *State) (*Report, error) {
	rep := &Report{DeadEnds: -1, Shortest: -1, analyse: x.cfg.Analyse, breadthFirst: x.cfg.Analyse,
		maxDepth: x.cfg.MaxDepth}
	start := append(x.dropFrozen(x.sp.encode(s, nil)), x.startProgress()...)
	slices.Sort(start)
	if s.Failed != nil {
		start = append(start, failMark)
	}
	if len(start) > maxStateObjects {
		return nil, fmt.Errorf("explore: %d objects, more than %d", len(start), maxStateObjects)
	}
	x.maxObjects = maxStateObjects
	if x.cfg.MaxGrowth > 0 && !x.cfg.Analyse {
		x.maxObjects = min(maxStateObjects, len(start)+x.cfg.MaxGrowth)
	}
	rep.maxObjects = x.maxObjects
	if _, isNew := x.st.intern(start); isNew {
		x.record(start, 0, nil, nil)
	}
	fr := &frontier{depthFirst: x.cfg.DepthFirst}
	if fr.depthFirst {
		fr.stack = append(fr.stack, 0)
	}
	x.awake = map[uint32][]uint32{}
	stop := searching
	for stop == searching {
		i, ok := fr.pop(x.st.len())
		if !ok {
			break
		}
		if x.info[i].flags == 0 && !x.atHorizon(i) {
			stop = x.expand(i, fr, rep)
		}
	}
	rep.stop = stop
	rep.Horizon = len(x.horizon)
	rep.Outgrown = x.oversized
	rep.Accelerated = x.accelerations
	rep.Complete = stop == searching && rep.Horizon == 0 && rep.Outgrown == 0
	rep.States = x.st.len()
	for i := range x.info {
		f := x.info[i].flags
		if f&flagGoal != 0 {
			rep.GoalStates++
			if rep.Shortest < 0 || int(x.info[i].depth) < rep.Shortest {
				rep.Shortest = int(x.info[i].depth)
			}
		}
		if f&flagFail != 0 {
			rep.FailStates++
		}
	}
	switch {
	case rep.GoalStates > 0:
		rep.Solvable = Yes
	case rep.Complete:
		rep.Solvable = No
	}
	switch {
	case x.cfg.Analyse && stop == searching:
		x.analyse(rep)
	case x.cfg.Graph:
		rep.Graph = x.graph(x.reverse().distances(x.goalStates()), nil, rep)
	}
	return rep, nil
}

// atHorizon reports whether state i lies cfg.MaxDepth moves from the start, and records it once as left
// unexpanded.
func (x *explorer) atHorizon(i uint32) bool {
	if x.cfg.MaxDepth <= 0 || int(x.info[i].depth) < x.cfg.MaxDepth {
		return false
	}
	if !x.info[i].expanded {
		x.info[i].expanded = true
		x.horizon = append(x.horizon, i)
	}
	return true
}

// applied looks up the state a move leads to from the current state without building it.
type applied struct {
	cur []entry
	eff *effect
}

func (a applied) equal(stored []entry) bool { return equalApplied(stored, a.cur, a.eff) }

// equalApplied reports whether stored equals cur minus eff.remove plus eff.add.
func equalApplied(stored, cur []entry, eff *effect) bool {
	if len(stored) != len(cur)-len(eff.remove)+len(eff.add) {
		return false
	}
	rm, add := eff.remove, eff.add
	k := 0
	for _, e := range cur {
		if len(rm) > 0 && rm[0] == e {
			rm = rm[1:]
			continue
		}
		for len(add) > 0 && add[0] < e {
			if stored[k] != add[0] {
				return false
			}
			k++
			add = add[1:]
		}
		if stored[k] != e {
			return false
		}
		k++
	}
	for _, e := range add {
		if stored[k] != e {
			return false
		}
		k++
	}
	return true
}

// record adds the bookkeeping of a new state, reached by eff (nil for the start): its flags, depth and sleep
// set. Goal states have no successors, so with a goal term a state is a goal state exactly when the move to it
// created an object matching the goal.
func (x *explorer) record(es []entry, depth int32, sleep []uint32, eff *effect) {
	var f uint8
	switch {
	case len(es) > 0 && es[len(es)-1] == failMark:
		f = flagFail
	case eff != nil && x.cfg.GoalFunc == nil && eff.goal, (eff == nil || x.cfg.GoalFunc != nil) && x.isGoal(es):
		f = flagGoal
	}
	st := stateInfo{flags: f, depth: depth, parent: x.at, via: viaID(eff)}
	if x.accel {
		st.sig = signature(es)
	}
	if x.sleep {
		st.sleep = x.keep(sleep)
	}
	x.info = append(x.info, st)
}

// viaID is the id of the move a state was first reached by, noVia for the start.
func viaID(eff *effect) uint32 {
	if eff == nil {
		return noVia
	}
	return eff.id
}

const noVia = ^uint32(0)

// keepEffects keeps the ids of a state's moves in the slab, as keep does.
func (x *explorer) keepEffects(es []*effect) uint64 {
	x.ids = x.ids[:0]
	for _, e := range es {
		x.ids = append(x.ids, e.id)
	}
	return x.keep(x.ids)
}

// movesOf appends the moves of state i, sorted by id. A state reached from an expanded one has the moves of its
// parent that bind no entry the move to it removed or added, which stay legal and do the same; only moves binding
// such an entry are enumerated. The start state's moves are enumerated in full.
func (x *explorer) movesOf(i uint32, dst []*effect) []*effect {
	es := x.st.get(i)
	if n := len(es); n > 0 && es[n-1] == failMark {
		return dst
	}
	if x.info[i].via == noVia || x.info[i].scratch {
		dst = x.moves(es, nil, true, dst)
		sortEffects(dst)
		return dst
	}
	via := x.effList[x.info[i].via]
	x.changed = changedEntries(x.changed[:0], via)
	for _, id := range x.slabOf(x.info[x.info[i].parent].list) {
		if e := x.effList[id]; disjoint(e.remove, x.changed) {
			dst = append(dst, e)
		}
	}
	kept := len(dst)
	dst = x.moves(es, x.changed, false, dst)
	if len(dst) > kept {
		sortEffects(dst) // the parent's part is sorted; the few new moves are inserted
	}
	return dst
}

// changedEntries appends, sorted and once each, the entries a move removes or adds.
func changedEntries(dst []entry, eff *effect) []entry {
	rm, add := eff.remove, eff.add
	for len(rm) > 0 || len(add) > 0 {
		var e entry
		switch {
		case len(add) == 0 || len(rm) > 0 && rm[0] <= add[0]:
			e, rm = rm[0], rm[1:]
		default:
			e, add = add[0], add[1:]
		}
		if e == failMark {
			continue
		}
		if n := len(dst); n == 0 || dst[n-1] != e {
			dst = append(dst, e)
		}
	}
	return dst
}

// keep copies a sleep set into the slab and returns where it is: chunk<<40 | offset<<20 | length. Sleep sets are
// kept without pointers so that the collector has nothing to scan in them.
func (x *explorer) keep(s []uint32) uint64 {
	if len(s) == 0 {
		return 0
	}
	n := len(x.slab)
	if n == 0 || cap(x.slab[n-1])-len(x.slab[n-1]) < len(s) {
		x.slab = append(x.slab, x.arena.newSlab(n, len(s)))
		n++
	}
	off := len(x.slab[n-1])
	x.slab[n-1] = append(x.slab[n-1], s...)
	return uint64(n-1)<<40 | uint64(off)<<20 | uint64(len(s))
}

// sleepOf returns the sleep set of state i.
func (x *explorer) sleepOf(i uint32) []uint32 { return x.slabOf(x.info[i].sleep) }

// slabOf returns the list kept at l.
func (x *explorer) slabOf(l uint64) []uint32 {
	c, off, n := l>>40, l>>20&(1<<20-1), l&(1<<20-1)
	if n == 0 {
		return nil
	}
	return x.slab[c][off : off+n : off+n]
}

func (x *explorer) isGoal(es []entry) bool {
	if x.cfg.GoalFunc != nil {
		return x.cfg.GoalFunc(x.sp.state(es))
	}
	for _, e := range es {
		if x.goalMatches(entryKind(e)) && x.goalPlace(entryLoc(e)) {
			return true
		}
	}
	return false
}

// goalPlace reports whether an object at a location can achieve the goal: anywhere without Explore.GoalArea,
// else in that area or the inventory.
func (x *explorer) goalPlace(loc uint16) bool {
	if x.cfg.GoalArea == "" {
		return true
	}
	at := x.sp.locs[loc]
	return at == x.cfg.GoalArea || at == Inventory || x.sp.merged && loc == x.sp.areas[0]
}

func (x *explorer) goalMatches(k uint32) bool {
	return memoMatch(&x.goalM, k, func() bool {
		kd := x.sp.kinds[k]
		return x.p.Matches(kd.item, kd.props, x.cfg.Goal)
	})
}

// memoMatch looks a kind up in a lazily grown table of answers.
func memoMatch(tab *[]int8, k uint32, compute func() bool) bool {
	for int(k) >= len(*tab) {
		*tab = append(*tab, 0)
	}
	if v := (*tab)[k]; v != 0 {
		return v > 0
	}
	v := int8(-1)
	if compute() {
		v = 1
	}
	(*tab)[k] = v
	return v > 0
}

// slotsOf returns the input slots that objects of kind k match.
func (x *explorer) slotsOf(k uint32) []int32 {
	for int(k) >= len(x.kindDone) {
		x.kindDone = append(x.kindDone, false)
		x.kindSlots = append(x.kindSlots, nil)
	}
	if !x.kindDone[k] {
		kd := x.sp.kinds[k]
		for sl, t := range x.terms {
			if x.slotTakes(sl, kd, t) {
				x.kindSlots[k] = append(x.kindSlots[k], int32(sl))
			}
		}
		x.kindDone[k] = true
	}
	return x.kindSlots[k]
}

// slotTakes reports whether slot sl, of term t, takes objects of kind kd: an object slot an object matching t, a
// progress slot the progress of its node's tree while the node is a current leaf.
func (x *explorer) slotTakes(sl int, kd kind, t Term) bool {
	ri := x.slotNode[sl]
	if ri < 0 || kd.tree == 0 {
		return ri < 0 && kd.tree == 0 && x.p.Matches(kd.item, kd.props, t)
	}
	o := &x.book.opts[x.opts[ri]]
	return int(kd.tree)-1 == o.puzzle && leafOf(x.book.trees[o.puzzle].nodes, o.node, func(n int) bool { return kd.done[n] })
}

// inherit returns the sleep set of the state a move t leads to: the moves asleep here or explored here before t
// that are independent of t (Godefroid's sleep sets). Independent moves bind disjoint entries, so running both in
// either order gives the same state; visible moves are never put to sleep, since the state after them ends the
// attempt and the diamond that covers a sleeping move would be cut.
func (x *explorer) inherit(sleep []uint32, t *effect) []uint32 {
	// Merge, in id order, the moves enabled here before t and the sleep set (both sorted).
	x.inh = x.inh[:0]
	en := x.enabled
	for {
		var u *effect
		switch {
		case len(en) > 0 && en[0].id < t.id && (len(sleep) == 0 || en[0].id <= sleep[0]):
			u = en[0]
			en = en[1:]
			if len(sleep) > 0 && sleep[0] == u.id {
				sleep = sleep[1:]
			}
		case len(sleep) > 0:
			u = x.effList[sleep[0]]
			sleep = sleep[1:]
		default:
			return x.inh
		}
		if !u.visible && disjoint(u.remove, t.remove) {
			x.inh = append(x.inh, u.id)
		}
	}
}

// moves appends the effects of the legal moves in the encoded state es: every one with all, else only those that
// bind a run of changed (sorted).
func (x *explorer) moves(es []entry, changed []entry, all bool, dst []*effect) []*effect {
	if n := len(es); n > 0 && es[n-1] == failMark {
		return dst
	}
	if !all {
		// Only the rules a changed entry can be an input of can have new moves. When none of them has a second
		// input, the changed entries are the only candidates, and the rest of the state need not be read.
		clear(x.hotRule)
		x.sub = x.sub[:0]
		multi := false
		for _, t := range changed {
			lo, found := slices.BinarySearch(es, t)
			if !found || !x.sp.usable[entryLoc(t)] {
				continue
			}
			for hi := lo; hi < len(es) && es[hi] == t; hi++ {
				x.sub = append(x.sub, t)
			}
			for _, sl := range x.slotsOf(entryKind(t)) {
				ri := x.slotRule[sl]
				x.hotRule[ri] = true
				multi = multi || x.inputs[ri] > 1
			}
		}
		if !multi {
			es, all = x.sub, true
		}
	}
	x.runs, x.counts, x.hot = x.runs[:0], x.counts[:0], x.hot[:0]
	for _, e := range es {
		if n := len(x.runs); n > 0 && x.runs[n-1] == e {
			x.counts[n-1]++
			continue
		}
		for len(changed) > 0 && changed[0] < e {
			changed = changed[1:]
		}
		x.runs = append(x.runs, e)
		x.counts = append(x.counts, 1)
		if isOmega(e) {
			x.counts[len(x.counts)-1] = math.MaxInt32 // any number of copies
		}
		x.hot = append(x.hot, all || len(changed) > 0 && changed[0] == e)
	}
	if cap(x.used) < len(x.runs) {
		x.used = make([]int, len(x.runs))
	}
	x.used = x.used[:len(x.runs)]
	clear(x.used)
	for _, sl := range x.filled {
		x.cands[sl] = x.cands[sl][:0]
	}
	x.filled = x.filled[:0]
	// A rule is ready when every input slot has a candidate: count down its empty slots as they fill.
	copy(x.missing, x.inputs)
	x.ready = x.ready[:0]
	for ei, e := range x.runs {
		if !x.sp.usable[entryLoc(e)] {
			continue
		}
		for _, sl := range x.slotsOf(entryKind(e)) {
			ri := x.slotRule[sl]
			if !all && !x.hotRule[ri] {
				continue
			}
			if len(x.cands[sl]) == 0 {
				x.filled = append(x.filled, sl)
				if x.missing[ri]--; x.missing[ri] == 0 {
					x.ready = append(x.ready, ri)
				}
			}
			x.cands[sl] = append(x.cands[sl], int32(ei))
		}
	}
	slices.Sort(x.ready)
	for _, ri := range x.ready {
		x.bound = x.bound[:0]
		dst = x.bind(int(ri), 0, 0, false, dst)
	}
	if !x.sp.merged && !x.sp.carry {
		dst = x.carryMoves(dst)
	}
	return dst
}

// bind binds input i of rule r to each usable run in turn; place is the area location bound so far plus one, and
// hot whether a hot run is bound: a binding of none is not appended.
func (x *explorer) bind(ri int, i int, place int, hot bool, dst []*effect) []*effect {
	if i == len(x.slots[ri]) {
		if !hot {
			return dst
		}
		return x.appendEffects(dst, ri)
	}
	for _, ei := range x.cands[x.slots[ri][i]] {
		e := x.runs[ei]
		loc := entryLoc(e)
		if x.used[ei] >= x.counts[ei] {
			continue
		}
		p := place
		if x.sp.locs[loc] != Inventory && loc != x.sp.tree {
			if place != 0 && place != int(loc)+1 {
				continue
			}
			p = int(loc) + 1
		}
		x.used[ei]++
		x.bound = append(x.bound, e)
		dst = x.bind(ri, i+1, p, hot || x.hot[ei], dst)
		x.bound = x.bound[:len(x.bound)-1]
		x.used[ei]--
	}
	return dst
}

// appendEffects appends the effects of running option ri on x.bound: made in the area of its inputs, or, when
// every input is carried, in each accessible area (the same change once).
func (x *explorer) appendEffects(dst []*effect, ri int) []*effect {
	first := len(dst)
	if x.boundInArea() {
		return appendNew(dst, first, x.effect(ri, noArea))
	}
	for _, a := range x.sp.areas {
		dst = appendNew(dst, first, x.effect(ri, a))
	}
	return dst
}

// boundInArea reports whether an entry of x.bound lies in an area.
func (x *explorer) boundInArea() bool {
	return slices.ContainsFunc(x.bound, func(e entry) bool {
		loc := entryLoc(e)
		return loc != x.sp.tree && x.sp.locs[loc] != Inventory
	})
}

// appendNew appends a legal effect unless one from dst[first:] (the same binding) makes the same change.
func appendNew(dst []*effect, first int, eff *effect) []*effect {
	if eff.illegal || eff.needsArea {
		return dst
	}
	for _, e := range dst[first:] {
		if slices.Equal(e.add, eff.add) {
			return dst
		}
	}
	return append(dst, eff)
}

const noArea = ^uint16(0)

// carryMoves appends picking up each carryable run in an accessible area and putting down each inventory run in
// each accessible area. With relevance pruning, objects no relevant term can match stay where they are.
func (x *explorer) carryMoves(dst []*effect) []*effect {
	for ei, e := range x.runs {
		loc, k := entryLoc(e), entryKind(e)
		if !x.hot[ei] || !x.sp.usable[loc] || loc == x.sp.tree || x.prune && !x.relevant(k) {
			continue
		}
		x.bound = append(x.bound[:0], e)
		if x.sp.locs[loc] == Inventory {
			for _, a := range x.sp.areas {
				if eff := x.effect(-1, a); !eff.illegal {
					dst = append(dst, eff)
				}
			}
		} else if eff := x.effect(-2, noArea); !eff.illegal {
			dst = append(dst, eff)
		}
	}
	return dst
}

func (x *explorer) relevant(k uint32) bool {
	return memoMatch(&x.relev, k, func() bool {
		kd := x.sp.kinds[k]
		return slices.ContainsFunc(x.rterm, func(t Term) bool { return x.p.Matches(kd.item, kd.props, t) })
	})
}

// effect returns the memoised effect of option ri (or -1 PutDown, -2 PickUp) on x.bound, acting in area a. The
// memo is an open-addressing table over x.effList keyed by option, area and bound entries.
func (x *explorer) effect(ri int, a uint16) *effect {
	h := effectHash(int32(ri), a, x.bound)
	mask := uint64(len(x.effTable) - 1)
	i := h & mask
	for ; x.effTable[i] != 0; i = (i + 1) & mask {
		eff := x.effList[x.effTable[i]-1]
		if eff.ri == int32(ri) && eff.area == a && slices.Equal(eff.inputs, x.bound) {
			return eff
		}
	}
	eff := x.computeEffect(ri, a)
	eff.ri = int32(ri)
	eff.id = uint32(len(x.effList))
	x.effList = append(x.effList, eff)
	x.effTable[i] = eff.id + 1
	if len(x.effList)*2 > len(x.effTable) {
		x.effTable = make([]uint32, len(x.effTable)*2)
		mask = uint64(len(x.effTable) - 1)
		for _, e := range x.effList {
			j := effectHash(e.ri, e.area, e.inputs) & mask
			for x.effTable[j] != 0 {
				j = (j + 1) & mask
			}
			x.effTable[j] = e.id + 1
		}
	}
	return eff
}

// effectHash is the memo key of an effect.
func effectHash(ri int32, a uint16, bound []entry) uint64 {
	h := mix(uint64(uint32(ri))<<16 | uint64(a))
	for _, e := range bound {
		h = mix(h ^ e)
	}
	return h
}

// computeEffect runs the game's semantics on objects decoded from the bound entries: the option must be the one
// the game chooses for them (semantics.go), and the game logic itself works out the change, so the explorer and
// the game can never disagree about what a move does. A node's move marks it run in its tree's progress entry.
func (x *explorer) computeEffect(ri int, a uint16) *effect {
	rule, o := PutDown, (*option)(nil)
	switch {
	case ri == -2:
		rule = PickUp
	case ri >= 0:
		o = &x.book.opts[x.opts[ri]]
		rule = o.rule
	}
	eff := &effect{rule: rule, inputs: slices.Clone(x.bound), area: a}
	for _, e := range x.bound {
		if !isOmega(e) { // an unlimited supply stays
			eff.remove = append(eff.remove, e)
		}
	}
	slices.Sort(eff.remove)
	s, m, prog := x.decodeMove(rule, a)
	if o != nil {
		m.Items = o.items
		if !x.chosen(int(x.opts[ri]), s, m, prog) {
			eff.illegal = true
			return eff
		}
	}
	c, err := x.p.resolve(s, m, nil)
	if err != nil {
		eff.needsArea = errors.Is(err, errNeedsArea)
		eff.illegal = !eff.needsArea
		return eff
	}
	c.commit(s)
	eff.add = x.sp.encode(s, nil)
	if prog != nil {
		done := slices.Clone(prog.done)
		done[o.node] = true
		eff.add = append(eff.add, x.sp.progress(o.puzzle, x.book.trees[o.puzzle].area, done))
		slices.Sort(eff.add)
	}
	x.finishEffect(eff)
	return eff
}

// decodeMove decodes x.bound into a state of its own and the move of rule on it made in area a, and returns the
// bound progress entry's kind, if any.
func (x *explorer) decodeMove(rule *Rule, a uint16) (*State, Move, *kind) {
	s := &State{NextID: 1}
	m := Move{Rule: rule}
	var prog *kind
	for _, e := range x.bound {
		if entryLoc(e) == x.sp.tree {
			prog = &x.sp.kinds[entryKind(e)]
			continue
		}
		m.Inputs = append(m.Inputs, x.sp.decode(s, e))
	}
	if a != noArea {
		m.Area = x.sp.locs[a]
	}
	return s, m, prog
}

// chosen reports whether option i is the one the game runs on the move's objects, in the area it is made in,
// with the bound progress.
func (x *explorer) chosen(i int, s *State, m Move, prog *kind) bool {
	objs := make([]*Object, len(m.Inputs))
	area := m.Area
	for k, id := range m.Inputs {
		objs[k], _ = s.Object(id)
		if objs[k].Area != Inventory {
			area = objs[k].Area
		}
	}
	done := func(pz, n int) bool { return prog != nil && int(prog.tree)-1 == pz && prog.done[n] }
	return x.book.chosen(i, objs, area, done)
}

// finishEffect sets what an effect's change implies: whether it makes the goal, whether it is visible, a fail
// rule's mark, its hash delta and whether it grows the state.
func (x *explorer) finishEffect(eff *effect) {
	r := eff.rule
	if x.cfg.GoalFunc == nil {
		for _, e := range eff.add {
			if x.goalMatches(entryKind(e)) && x.goalPlace(entryLoc(e)) {
				eff.goal = true
			}
		}
	}
	eff.visible = r.Fail || eff.goal
	if r.Fail {
		eff.add = append(eff.add, failMark)
	}
	eff.delta = hashEntries(eff.add) - hashEntries(eff.remove)
	eff.grows = len(eff.add) > len(eff.remove)
}

// sortEffects sorts effects by id; the lists are short and mostly in order already.
func sortEffects(es []*effect) {
	for i := 1; i < len(es); i++ {
		for j := i; j > 0 && es[j-1].id > es[j].id; j-- {
			es[j-1], es[j] = es[j], es[j-1]
		}
	}
}

// applyEffect writes cur minus eff.remove plus eff.add, sorted, to dst.
func applyEffect(dst, cur []entry, eff *effect) []entry {
	rm, add := eff.remove, eff.add
	for _, e := range cur {
		if len(rm) > 0 && rm[0] == e {
			rm = rm[1:]
			continue
		}
		for len(add) > 0 && add[0] < e {
			dst = append(dst, add[0])
			add = add[1:]
		}
		dst = append(dst, e)
	}
	return append(dst, add...)
}

// disjoint reports whether two sorted entry lists share no entry.
func disjoint(a, b []entry) bool {
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] == b[0]:
			return false
		case a[0] < b[0]:
			a = a[1:]
		default:
			b = b[1:]
		}
	}
	return true
}

func containsU32(s []uint32, v uint32) bool {
	_, ok := slices.BinarySearch(s, v)
	return ok
}

// intersectU32 returns the sorted intersection of two sorted lists.
func intersectU32(a, b []uint32) []uint32 {
	var out []uint32
	for len(a) > 0 && len(b) > 0 {
		switch {
		case a[0] == b[0]:
			out = append(out, a[0])
			a, b = a[1:], b[1:]
		case a[0] < b[0]:
			a = a[1:]
		default:
			b = b[1:]
		}
	}
	return out
}

// analyse finds dead ends and counts solutions over the stored edges of an exploration that ran to its end.
func (x *explorer) analyse(rep *Report) {
	rep.analysed = true
	rv := x.reverse()
	toGoal, toHorizon := rv.distances(x.goalStates()), rv.distances(x.horizon)
	dead := make([]bool, len(toGoal)) // neither a goal nor the unexplored horizon can be reached: provably a dead end
	rep.DeadEnds = 0
	for i, d := range toGoal {
		if d < 0 && x.info[i].flags == 0 && toHorizon[i] < 0 {
			dead[i] = true
			rep.DeadEnds++
		}
	}
	x.countSolutions(rep, toGoal)
	if x.cfg.Graph {
		rep.Graph = x.graph(toGoal, dead, rep)
	}
}

// goalStates returns the stored goal states.
func (x *explorer) goalStates() []uint32 {
	var goals []uint32
	for i := range x.info {
		if x.info[i].flags&flagGoal != 0 {
			goals = append(goals, uint32(i))
		}
	}
	return goals
}

// reversed is the stored edges by their target: the sources of the edges into state v are
// from[start[v]:start[v+1]].
type reversed struct {
	start []int32
	from  []uint32
}

// reverse returns the stored edges by their target.
func (x *explorer) reverse() reversed {
	n := x.st.len()
	rv := reversed{start: make([]int32, n+1), from: make([]uint32, len(x.edges))}
	for _, e := range x.edges {
		rv.start[e.to+1]++
	}
	for i := 0; i < n; i++ {
		rv.start[i+1] += rv.start[i]
	}
	fill := slices.Clone(rv.start[:n])
	for _, e := range x.edges {
		rv.from[fill[e.to]] = e.from
		fill[e.to]++
	}
	return rv
}

// distances returns each state's distance in moves to the nearest of the sources, -1 if none can be reached: a
// backward breadth-first search.
func (rv reversed) distances(sources []uint32) []int32 {
	dist := make([]int32, len(rv.start)-1)
	for i := range dist {
		dist[i] = -1
	}
	for _, v := range sources {
		dist[v] = 0
	}
	queue := slices.Clone(sources)
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, u := range rv.from[rv.start[v]:rv.start[v+1]] {
			if dist[u] < 0 {
				dist[u] = dist[v] + 1
				queue = append(queue, u)
			}
		}
	}
	return dist
}

// countSolutions counts shortest solutions along the breadth-first layers and all solutions over the acyclic
// part of the space that can reach a goal (any cycle there makes them infinite).
func (x *explorer) countSolutions(rep *Report, toGoal []int32) {
	n := x.st.len()
	if toGoal[0] < 0 {
		return
	}
	shortest := make([]int64, n)
	shortest[0] = 1
	// Edges are stored in breadth-first order of their sources, so one pass sees every layer in order.
	for _, e := range x.edges {
		if x.info[e.to].depth == x.info[e.from].depth+1 {
			shortest[e.to] = satAdd(shortest[e.to], shortest[e.from])
		}
	}
	for i := range shortest {
		if x.info[i].flags&flagGoal != 0 && int(x.info[i].depth) == rep.Shortest {
			rep.ShortestSolutions = satAdd(rep.ShortestSolutions, shortest[i])
		}
	}
	// All solutions: Kahn's algorithm on the states that can reach a goal.
	indeg := make([]int32, n)
	out := make([][]uint32, n)
	for _, e := range x.edges {
		if toGoal[e.from] >= 0 && toGoal[e.to] >= 0 {
			indeg[e.to]++
			out[e.from] = append(out[e.from], e.to)
		}
	}
	paths := make([]int64, n)
	paths[0] = 1
	queue := []uint32{}
	alive := 0
	for i := range indeg {
		if toGoal[i] >= 0 {
			alive++
			if indeg[i] == 0 {
				queue = append(queue, uint32(i))
			}
		}
	}
	done := 0
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		done++
		if x.info[v].flags&flagGoal != 0 {
			rep.Solutions = satAdd(rep.Solutions, paths[v])
		}
		for _, w := range out[v] {
			paths[w] = satAdd(paths[w], paths[v])
			if indeg[w]--; indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
	if done < alive {
		rep.Solutions = -1
	}
}

// satAdd adds two counts, saturating at CountCap.
func satAdd(a, b int64) int64 {
	if a >= CountCap-b {
		return CountCap
	}
	return a + b
}
