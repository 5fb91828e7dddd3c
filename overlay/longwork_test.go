package overlay

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"riddlestone/overlay/store"
)

// A new puzzle is planned off the owner, which answers moves meanwhile; a move that changes the area under the
// plan (the old puzzle's key picked up, which the plan would have cleared away) makes the plan stale, and it is
// planned again on the newer state: memory, store and world agree, and the key stays in the player's hand.
func TestAPuzzlePlannedOffTheOwnerIsPlannedAgainWhenStale(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Tester")
	start := o.graph.Start()
	key := objectsOf(o, areaName(start), "Key")[0]
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	entered, release := make(chan struct{}, 16), make(chan struct{})
	var plans atomic.Int32
	hold := func(p phase) {
		if p == phasePlan {
			plans.Add(1)
			entered <- struct{}{}
			<-release
		}
	}
	o.inject.Store(&hold)
	reroll := o.Reroll(start)
	select {
	case <-entered:
	case <-ctx.Done():
		t.Fatal("the new puzzle was never planned")
	}
	// While the plan is held, the owner answers a move in the area.
	if _, err := pickUpOrPutDown(w, o, h, key).Wait(ctx); err != nil {
		t.Fatalf("a move during the planning failed: %v", err)
	}
	close(release)
	if _, err := reroll.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	wait(t, o)
	o.inject.Store(nil)
	if n := plans.Load(); n < 2 {
		t.Errorf("the stale plan was taken: planned %d times", n)
	}
	if run := o.view().areas.At(start); run.rec.Rerolls != 1 || run.rec.State != store.Active {
		t.Errorf("after the reroll the area is %v with %d rerolls", run.rec.State, run.rec.Rerolls)
	}
	if where := o.view().where.At(key); where.Kind != store.InInventory {
		t.Errorf("the held key is %+v, not in the inventory", where)
	}
	agree(ctx, t, o)
}
