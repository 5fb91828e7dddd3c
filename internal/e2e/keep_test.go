package e2e_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
)

// The items the puzzle keeps with a player stay in the player's inventory: moving the guide book into the crafting
// grid, straight or by way of the cursor, is refused (the client puts it back), while moving it between the
// player's own slots works; after each refusal the server still has the book where it was.
func TestKeptItemsStayInTheInventory(t *testing.T) {
	srv := puzzleServer(t)
	b := srv.Join(t, "Keeper")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := b.WaitFor(ctx, func(packet.Packet) bool { return guideText(b) != "" }); err != nil {
		t.Fatalf("no guide book: %v", err)
	}
	slot, id := guideSlot(b)
	grid := slotInfo(protocol.ContainerCraftingInput, 28, 0)
	cursor := slotInfo(protocol.ContainerCursor, 0, 0)
	own := func(s int, id int32) protocol.StackRequestSlotInfo {
		return slotInfo(protocol.ContainerCombinedHotBarAndInventory, s, id)
	}
	free := freeSlot(b, slot)

	if _, ok := request(ctx, t, b, 1, &protocol.PlaceStackRequestAction{}, own(slot, id), grid); ok {
		t.Error("the guide book went into the crafting grid")
	}
	ids, ok := request(ctx, t, b, 2, &protocol.TakeStackRequestAction{}, own(slot, id), cursor)
	if !ok {
		t.Fatal("the guide book could not be taken onto the cursor")
	}
	onCursor := slotInfo(protocol.ContainerCursor, 0, ids[[2]int{int(protocol.ContainerCursor), 0}])
	if _, ok := request(ctx, t, b, 3, &protocol.PlaceStackRequestAction{}, onCursor, grid); ok {
		t.Error("the guide book went from the cursor into the crafting grid")
	}
	if ids, ok = request(ctx, t, b, 4, &protocol.PlaceStackRequestAction{}, onCursor, own(free, 0)); !ok {
		t.Fatal("the guide book could not be put back from the cursor into the inventory")
	}
	id = ids[[2]int{int(protocol.ContainerCombinedHotBarAndInventory), free}]
	if ids, ok = request(ctx, t, b, 5, &protocol.PlaceStackRequestAction{}, own(free, id), own(slot, 0)); !ok {
		t.Fatal("the guide book could not be moved between the player's own slots")
	}
	id = ids[[2]int{int(protocol.ContainerCombinedHotBarAndInventory), slot}]
	if _, ok := request(ctx, t, b, 6, &protocol.PlaceStackRequestAction{}, own(slot, id), grid); ok {
		t.Error("the guide book went into the crafting grid after moving about")
	}
}

// slotInfo is a slot of a request.
func slotInfo(container byte, slot int, id int32) protocol.StackRequestSlotInfo {
	return protocol.StackRequestSlotInfo{Container: protocol.FullContainerName{ContainerID: container}, Slot: byte(slot),
		StackNetworkID: id}
}

// request sends one request of one move of a whole stack (count 1) from src to dst, and reports whether the
// server accepted it and the stack network IDs its answer gives, by container and slot.
func request(ctx context.Context, t *testing.T, b *e2e.Bot, rid int32, a protocol.StackRequestAction, src, dst protocol.StackRequestSlotInfo) (map[[2]int]int32, bool) {
	t.Helper()
	switch a := a.(type) {
	case *protocol.PlaceStackRequestAction:
		a.Count, a.Source, a.Destination = 1, src, dst
	case *protocol.TakeStackRequestAction:
		a.Count, a.Source, a.Destination = 1, src, dst
	}
	return send(ctx, t, b, rid, a)
}

// send sends a request of one action and returns the stack network IDs of the server's answer, by container and
// slot, and whether it accepted the request.
func send(ctx context.Context, t *testing.T, b *e2e.Bot, rid int32, a protocol.StackRequestAction) (map[[2]int]int32, bool) {
	t.Helper()
	mark := b.Mark()
	req := protocol.ItemStackRequest{RequestID: rid, Actions: []protocol.StackRequestAction{a}}
	if err := b.Conn().WritePacket(&packet.ItemStackRequest{Requests: []protocol.ItemStackRequest{req}}); err != nil {
		t.Fatal(err)
	}
	resp, err := e2e.Await(ctx, b, mark, func(pk *packet.ItemStackResponse) bool {
		return len(pk.Responses) > 0 && pk.Responses[0].RequestID == rid
	})
	if err != nil {
		t.Fatalf("no answer to request %d: %v", rid, err)
	}
	ids := map[[2]int]int32{}
	for _, c := range resp.Responses[0].ContainerInfo {
		for _, s := range c.SlotInfo {
			ids[[2]int{int(c.Container.ContainerID), int(s.Slot)}] = s.StackNetworkID
		}
	}
	return ids, resp.Responses[0].Status == protocol.ItemStackResponseStatusOK
}

// guideSlot returns the inventory slot of the guide book and its stack network ID.
func guideSlot(b *e2e.Bot) (int, int32) {
	for i, it := range b.Inventory(protocol.WindowIDInventory) {
		if title, _ := it.Stack.NBTData["title"].(string); title == "Guide" {
			return i, it.StackNetworkID
		}
	}
	return -1, 0
}

// freeSlot returns an empty inventory slot other than taken.
func freeSlot(b *e2e.Bot, taken int) int {
	inv := b.Inventory(protocol.WindowIDInventory)
	for i := range 36 {
		if i != taken && (i >= len(inv) || inv[i].Stack.NetworkID == 0) {
			return i
		}
	}
	return -1
}

