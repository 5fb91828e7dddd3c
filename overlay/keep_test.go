package overlay

import (
	"testing"

	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/google/uuid"
)

// KeptAt answers for the slots of an online player's inventory: a puzzle item and the guide book are kept, a
// plain item and an empty slot are not, and nothing is kept for a player who is not online.
func TestKeptAtReadsTheInventory(t *testing.T) {
	inv := inventory.New(36, nil)
	_ = inv.SetItem(0, item.NewStack(item.Stick{}, 1).WithValue(objectKey, 7))
	_ = inv.SetItem(1, item.NewStack(item.WrittenBook{Title: "Guide"}, 1).WithValue(guideKey, true))
	_ = inv.SetItem(2, item.NewStack(item.Stick{}, 1))
	id := uuid.New()
	inventories.Store(id, inv)
	defer inventories.Delete(id)
	for slot, want := range []bool{true, true, false, false} {
		if got := KeptAt(id, slot); got != want {
			t.Errorf("slot %d: kept %v, want %v", slot, got, want)
		}
	}
	if KeptAt(uuid.New(), 0) {
		t.Error("an item is kept for a player who is not online")
	}
}
