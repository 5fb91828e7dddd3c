package puzzle

import (
	"slices"
	"strconv"
	"strings"
)

// An entry is one object of an encoded state: its kind in the high 48 bits and its location in the low 16. Ids are
// dropped: objects of the same item, properties, content and place are interchangeable, so a state is the sorted
// multiset of its entries, and states that differ only by renaming objects are one (symmetry reduction). Nothing
// in the game logic depends on ids, so the reduction is exact.
type entry = uint64

func makeEntry(kind uint32, loc uint16) entry { return entry(kind)<<16 | entry(loc) }
func entryKind(e entry) uint32                { return uint32(e >> 16) }
func entryLoc(e entry) uint16                 { return uint16(e) }

// kind is an interned object description: item, properties and what it holds; or, in tree mode, a puzzle tree's
// progress, which a state holds as one entry per tree at the location tree (see semantics.go).
type kind struct {
	item    string
	props   Props
	content uint32 // the kind of the held object plus one, or 0 when it holds nothing
	tree    int32  // for a progress entry, the index of its tree plus one; 0 for an object
	done    []bool // for a progress entry, the nodes of the tree that have run
}

// space translates between game states and entries for one exploration, and interns kinds.
type space struct {
	pack   *Pack
	locs   []string // location index to Area value
	locIdx map[string]uint16
	usable []bool // a player can use objects at this location: the inventory and accessible areas
	areas  []uint16
	merged bool   // one accessible area: the inventory and it are one location
	tree   uint16 // the location of progress entries, noLoc when states have none
	// carry encodes a carryable object lying in an accessible area as carried (see Explore.NoCarry).
	carry   bool
	kinds   []kind
	kindIdx map[string]uint32
	keyBuf  strings.Builder
}

// noLoc is no location.
const noLoc = ^uint16(0)

// newSpace prepares the encoding of states whose objects are in world, with the given accessible areas, and with
// progress, of puzzle trees' progress too. With merge, when exactly one area is accessible, the inventory is
// encoded as that area: co-location then always holds and where an object lies changes nothing, so the quotient is
// exact and picking up and putting down disappear.
func newSpace(p *Pack, world []Object, accessible []string, merge, progress bool) *space {
	sp := &space{pack: p, locIdx: map[string]uint16{}, kindIdx: map[string]uint32{}, tree: noLoc}
	sp.loc(Inventory)
	if progress {
		sp.tree = sp.loc(progressArea)
	}
	for _, a := range accessible {
		sp.areas = append(sp.areas, sp.loc(a))
	}
	sp.usable = make([]bool, len(sp.locs))
	for i := range sp.usable {
		sp.usable[i] = true
	}
	if merge && len(accessible) == 1 {
		sp.merged = true
		sp.locIdx[Inventory] = sp.areas[0]
	}
	for _, o := range world {
		if o.Area != InContainer {
			sp.loc(o.Area)
		}
	}
	return sp
}

// loc returns the index of a location, adding it (as unusable unless already known) if new.
func (sp *space) loc(area string) uint16 {
	if i, ok := sp.locIdx[area]; ok {
		return i
	}
	i := uint16(len(sp.locs))
	sp.locs = append(sp.locs, area)
	sp.locIdx[area] = i
	if sp.usable != nil {
		sp.usable = append(sp.usable, false)
	}
	return i
}

// progress returns the entry of tree pz's progress: the nodes done have run.
func (sp *space) progress(pz int, area string, done []bool) entry {
	b := &sp.keyBuf
	b.Reset()
	b.WriteString("\x00tree\x00")
	b.WriteString(strconv.Itoa(pz))
	for _, d := range done {
		b.WriteByte('0' + boolByte(d))
	}
	k, ok := sp.kindIdx[b.String()]
	if !ok {
		k = uint32(len(sp.kinds))
		sp.kinds = append(sp.kinds, kind{item: progressItem, props: progressProps(area, done), tree: int32(pz) + 1,
			done: slices.Clone(done)})
		sp.kindIdx[b.String()] = k
	}
	return makeEntry(k, sp.tree)
}

func boolByte(b bool) byte {
	if b {
		return 1
	}
	return 0
}

