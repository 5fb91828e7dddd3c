package puzzle

import (
	"fmt"
	"slices"
)

// states is the explorer's bookkeeping of the states stored so far.
type states struct {
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
}

// scratch is memory the explorer reuses from state to state.
type scratch struct {
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
