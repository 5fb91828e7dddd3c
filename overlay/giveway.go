package overlay

import (
	"cmp"
	"sync"
	"sync/atomic"
	"time"
)

// Long work gives way to the players' moves. Generation and planning off the owner keep a processor busy for
// milliseconds at a time, and Go hands a goroutine that wakes (the owner back from its commit's fsync, the world
// goroutine given a move's changes to show) a processor only when one is free: on two cores a move then waited
// 3 ms at the 99th percentile behind a new puzzle being made (docs/benchmarks.md). So while the owner has requests
// to handle, or the world has committed changes still to show, long work stops at its next pause point (giveWay.pass)
// and lets them have the processor; it goes on once they are done, or after maxGiveWay at most, so that a busy
// server still makes new puzzles.

// maxGiveWay bounds how long long work waits at one pause point.
const maxGiveWay = 2 * time.Millisecond

// giveWay counts the owner's requests queued or being handled and the world's drains of committed changes
// scheduled: while there are any, long work waits at its pause points.
type giveWay struct {
	busy  atomic.Bool   // n > 0, read without the lock at every pause point
	never bool          // long work never waits (set by benchmarks, as the reference)
	most  time.Duration // the longest wait at one pause point; maxGiveWay when 0 (set by tests)

	mu   sync.Mutex
	n    int
	idle chan struct{} // closed when n falls to 0; a new one each time n rises from 0
}

// enter counts one more request or drain.
func (g *giveWay) enter() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.n++; g.n == 1 {
		g.idle = make(chan struct{})
		g.busy.Store(true)
	}
}

// leave counts a request or drain done.
func (g *giveWay) leave() {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.n--; g.n == 0 {
		close(g.idle)
		g.busy.Store(false)
	}
}

// pass is a pause point of long work: it returns at once unless the owner or the world has work, and then once
// they are done, or after maxGiveWay. Never call it on the owner or the world goroutine: they would wait for
// themselves.
func (g *giveWay) pass() {
	if g.never || !g.busy.Load() {
		return
	}
	g.mu.Lock()
	idle, busy := g.idle, g.n > 0
	g.mu.Unlock()
	if !busy {
		return
	}
	t := time.NewTimer(cmp.Or(g.most, maxGiveWay))
	defer t.Stop()
	select {
	case <-idle:
	case <-t.C:
	}
}