// A puzzle item is not put down on a hopper, which would swallow it (Dragonfly's hoppers collect the item stacks
// lying on them): the drop is refused with a word and the key stays held. Put down off the hopper, it lies there.
func TestPuzzleItemsAreNotPutDownOnAHopper(t *testing.T) {
	srv := puzzleServer(t)
	b := srv.Join(t, "Admin")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	var key []string
	for key == nil && ctx.Err() == nil {
		out, _ := b.Command("/puzzle plan")
		key = keyPlace.FindStringSubmatch(out.String())
		time.Sleep(100 * time.Millisecond)
	}
	if key == nil {
		t.Fatal("the plan shows no key lying about")
	}
	if err := b.MoveTo(parsePos(key[1]).Vec3Middle()); err != nil {
		t.Fatal(err)
	}
	if _, err := b.WaitFor(ctx, func(packet.Packet) bool { s, _ := keySlot(b); return s >= 0 }); err != nil {
		t.Fatalf("the bot did not pick the key up: %v", err)
	}
	slot, id := keySlot(b)
	// The bot stands on the ground where the key lay, its feet in the air block above it, as a player does; the
	// ground under it becomes a hopper.
	feet := cube.PosFromVec3(b.Position())
	setBlock(ctx, t, srv, feet.Side(cube.FaceDown), block.NewHopper())
	mark := b.Mark()
	ids, _ := drop(ctx, t, b, 1, slot, id)
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "hopper") }); err != nil {
		t.Fatalf("no word about the hopper: %v", err)
	}
	if out, _ := b.Command("/puzzle plan"); !strings.Contains(out.String(), "held by") {
		t.Fatalf("the key left the player's hands on the hopper:\n%s", out)
	}
	setBlock(ctx, t, srv, feet.Side(cube.FaceDown), block.Stone{})
	if now, ok := ids[[2]int{int(protocol.ContainerCombinedHotBarAndInventory), slot}]; ok {
		id = now
	}
	drop(ctx, t, b, 2, slot, id)
	for ctx.Err() == nil {
		if out, _ := b.Command("/puzzle plan"); keyPlace.MatchString(out.String()) {
			return
		}
		time.Sleep(100 * time.Millisecond)
	}
	t.Fatal("the key put down off the hopper does not lie there")
}

// keySlot returns the inventory slot of the crate yard's key (an emerald) and its stack network ID, or -1.
func keySlot(b *e2e.Bot) (int, int32) {
	for i, it := range b.Inventory(protocol.WindowIDInventory) {
		if it.Stack.NetworkID != 0 && it.Stack.NBTData["title"] == nil {
			if _, guide := it.Stack.NBTData["pages"]; !guide {
				return i, it.StackNetworkID
			}
		}
	}
	return -1, 0
}

// drop asks to drop the whole stack in an inventory slot, as a player throwing it out of the inventory screen, and
// returns the server's answer as send does.
func drop(ctx context.Context, t *testing.T, b *e2e.Bot, rid int32, slot int, id int32) (map[[2]int]int32, bool) {
	t.Helper()
	a := &protocol.DropStackRequestAction{Count: 1, Source: slotInfo(protocol.ContainerCombinedHotBarAndInventory, slot, id)}
	return send(ctx, t, b, 100+rid, a)
}

// setBlock sets a block of the server's world, as a builder would.
func setBlock(ctx context.Context, t *testing.T, srv *e2e.Server, pos cube.Pos, b world.Block) {
	t.Helper()
	if _, err := world.Call(ctx, srv.World(), func(tx *world.Tx) (struct{}, error) {
		tx.SetBlock(pos, b, nil)
		return struct{}{}, nil
	}); err != nil {
		t.Fatal(err)
	}
}

// A puzzle item a player throws away lands at their feet and is not picked up again by them for two seconds, as
// in vanilla: a Human picks the key up by walking over it, drops it from the inventory screen and stands still.
func TestADroppedPuzzleItemIsNotPickedUpAgainAtOnce(t *testing.T) {
	srv := puzzleServer(t)
	h := srv.JoinHuman(t, "Thrower")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := h.WaitTerrain(ctx, 16); err != nil {
		t.Fatal(err)
	}
	key, err := h.WaitEntity(ctx, func(e e2e.Entity) bool { return e.IsItem() })
	if err != nil {
		t.Fatalf("no key lying about: %v", err)
	}
	if err := h.PickUp(ctx, key.RID); err != nil {
		t.Fatal(err)
	}
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool { s, _ := keySlot(h.Bot); return s >= 0 }); err != nil {
		t.Fatalf("the key is not in the inventory: %v", err)
	}
	slot, id := keySlot(h.Bot)
	if _, ok := drop(ctx, t, h.Bot, 1, slot, id); !ok {
		t.Fatal("the drop was refused")
	}
	dropped := time.Now()
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool { s, _ := keySlot(h.Bot); return s < 0 }); err != nil {
		t.Fatalf("the key did not leave the inventory: %v", err)
	}
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool { s, _ := keySlot(h.Bot); return s >= 0 }); err != nil {
		t.Fatalf("the key was never picked up again, standing on it: %v", err)
	}
	if back := time.Since(dropped); back < 1900*time.Millisecond {
		t.Errorf("the key thrown away was back in the inventory after %v, want 2 s at least", back)
	}
}
