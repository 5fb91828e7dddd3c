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

// areaIndex is a state's index of its objects by area: for each area (the inventory and InContainer included) the
// ids of the objects in it, in id order. Every change of a state's objects goes through state_chunks.go, which keeps
// it.
//
// Copies of a state share the index: it is a copy-on-write map (internal/cow) split into indexShards shards by area
// name, so a copy costs a few pointers however many areas there are and a move copies one shard. A list is never
// changed in place either: a change replaces the area's list.
type areaIndex struct {
	lists cow.Map[string, []int]
}

// indexShards is how many shards an areaIndex has.
const indexShards = 64

// shardOf returns the shard an area's list is kept in (FNV-1a of its name).
func shardOf(area string) uint32 {
	h := uint32(2166136261)
	for i := 0; i < len(area); i++ {
		h = (h ^ uint32(area[i])) * 16777619
	}
	return h
}

// newAreaIndex returns an empty index.
func newAreaIndex() *areaIndex {
	return &areaIndex{lists: cow.New[string, []int](indexShards, shardOf)}
}

// areas returns the state's index by area, made now if the state has grown to indexFrom objects, or nil while it
// has fewer (the index, once made, is kept). Only what changes s calls it: readers share published states, so
// they read s.byArea as it is, which a state of indexFrom objects or more always has.
func (s *State) areas() *areaIndex {
	if s.byArea == nil && s.n >= indexFrom {
		ix := newAreaIndex()
		for o := range s.all() {
			ix.lists.Set(o.Area, append(ix.lists.At(o.Area), o.ID))
		}
		s.byArea = ix
	}
	return s.byArea
}

// share returns a copy of x for a copy of its state to hold: the shards are shared until either changes one.
func (x *areaIndex) share() *areaIndex {
	if x == nil {
		return nil
	}
	return &areaIndex{lists: x.lists.Clone()}
}

// ids returns the ids of the objects in area, in id order. The slice is shared: never change it.
func (x *areaIndex) ids(area string) []int { return x.lists.At(area) }

// add records that the object id is now in area.
func (x *areaIndex) add(area string, id int) {
	old := x.lists.At(area)
	i, _ := slices.BinarySearch(old, id)
	ids := make([]int, 0, len(old)+1)
	x.lists.Set(area, append(append(append(ids, old[:i]...), id), old[i:]...))
}

// remove records that the object id is no longer in area.
func (x *areaIndex) remove(area string, id int) {
	old := x.lists.At(area)
	i, ok := slices.BinarySearch(old, id)
	if !ok {
		return
	}
	if len(old) == 1 {
		x.lists.Del(area)
		return
	}
	x.lists.Set(area, slices.Delete(slices.Clone(old), i, i+1))
}

// all yields every area of the index and its list.
func (x *areaIndex) all() iter.Seq2[string, []int] { return x.lists.All() }

// moved keeps the state's index, if it has one, up to date with an object's move from one area to another: from
// is "" for an object added, to is "" for one removed.
func (s *State) moved(id int, from, to string) {
	x := s.byArea
	if x == nil || from == to {
		return
	}
	if from != "" {
		x.remove(from, id)
	}
	if to != "" {
		x.add(to, id)
	}
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
func (x *areaIndex) idsIn(areas []string) []int {
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
