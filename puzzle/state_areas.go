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
// ids of the objects in it, in id order. So that a copy of the state shares it, a list is never changed in place:
// a change replaces the area's list. Every change of a state's objects goes through state_chunks.go, which keeps it.
type areaIndex struct {
	ids map[string][]int
}

// areas returns the state's index by area, made now if the state has grown to indexFrom objects, or nil while it
// has fewer (the index, once made, is kept). Only what changes s calls it: readers share published states, so
// they read s.byArea as it is, which a state of indexFrom objects or more always has.
func (s *State) areas() *areaIndex {
	if s.byArea == nil && s.n >= indexFrom {
		ix := &areaIndex{ids: map[string][]int{}}
		for o := range s.all() {
			ix.ids[o.Area] = append(ix.ids[o.Area], o.ID)
		}
		s.byArea = ix
	}
	return s.byArea
}

// clone returns a copy of the index that can be changed without changing x: the lists are shared.
func (x *areaIndex) clone() *areaIndex {
	if x == nil {
		return nil
	}
	return &areaIndex{ids: maps.Clone(x.ids)}
}

// add records that the object id is now in area.
func (x *areaIndex) add(area string, id int) {
	old := x.ids[area]
	i, _ := slices.BinarySearch(old, id)
	ids := make([]int, 0, len(old)+1)
	x.ids[area] = append(append(append(ids, old[:i]...), id), old[i:]...)
}

// remove records that the object id is no longer in area.
func (x *areaIndex) remove(area string, id int) {
	old := x.ids[area]
	i, ok := slices.BinarySearch(old, id)
	if !ok {
		return
	}
	if len(old) == 1 {
		delete(x.ids, area)
		return
	}
	x.ids[area] = slices.Delete(slices.Clone(old), i, i+1)
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
				ids = append(ids, x.ids[a]...)
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
		for a := range x.ids {
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
