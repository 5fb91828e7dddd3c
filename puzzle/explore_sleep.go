package puzzle

import "slices"

// keepEffects keeps the ids of a state's moves in the slab, as keep does.
func (x *explorer) keepEffects(es []*effect) uint64 {
	x.ids = x.ids[:0]
	for _, e := range es {
		x.ids = append(x.ids, e.id)
	}
	return x.keep(x.ids)
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
