package overlay

import (
	"context"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/world"
)

// Long work waits at its pause points while the owner handles a request, and while the world has committed changes
// still to show; it goes on once they are done, and after the longest wait at most. (The benchmark shows what it is
// for: BenchmarkMoveLatency's "generating" against "generating, not giving way".)
func TestLongWorkGivesWayToTheOwnerAndTheWorld(t *testing.T) {
	w := overlayWorld(t)
	o := openTestOverlay(t, w, t.TempDir())
	t.Cleanup(func() { _ = o.Close() }) // after the owner and the world are let go (cleanups run last first)
	o.Start()
	wait(t, o)
	o.giveWay.most = time.Minute

	// The owner handles a request that runs until the test lets it end.
	release := holdOwner(t, o)
	passed := passing(o)
	stillWaits(t, passed, "the owner handles a request")
	release()
	goesOn(t, passed, "the request was handled")

	// The world goroutine is busy: a request's committed change waits to be shown.
	worldFree := make(chan struct{})
	letWorldGo := sync.OnceFunc(func() { close(worldFree) })
	t.Cleanup(letWorldGo)
	w.Do(func(*world.Tx) { <-worldFree })
	shownAt := make(chan struct{})
	waitReply(t, o.post(&request{name: "to show", run: func(context.Context, *state) (result, error) {
		return result{ops: []op{func(*world.Tx) { close(shownAt) }}}, nil
	}}))
	passed = passing(o)
	stillWaits(t, passed, "the world has a committed change still to show")
	letWorldGo()
	<-shownAt
	goesOn(t, passed, "the world showed the change")

	// A server whose owner never rests still makes new puzzles: a pause point waits the longest wait at most.
	o.giveWay.most = 10 * time.Millisecond
	release = holdOwner(t, o)
	goesOn(t, passing(o), "the longest wait at a pause point")
	release()

	if s := o.view(); s.pause != nil {
		t.Error("the published state has a pause point: the owner's work would wait for itself")
	}
}

// holdOwner has the owner handle a request that runs until the returned function is called (or the test ends), and
// returns once the owner runs it.
func holdOwner(t *testing.T, o *Overlay) (release func()) {
	t.Helper()
	inRun, held := make(chan struct{}), make(chan struct{})
	r := o.post(&request{name: "held", run: func(context.Context, *state) (result, error) {
		close(inRun)
		<-held
		return result{}, nil
	}})
	let := sync.OnceFunc(func() { close(held) })
	t.Cleanup(let)
	<-inRun
	return func() {
		let()
		waitReply(t, r)
	}
}

// passing calls long work's pause point off the owner and returns a channel closed when it returns.
func passing(o *Overlay) <-chan struct{} {
	passed := make(chan struct{})
	go func() {
		o.giveWay.pass()
		close(passed)
	}()
	return passed
}

// stillWaits checks that a pause point has not returned within a tenth of a second.
func stillWaits(t *testing.T, passed <-chan struct{}, while string) {
	t.Helper()
	select {
	case <-passed:
		t.Fatalf("long work went on while %s", while)
	case <-time.After(100 * time.Millisecond):
	}
}

// goesOn waits for a pause point to return.
func goesOn(t *testing.T, passed <-chan struct{}, after string) {
	t.Helper()
	select {
	case <-passed:
	case <-time.After(time.Minute):
		t.Fatalf("long work still waits after %s", after)
	}
}
