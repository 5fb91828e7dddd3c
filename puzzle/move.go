package puzzle

import (
	"errors"
	"fmt"
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

// Moves returns every legal move of the given rules in s: each binding of distinct, co-located objects in
// accessible places to the rules' inputs. accessible may be nil to allow every area. A move whose inputs are all in the inventory and which must place an
// output in an area is returned once for each accessible area of the pack.
func (p *Pack) Moves(s *State, rules []*Rule, accessible func(area string) bool) []Move {
	if s.Failed != nil {
		return nil
	}
	accessible = orAll(accessible)
	var moves []Move
	for _, r := range rules {
		cands := make([][]int, len(r.Inputs))
		for i, t := range r.Inputs {
			for _, o := range s.Objects {
				if p.reachable(o, accessible) && p.Matches(o.Item, o.Props, t) {
					cands[i] = append(cands[i], o.ID)
				}
			}
			if len(cands[i]) == 0 {
				cands = nil
				break
			}
		}
		if cands == nil {
			continue
		}
		ids := make([]int, len(r.Inputs))
		var bind func(i int, place string)
		bind = func(i int, place string) {
			if i == len(ids) {
				moves = p.appendMove(moves, s, Move{Rule: r, Inputs: append([]int(nil), ids...)}, accessible)
				return
			}
		next:
			for _, id := range cands[i] {
				for _, prev := range ids[:i] {
					if prev == id {
						continue next
					}
				}
				o, _ := s.Object(id)
				at := place
				if o.Area != Inventory {
					if place != "" && place != o.Area {
						continue
					}
					at = o.Area
				}
				ids[i] = id
				bind(i+1, at)
			}
		}
		bind(0, "")
	}
	return moves
}

// appendMove appends m if it is legal, or one copy for each accessible area if it only lacks the area to act in.
func (p *Pack) appendMove(moves []Move, s *State, m Move, accessible func(string) bool) []Move {
	err := p.Legal(s, m, accessible)
	if err == nil {
		return append(moves, m)
	}
	if !errors.Is(err, errNeedsArea) {
		return moves
	}
	for _, a := range p.Areas {
		if accessible(a.Name) {
			m.Area = a.Name
			if p.Legal(s, m, accessible) == nil {
				moves = append(moves, m)
			}
		}
	}
	return moves
}

// CarryMoves returns the legal PickUp and PutDown moves in s: picking up each carryable object of an accessible
// area, and putting down each inventory object in each accessible area of the pack.
func (p *Pack) CarryMoves(s *State, accessible func(area string) bool) []Move {
	if s.Failed != nil {
		return nil
	}
	accessible = orAll(accessible)
	var moves []Move
	for _, o := range s.Objects {
		switch {
		case o.Area == Inventory:
			for _, a := range p.Areas {
				if accessible(a.Name) {
					moves = append(moves, Move{Rule: PutDown, Inputs: []int{o.ID}, Area: a.Name})
				}
			}
		case o.Area != InContainer && accessible(o.Area) && o.Props.Get(PropCarryable) == Bool(true):
			moves = append(moves, Move{Rule: PickUp, Inputs: []int{o.ID}})
		}
	}
	return moves
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
