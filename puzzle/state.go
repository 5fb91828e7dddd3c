package puzzle

import (
	"slices"
	"strings"
)

// InContainer is the Area value of an object held inside another object (the container's Contained names it): it
// is in no area and no inventory, so no rule can use it until a rule takes it out again.
const InContainer = "contained"

// State is the state of a game: the objects that exist, the id the next created object gets, and whether a fail
// rule has ended the attempt. Objects are kept in id order.
type State struct {
	Objects []Object
	NextID  int
	Failed  *Rule // the fail rule that ended the attempt, or nil

	byArea *areaIndex // the objects by area, kept from indexFrom objects on (state_areas.go)
}

// NewState returns a state holding copies of objects, in id order, whose next id follows the largest one.
func NewState(objects []Object) *State {
	s := &State{NextID: 1}
	for _, o := range objects {
		s.Objects = append(s.Objects, o.clone())
		s.NextID = max(s.NextID, o.ID+1)
	}
	slices.SortFunc(s.Objects, func(a, b Object) int { return a.ID - b.ID })
	return s
}

// Clone returns a copy of s that can be changed without changing s. The objects' property maps are shared: they
// are never changed in place (Object.Props), so a copy costs one slice of objects; so are the lists of the index
// by area.
func (s *State) Clone() *State {
	return &State{Objects: slices.Clone(s.Objects), NextID: s.NextID, Failed: s.Failed, byArea: s.byArea.clone()}
}

// Object returns the object with the given id.
func (s *State) Object(id int) (*Object, bool) {
	i, ok := s.index(id)
	if !ok {
		return nil, false
	}
	return &s.Objects[i], true
}

// index returns the position of the object with the given id in s.Objects.
func (s *State) index(id int) (int, bool) {
	return slices.BinarySearchFunc(s.Objects, id, func(o Object, id int) int { return o.ID - id })
}

// Find returns the ids of the objects that are in an area or the inventory (not inside a container) and match t.
func (p *Pack) Find(s *State, t Term) []int {
	var ids []int
	for _, o := range s.Objects {
		if o.Area != InContainer && p.Matches(o.Item, o.Props, t) {
			ids = append(ids, o.ID)
		}
	}
	return ids
}

// String lists the objects of s, one a line, as "12 Safe[locked: true] @Vault".
func (s *State) String() string {
	var b strings.Builder
	for _, o := range s.Objects {
		b.WriteString(o.String())
		b.WriteByte('\n')
	}
	if s.Failed != nil {
		b.WriteString("failed: " + s.Failed.String() + "\n")
	}
	return b.String()
}
