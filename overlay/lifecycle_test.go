package overlay

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/worldgen"
)

// storeMatchesMemory fails the test unless the store holds exactly the published state: every area record and
// every object with its place. What players were told is in the store, and nothing else is.
func storeMatchesMemory(t *testing.T, o *Overlay) {
	t.Helper()
	saved, err := o.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	v := o.view()
	for pos, run := range v.areas.All() {
		rec, ok := saved.Areas[pos]
		if !ok {
			t.Errorf("area %v is in memory but not in the store", pos)
			continue
		}
		if rec.State != run.rec.State || rec.Rerolls != run.rec.Rerolls || rec.Goal != run.rec.Goal ||
			rec.Template != run.rec.Template || string(rec.Puzzle) != string(run.rec.Puzzle) {
			t.Errorf("area %v: store %v/%d rerolls/%q, memory %v/%d rerolls/%q", pos, rec.State, rec.Rerolls, rec.Goal,
				run.rec.State, run.rec.Rerolls, run.rec.Goal)
		}
	}
	if len(saved.Areas) != v.areas.Len() {
		t.Errorf("store has %d areas, memory %d", len(saved.Areas), v.areas.Len())
	}
	for _, obj := range v.game.State.Objects() {
		rec, ok := saved.Objects[obj.ID]
		if !ok {
			t.Errorf("object %v is in memory but not in the store", obj)
			continue
		}
		if rec.Item != obj.Item || rec.Area != obj.Area || !rec.Props.Equal(obj.Props) || rec.Where != v.where.At(obj.ID) {
			t.Errorf("object %d: store %v at %+v, memory %v at %+v", obj.ID, rec.Object, rec.Where, obj, v.where.At(obj.ID))
		}
	}
	if len(saved.Objects) != len(v.game.State.Objects()) {
		t.Errorf("store has %d objects, memory %d", len(saved.Objects), len(v.game.State.Objects()))
	}
}

// addPlayer adds a player without a network session to the world.
func addPlayer(t *testing.T, w *world.World, o *Overlay, name string) *world.EntityHandle {
	t.Helper()
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: mgl64.Vec3{8, -60, 8}, ID: id}.New(player.Type, player.Config{Name: name, UUID: id,
		Position: mgl64.Vec3{8, -60, 8}, GameMode: world.GameModeSurvival})
	<-w.Do(func(tx *world.Tx) { o.Join(tx.AddEntity(h).(*player.Player)) }).Done()
	return h
}

// playAs runs f with the player on the world goroutine and returns the reply of the request f made.
func playAs(w *world.World, h *world.EntityHandle, f func(p *player.Player) *Reply) *Reply {
	var r *Reply
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		r = f(e.(*player.Player))
	}).Done()
	return r
}

// A move made while a new puzzle for the area is being prepared is committed in the order it changed memory: the
// store ends equal to memory (a reviewer saw "rerolls 0" stored with memory at 1, and a tree naming a deleted
// object).
func TestMoveDuringRerollKeepsStoreAndMemoryInOneOrder(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Quick")
	key := objectsOf(o, "0,0", "Key")[0]
	reroll := o.Reroll(store.AreaPos{0, 0})
	pick := playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	})
	waitReply(t, pick)
	waitReply(t, reroll)
	wait(t, o)
	if run := o.view().areas.At(store.AreaPos{0, 0}); run.rec.Rerolls != 1 || run.rec.State != store.Active {
		t.Fatalf("after the reroll: %+v", run.rec)
	}
	storeMatchesMemory(t, o)
}

// The world goroutine never waits for the owner: thousands of requests posted in one transaction return at once,
// the ones past the queue's bound refused with a message, and the overlay goes on.
func TestAFullQueueNeverBlocksTheWorld(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Flood")
	key := objectsOf(o, "0,0", "Key")[0]
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// The owner is held up (as by a long commit), so requests pile up.
	release, running := make(chan struct{}), make(chan struct{})
	held := o.post(&request{name: "slow", run: func(context.Context, *state) (result, error) {
		close(running)
		<-release
		return result{}, nil
	}})
	<-running
	busy := 0
	task := w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		for range maxQueued + 100 {
			r := o.act(p, puzzle.Move{Rule: puzzle.PutDown, Inputs: []int{key}}, groundAt(p), nil)
			select {
			case <-r.done:
				if errors.Is(r.err, errBusy) {
					busy++
				}
			default:
			}
		}
	})
	if err := task.Wait(ctx); err != nil {
		t.Fatalf("the world goroutine is stuck behind the overlay: %v", err)
	}
	close(release)
	waitReply(t, held)
	if busy == 0 {
		t.Error("no request was refused past the queue's bound")
	}
	wait(t, o)
	waitReply(t, o.Lock(store.AreaPos{0, 0}))
	storeMatchesMemory(t, o)
}

