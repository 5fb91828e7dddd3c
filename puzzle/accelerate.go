package puzzle

import "slices"

// Acceleration (Karp and Miller's ω) keeps a world that grows without end finite. Rules that keep an input and
// make something (shake a tree for apples) make the game a Petri net with unbounded places: every state has a
// successor with one more apple, and a search never ends. With relevance pruning the game is monotone (more
// objects never disable a move, and the goal asks only for an object to exist), so when a new state holds at least
// everything an ancestor on its path held and more of some entries, the moves between them can be repeated to
// make as many of those as wanted: such an entry becomes ω, an unlimited supply, and the state stands for all of
// them. Every ω state is a limit of reachable states, so a goal found is reachable; and a complete search of the
// accelerated states covers every reachable state, so "no goal" is proved. The search is Karp and Miller's
// coverability graph, finite by Dickson's lemma.
//
// An ω entry is the entry with its top bit set; a state holds either plain copies of an entry or its ω form, once.
// Kinds and places ignore the bit, so decoding and matching are unchanged; a move binding an ω entry does not
// remove it, and an object made where its ω form is held adds nothing.

// accelWindow is how many moves back a new state looks for an ancestor it covers.
const accelWindow = 64

// omega marks an entry as an unlimited supply.
const omega entry = 1 << 63

// isOmega reports whether e is an ω entry (failMark is not one).
func isOmega(e entry) bool { return e&omega != 0 && e != failMark }

// hasOmega reports whether a sorted state holds an ω entry: they sort after every plain entry, before failMark.
func hasOmega(es []entry) bool {
	for i := len(es) - 1; i >= 0; i-- {
		if es[i] != failMark {
			return isOmega(es[i])
		}
	}
	return false
}

// applyOmega writes cur with eff applied to dst, where cur may hold ω entries: eff removes no ω entry (see
// computeEffect), and an added entry whose ω form cur holds is absorbed.
func applyOmega(dst, cur []entry, eff *effect) []entry {
	dst = applyEffect(dst, cur, eff)
	om := omegaPart(cur)
	if len(om) == 0 {
		return dst
	}
	kept := dst[:0]
	for _, e := range dst {
		if isOmega(e) || e == failMark || !holds(om, e|omega) {
			kept = append(kept, e)
		}
	}
	return kept
}

// omegaPart returns the ω entries of a sorted state, which sort after every plain entry (and before failMark).
func omegaPart(es []entry) []entry {
	end := len(es)
	if end > 0 && es[end-1] == failMark {
		end--
	}
	start := end
	for start > 0 && isOmega(es[start-1]) {
		start--
	}
	return es[start:end]
}

// holds reports whether the sorted state es holds entry e.
func holds(es []entry, e entry) bool {
	_, ok := slices.BinarySearch(es, e)
	return ok
}

// run is an entry of a state with its number of copies, -1 for ω.
type run struct {
	e entry // without the ω bit
	n int
}

// runsOf appends the runs of a sorted state in entry order. Plain entries sort before ω ones, so the two parts
// are merged.
func runsOf(dst []run, es []entry) []run {
	split := len(es)
	for split > 0 && (isOmega(es[split-1]) || es[split-1] == failMark) {
		split--
	}
	plain, om := es[:split], es[split:]
	for len(plain) > 0 || len(om) > 0 {
		if len(om) > 0 && om[0] == failMark {
			om = om[1:]
			continue
		}
		if len(plain) == 0 || len(om) > 0 && om[0]&^omega < plain[0] {
			dst = append(dst, run{om[0] &^ omega, -1})
			om = om[1:]
			continue
		}
		n := 1
		for n < len(plain) && plain[n] == plain[0] {
			n++
		}
		dst = append(dst, run{plain[0], n})
		plain = plain[n:]
	}
	return dst
}

// more reports whether m copies are more than n, ω (-1) being more than any number.
func more(m, n int) bool { return m != n && (m == -1 || n != -1 && m > n) }

