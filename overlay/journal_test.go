package overlay

import (
	"context"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// World changes run in the order their requests were committed, even when Dragonfly's task queue is full and it
// hands tasks to goroutines of their own (D5): eight requests committed in order behind a full queue show their
// changes in that order.
func TestWorldChangesRunInCommitOrder(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	for trial := range 20 {
		release := make(chan struct{})
		w.Do(func(*world.Tx) { <-release }) // the world goroutine waits
		for range 200 {
			w.Do(func(*world.Tx) {}) // Dragonfly's queue fills; the rest go to goroutines of their own
		}
		var mu sync.Mutex
		var order []int
		var replies []*Reply
		for i := range 8 {
			replies = append(replies, o.post(&request{name: "test", run: func(context.Context, *state) (result, error) {
				return result{ops: []op{func(*world.Tx) { mu.Lock(); order = append(order, i); mu.Unlock() }}}, nil
			}}))
		}
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		for _, r := range replies {
			if _, err := r.Wait(ctx); err != nil {
				t.Fatal(err)
			}
		}
		close(release)
		for {
			mu.Lock()
			n := len(order)
			mu.Unlock()
			if n == 8 || ctx.Err() != nil {
				break
			}
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
		mu.Lock()
		if !slices.IsSorted(order) || len(order) != 8 {
			t.Fatalf("trial %d: the changes ran in the order %v", trial, order)
		}
		mu.Unlock()
	}
}

// A panic after the commit (the metrics hook, the work a request starts afterwards) is logged; the change stands,
// the request is answered and the owner goes on (D8).
func TestAPanicAfterTheCommitLeavesTheOwnerRunning(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	o.SetMetrics(panickyMetrics{})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	shown := make(chan struct{})
	r := o.post(&request{name: "test", run: func(_ context.Context, s *state) (result, error) {
		return result{change: store.Change{NextID: s.game.State.NextID}, ops: []op{func(*world.Tx) { close(shown) }},
			after: []func(){func() { panic("after") }}}, nil
	}})
	if _, err := r.Wait(ctx); err != nil {
		t.Fatalf("the request failed: %v", err)
	}
	select {
	case <-shown:
	case <-ctx.Done():
		t.Fatal("the world change was not shown")
	}
	o.SetMetrics(nil)
	if _, err := o.post(&request{name: "next", run: func(context.Context, *state) (result, error) { return result{}, nil }}).Wait(ctx); err != nil {
		t.Fatalf("the owner stopped: %v", err)
	}
}

// panickyMetrics is a metrics hook whose Committed panics, as user code may.
type panickyMetrics struct{ NopMetrics }

// Committed panics.
func (panickyMetrics) Committed(time.Duration, error) { panic("metrics") }
