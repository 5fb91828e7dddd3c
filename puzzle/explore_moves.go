package puzzle

import (
	"math"
	"slices"
)

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