// kindOf interns the kind of o, whose held objects are looked up in s.
func (sp *space) kindOf(s *State, o *Object) uint32 {
	var content uint32
	if o.Contained != 0 {
		if h, ok := s.Object(o.Contained); ok {
			content = sp.kindOf(s, h) + 1
		}
	}
	b := &sp.keyBuf
	b.Reset()
	b.WriteString(o.Item)
	b.WriteByte(0)
	for _, name := range sortedNames(o.Props) {
		if v := o.Props[name]; v != Bool(false) { // a missing boolean reads as false: the same object
			b.WriteString(name)
			b.WriteByte('=')
			b.WriteString(v.String())
			b.WriteByte(0)
		}
	}
	b.WriteByte(0)
	b.WriteString(strconv.FormatUint(uint64(content), 10))
	if k, ok := sp.kindIdx[b.String()]; ok {
		return k
	}
	k := uint32(len(sp.kinds))
	sp.kinds = append(sp.kinds, kind{item: o.Item, props: o.Props.Clone(), content: content})
	sp.kindIdx[b.String()] = k
	return k
}

func sortedNames(p Props) []string {
	names := make([]string, 0, len(p))
	for name := range p {
		names = append(names, name)
	}
	slices.Sort(names)
	return names
}

// encode returns the sorted entries of s.
func (sp *space) encode(s *State, dst []entry) []entry {
	dst = dst[:0]
	for _, c := range s.chunks { // the explorer's hottest loop: no iterator
		for i := range c.objs {
			if o := &c.objs[i]; o.Area != InContainer {
				dst = append(dst, makeEntry(sp.kindOf(s, o), sp.place(o)))
			}
		}
	}
	slices.Sort(dst)
	return dst
}

// place returns the location of an object that is not inside a container: its area's, or with carry the
// inventory's for a carryable object lying in an accessible area.
func (sp *space) place(o *Object) uint16 {
	loc := sp.loc(o.Area)
	if sp.carry && sp.usable[loc] && loc != sp.tree && o.Props.Get(PropCarryable) == Bool(true) {
		return sp.locIdx[Inventory]
	}
	return loc
}

// decode appends to s an object for entry e, with fresh ids for it and what it holds, and returns its id.
func (sp *space) decode(s *State, e entry) int {
	return sp.decodeKind(s, entryKind(e), sp.locs[entryLoc(e)])
}

func (sp *space) decodeKind(s *State, k uint32, area string) int {
	kd := sp.kinds[k]
	o := Object{ID: s.NextID, Item: kd.item, Area: area, Props: kd.props.Clone()}
	s.NextID++
	if kd.content != 0 {
		o.Contained = sp.decodeKind(s, kd.content-1, InContainer)
	}
	// Keep the objects in id order: only a container comes after the objects it holds, which have larger ids, so
	// a binary search places it (sorting the whole list each time made decoding a state quadratic).
	s.insert(o)
	return o.ID
}

// state decodes the objects of a whole encoded state.
func (sp *space) state(entries []entry) *State {
	s := &State{NextID: 1}
	for _, e := range entries {
		if entryLoc(e) != sp.tree {
			sp.decode(s, e)
		}
	}
	return s
}

// store holds encoded states in chunks of one arena (so growing never copies them) and finds them by hash,
// comparing contents on a hash match so that collisions cannot merge different states. A state's hash is the sum
// of its entries' mixed values, so a move's successor can be hashed from the move alone and found without being
// built.
type store struct {
	chunks [][]entry
	loc    []uint64 // per state: chunk<<40 | offset<<20 | length
	hashes []uint64
	// table is open addressing; a slot holds the upper 32 bits of a state's hash and its index plus one, so most
	// probes are settled without touching anything else.
	table []uint64
	arena *arena
}

func newStore(a *arena) *store {
	return &store{arena: a, loc: a.loc, hashes: a.hashes, table: a.newTable(1 << 12)}
}

func (st *store) len() int { return len(st.hashes) }

// get returns state i's entries; the slice stays valid as the store grows.
func (st *store) get(i uint32) []entry {
	l := st.loc[i]
	c, off, n := l>>40, l>>20&(1<<20-1), l&(1<<20-1)
	return st.chunks[c][off : off+n : off+n]
}

