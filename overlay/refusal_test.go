package overlay

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// An intent refused because its area is not open is resolved in the store all the same, so it is not tried again
// at every start (D3): the refusal's change is committed with it.
func TestARefusedIntentIsResolvedInTheStore(t *testing.T) {
	w := overlayWorld(t)
	dir := t.TempDir()
	o := newTestOverlay(t, w, dir)
	defer o.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	far := store.AreaPos{5, 5}
	in := store.Intent{Kind: store.NewPuzzle, Area: far}
	if _, err := o.post(&request{name: "test", run: func(context.Context, *state) (result, error) {
		return result{change: store.Change{Intents: []store.Intent{in}}}, nil
	}}).Wait(ctx); err != nil {
		t.Fatal(err)
	}
	r := newReply()
	o.resume(in, r)
	if _, err := r.Wait(ctx); err == nil || !strings.Contains(err.Error(), "not open") {
		t.Fatalf("a new puzzle for a locked area answered %v", err)
	}
	saved, err := o.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range saved.Intents {
		if s.Area == far {
			t.Fatalf("the refused intent %+v is still in the store", s)
		}
	}
}

// An open area whose new puzzle cannot be generated counts as solved and opens the areas it is a key to, as it
// would had it opened without a puzzle (D4): progression goes on.
func TestAnAreaLeftWithoutAPuzzleOpensWhatItUnlocks(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := o.graph.Start()
	// From now on the generator has no rule that makes the start area's goal.
	broken, err := puzzle.LoadBytes("yard.yaml", []byte(strings.Replace(yardPack, "  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key\n", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := o.post(&request{name: "test", run: func(_ context.Context, s *state) (result, error) {
		s.gen = puzzle.NewGenerator(broken)
		return result{inMemory: true}, nil
	}}).Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if _, err := o.Reroll(start).Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if rec := o.view().areas.At(start).rec; rec.State != store.Solved || rec.NoPuzzle == "" {
		t.Fatalf("the start area without a puzzle is %v, with no puzzle because %q", rec.State, rec.NoPuzzle)
	}
	if v := o.Area(start); v.NoPuzzle == "" {
		t.Error("the dashboard's view of the area does not say why it has no puzzle")
	}
	for ctx.Err() == nil {
		for _, n := range o.graph.Unlocks(start) {
			if o.view().open(n) {
				return
			}
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatalf("no area the start unlocks opened: %v", o.graph.Unlocks(start))
}

// A puzzle that had to give way on its template's bounds says so to admins: the record and the dashboard's view
// carry why (the start area asks for two steps where its rules allow one).
func TestARelaxedPuzzleSaysWhy(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	start := o.graph.Start()
	if rec := o.view().areas.At(start).rec; rec.Relaxed != "" {
		t.Fatalf("a puzzle within its bounds says it gave way: %q", rec.Relaxed)
	}
	if _, err := o.post(&request{name: "test", run: func(_ context.Context, s *state) (result, error) {
		s.areas.At(start).area.MinDepth, s.areas.At(start).area.MaxDepth = 2, 2 // as a ring far out would ask
		return result{}, nil
	}}).Wait(ctx); err != nil {
		t.Fatal(err)
	}
	waitReply(t, o.Reroll(start))
	want := "no puzzle as deep as minDepth 2 could be made here, so this one is 1 rules deep with 1 steps"
	if rec := o.view().areas.At(start).rec; rec.State != store.Active || rec.Relaxed != want {
		t.Fatalf("the start area is %v and gave way because %q", rec.State, rec.Relaxed)
	}
	if v := o.Area(start); v.Relaxed != want {
		t.Errorf("the dashboard's view says %q", v.Relaxed)
	}
}

// After /puzzle reload the new pack places and shows objects (D2): a crate whose look the reload changes from a
// barrel to a chest stands as a chest when the area gets a new puzzle.
func TestAReloadReachesPlacementAndLooks(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	chests, err := puzzle.LoadBytes("yard.yaml", []byte(strings.Replace(yardPack, "look: {block: barrel}", "look: {block: chest}", 1)))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := o.Reload(ctx, chests); err != nil {
		t.Fatal(err)
	}
	waitReply(t, o.Reroll(o.graph.Start()))
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	crate := objectsOf(o, areaName(o.graph.Start()), "Crate")[0]
	at := o.view().where.At(crate).Block
	var name string
	<-w.Do(func(tx *world.Tx) { name, _ = tx.Block(at).EncodeBlock() }).Done()
	if name != "minecraft:chest" {
		t.Errorf("after the reload the crate at %v is a %s, not the new pack's chest", at, name)
	}
}

// A move the engine refuses after the menu's computed properties were set commits those properties with the
// refusal and answers with why (D1): before, memory and readers had the properties, the store did not, and the
// answer was no error at all.
func TestARefusedMoveCommitsThePropertiesItSet(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	crate, key := objectsOf(o, "0,0", "Crate")[0], objectsOf(o, "0,0", "Key")[0]
	var open *puzzle.Rule
	for _, r := range o.view().pack.Rules {
		if r.Action == "Open" {
			open = r
		}
	}
	// The properties computed for the menu say the crate is open already, so the engine refuses to open it.
	props := map[int]puzzle.Props{crate: {"open_bit": puzzle.Bool(true)}}
	at := o.view().where.At(crate).Block
	r := o.post(&request{name: "move", run: func(_ context.Context, s *state) (result, error) {
		return o.move(s, mover{name: "Tester"}, puzzle.Move{Rule: open, Inputs: []int{crate, key}}, at, props)
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if _, err := r.Wait(ctx); err == nil {
		t.Error("the refused move answered no error")
	}
	obj, _ := o.view().game.State.Object(crate)
	if v := obj.Props["open_bit"]; !v.Bool {
		t.Fatalf("the crate's computed property is not in memory: %v", obj.Props)
	}
	storeMatchesMemory(t, o)
}
