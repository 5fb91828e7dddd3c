package puzzle

import (
	"iter"
	"slices"
	"strings"
)

// InContainer is the Area value of an object held inside another object (the container's Contained names it): it
// is in no area and no inventory, so no rule can use it until a rule takes it out again.
const InContainer = "contained"

// State is the state of a game: the objects that exist, the id the next created object gets, and whether a fail
// rule has ended the attempt. Objects are kept in id order, in chunks that copies of the state share until one of
// them changes (state_chunks.go), and indexed by area and by item once they are many (state_areas.go,
// state_items.go): copying the state of a large game, checking an area's goal in it, and finding what a new puzzle
// may use, cost little.
type State struct {
	NextID int
	Failed *Rule // the fail rule that ended the attempt, or nil

	chunks []*chunk         // the objects in id order; no chunk is empty
	n      int              // the number of objects
	byArea *idIndex[string] // the objects by area, kept from indexFrom objects on
	byItem *itemIndex       // the objects by item and range of ids, kept with byArea
}

// NewState returns a state holding copies of objects, in id order, whose next id follows the largest one.
func NewState(objects []Object) *State {
	s := &State{NextID: 1}
	objs := make([]Object, len(objects))
	for i, o := range objects {
		objs[i] = o.clone()
		s.NextID = max(s.NextID, o.ID+1)
	}
	slices.SortFunc(objs, func(a, b Object) int { return a.ID - b.ID })
	s.fill(objs)
	return s
}

// Clone returns a copy of s that can be changed without changing s. The chunks of objects are shared until either
// state changes one, and so are the objects' property maps, which are never changed in place (Object.Props).
func (s *State) Clone() *State {
	for _, c := range s.chunks {
		c.shared.Store(true)
	}
	return &State{NextID: s.NextID, Failed: s.Failed, chunks: slices.Clone(s.chunks), n: s.n, byArea: s.byArea.share(), byItem: s.byItem.share()}
}

// Len returns the number of objects of s.
func (s *State) Len() int { return s.n }

// All returns the objects of s in id order.
func (s *State) All() iter.Seq[Object] {
	return func(yield func(Object) bool) {
		for _, c := range s.chunks {
			for _, o := range c.objs {
				if !yield(o) {
					return
				}
			}
		}
	}
}

// Objects returns a copy of the objects of s, in id order.
func (s *State) Objects() []Object {
	out := make([]Object, 0, s.n)
	for _, c := range s.chunks {
		out = append(out, c.objs...)
	}
	return out
}

// Object returns the object with the given id. The object is s's: read it, never change it (the engine changes
// objects through its moves, Manager.Add, Manager.Remove and Manager.SetProps).
func (s *State) Object(id int) (*Object, bool) {
	k, i, ok := s.find(id)
	if !ok {
		return nil, false
	}
	return &s.chunks[k].objs[i], true
}

// Find returns the ids of the objects that are in an area or the inventory (not inside a container) and match t.
func (p *Pack) Find(s *State, t Term) []int {
	var ids []int
	for o := range s.all() {
		if o.Area != InContainer && p.Matches(o.Item, o.Props, t) {
			ids = append(ids, o.ID)
		}
	}
	return ids
}

// String lists the objects of s, one a line, as "12 Safe[locked: true] @Vault".
func (s *State) String() string {
	var b strings.Builder
	for o := range s.all() {
		b.WriteString(o.String())
		b.WriteByte('\n')
	}
	if s.Failed != nil {
		b.WriteString("failed: " + s.Failed.String() + "\n")
	}
	return b.String()
}