// covers reports whether runs s hold at least what runs a hold, entry by entry.
func covers(s, a []run) bool {
	for _, r := range a {
		for len(s) > 0 && s[0].e < r.e {
			s = s[1:]
		}
		if len(s) == 0 || s[0].e != r.e || more(r.n, s[0].n) {
			return false
		}
	}
	return true
}

// accelerate makes ω, in runs s, every entry of which s holds more than a, and reports whether any was: s
// covers a, an ancestor, so the moves from a to s can be repeated without end.
func accelerate(s, a []run) bool {
	changed := false
	for i := range s {
		for len(a) > 0 && a[0].e < s[i].e {
			a = a[1:]
		}
		had := 0
		if len(a) > 0 && a[0].e == s[i].e {
			had = a[0].n
		}
		if s[i].n != -1 && more(s[i].n, had) {
			s[i].n, changed = -1, true
		}
	}
	return changed
}

// entriesOf writes runs back as a sorted state.
func entriesOf(dst []entry, rs []run) []entry {
	for _, r := range rs {
		if r.n == -1 {
			dst = append(dst, r.e|omega)
			continue
		}
		for range r.n {
			dst = append(dst, r.e)
		}
	}
	slices.Sort(dst)
	return dst
}

// signature is a 64-bit summary of the entries a state holds: a state covers another only if its signature has
// every bit of the other's, which rules most ancestors out at once.
func signature(es []entry) uint64 {
	var sig uint64
	for _, e := range es {
		if e != failMark {
			sig |= 1 << (mix(e&^omega) >> 58)
		}
	}
	return sig
}

// accelerated adds the successor of state i by eff when acceleration may apply: i holds ω entries or eff makes
// more objects than it removes. Where the successor covers an ancestor on i's path and holds more of something,
// that becomes ω (see above). It returns the successor's index, whether it was stored before, and false when it
// is left out for growing past Explore.MaxGrowth.
func (x *explorer) accelerated(i uint32, eff *effect) (uint32, bool, bool) {
	x.acc = applyOmega(x.acc[:0], x.cur, eff)
	h := hashEntries(x.acc)
	j, slot, found := probe(x.st, h, sameEntries(x.acc))
	if found {
		return j, true, true // a state met before is explored already (or will be)
	}
	grown := false
	if eff.grows {
		// Only a move that makes more than it removes can end a path that covers an ancestor for the first
		// time, so checking after those alone still finds every repetition (Dickson's lemma on their states).
		// Ancestors are compared up to accelWindow moves back: a depth-first path can be thousands of moves
		// long, and walking all of it for every new state made such searches quadratic. Repetitions longer
		// than that are not generalised, which costs states, never correctness.
		sig := signature(x.acc)
		x.accRuns = runsOf(x.accRuns[:0], x.acc)
		for a, back := i, 0; back < accelWindow; a, back = x.info[a].parent, back+1 {
			if x.info[a].sig&^sig == 0 {
				x.ancRuns = runsOf(x.ancRuns[:0], x.st.get(a))
				if covers(x.accRuns, x.ancRuns) && accelerate(x.accRuns, x.ancRuns) {
					grown = true
				}
			}
			if x.info[a].via == noVia {
				break
			}
		}
		if grown {
			x.acc = entriesOf(x.acc[:0], x.accRuns)
		}
	}
	if grown {
		h = hashEntries(x.acc)
		if j, slot, found = probe(x.st, h, sameEntries(x.acc)); found {
			return j, true, true
		}
	}
	if len(x.acc) > x.maxObjects {
		x.oversized++
		return 0, false, false
	}
	j = x.st.commit(append(x.st.reserve(len(x.acc)), x.acc...), h, slot)
	x.record(x.st.get(j), x.info[i].depth+1, nil, eff)
	if grown {
		x.info[j].scratch = true // entries changed beyond the move: its moves are not its parent's
		x.accelerations++
	}
	return j, false, true
}
