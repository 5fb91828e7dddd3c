package overlay

import (
	"context"
	"log/slog"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// pickUpKey makes a player pick up the start area's key and returns its id.
func pickUpKey(t *testing.T, w *world.World, o *Overlay, h *world.EntityHandle) int {
	t.Helper()
	key := objectsOf(o, "0,0", "Key")[0]
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}))
	wait(t, o)
	return key
}

// A held puzzle item keeps its puzzle meaning: a puzzle item shown as a bucket, used on water, is not filled (it
// would become a plain water bucket, no longer a puzzle item); its menu opens instead.
func TestPuzzleItemsKeepTheirMeaning(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(strings.Replace(yardPack, "{item: emerald, name: Brass key}", "{item: bucket, name: Pail}", 1)))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(), Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	h := addPlayer(t, w, o, "Holder")
	key := pickUpKey(t, w, o, h)
	water := cube.Pos{8, -61, 9}
	<-w.Do(func(tx *world.Tx) {
		tx.SetBlock(water, block.Water{Depth: 8, Still: true}, nil)
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		p.Handle(o.Handler(p, nil))
		slot := -1
		for i, s := range p.Inventory().Slots() {
			if id, ok := stackObject(s); ok && id == key {
				slot = i
			}
		}
		if slot < 0 || slot > 8 {
			t.Fatalf("the pail is in slot %d", slot)
		}
		_ = p.SetHeldSlot(slot)
	}).Done()
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		func() {
			defer func() { _ = recover() }() // the menu it opens cannot be sent to a player without a client
			p.UseItemOnBlock(water, cube.FaceUp, mgl64.Vec3{0.5, 1, 0.5})
		}()
	}).Done()
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		if !holds(p, key) {
			held, _ := p.HeldItems()
			t.Errorf("using the puzzle pail on water left %v in hand, no longer the puzzle item", held)
		}
	}).Done()
	storeMatchesMemory(t, o)
}

// Dying keeps puzzle items: they do not drop where the player died, and the store still says the player holds
// them, so they come back on respawn (and at the next join).
func TestDeathKeepsPuzzleItems(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Doomed")
	key := pickUpKey(t, w, o, h)
	var at mgl64.Vec3
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		p.Handle(o.Handler(p, nil))
		at = p.Position()
		p.Hurt(1000, entity.VoidDamageSource{})
	}).Done()
	<-w.Do(func(tx *world.Tx) {
		box := cube.Box(at[0]-4, at[1]-4, at[2]-4, at[0]+4, at[1]+4, at[2]+4)
		for e := range tx.EntitiesWithin(box) {
			if id, ok := stackObject(stackOf(e)); ok && id == key {
				t.Error("the key dropped where the player died")
			}
			if e.H().Type() == entity.ItemType {
				if s := stackOf(e); s.Item() == (item.Emerald{}) {
					t.Error("an emerald stack dropped")
				}
			}
		}
	}).Done()
	if w := o.view().where.At(key); w.Kind != store.InInventory {
		t.Errorf("the store says the key is %+v, want still held", w)
	}
	_ = context.Background()
}

// A hopper is not placed where it would swallow a puzzle item lying on the ground (Dragonfly's hoppers collect the
// item stacks in and over them): placed on the ground the key lies on, it is refused; placed a block away, it is not.
func TestHoppersAreNotPlacedUnderPuzzleItems(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	h := addPlayer(t, w, o, "Builder")
	key := objectsOf(o, "0,0", "Key")[0]
	lies := o.view().where.At(key).Block
	ground := lies.Side(cube.FaceDown)
	aside := ground.Add(cube.Pos{1, 0, 0})
	if o.view().lyingOver(aside.Side(cube.FaceUp)) {
		t.Skip("another object lies beside the key")
	}
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		p.Handle(o.Handler(p, nil))
		p.Teleport(lies.Vec3Middle().Add(mgl64.Vec3{0, 0, 2}))
		_ = p.Inventory().SetItem(0, item.NewStack(block.NewHopper(), 2))
		_ = p.SetHeldSlot(0)
		p.UseItemOnBlock(ground, cube.FaceUp, mgl64.Vec3{0.5, 1, 0.5})
		p.UseItemOnBlock(aside, cube.FaceUp, mgl64.Vec3{0.5, 1, 0.5})
	}).Done()
	<-w.Do(func(tx *world.Tx) {
		if _, hopper := tx.Block(lies).(block.Hopper); hopper {
			t.Errorf("a hopper was placed where the key lies, %v", lies)
		}
		if _, hopper := tx.Block(aside.Side(cube.FaceUp)).(block.Hopper); !hopper {
			t.Errorf("no hopper was placed beside the key, at %v: the player could not place one at all", aside.Side(cube.FaceUp))
		}
	}).Done()
	if w := o.view().where.At(key); w.Kind != store.AtEntity || w.Block != lies {
		t.Errorf("the key is no longer lying at %v: %+v", lies, w)
	}
}
