package puzzle

import (
	"errors"
	"slices"
)

// effectMemo holds the effects met so far, each once, and the slab their move lists and sleep sets live in.
type effectMemo struct {
	effTable []uint32 // open addressing over effList: index plus one
	effList  []*effect
	slab     [][]uint32 // storage of sleep sets and move lists
	arena    *arena
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