// A solve commits the opening of the areas it is a key to with it: an overlay closed right after the solve
// (a stop, or a crash: work in flight never finishes) opens them at its next start.
func TestNeighboursOfASolveOpenAfterAStopRightAfterIt(t *testing.T) {
	w := overlayWorld(t)
	dir := filepath.Join(t.TempDir(), "puzzles")
	o := newTestOverlay(t, w, dir)
	h := addPlayer(t, w, o, "Solver")
	key, crate := objectsOf(o, "0,0", "Key")[0], objectsOf(o, "0,0", "Crate")[0]
	at := o.view().where.At(crate).Block
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}))
	open := playAs(w, h, func(p *player.Player) *Reply {
		hold(t, p, key)
		v := o.view()
		return o.act(p, o.movesFrom(v, v.game, p, crate)[0], at, nil)
	})
	waitReply(t, open)
	if err := o.Close(); err != nil { // at once: the neighbours' openings are in flight at best
		t.Fatal(err)
	}
	o2 := newTestOverlay(t, w, dir)
	defer o2.Close()
	wait(t, o2)
	v := o2.view()
	if !v.solved(store.AreaPos{0, 0}) {
		t.Fatal("the solve was lost")
	}
	for _, n := range (store.AreaPos{0, 0}).Neighbours() {
		if !v.open(n) {
			t.Errorf("neighbour %v stayed locked after the restart", n)
		}
	}
	saved, err := o2.store.Load()
	if err != nil || len(saved.Intents) != 0 {
		t.Errorf("intents left in the store once done: %v, %v", saved.Intents, err)
	}
	storeMatchesMemory(t, o2)
}

// A lock is answered only once the store has it.
func TestALockIsInTheStoreWhenAnswered(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	text := waitReply(t, o.Lock(store.AreaPos{0, 0}))
	saved, err := o.store.Load()
	if err != nil || saved.Areas[store.AreaPos{0, 0}].State != store.Locked {
		t.Fatalf("answered %q, but the store has %+v (%v)", text, saved.Areas[store.AreaPos{0, 0}], err)
	}
	if !strings.Contains(strings.Join(text, " "), "locked") {
		t.Errorf("answer %q", text)
	}
}

// A request that panics halfway leaves the state as it was (the last published one, which the store has), the
// owner goes on, and later requests work.
func TestAPanickingRequestChangesNothing(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	before := len(o.view().game.State.Objects())
	r := o.post(&request{name: "broken", area: store.AreaPos{0, 0}, run: func(_ context.Context, s *state) (result, error) {
		s.game.Add(puzzle.Object{Item: "Key", Area: "0,0"})
		s.changeRun(store.AreaPos{0, 0}).rec.Rerolls = 99
		panic("a bug")
	}})
	if _, err := r.Wait(context.Background()); err == nil || !strings.Contains(err.Error(), "a bug") {
		t.Fatalf("the panicking request answered %v", err)
	}
	v := o.view()
	if len(v.game.State.Objects()) != before || v.areas.At(store.AreaPos{0, 0}).rec.Rerolls != 0 {
		t.Errorf("the panic left its half-change: %d objects (was %d), rerolls %d", len(v.game.State.Objects()), before, v.areas.At(store.AreaPos{0, 0}).rec.Rerolls)
	}
	waitReply(t, o.Reroll(store.AreaPos{0, 0}))
	storeMatchesMemory(t, o)
}

// Admin commands answer what happened: rerolling or locking a locked area, and unlocking an open one, are
// refused and change nothing.
func TestAdminRequestsAnswerFailures(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	ctx := context.Background()
	far := store.AreaPos{9, 9}
	for name, r := range map[string]*Reply{"reroll": o.Reroll(far), "lock": o.Lock(far), "unlock": o.Unlock(store.AreaPos{0, 0})} {
		if _, err := r.Wait(ctx); err == nil {
			t.Errorf("%s answered no error", name)
		}
	}
	text := waitReply(t, o.Unlock(store.AreaPos{1, 0}))
	if !strings.Contains(strings.Join(text, " "), "open") || !o.view().open(store.AreaPos{1, 0}) {
		t.Errorf("unlock answered %q; area open: %v", text, o.view().open(store.AreaPos{1, 0}))
	}
	storeMatchesMemory(t, o)
}

