package overlay

import (
	"context"
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// give adds an object of an item to a player's inventory, in the store and in the world, and returns its id.
func give(t *testing.T, o *Overlay, w *world.World, h *world.EntityHandle, itemName string) int {
	t.Helper()
	var id int
	waitReply(t, o.post(&request{name: "give", run: func(_ context.Context, s *state) (result, error) {
		d := s.game.Add(puzzle.Object{Item: itemName, Props: s.pack.Items[itemName].Props, Area: puzzle.Inventory})
		id = d.Created[0].ID
		var uid [16]byte
		<-w.Do(func(tx *world.Tx) { e, _ := h.Entity(tx); uid = e.(*player.Player).UUID() }).Done()
		s.setWhere(id, store.Where{Kind: store.InInventory, Player: uid})
		return result{inMemory: true}, nil
	}}))
	obj, _ := o.view().game.State.Object(id)
	stack := o.looks.stack(o.opts.Pack.Items[itemName], *obj)
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		if _, err := e.(*player.Player).Inventory().AddItem(stack); err != nil {
			t.Error(err)
		}
	}).Done()
	return id
}

// The held item decides the menu of a thing: the key in hand offers Open on the crate; another puzzle item, a
// stick or an empty hand offer nothing and say which item to hold. The key used in the air offers no step that is
// done at the crate, and says to use it on the crate.
func TestTheHandDecidesTheMenu(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Holder")
	key, crate := objectsOf(o, "0,0", "Key")[0], objectsOf(o, "0,0", "Crate")[0]
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}))
	wait(t, o)
	water := give(t, o, w, h, "Water")

	menu := func(p *player.Player, id int) (actions, advice []string) {
		v := o.view()
		moves, left := o.menuMoves(v, v.game, p, id)
		for _, mv := range moves {
			actions = append(actions, mv.Rule.Action)
		}
		h := handOf(p)
		return actions, h.advice(v, left, h.inAir(v, id))
	}
	holdStack := func(p *player.Player, s item.Stack) {
		if err := p.Inventory().SetItem(7, s); err != nil {
			t.Fatal(err)
		}
		if err := p.SetHeldSlot(7); err != nil {
			t.Fatal(err)
		}
	}
	finished := false
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)

		hold(t, p, key)
		if actions, _ := menu(p, crate); !slices.Equal(actions, []string{"Open"}) {
			t.Errorf("the crate used with the key in hand offers %v, want Open", actions)
		}
		hold(t, p, water)
		if actions, advice := menu(p, crate); len(actions) != 0 || !slices.Equal(advice, []string{"hold the brass key to open here"}) {
			t.Errorf("the crate used with the water in hand offers %v, says %q; want nothing and to hold the key", actions, advice)
		}
		holdStack(p, item.NewStack(item.Stick{}, 1))
		if actions, advice := menu(p, crate); len(actions) != 0 || len(advice) != 1 {
			t.Errorf("the crate used with a stick in hand offers %v, says %q; want nothing and to hold the key", actions, advice)
		}
		holdStack(p, item.Stack{})
		if actions, advice := menu(p, crate); len(actions) != 0 || len(advice) != 1 {
			t.Errorf("the crate used with an empty hand offers %v, says %q; want nothing and to hold the key", actions, advice)
		}
		hold(t, p, key)
		actions, advice := menu(p, key)
		if slices.Contains(actions, "Open") || len(advice) != 1 || !strings.HasPrefix(advice[0], "use it on the") {
			t.Errorf("the key used in the air offers %v, says %q; want no Open and to use it on the crate", actions, advice)
		}
		finished = true
	}).Done()
	if !finished {
		t.Fatal("the checks on the world goroutine did not finish (a panic, logged above)")
	}
}

// A stack picked up a moment ago is in the hand before the owner has committed the pick-up: the key just picked up,
// still lying on the ground in the published state, opens the crate's menu with Open at once, as the player sees
// the key in their hand. (Before, the menu said to hold the key the player held: a bot that used the coal it had
// just picked up got no menu.)
func TestAStackJustPickedUpIsInTheHand(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Quick")
	key, crate := objectsOf(o, "0,0", "Key")[0], objectsOf(o, "0,0", "Crate")[0]
	v := o.view()
	if v.where.At(key).Kind == store.InInventory {
		t.Fatal("the key starts in an inventory; the test needs it lying in the world")
	}
	obj, _ := v.game.State.Object(key)
	stack := o.looks.stack(o.opts.Pack.Items["Key"], *obj)
	finished := false
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		if _, err := p.Inventory().AddItem(stack); err != nil {
			t.Fatal(err)
		}
		hold(t, p, key)
		hand := handOf(p)
		moves, left := o.menuMoves(v, v.game, p, crate)
		if len(moves) != 1 || moves[0].Rule.Action != "Open" {
			t.Errorf("the crate used with the key just picked up offers %d moves (%v left out, saying %q); want Open",
				len(moves), len(left), hand.advice(v, left, hand.inAir(v, crate)))
		}
		if !hand.inAir(v, key) {
			t.Error("the key just picked up, used, is not a carried item used in the air")
		}
		finished = true
	}).Done()
	if !finished {
		t.Fatal("the checks on the world goroutine did not finish (a panic, logged above)")
	}
}

// lecternPack is a door opened by a lectern with a book on it, the book lying about: the door's step comes second.
const lecternPack = `items:
  Door:    {props: {open_bit: false}, look: {block: barrel}}
  Lectern: {props: {has_book: false}, look: {block: cauldron}}
  Book:    {props: {carryable: true}, look: {item: book}}
rules: |
  Door[open_bit: true] ::= Unlock Door[open_bit: false] Lectern[has_book: true]
  Lectern[has_book: true] ::= Shelve Lectern[has_book: false] Book
areas:
  - {name: Yard, start: true, goals: ["Door[open_bit: true]"], minDepth: 2, maxDepth: 2}
`

// A thing whose step is not the next one says what its step lacks, not "nothing to do with it yet".
func TestNothingToDoNamesWhatIsMissing(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("lectern.yaml", []byte(lecternPack))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	doors := objectsOf(o, "0,0", "Door")
	if len(doors) != 1 {
		t.Fatalf("doors %v, want one", doors)
	}
	v := o.view()
	door, _ := v.game.State.Object(doors[0])
	got := o.missing(v, v.game, *door)
	t.Logf("the door says: %s", got)
	if !strings.Contains(got, "lectern") {
		t.Errorf("the door says %q, want what it lacks: a lectern with a book", got)
	}
}

// Two moves of one action with objects that read the same are told apart by where each object is, not by a number.
func TestTwoLikeObjectsAreToldApart(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Twins")
	crate := objectsOf(o, "0,0", "Crate")[0]
	first, second := give(t, o, w, h, "Key"), give(t, o, w, h, "Key")
	rule := o.view().pack.Rules[0]
	var texts []string
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		hold(t, p, first)
		moves := []puzzle.Move{{Rule: rule, Inputs: []int{crate, first}}, {Rule: rule, Inputs: []int{crate, second}}}
		for _, b := range o.buttons(o.view(), p, moves) {
			texts = append(texts, b.Text)
		}
	}).Done()
	want := []string{"Open with the brass key in your hand", "Open with the brass key in your inventory"}
	if !slices.Equal(texts, want) {
		t.Errorf("buttons %q, want %q", texts, want)
	}
}
