package e2e_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
)

// What a player holds decides what a thing offers: a Human that carries the key but uses the crate with an empty
// hand is told to hold the key, and no menu opens; with the key in hand the crate offers Open.
func TestTheHeldItemDecidesWhatAThingOffers(t *testing.T) {
	srv := puzzleServer(t)
	h := srv.JoinHuman(t, "Admin")
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
	s, ok := plan(t, h.Bot)
	for ; ok && s.action == "PickUp" && ctx.Err() == nil; s, ok = plan(t, h.Bot) {
		time.Sleep(100 * time.Millisecond) // the pick-up is committed a moment after the client has the key
	}
	if !ok || s.place != "block" || s.hand == 0 {
		t.Fatalf("the next step %+v, want opening the crate with the key held", s)
	}
	mark := h.Mark()
	if err := h.UseOnBlock(ctx, s.pos, h.EmptyHotbarSlot()); err != nil {
		t.Fatal(err)
	}
	said, err := e2e.Await(ctx, h.Bot, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "hold") })
	if err != nil {
		t.Fatalf("the crate used with an empty hand did not say to hold the key: %v", err)
	}
	t.Logf("empty hand: %s", said.Message)
	if forms := e2e.Received[*packet.ModalFormRequest](h.Bot); len(forms) > 0 {
		t.Errorf("the crate used with an empty hand opened a menu")
	}
	mark = h.Mark()
	if err := h.UseOnBlock(ctx, s.pos, handSlot(t, h.Bot, s)); err != nil {
		t.Fatal(err)
	}
	f, err := h.AwaitForm(ctx, mark)
	if err != nil {
		t.Fatalf("the crate used with the key in hand opened no menu: %v", err)
	}
	if f.Button("Open") < 0 {
		t.Errorf("the crate used with the key in hand offers %q, want Open", f.Buttons)
	}
}

// guardKeeps is guardYard with a key that is not used up: it opens the crate and stays, of no use afterwards.
const guardKeeps = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
  Guard: {look: {entity: villager_v2}}
rules: |
  Crate[open_bit: true] Key ::= Open Crate[open_bit: false] Key
  Key Guard ::= Ask Guard
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], minDepth: 2, maxDepth: 2, connects: [Field]}
  - {name: Field, goals: ["Crate[open_bit: true]"], maxDepth: 2, minDistance: 1}
`

// What a step makes goes to the player who made it, and a puzzle item that has done its part leaves the
// inventory: a Human asks the guard with an empty hand and gets the key in its inventory (none lies at the
// guard); with the key in hand it opens the crate, which solves the area, and the key leaves its inventory.
func TestRewardsGoToTheMakerAndSpentItemsLeave(t *testing.T) {
	srv := puzzleServerWith(t, guardKeeps)
	h := srv.JoinHuman(t, "Admin")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := h.WaitTerrain(ctx, 16); err != nil {
		t.Fatal(err)
	}
	s, ok := plan(t, h.Bot)
	for ; !ok && ctx.Err() == nil; s, ok = plan(t, h.Bot) {
		time.Sleep(100 * time.Millisecond)
	}
	if s.action != "Ask" || s.place != "entity" {
		t.Fatalf("first step %+v, want asking the guard", s)
	}
	guard, ok := entityNear(h, s.pos, false)
	if !ok {
		t.Fatalf("no guard shown at %v", s.pos)
	}
	mark := h.Mark()
	if err := h.UseOnEntity(ctx, guard.RID, h.EmptyHotbarSlot()); err != nil {
		t.Fatal(err)
	}
	f, err := h.AwaitForm(ctx, mark)
	if err != nil {
		t.Fatalf("the guard offers nothing to an empty hand: %v", err)
	}
	if err := h.Choose(f, "Ask"); err != nil {
		t.Fatal(err)
	}
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool { slot, _ := keySlot(h.Bot); return slot >= 0 }); err != nil {
		t.Fatalf("the key the guard gave is not in the inventory: %v", err)
	}
	if e, lying := entityNear(h, s.pos, true); lying {
		t.Errorf("an item lies at the guard: %+v", e)
	}
	for s.action == "Ask" && ctx.Err() == nil {
		time.Sleep(100 * time.Millisecond)
		s, _ = plan(t, h.Bot)
	}
	if s.action != "Open" || s.hand == 0 {
		t.Fatalf("next step %+v, want opening the crate with the key held", s)
	}
	mark = h.Mark()
	if err := h.UseOnBlock(ctx, s.pos, handSlot(t, h.Bot, s)); err != nil {
		t.Fatal(err)
	}
	if f, err = h.AwaitForm(ctx, mark); err != nil {
		t.Fatalf("the crate offers nothing to the key in hand: %v", err)
	}
	if err := h.Choose(f, "Open"); err != nil {
		t.Fatal(err)
	}
	if _, err := e2e.Await(ctx, h.Bot, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "done its part") }); err != nil {
		t.Fatalf("no word that the key has done its part: %v", err)
	}
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool { slot, _ := keySlot(h.Bot); return slot < 0 }); err != nil {
		t.Fatalf("the spent key is still in the inventory: %v", err)
	}
}
