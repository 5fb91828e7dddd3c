package overlay

import (
	"runtime/debug"
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
	retried   bool // the first change left has panicked once already (drain's goroutine only)
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
	o.giveWay.enter()
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
			o.giveWay.leave()
			return
		}
		j.mu.Unlock()
		if rest := o.showInOrder(tx, batch); len(rest) > 0 {
			j.mu.Lock()
			j.pending = append(rest, j.pending...)
			j.mu.Unlock()
		}
	}
}

// showInOrder shows a batch of committed changes in order. A change that panics is contained by runOps; a panic
// of the journal between changes returns the changes not yet begun, to be shown next, so none is lost and the
// order holds. The change the panic came before is tried once more, then left out (logged), so that a panic
// that comes back cannot hold up the world goroutine.
func (o *Overlay) showInOrder(tx *world.Tx, batch [][]op) (rest [][]op) {
	i := 0
	defer func() {
		if p := recover(); p != nil {
			o.opts.Log.Error("overlay: showing committed changes panicked", "panic", p, "stack", string(debug.Stack()))
			o.metrics().Recovered(string(phaseWorld))
			if o.journal.retried {
				o.opts.Log.Error("overlay: a committed change was left out of the world after a second panic")
				i++
			}
			o.journal.retried = !o.journal.retried
			rest = batch[i:]
		}
	}()
	for ; i < len(batch); i++ {
		o.reach(phaseWorld)
		o.runOps(tx, batch[i])
		o.journal.retried = false
	}
	return nil
}
