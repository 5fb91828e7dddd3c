package puzzle

import (
	"iter"
	"slices"

	"riddlestone/internal/cow"
)

// indexFrom is the number of objects from which a state keeps an index of its objects by area: below it, going
// through every object costs less than keeping the index (the explorer's states hold a few dozen). A variable so
// that a test can compare the answers with and without the index.
var indexFrom = 256

// idIndex is an index of a state's objects by a name each has: by area (the inventory and InContainer included),
// or by item and range of ids (state_items.go). For each name it holds the ids of the objects of that name, in id
// order. Every
// change of a state's objects goes through state_chunks.go, which keeps the state's indexes.
//
// Copies of a state share the index: it is a copy-on-write map (internal/cow) split into indexShards shards by
// name, so a copy costs a few pointers however many names there are and a move copies one shard. A list is never
// changed in place either: a change replaces the name's list.
type idIndex[K comparable] struct {
	lists cow.Map[K, []int]
}

// indexShards is how many shards an areaIndex has.
const indexShards = 64

// shardOf returns the shard a name's list is kept in (FNV-1a of the name).
func shardOf(area string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(area); i++ {
		h = (h ^ uint32(area[i])) * 16777619
	}
	return h
}

// newIDIndex returns an empty index whose names go to shards by shard.
func newIDIndex[K comparable](shard func(K) uint32) *idIndex[K] {
	return &idIndex[K]{lists: cow.New[K, []int](indexShards, shard)}
}

// index makes the state's indexes, by area and by item, if the state has grown to indexFrom objects and has none
// yet (the indexes, once made, are kept). Only what changes s calls it: readers share published states, so they
// read s.byArea and s.byItem as they are, which a state of indexFrom objects or more always has.
func (s *State) index() {
	if s.byArea != nil || s.n < indexFrom {
		return
	}
	s.byArea, s.byItem = newIDIndex(shardOf), newItemIndex()
	for o := range s.all() {
		s.byArea.lists.Set(o.Area, append(s.byArea.lists.At(o.Area), o.ID))
		s.byItem.appendInOrder(*o)
	}
}

// share returns a copy of x for a copy of its state to hold: the shards are shared until either changes one.
func (x *idIndex[K]) share() *idIndex[K] {
	if x == nil {
		return nil
	}
	return &idIndex[K]{lists: x.lists.Clone()}
}

// ids returns the ids of the objects of a name, in id order. The slice is shared: never change it.
func (x *idIndex[K]) ids(name K) []int { return x.lists.At(name) }

// add records that the object id now has the name.
func (x *idIndex[K]) add(name K, id int) {
	old := x.lists.At(name)
	i, _ := slices.BinarySearch(old, id)
	ids := make([]int, 0, len(old)+1)
	x.lists.Set(name, append(append(append(ids, old[:i]...), id), old[i:]...))
}

// remove records that the object id no longer has the name.
func (x *idIndex[K]) remove(name K, id int) {
	old := x.lists.At(name)
	i, ok := slices.BinarySearch(old, id)
	if !ok {
		return
	}
	if len(old) == 1 {
		x.lists.Del(name)
		return
	}
	x.lists.Set(name, slices.Delete(slices.Clone(old), i, i+1))
}

// renamed keeps the index, if there is one, up to date with an object's change of name: from is the zero name
// for an object added, to the zero name for one removed.
func (x *idIndex[K]) renamed(id int, from, to K) {
	var none K
	if x == nil || from == to {
		return
	}
	if from != none {
		x.remove(from, id)
	}
	if to != none {
		x.add(to, id)
	}
}

// all yields every name of the index and its list.
func (x *idIndex[K]) all() iter.Seq2[K, []int] { return x.lists.All() }

// changed keeps the state's indexes, if it has them, up to date with a change of an object from was to now: was
// is the zero Object for an object added, now the zero Object for one removed.
func (s *State) changed(was, now Object) {
	id := max(was.ID, now.ID)
	s.byArea.renamed(id, was.Area, now.Area)
	s.byItem.renamed(id, bucketOf(was), bucketOf(now))
}

// inAreas returns the objects of s lying in any of areas, in id order. It looks only at those objects when s keeps
// an index by area, so its cost does not grow with the rest of the game; without one it goes through the objects
// and allocates nothing (the explorer checks goals in many small states).
func (s *State) inAreas(areas ...string) iter.Seq[*Object] {
	return func(yield func(*Object) bool) {
		x := s.byArea
		if x == nil {
			for o := range s.all() {
				if slices.Contains(areas, o.Area) && !yield(o) {
					return
				}
			}
			return
		}
		for o := range s.objectsOf(x.idsIn(areas)) {
			if !yield(o) {
				return
			}
		}
	}
}

// idsIn returns the ids of the objects in any of areas, in id order. For one area it is the index's own list,
// which a change replaces rather than writes: nothing is copied.
func (x *idIndex[K]) idsIn(areas []K) []int {
	if len(areas) == 1 {
		return x.ids(areas[0])
	}
	var ids []int
	for k, a := range areas {
		if !slices.Contains(areas[:k], a) {
			ids = append(ids, x.ids(a)...)
		}
	}
	slices.Sort(ids)
	return ids
}

// areaNames calls add with the area of each object of s, or with each such area at least once.
func (s *State) areaNames(add func(area string)) {
	if x := s.byArea; x != nil {
		for a := range x.all() {
			add(a)
		}
		return
	}
	for o := range s.all() {
		add(o.Area)
	}
}

// InAreas returns the objects of s lying in any of areas (an area's name, Inventory or InContainer), in id order.
// It looks only at those objects once s keeps an index by area, so its cost does not grow with the rest of the game.
func (s *State) InAreas(areas ...string) []Object {
	var out []Object
	for o := range s.inAreas(areas...) {
		out = append(out, *o)
	}
	return out
}
