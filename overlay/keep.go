package overlay

import (
	"sync"

	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/google/uuid"
)

// inventories maps each online player's UUID to their inventory, for KeptAt, which the server asks from a
// connection's goroutine before Dragonfly handles an inventory move (an inventory is safe to read from any
// goroutine).
var inventories sync.Map // uuid.UUID -> *inventory.Inventory

// KeptAt reports whether slot of an online player's inventory holds an item the puzzle keeps with its holder: a
// puzzle item, which only the puzzle may move out of the player's hands (picked up and put down by the engine), or
// the guide book, which is never lost. The server refuses a move of such an item into a chest, a furnace, a hopper
// or the crafting grid, where Dragonfly would let it be stored, smelted or crafted away.
func KeptAt(player uuid.UUID, slot int) bool {
	v, ok := inventories.Load(player)
	if !ok {
		return false
	}
	s, err := v.(*inventory.Inventory).Item(slot)
	if err != nil {
		return false
	}
	_, puzzle := stackObject(s)
	return puzzle || isGuide(s)
}