// After a restart, the next area opens (the saved puzzles in progress are read back whole), on real terrain with
// the default pack: it froze the server before.
func TestAnAreaOpensAfterARestart(t *testing.T) {
	if testing.Short() {
		t.Skip("real terrain")
	}
	world.DefaultBlockRegistry.Finalize()
	pack, err := puzzle.Load("../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	w := world.Config{Generator: worldgen.New(42), Entities: entityRegistry()}.New()
	defer w.Close()
	dir := t.TempDir()
	open := func() *Overlay {
		o, err := New(w, Options{Pack: pack, Seed: 42, StoreDir: dir, Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
		if err != nil {
			t.Fatal(err)
		}
		o.Start()
		wait(t, o)
		return o
	}
	o := open()
	start := o.graph.Start()
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	o = open()
	defer o.Close()
	for i, n := range start.Neighbours() {
		text := waitReply(t, o.Unlock(n))
		if !strings.Contains(strings.Join(text, " "), "is open") {
			t.Errorf("unlock %d of %v answered %q", i, n, text)
		}
	}
	storeMatchesMemory(t, o)
	if t.Failed() {
		return
	}
	for _, n := range start.Neighbours() {
		if run := o.view().areas.At(n); run.rec.State == store.Locked {
			t.Errorf("area %v: %s", n, fmt.Sprint(run.rec.State))
		}
	}
}

// smithPack: the smith forges a key from an ingot; the key opens the crate. Every area has one.
const smithPack = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Smith: {look: {entity: villager_v2}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
  Ingot: {props: {carryable: true}, look: {item: iron_ingot}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
  Key Smith ::= Forge Smith Ingot
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], minDepth: 2, maxDepth: 2}
  - {name: Field, goals: ["Crate[open_bit: true]"], minDepth: 1, maxDepth: 2, minDistance: 1}
`

// A new area's puzzle never builds on what another unfinished puzzle has made and still needs: the key the start
// area's smith forged stays the start area's, so opening its crate leaves the new area solvable (the restart
// matrix found a Field puzzle whose only key was that one).
func TestNewPuzzlesLeaveOthersTheirIntermediates(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("smith.yaml", []byte(smithPack))
	if err != nil {
		t.Fatal(err)
	}
	for seed := range int64(8) {
		o, err := New(w, Options{Pack: pack, Seed: seed, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
			Log: slog.New(slog.DiscardHandler)})
		if err != nil {
			t.Fatal(err)
		}
		o.Start()
		wait(t, o)
		h := addPlayer(t, w, o, fmt.Sprintf("Smithy%d", seed))
		smith, ingot := objectsOf(o, "0,0", "Smith")[0], objectsOf(o, "0,0", "Ingot")[0]
		forge := puzzle.Move{Rule: o.view().pack.Rules[1], Inputs: []int{smith, ingot}}
		waitReply(t, playAs(w, h, func(p *player.Player) *Reply { return o.act(p, forge, o.view().where.At(smith).Block, nil) }))
		keys := objectsOf(o, "0,0", "Key")
		if len(keys) != 1 {
			t.Fatalf("seed %d: keys after forging: %v", seed, keys)
		}
		waitReply(t, o.Unlock(store.AreaPos{1, 0}))
		run := o.view().areas.At(store.AreaPos{1, 0})
		if run.puzzle != nil {
			for _, l := range run.puzzle.Leaves() {
				if l.Object == keys[0] {
					t.Errorf("seed %d: area 1,0's puzzle uses the key the start area forged and still needs", seed)
				}
			}
		}
		_ = o.Close()
	}
}

// hold puts the stack of an object in the player's main hand, as a player picks a hotbar slot (moving it into the
// hotbar first when it lies further in).
func hold(t *testing.T, p *player.Player, id int) {
	t.Helper()
	inv := p.Inventory()
	for slot, s := range inv.Slots() {
		if got, ok := stackObject(s); !ok || got != id {
			continue
		}
		if slot >= 9 {
			if err := inv.Swap(slot, 8); err != nil {
				t.Fatal(err)
			}
			slot = 8
		}
		if err := p.SetHeldSlot(slot); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Fatalf("the player holds no stack of object %d", id)
}
