package puzzle

import "slices"

// slotIndex is the explorer's index of which objects can fill which rule input (a slot): built per option
// explored, and filled per state expanded.
type slotIndex struct {
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

func (x *explorer) relevant(k uint32) bool {
	return memoMatch(&x.relev, k, func() bool {
		kd := x.sp.kinds[k]
		return slices.ContainsFunc(x.rterm, func(t Term) bool { return x.p.Matches(kd.item, kd.props, t) })
	})
}