// mix scatters an entry's bits; the hash of a multiset is the sum of its entries' mixes.
func mix(e entry) uint64 {
	e ^= e >> 33
	e *= 0xff51afd7ed558ccd
	e ^= e >> 33
	e *= 0xc4ceb9fe1a85ec53
	e ^= e >> 33
	return e
}

func hashEntries(es []entry) uint64 {
	var h uint64
	for _, e := range es {
		h += mix(e)
	}
	return h
}

// equaler compares a stored state with the one being looked up.
type equaler interface{ equal(stored []entry) bool }

// sameEntries looks up a state given in full.
type sameEntries []entry

func (s sameEntries) equal(stored []entry) bool { return slices.Equal(stored, s) }

// probe returns the index of a stored state with hash h that eq accepts, or else the table slot where a state of
// hash h is to be inserted. It is generic so that each comparison is a direct call.
func probe[E equaler](st *store, h uint64, eq E) (idx uint32, slot uint64, found bool) {
	mask := uint64(len(st.table) - 1)
	tag := h >> 32 << 32
	for i := h & mask; ; i = (i + 1) & mask {
		v := st.table[i]
		if v == 0 {
			return 0, i, false
		}
		if v&^(1<<32-1) == tag {
			// The 32 bits of the tag make a false match rare, so the contents are compared at once rather than
			// reading the full hash from another array first.
			if idx := uint32(v) - 1; eq.equal(st.get(idx)) {
				return idx, i, true
			}
		}
	}
}

// maxStateObjects is the most objects a stored state may have; the explorer stops before a larger one.
const maxStateObjects = 4096

// insert adds es, of hash h, at the slot probe returned, and returns its index.
func (st *store) insert(es []entry, h uint64, slot uint64) uint32 {
	return st.commit(append(st.reserve(len(es)), es...), h, slot)
}

// reserve returns room for a state of n entries at the end of the last chunk, for commit to add once written.
func (st *store) reserve(n int) []entry {
	if n > maxStateObjects {
		panic("puzzle: a state of more than 4096 objects")
	}
	c := len(st.chunks)
	if c == 0 || len(st.chunks[c-1])+n > cap(st.chunks[c-1]) {
		st.chunks = append(st.chunks, st.arena.newChunk(c))
		c++
	}
	last := st.chunks[c-1]
	return last[len(last) : len(last) : len(last)+n]
}

// commit adds the state written into the room reserve returned, of hash h, at the slot probe returned, and returns
// its index.
func (st *store) commit(es []entry, h uint64, slot uint64) uint32 {
	c := len(st.chunks) - 1
	off := len(st.chunks[c])
	st.chunks[c] = st.chunks[c][:off+len(es)]
	idx := uint32(len(st.hashes))
	st.loc = append(st.loc, uint64(c)<<40|uint64(off)<<20|uint64(len(es)))
	st.hashes = append(st.hashes, h)
	st.table[slot] = h>>32<<32 | uint64(idx+1)
	if len(st.hashes)*2 > len(st.table) {
		st.grow()
	}
	return idx
}

// chunkSize is the capacity of the store's chunk number n: small for small spaces, doubling up to 2^20 entries
// (the most a location's offset can address). The shift is bounded so that it cannot overflow however many chunks
// a large space needs.
func chunkSize(n int) int { return 4096 << min(n, 8) }

// intern returns the index of the state es, adding it if it is new.
func (st *store) intern(es []entry) (uint32, bool) {
	h := hashEntries(es)
	idx, slot, found := probe(st, h, sameEntries(es))
	if found {
		return idx, false
	}
	return st.insert(es, h, slot), true
}

func (st *store) grow() {
	// The old table is not read again, so the arena may hand back its memory.
	st.arena.table = st.table
	st.table = st.arena.newTable(len(st.table) * 2)
	mask := uint64(len(st.table) - 1)
	for idx, h := range st.hashes {
		i := h & mask
		for st.table[i] != 0 {
			i = (i + 1) & mask
		}
		st.table[i] = h>>32<<32 | uint64(idx+1)
	}
}
