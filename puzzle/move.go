package puzzle

import (
	"errors"
	"fmt"
	"slices"
)

// Move is one action of a player: a rule run right to left on chosen objects.
type Move struct {
	Rule   *Rule
	Inputs []int // object ids in the rule's input order
	// Area is the area the player acts in. It matters only when no input lies in an area and an output must be put
	// in one (a non-carryable output made from inventory items), and for PutDown, where it is the destination.
	Area string
	// Items optionally names the item to create for each output that is not an input; "" or a short slice means
	// the item is worked out from the term (see Pack.Apply). A puzzle tree passes the items it attached to terms.
	Items []string
}

// The two rules every game has besides the pack's (dissertation 3.6 and 4.5): a player can pick up any object whose
// carryable property is true, and put down whatever is in the inventory. They are recognised by identity.
var (
	PickUp = &Rule{
		Index:   -1,
		Action:  "PickUp",
		Outputs: []Term{{Type: TypeItem, Props: Props{PropCarryable: Bool(true)}}},
		Inputs:  []Term{{Type: TypeItem, Props: Props{PropCarryable: Bool(true)}}},
	}
	PutDown = &Rule{
		Index:   -1,
		Action:  "PutDown",
		Outputs: []Term{{Type: TypeItem}},
		Inputs:  []Term{{Type: TypeItem}},
	}
)

// errNeedsArea reports a move whose inputs are all in the inventory but which must put an output in an area, and
// does not say which.
var errNeedsArea = errors.New("the move must name the area the player acts in")

// ErrFailed is returned for any move after a fail rule has ended the attempt.
var ErrFailed = errors.New("a fail rule has ended the attempt")

// Moves returns every legal move of the given rules in s, as the game makes them in all-rules mode with no puzzle
// tree (semantics.go): each binding of distinct, co-located objects in accessible places to the rules' inputs. A
// move whose inputs are all in the inventory is made in an area the player acts in (Move.Area), one of the
// accessible areas of the pack and of the objects: once naming none when that changes nothing, else once for each
// where it can be made. accessible may be nil to allow every area.
func (p *Pack) Moves(s *State, rules []*Rule, accessible func(area string) bool) []Move {
	if s.Failed != nil {
		return nil
	}
	accessible = orAll(accessible)
	places := p.places(s, nil, accessible)
	b := newBook(p, AllRules, rules, nil, nil)
	usable := usableIn(s, places)
	var moves []Move
	for i := range b.opts {
		moves = b.appendMoves(moves, s, i, usable, places, nil, accessible)
	}
	return moves
}

// CarryMoves returns the legal PickUp and PutDown moves in s: picking up each carryable object of an accessible
// place, and putting down each inventory object in each place (as Moves has them).
func (p *Pack) CarryMoves(s *State, accessible func(area string) bool) []Move {
	return carryMoves(s, p.places(s, nil, orAll(accessible)))
}

// places returns the accessible areas, sorted, among the pack's, extra and those objects of s lie in.
func (p *Pack) places(s *State, extra []string, accessible func(string) bool) []string {
	places := []string{}
	add := func(a string) {
		if a != Inventory && a != InContainer && !slices.Contains(places, a) && accessible(a) {
			places = append(places, a)
		}
	}
	for _, a := range p.Areas {
		add(a.Name)
	}
	for _, a := range extra {
		add(a)
	}
	s.areaNames(add)
	slices.Sort(places)
	return places
}

// orAll returns accessible, or a function allowing every area when it is nil.
func orAll(accessible func(string) bool) func(string) bool {
	if accessible == nil {
		return func(string) bool { return true }
	}
	return accessible
}

// reachable reports whether a player can use o: it is in the inventory or in an accessible area.
func (p *Pack) reachable(o Object, accessible func(string) bool) bool {
	switch o.Area {
	case Inventory:
		return true
	case InContainer:
		return false
	}
	return accessible == nil || accessible(o.Area)
}

// moveError describes why a move cannot run.
func moveError(m Move, format string, args ...any) error {
	name := "<nil rule>"
	if m.Rule != nil {
		name = m.Rule.Action
	}
	return fmt.Errorf("%s %v: "+format, append([]any{name, m.Inputs}, args...)...)
}
