package overlay

import (
	"testing"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
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
	if state := o.view().areas[AreaPos{0, 0}].rec.State; state != Solved {
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
