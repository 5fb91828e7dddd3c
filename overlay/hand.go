package overlay

import (
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// The hand rules: what a player holds decides which steps a menu offers, as in the game, where what you right-click
// with is what you use.
//
//   - A thing in the world used with a puzzle item in hand offers the steps that use that item (its other carried
//     inputs may be anywhere in the inventory).
//   - A thing used with an empty hand, or with an item that is no puzzle item (a torch), offers the steps that
//     need nothing carried.
//   - A puzzle item used in the air (or on a block that is no puzzle block) offers the steps made only of carried
//     items: a step that needs a thing in the world is done at that thing, so that no step is told at a place the
//     player is not at.
//
// The steps a menu leaves out for the hand are named ("hold the fishing rod to fish here").

// hand is what a player uses on a thing: the puzzle object in their main hand, if any, and the puzzle objects
// their inventory holds.
type hand struct {
	held    int
	holding bool
	who     uuid.UUID
	// bag holds the objects of the stacks in the player's inventory as the world has it now. A stack picked up a
	// moment ago is there before the owner has committed the pick-up, so the hand does not wait for the published
	// state to know what the player carries.
	bag map[int]bool
}

// handOf returns what a player holds. Runs on the world goroutine.
func handOf(p *player.Player) hand {
	id, ok := stackObject(heldStack(p))
	h := hand{held: id, holding: ok, who: p.UUID(), bag: map[int]bool{}}
	for _, s := range p.Inventory().Slots() {
		if obj, ok := stackObject(s); ok {
			h.bag[obj] = true
		}
	}
	if ok {
		h.bag[id] = true
	}
	return h
}

// has reports whether the player carries an object: in their inventory in the world, or so in the state.
func (h hand) has(v *state, id int) bool {
	w := v.where.At(id)
	return h.bag[id] || w.Kind == store.InInventory && w.Player == h.who
}

// inAir reports whether the menu of an object is of a carried item, used in the air (or on a block that is no
// puzzle block), rather than of a thing in the world.
func (h hand) inAir(v *state, id int) bool {
	return h.has(v, id) || v.where.At(id).Kind == store.InInventory
}

// carried returns the inputs of a move that the player carries.
func (h hand) carried(v *state, mv puzzle.Move) []int {
	var out []int
	for _, in := range mv.Inputs {
		if h.has(v, in) {
			out = append(out, in)
		}
	}
	return out
}

// suits reports whether a move belongs in the menu a player opened with this hand: the menu of a carried object
// used in the air (air) or of a thing in the world.
func (h hand) suits(v *state, mv puzzle.Move, air bool) bool {
	carried := h.carried(v, mv)
	switch {
	case air:
		return len(carried) == len(mv.Inputs)
	case !h.holding:
		return len(carried) == 0
	}
	return slices.Contains(carried, h.held)
}

// advice says, in words, how to make the moves a menu left out for the hand: "hold the fishing rod to fish here",
// "empty your hand to open it", "use it on the anvil to forge". Each is said once.
func (h hand) advice(v *state, left []puzzle.Move, air bool) []string {
	var out []string
	for _, mv := range left {
		line := h.adviceFor(v, mv, air)
		if line != "" && !slices.Contains(out, line) {
			out = append(out, line)
		}
	}
	return out
}

// adviceFor says how to make one move the hand does not suit.
func (h hand) adviceFor(v *state, mv puzzle.Move, air bool) string {
	action := words.Of(mv.Rule.Action)
	carried := h.carried(v, mv)
	if air {
		for _, in := range mv.Inputs {
			if !slices.Contains(carried, in) {
				if obj, ok := v.game.State.Object(in); ok {
					return "use it on " + words.Object(v.pack, *obj) + " to " + action
				}
			}
		}
		return ""
	}
	if len(carried) == 0 {
		return "empty your hand to " + action + " here"
	}
	var names []string
	for _, in := range carried {
		if obj, ok := v.game.State.Object(in); ok {
			names = append(names, words.Object(v.pack, *obj))
		}
	}
	if len(names) > 1 {
		return "hold " + strings.Join(names, " or ") + " to " + action + " here"
	}
	return "hold " + strings.Join(names, "") + " to " + action + " here"
}
