package puzzle

import (
	"iter"
	"maps"
	"slices"
)

// indexFrom is the number of objects from which a state keeps an index of its objects by area: below it, going
// through every object costs less than keeping the index (the explorer's states hold a few dozen). A variable so
// that a test can compare the answers with and without the index.
var indexFrom = 256

// areaIndex is a state's index of its objects by area: for each area (the inventory and InContainer included) the
// ids of the objects in it, in id order. Every change of a state's objects goes through state_chunks.go, which keeps
// it.
//
// Copies of a state share the index: it is split into shards by area name, and cloning a state shares every shard
// and marks it shared; the first to change a shared shard copies it (State.moved). A list is never changed in
// place either: a change replaces the area's list. So a copy costs a few pointers however many areas there are,
// and a move copies one shard.
type areaIndex struct {
	shards [indexShards]*indexShard
}

// indexShards is how many shards an areaIndex has.
const indexShards = 64

// indexShard is one part of an areaIndex: the lists of the areas whose names hash to it.
type indexShard struct {
	ids    map[string][]int
	shared bool // held by several states: copy before changing; set by the one cloning, read by the one changing
}

// shardOf returns the shard an area's list is kept in (FNV-1a of its name).
func shardOf(area string) int {
	h := uint32(2166136261)
	for i := 0; i < len(area); i++ {
		h = (h ^ uint32(area[i])) * 16777619
	}
	return int(h % indexShards)
}

// areas returns the state's index by area, made now if the state has grown to indexFrom objects, or nil while it
// has fewer (the index, once made, is kept). Only what changes s calls it: readers share published states, so
// they read s.byArea as it is, which a state of indexFrom objects or more always has.
func (s *State) areas() *areaIndex {
	if s.byArea == nil && s.n >= indexFrom {
		ix := &areaIndex{}
		for o := range s.all() {
			sh := ix.writable(o.Area)
			sh.ids[o.Area] = append(sh.ids[o.Area], o.ID)
		}
		s.byArea = ix
	}
	return s.byArea
}

// share returns a copy of x for a copy of its state to hold: the shards are shared, marked so that whichever state
// changes one first copies it.
func (x *areaIndex) share() *areaIndex {
	if x == nil {
		return nil
	}
	for _, sh := range x.shards {
		if sh != nil && !sh.shared {
			sh.shared = true
		}
	}
	c := *x
	return &c
}

// ids returns the ids of the objects in area, in id order. The slice is shared: never change it.
func (x *areaIndex) ids(area string) []int {
	if sh := x.shards[shardOf(area)]; sh != nil {
		return sh.ids[area]
	}
	return nil
}

// writable returns the shard of an area made the index's own to change.
func (x *areaIndex) writable(area string) *indexShard {
	i := shardOf(area)
	switch sh := x.shards[i]; {
	case sh == nil:
		x.shards[i] = &indexShard{ids: map[string][]int{}}
	case sh.shared:
		x.shards[i] = &indexShard{ids: maps.Clone(sh.ids)}
	}
	return x.shards[i]
}

// add records that the object id is now in area.
func (x *areaIndex) add(area string, id int) {
	sh := x.writable(area)
	old := sh.ids[area]
	i, _ := slices.BinarySearch(old, id)
	ids := make([]int, 0, len(old)+1)
	sh.ids[area] = append(append(append(ids, old[:i]...), id), old[i:]...)
}

// remove records that the object id is no longer in area.
func (x *areaIndex) remove(area string, id int) {
	old := x.ids(area)
	i, ok := slices.BinarySearch(old, id)
	if !ok {
		return
	}
	sh := x.writable(area)
	if len(old) == 1 {
		delete(sh.ids, area)
		return
	}
	sh.ids[area] = slices.Delete(slices.Clone(old), i, i+1)
}

// all yields every area of the index and its list.
func (x *areaIndex) all() iter.Seq2[string, []int] {
	return func(yield func(string, []int) bool) {
		for _, sh := range x.shards {
			if sh == nil {
				continue
			}
			for a, ids := range sh.ids {
				if !yield(a, ids) {
					return
				}
			}
		}
	}
}

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
		var ids []int
		for k, a := range areas {
			if !slices.Contains(areas[:k], a) {
				ids = append(ids, x.ids(a)...)
			}
		}
		slices.Sort(ids)
		for o := range s.objectsOf(ids) {
			if !yield(o) {
				return
			}
		}
	}
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
