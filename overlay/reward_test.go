package overlay

import (
	"log/slog"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// henPack: a hen lays an egg, which is baked into a cake in the oven; the cake is the goal.
const henPack = `items:
  Hen:  {look: {entity: villager_v2}}
  Egg:  {props: {carryable: true}, look: {item: egg}}
  Oven: {look: {block: furnace}}
  Cake: {props: {carryable: true}, look: {item: cake}}
rules: |
  Egg Hen ::= Lay Hen
  Cake Oven ::= Bake Oven Egg
areas:
  - {name: Yard, start: true, goals: [Cake], minDepth: 2, maxDepth: 2}
`

// henOverlay opens henPack on a world with a player who plays (their handler attached, as at a join).
func henOverlay(t *testing.T) (*world.World, *Overlay, *world.EntityHandle) {
	t.Helper()
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("hen.yaml", []byte(henPack))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = o.Close() })
	o.Start()
	wait(t, o)
	h := addPlayer(t, w, o, "Farmer")
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		p.Handle(o.Handler(p, nil))
	}).Done()
	return w, o, h
}

// play makes the first move of an object's menu for the player, with what they hold, and waits for it.
func play(t *testing.T, w *world.World, o *Overlay, h *world.EntityHandle, id int, prepare func(p *player.Player)) {
	t.Helper()
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		if prepare != nil {
			prepare(p)
		}
		v := o.view()
		moves := o.movesFrom(v, v.game, p, id)
		if len(moves) == 0 {
			t.Fatalf("the menu of object %d offers nothing", id)
		}
		return o.act(p, moves[0], v.where.At(id).Block, nil)
	}))
	wait(t, o)
}

// What a step makes goes to the player who made it: the egg the hen lays is in the inventory, not under the hen.
func TestWhatAStepMakesGoesToItsMaker(t *testing.T) {
	w, o, h := henOverlay(t)
	hen := objectsOf(o, "0,0", "Hen")[0]
	play(t, w, o, h, hen, nil)
	eggs := objectsOf(o, puzzle.Inventory, "Egg")
	if len(eggs) != 1 {
		t.Fatalf("eggs carried %v, want the one laid (lying: %v)", eggs, objectsOf(o, "0,0", "Egg"))
	}
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		if !holds(e.(*player.Player), eggs[0]) {
			t.Error("the laid egg is not in the player's inventory")
		}
	}).Done()
}

// With a full inventory, what a step makes lies at the maker's feet, and they are told.
func TestWhatAStepMakesLiesAtTheFeetOfAFullInventory(t *testing.T) {
	w, o, h := henOverlay(t)
	hen := objectsOf(o, "0,0", "Hen")[0]
	var feet [3]int
	play(t, w, o, h, hen, func(p *player.Player) {
		for slot := range p.Inventory().Size() {
			if s, _ := p.Inventory().Item(slot); s.Empty() {
				_ = p.Inventory().SetItem(slot, item.NewStack(block.Dirt{}, 64))
			}
		}
		feet = groundAt(p)
	})
	eggs := objectsOf(o, "0,0", "Egg")
	if len(eggs) != 1 {
		t.Fatalf("eggs lying %v, want the one laid (carried: %v)", eggs, objectsOf(o, puzzle.Inventory, "Egg"))
	}
	if at := o.view().where.At(eggs[0]); at.Kind != store.AtEntity || at.Block != feet {
		t.Errorf("the egg is at %+v, want at the player's feet %v", at, feet)
	}
}
