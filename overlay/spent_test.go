package overlay

import (
	"context"
	"testing"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// A carried item stays while an open puzzle can use it, and leaves the inventory once spent: the egg the hen laid
// stays for the oven; the cake that achieves the goal leaves with the solve, and so does every puzzle stack.
func TestSpentItemsLeaveTheInventory(t *testing.T) {
	w, o, h := henOverlay(t)
	hen, oven := objectsOf(o, "0,0", "Hen")[0], objectsOf(o, "0,0", "Oven")[0]
	play(t, w, o, h, hen, nil)
	eggs := objectsOf(o, puzzle.Inventory, "Egg")
	if len(eggs) != 1 {
		t.Fatalf("eggs carried %v, want the one laid, kept for the oven", eggs)
	}
	play(t, w, o, h, oven, func(p *player.Player) { hold(t, p, eggs[0]) })
	if state := o.view().areas.At(store.AreaPos{0, 0}).rec.State; state != store.Solved {
		t.Fatalf("the area is %v after baking, want solved", state)
	}
	if carried := objectsOf(o, puzzle.Inventory, "Cake"); len(carried) != 0 {
		t.Errorf("the cake that achieved the goal is still carried: %v", carried)
	}
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		for slot, s := range e.(*player.Player).Inventory().Slots() {
			if id, ok := stackObject(s); ok {
				t.Errorf("slot %d still holds the stack of object %d", slot, id)
			}
		}
	}).Done()
	storeMatchesMemory(t, o)
}

// Nothing is spent while an area is being given a puzzle, which may want what players carry.
func TestNothingIsSpentWhileAPuzzleIsMade(t *testing.T) {
	w, o, h := henOverlay(t)
	hen, oven := objectsOf(o, "0,0", "Hen")[0], objectsOf(o, "0,0", "Oven")[0]
	play(t, w, o, h, hen, nil)
	eggs := objectsOf(o, puzzle.Inventory, "Egg")
	if len(eggs) != 1 {
		t.Fatalf("eggs carried %v, want the one laid", eggs)
	}
	waitReply(t, o.post(&request{name: "a puzzle in the making", run: func(_ context.Context, s *state) (result, error) {
		s.pending[store.AreaPos{5, 5}] = true
		return result{inMemory: true}, nil
	}}))
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		hold(t, p, eggs[0])
		v := o.view()
		return o.act(p, o.movesFrom(v, v.game, p, oven)[0], v.where.At(oven).Block, nil)
	}))
	if carried := objectsOf(o, puzzle.Inventory, "Cake"); len(carried) != 1 {
		t.Errorf("the cake left the inventory while a puzzle was being made: %v", carried)
	}
	waitReply(t, o.post(&request{name: "the puzzle made", run: func(_ context.Context, s *state) (result, error) {
		delete(s.pending, store.AreaPos{5, 5})
		return result{inMemory: true}, nil
	}}))
}
