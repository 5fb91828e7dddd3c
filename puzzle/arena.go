package puzzle

import "sync"

// arena is the large storage of an exploration, handed on to the next one when it ends: a server explores often
// (each red herring, each hint and check), and fresh memory of this size costs page faults and clearing each time.
// The pool lets the collector drop arenas that stay unused.
type arena struct {
	chunks             [][]entry  // the store's chunks, by number: chunk n has capacity chunkSize(n)
	slabs              [][]uint32 // the explorer's slab chunks
	loc, hashes, table []uint64
	info               []stateInfo
}

var arenas = sync.Pool{New: func() any { return new(arena) }}

// takeArena returns an arena to build an exploration on.
func takeArena() *arena { return arenas.Get().(*arena) }

// release hands the explorer's storage back for the next exploration. Nothing it returned may refer to it: a
// Report holds no slice of the store.
func (x *explorer) release() {
	a := x.arena
	st := x.st
	for c, ch := range st.chunks {
		if c < len(a.chunks) {
			a.chunks[c] = ch[:0]
		} else {
			a.chunks = append(a.chunks, ch[:0])
		}
	}
	for i, sl := range x.slab {
		if i < len(a.slabs) {
			a.slabs[i] = sl[:0]
		} else {
			a.slabs = append(a.slabs, sl[:0])
		}
	}
	a.loc, a.hashes, a.table, a.info = st.loc[:0], st.hashes[:0], st.table[:0], x.info[:0]
	*x = explorer{}
	arenas.Put(a)
}

// newChunk returns chunk number c, empty, from the arena if it has one.
func (a *arena) newChunk(c int) []entry {
	if c < len(a.chunks) {
		return a.chunks[c][:0]
	}
	return make([]entry, 0, chunkSize(c))
}

// newSlab returns slab chunk number i, empty, with room for at least n entries.
func (a *arena) newSlab(i, n int) []uint32 {
	if i < len(a.slabs) && cap(a.slabs[i]) >= n {
		return a.slabs[i][:0]
	}
	return make([]uint32, 0, max(1<<16, n))
}

// newTable returns a cleared hash table of n slots.
func (a *arena) newTable(n int) []uint64 {
	if cap(a.table) < n {
		a.table = make([]uint64, n)
		return a.table
	}
	t := a.table[:n]
	clear(t)
	return t
}
