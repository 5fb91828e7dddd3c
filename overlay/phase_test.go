package overlay

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// injectPanic makes the first request to reach a phase panic there, and reports whether it did.
func injectPanic(o *Overlay, at phase) *atomic.Bool {
	var fired atomic.Bool
	f := func(p phase) {
		if p == at && fired.CompareAndSwap(false, true) {
			panic("injected at " + string(at))
		}
	}
	o.inject.Store(&f)
	return &fired
}

// A panic in any phase of a move (the engine, the commit, publishing, the world changes, the metrics hook) is
// contained: memory, store and world agree afterwards, and the overlay goes on taking moves. A panic before the
// commit undoes the move whole; one after it leaves the move made.
func TestAPanicInEachPhaseLeavesMemoryStoreAndWorldEqual(t *testing.T) {
	for _, tc := range []struct {
		phase   phase
		undoes  bool // the move is undone: it answers with an error
		metrics bool // the panic comes from the metrics hook, user code
	}{
		{phase: phaseEngine, undoes: true},
		{phase: phaseCommit, undoes: true},
		{phase: phasePublish},
		{phase: phaseWorld},
		{phase: "metrics", metrics: true},
	} {
		t.Run(string(tc.phase), func(t *testing.T) {
			w := overlayWorld(t)
			o := newTestOverlay(t, w, t.TempDir())
			defer o.Close()
			h := addPlayer(t, w, o, "Tester")
			key := objectsOf(o, "0,0", "Key")[0]
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			var fired *atomic.Bool
			if tc.metrics {
				o.SetMetrics(panickyMetrics{})
			} else {
				fired = injectPanic(o, tc.phase)
			}
			_, err := pickUpOrPutDown(w, o, h, key).Wait(ctx)
			if tc.undoes != (err != nil) {
				t.Errorf("a panic at %s answered %v", tc.phase, err)
			}
			// A request that fails right after rolls back to the state the store has.
			if _, err := o.post(&request{name: "broken", run: func(context.Context, *state) (result, error) {
				panic("a bug")
			}}).Wait(ctx); err == nil {
				t.Fatal("the broken request answered no error")
			}
			wait(t, o)
			if fired != nil && !fired.Load() {
				t.Fatalf("no request reached %s", tc.phase)
			}
			o.inject.Store(nil)
			o.SetMetrics(nil)
			wantHeld := !tc.undoes
			if held := o.view().where.At(key).Kind == store.InInventory; held != wantHeld {
				t.Errorf("after a panic at %s the key is held: %v, want %v", tc.phase, held, wantHeld)
			}
			agree(ctx, t, o)
			// The overlay goes on.
			if _, err := pickUpOrPutDown(w, o, h, key).Wait(ctx); err != nil {
				t.Fatalf("the next move failed: %v", err)
			}
			wait(t, o)
			agree(ctx, t, o)
		})
	}
}

// pickUpOrPutDown has the player pick the key up, or put it down if they hold it.
func pickUpOrPutDown(w *world.World, o *Overlay, h *world.EntityHandle, key int) *Reply {
	rule := puzzle.PickUp
	if o.view().where.At(key).Kind == store.InInventory {
		rule = puzzle.PutDown
	}
	return playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: rule, Inputs: []int{key}}, groundAt(p), nil)
	})
}

// agree fails the test unless memory, the store and the world agree, as Verify and the store check them.
func agree(ctx context.Context, t *testing.T, o *Overlay) {
	t.Helper()
	storeMatchesMemory(t, o)
	problems, _, err := o.Verify(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// A move that fails puts back what the world moved ahead of the store with world changes computed on the owner,
// from its state (D6): the world goroutine once read the owner's live state to compute them, while the owner went
// on changing it, a race the race detector reports and, unchecked, a fatal concurrent map access.
func TestAFailedMovesPutBackIsComputedOnTheOwner(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Tester")
	key := objectsOf(o, "0,0", "Key")[0]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	injectPanic(o, phaseEngine)
	if _, err := pickUpOrPutDown(w, o, h, key).Wait(ctx); err == nil {
		t.Fatal("the failed move answered no error")
	}
	o.inject.Store(nil)
	// The owner goes on changing its state while the world shows the put-back.
	for range 20 {
		if _, err := o.post(&request{name: "touch", run: func(_ context.Context, s *state) (result, error) {
			s.setWhere(key, s.where.At(key))
			return result{}, nil
		}}).Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	wait(t, o)
	agree(ctx, t, o)
}
