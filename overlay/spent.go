package overlay

import (
	"slices"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// Spent puzzle items leave the inventory, so that a player's hotbar does not fill with the keys of doors long
// opened. An item is spent when the engine destroyed it (the move's delta removes it), or when it is carried and
// no open puzzle can use it any more. The guide book keeps the record: the story is read from the puzzle trees,
// not from the objects.
//
// Why removing a carried object that no open puzzle can use is sound:
//
//   - Open puzzles: an object is kept while any step not yet done of an unsolved area's puzzle tree can take it (its
//     input terms, as generation typed them), or it matches such an area's goal. Those are the only moves the game
//     offers in tree mode (puzzle.Manager.Rules), so no move that could still be made loses an input. In all-rules
//     mode, every pack rule counts as a step.
//   - Red herrings of a puzzle still being played are kept too, so that an object vanishing never tells a player
//     that it was a red herring.
//   - Areas not open yet get their puzzles generated when they open, from the objects that exist then (the
//     players' inventories among them): an object removed before is simply not there to use, as if never found.
//   - While an area is being given a puzzle (opened, rerolled, restarted after a failed attempt: pending work),
//     nothing is spent: the puzzle it gets may want what players carry, and generation should see it.
//   - Picking up and putting down spend nothing: only a move that runs a rule triggers the sweep, so an item just
//     picked up never vanishes in the player's hands.

// spent returns the ids of the carried objects that no open puzzle can use, in id order.
func spent(s *state) []int {
	if len(s.pending) > 0 {
		return nil
	}
	var out []int
	for obj := range s.game.State.All() {
		if obj.Area == puzzle.Inventory && !usable(s, obj) {
			out = append(out, obj.ID)
		}
	}
	return out
}

// usable reports whether an open puzzle can still use an object: a step not done of an unsolved puzzle takes it (in
// all-rules mode, any rule), it is such a puzzle's goal, or it is one of its red herrings.
func usable(s *state, obj puzzle.Object) bool {
	matches := func(t puzzle.Term) bool { return s.pack.Matches(obj.Item, obj.Props, t) }
	if s.game.Mode == puzzle.AllRules && slices.ContainsFunc(s.pack.Rules, func(r *puzzle.Rule) bool { return slices.ContainsFunc(r.Inputs, matches) }) {
		return true
	}
	for run, t := range s.trackedRuns() {
		if t.Achieved || run.rec.State != store.Active {
			continue
		}
		if matches(t.Goal) || (run.puzzle != nil && slices.Contains(run.puzzle.Herrings, obj.ID)) {
			return true
		}
		for i, st := range t.Nodes {
			if !t.Done(i) && slices.ContainsFunc(stepTerms(st), matches) {
				return true
			}
		}
	}
	return false
}

// sweepSpent takes the spent carried objects out of the game after a move that ran a rule, records their removal
// in the change and returns the ops that take them from their holders' inventories, with a word to each.
func (o *Overlay) sweepSpent(s *state, c *store.Change, mv puzzle.Move, d puzzle.Delta) []op {
	if mv.Rule == puzzle.PickUp || mv.Rule == puzzle.PutDown || d.Failed != nil {
		return nil
	}
	gone := spent(s)
	if len(gone) == 0 {
		return nil
	}
	holders := map[int]uuid.UUID{}
	for _, id := range gone {
		holders[id] = s.where.At(id).Player
	}
	removed := s.game.RemoveIDs(gone...)
	ops := o.removeAll(s, c, removed)
	for _, obj := range removed.Removed {
		ops = append(ops, spentWord(holders[obj.ID], words.Object(s.pack, obj)))
	}
	return ops
}

// removeAll forgets the objects a delta removed from the game, records their removal in the change and returns the
// ops that take them out of the world.
func (o *Overlay) removeAll(s *state, c *store.Change, d puzzle.Delta) []op {
	var ops []op
	for _, obj := range d.Removed {
		w := s.where.At(obj.ID)
		if cl, ok := o.cleared(s, obj.Item, w); ok {
			c.Cleared = append(c.Cleared, cl)
		}
		ops = append(ops, o.hide(obj.ID, obj.Item, w))
		s.forget(obj.ID)
		c.Removed = append(c.Removed, obj.ID)
	}
	return ops
}

// spentWord returns the op that tells a holder, if online, that a spent object left their inventory.
func spentWord(holder uuid.UUID, name string) op {
	return func(tx *world.Tx) {
		if p, ok := findPlayer(tx, holder); ok {
			p.Message("§7" + words.Capital(name) + " has done its part and leaves your inventory; the guide book keeps the story.")
		}
	}
}
