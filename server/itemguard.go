package server

import (
	"math"

	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// itemGuard keeps the items the puzzle keeps with a player (overlay.KeptAt: puzzle items and the guide book) in
// that player's inventory. Dragonfly tells an inventory's handler what leaves a slot but not where it goes, so the
// guard reads the player's inventory requests before Dragonfly does: an item may move between the player's own
// slots and onto the cursor, but a request that would put it anywhere else (a chest, a furnace, a hopper, the
// crafting grid) is refused. Dragonfly then rejects the whole request and the client puts everything back.
// Dropping an item stays allowed: the puzzle puts it down (overlay's HandleItemDrop).
type itemGuard struct {
	player uuid.UUID
	kept   func(player uuid.UUID, slot int) bool
	// cursor is whether the item on the player's cursor is one the guard keeps: the client moves a stack in two
	// requests, onto the cursor and from it, and only the first names the inventory slot it came from.
	cursor bool
}

// refusedStack is the stack network ID put into a refused action's source slot. It is no stack's ID, so Dragonfly
// finds the slot out of sync and rejects the request (session.ItemStackRequestHandler.verifySlot).
const refusedStack = math.MaxInt32

// check refuses the actions of a request packet that would take a kept item out of the player's inventory.
func (g *itemGuard) check(pk *packet.ItemStackRequest) {
	for _, req := range pk.Requests {
		for _, a := range req.Actions {
			g.action(a)
		}
	}
}

// action checks one action of a request.
func (g *itemGuard) action(a protocol.StackRequestAction) {
	switch a := a.(type) {
	case *protocol.TakeStackRequestAction:
		g.move(&a.Source, a.Destination)
	case *protocol.PlaceStackRequestAction:
		g.move(&a.Source, a.Destination)
	case *protocol.SwapStackRequestAction:
		srcKept, dstKept := g.keeps(a.Source), g.keeps(a.Destination)
		g.moveKept(&a.Source, a.Destination, srcKept)
		g.moveKept(&a.Destination, a.Source, dstKept)
	case *protocol.DropStackRequestAction:
		if onCursor(a.Source) {
			g.cursor = false
		}
	}
}

// move checks a stack moved from src to dst.
func (g *itemGuard) move(src *protocol.StackRequestSlotInfo, dst protocol.StackRequestSlotInfo) {
	g.moveKept(src, dst, g.keeps(*src))
}

// moveKept refuses a kept stack moved from src to anywhere but the player's inventory or cursor, and follows the
// cursor.
func (g *itemGuard) moveKept(src *protocol.StackRequestSlotInfo, dst protocol.StackRequestSlotInfo, kept bool) {
	switch {
	case !kept:
		if onCursor(dst) {
			g.cursor = false
		}
	case onCursor(dst):
		g.cursor = true
	case ownSlot(dst):
		if onCursor(*src) {
			g.cursor = false
		}
	default:
		src.StackNetworkID = refusedStack
	}
}

// keeps reports whether a slot holds a kept item.
func (g *itemGuard) keeps(s protocol.StackRequestSlotInfo) bool {
	switch {
	case onCursor(s):
		return g.cursor
	case inventorySlot(s):
		return g.kept(g.player, int(s.Slot))
	}
	return false
}

// closed forgets the cursor: a client closing its inventory puts the cursor's stack back into the inventory.
func (g *itemGuard) closed() { g.cursor = false }

// ownSlot reports whether a slot is the player's own: in their inventory or off hand.
func ownSlot(s protocol.StackRequestSlotInfo) bool {
	return inventorySlot(s) || s.Container.ContainerID == protocol.ContainerOffhand
}

// inventorySlot reports whether a slot is in the player's inventory: the hotbar or the main inventory, whose slot
// numbers are the inventory's.
func inventorySlot(s protocol.StackRequestSlotInfo) bool {
	switch s.Container.ContainerID {
	case protocol.ContainerCombinedHotBarAndInventory, protocol.ContainerHotBar, protocol.ContainerInventory:
		return true
	}
	return false
}

// onCursor reports whether a slot is the cursor, where a stack is while the player moves it.
func onCursor(s protocol.StackRequestSlotInfo) bool {
	return s.Container.ContainerID == protocol.ContainerCursor
}
