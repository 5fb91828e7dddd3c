package overlay

import (
	"slices"

	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// handOver gives the player who made a move what it made: every carryable output that is no input of the move (a
// new object, or one taken out of a container) goes into their inventory, where the engine would have left it on
// the ground (in the place of a destroyed input, or under the thing used), or, when the inventory is full, at
// their feet. It runs on the owner, after the move and before its objects are placed; it changes d to say where
// the outputs are now, and records in who the outputs put at their feet. The engine makes each transfer (PickUp,
// PutDown), so the game stays the engine's to decide.
//
// A player who is not online (they left while the move was in flight) gets nothing: the outputs stay where the
// engine put them.
func (o *Overlay) handOver(s *state, d *puzzle.Delta, who *mover, mv puzzle.Move) {
	if d.Failed != nil || mv.Rule == puzzle.PickUp || mv.Rule == puzzle.PutDown {
		return
	}
	room, online := o.room(s, who.id, *d)
	if !online {
		return
	}
	for i, obj := range d.Outputs {
		if it, ok := s.pack.Item(obj.Item); !ok || !it.Carryable() || slices.Contains(mv.Inputs, obj.ID) {
			continue
		}
		carried := obj.Area == puzzle.Inventory
		transfer := puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{obj.ID}}
		switch {
		case room > 0:
			room--
			if carried {
				continue
			}
		case carried:
			transfer = puzzle.Move{Rule: puzzle.PutDown, Inputs: []int{obj.ID}, Area: areaName(store.AreaOfBlock(who.feet, int32(o.opts.AreaSize)))}
			who.toFeet = append(who.toFeet, obj.ID)
		default:
			who.toFeet = append(who.toFeet, obj.ID)
			continue
		}
		if moved, err := s.game.Play(transfer); err == nil && len(moved.Outputs) == 1 {
			d.Outputs[i] = moved.Outputs[0]
			d.Achieved = append(d.Achieved, moved.Achieved...)
		}
	}
}

// room returns how many items a player's inventory has room for once a move's delta is shown: its empty slots
// and those of the objects it destroyed from it. online is false when the player is not online.
func (o *Overlay) room(s *state, who uuid.UUID, d puzzle.Delta) (n int, online bool) {
	v, ok := inventories.Load(who)
	if !ok {
		return 0, false
	}
	for _, st := range v.(*inventory.Inventory).Slots() { // an inventory is safe to read from any goroutine
		if st.Empty() {
			n++
		}
	}
	for _, obj := range d.Removed {
		if w := s.where.At(obj.ID); w.Kind == store.InInventory && w.Player == who {
			n++
		}
	}
	return n, true
}

// atFeet returns the op that tells a player whose inventory was full where what they made lies.
func (o *Overlay) atFeet(s *state, who mover) op {
	if len(who.toFeet) == 0 {
		return func(*world.Tx) {}
	}
	var names []string
	for _, id := range who.toFeet {
		if obj, ok := s.game.State.Object(id); ok {
			names = append(names, words.Object(s.pack, *obj))
		}
	}
	msg := "§eYour inventory is full: " + joinWords(names) + " lies at your feet."
	if len(names) > 1 {
		msg = "§eYour inventory is full: " + joinWords(names) + " lie at your feet."
	}
	return func(tx *world.Tx) {
		who.withPlayer(tx, func(p *player.Player) { p.Message(msg) })
	}
}

// joinWords joins names as a list in words: "the key", "the key and the torch", "the key, the torch and the rod".
func joinWords(names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	out := names[0]
	for _, n := range names[1 : len(names)-1] {
		out += ", " + n
	}
	return out + " and " + names[len(names)-1]
}
