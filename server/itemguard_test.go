package server

import (
	"testing"

	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// The guard's rules on requests the e2e test does not send: a swap with a chest's slot, a plain item moved
// anywhere, a closed inventory forgetting the cursor, and a dropped kept item.
func TestItemGuardRules(t *testing.T) {
	const keptSlot = 3
	slot := func(container byte, s int) protocol.StackRequestSlotInfo {
		return protocol.StackRequestSlotInfo{Container: protocol.FullContainerName{ContainerID: container}, Slot: byte(s), StackNetworkID: 5}
	}
	inv := func(s int) protocol.StackRequestSlotInfo {
		return slot(protocol.ContainerCombinedHotBarAndInventory, s)
	}
	chest, cursor := slot(protocol.ContainerLevelEntity, 0), slot(protocol.ContainerCursor, 0)
	refused := func(g *itemGuard, a protocol.StackRequestAction) bool {
		g.check(&packet.ItemStackRequest{Requests: []protocol.ItemStackRequest{{Actions: []protocol.StackRequestAction{a}}}})
		switch a := a.(type) {
		case *protocol.SwapStackRequestAction:
			return a.Source.StackNetworkID == refusedStack || a.Destination.StackNetworkID == refusedStack
		case *protocol.PlaceStackRequestAction:
			return a.Source.StackNetworkID == refusedStack
		case *protocol.TakeStackRequestAction:
			return a.Source.StackNetworkID == refusedStack
		}
		return false
	}
	place := func(src, dst protocol.StackRequestSlotInfo) *protocol.PlaceStackRequestAction {
		a := &protocol.PlaceStackRequestAction{}
		a.Count, a.Source, a.Destination = 1, src, dst
		return a
	}
	take := func(src, dst protocol.StackRequestSlotInfo) *protocol.TakeStackRequestAction {
		a := &protocol.TakeStackRequestAction{}
		a.Count, a.Source, a.Destination = 1, src, dst
		return a
	}
	g := &itemGuard{player: uuid.New(), kept: func(_ uuid.UUID, s int) bool { return s == keptSlot }}
	if !refused(g, &protocol.SwapStackRequestAction{Source: chest, Destination: inv(keptSlot)}) {
		t.Error("a kept item swapped into a chest")
	}
	if refused(g, &protocol.SwapStackRequestAction{Source: inv(keptSlot), Destination: inv(7)}) {
		t.Error("a kept item could not be swapped between own slots")
	}
	if refused(g, place(inv(4), chest)) || refused(g, place(inv(4), slot(protocol.ContainerCraftingInput, 28))) {
		t.Error("a plain item could not be put into a chest or the crafting grid")
	}
	if refused(g, take(inv(keptSlot), cursor)) || !refused(g, place(cursor, chest)) {
		t.Error("a kept item went from the cursor into a chest")
	}
	g.closed()
	if refused(g, place(cursor, chest)) {
		t.Error("after the inventory closed, a plain item on the cursor was refused")
	}
	if refused(g, take(inv(keptSlot), cursor)) {
		t.Error("a kept item could not be taken onto the cursor")
	}
	g.check(&packet.ItemStackRequest{Requests: []protocol.ItemStackRequest{{Actions: []protocol.StackRequestAction{
		&protocol.DropStackRequestAction{Count: 1, Source: cursor}}}}})
	if refused(g, place(cursor, chest)) {
		t.Error("after a kept item was dropped from the cursor, the next item on it was refused")
	}
}
