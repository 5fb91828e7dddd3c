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
