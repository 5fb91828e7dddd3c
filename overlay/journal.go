package overlay

import (
	"sync"

	"github.com/df-mc/dragonfly/server/world"
)

// journal hands the world its changes in the order the owner committed them. Dragonfly runs a task on a goroutine
// of its own when its queue is full, so tasks scheduled one after another may run out of order; the journal keeps
// the changes itself and at most one drain task in Dragonfly's queue, which shows them in order.
type journal struct {
	mu        sync.Mutex
	pending   [][]op
	scheduled bool // a drain task is in Dragonfly's queue or running
}

// toWorld queues a committed request's world changes after those already queued, and schedules a drain unless one
// is already scheduled. It never waits for the world.
func (o *Overlay) toWorld(ops []op) {
	if len(ops) == 0 {
		return
	}
	j := &o.journal
	j.mu.Lock()
	j.pending = append(j.pending, ops)
	if j.scheduled {
		j.mu.Unlock()
		return
	}
	j.scheduled = true
	j.mu.Unlock()
	o.do(o.drain)
}

// drain shows every queued change in order, on the world goroutine, until none is left.
func (o *Overlay) drain(tx *world.Tx) {
	j := &o.journal
	for {
		j.mu.Lock()
		batch := j.pending
		j.pending = nil
		if len(batch) == 0 {
			j.scheduled = false
			j.mu.Unlock()
			return
		}
		j.mu.Unlock()
		for _, ops := range batch {
			o.runOps(tx, ops)
		}
	}
}
