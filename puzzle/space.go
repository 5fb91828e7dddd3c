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

// kind is an interned object description: item, properties and what it holds.
type kind struct {
	item    string
	props   Props
	content uint32 // the kind of the held object plus one, or 0 when it holds nothing
}

// space translates between game states and entries for one exploration, and interns kinds.
type space struct {
	pack    *Pack
	locs    []string // location index to Area value
	locIdx  map[string]uint16
	usable  []bool // a player can use objects at this location: the inventory and accessible areas
	areas   []uint16
	merged  bool // one accessible area: the inventory and it are one location
	kinds   []kind
	kindIdx map[string]uint32
	keyBuf  strings.Builder
}

// newSpace prepares the encoding of states whose objects are in world, with the given accessible areas. With
// merge, when exactly one area is accessible, the inventory is encoded as that area: co-location then always holds
// and where an object lies changes nothing, so the quotient is exact and picking up and putting down disappear.
func newSpace(p *Pack, world []Object, accessible []string, merge bool) *space {
	sp := &space{pack: p, locIdx: map[string]uint16{}, kindIdx: map[string]uint32{}}
	sp.loc(Inventory)
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
	for i := range s.Objects {
		o := &s.Objects[i]
		if o.Area != InContainer {
			dst = append(dst, makeEntry(sp.kindOf(s, o), sp.loc(o.Area)))
		}
	}
	slices.Sort(dst)
	return dst
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
	s.Objects = append(s.Objects, o)
	slices.SortFunc(s.Objects, func(a, b Object) int { return a.ID - b.ID })
	return o.ID
}

// state decodes a whole encoded state.
func (sp *space) state(entries []entry) *State {
	s := &State{NextID: 1}
	for _, e := range entries {
		sp.decode(s, e)
	}
	return s
}

// store holds encoded states in one arena and finds them by hash, comparing contents on a hash match so that
// collisions cannot merge different states.
type store struct {
	arena  []entry
	start  []uint32 // state i is arena[start[i]:start[i+1]]
	hashes []uint64
	table  []uint32 // open addressing: state index plus one, 0 for empty
}

func newStore() *store {
	return &store{start: []uint32{0}, table: make([]uint32, 1<<12)}
}

func (st *store) len() int { return len(st.hashes) }

func (st *store) get(i uint32) []entry { return st.arena[st.start[i]:st.start[i+1]] }

func hashEntries(es []entry) uint64 {
	h := uint64(0x243f6a8885a308d3) ^ uint64(len(es))
	for _, e := range es {
		h = (h ^ e) * 0x9e3779b97f4a7c15
		h ^= h >> 29
	}
	h ^= h >> 32
	return h
}

// intern returns the index of the state es, adding a copy if it is new.
func (st *store) intern(es []entry) (uint32, bool) {
	h := hashEntries(es)
	mask := uint64(len(st.table) - 1)
	for i := h & mask; ; i = (i + 1) & mask {
		slot := st.table[i]
		if slot == 0 {
			idx := uint32(len(st.hashes))
			st.arena = append(st.arena, es...)
			st.start = append(st.start, uint32(len(st.arena)))
			st.hashes = append(st.hashes, h)
			st.table[i] = idx + 1
			if len(st.hashes)*2 > len(st.table) {
				st.grow()
			}
			return idx, true
		}
		if st.hashes[slot-1] == h && slices.Equal(st.get(slot-1), es) {
			return slot - 1, false
		}
	}
}

func (st *store) grow() {
	st.table = make([]uint32, len(st.table)*2)
	mask := uint64(len(st.table) - 1)
	for idx, h := range st.hashes {
		i := h & mask
		for st.table[i] != 0 {
			i = (i + 1) & mask
		}
		st.table[i] = uint32(idx) + 1
	}
}
