package overlay

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"sync"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// A request is a change to the puzzle state, run by the owner goroutine in the order requests arrive. Its run
// function changes the owner's state (through the engine) and returns what to commit and show; the owner then
// writes the change to the store, publishes a copy of the state for readers, hands the world changes to the world
// and answers the request. Memory, store and world thus change in one order, the journal's.
type request struct {
	name string        // what the request does, for logs: "move", "unlock"
	area store.AreaPos // the area it is about, for logs
	run  func(ctx context.Context, s *state) (result, error)
	// fail, if set, repairs the owner's state after run failed, on top of the last published state (it clears
	// work in flight, say); it must not touch the store.
	fail  func(s *state)
	reply *Reply
}

// result is what a request did: the change to commit, the world changes to show once it is committed, and work
// to start afterwards (long work off the owner, which posts its result back as another request).
type result struct {
	change store.Change
	ops    []op
	after  []func()
	text   []string // the answer, in words
	// later means the request's work goes on off the owner: the reply is answered by the request that finishes it.
	later bool
	// refused is why the request could not do what it was asked; its change and world changes (an intent
	// resolved, a stack put back) are still committed and shown. A request that fails with an error instead
	// changes nothing at all.
	refused error
	// inMemory says the request changed the state in ways the store does not hold (a reload's pack): it is
	// published though its change is empty. A request with an empty change and no inMemory changed nothing, and
	// nothing is copied for readers.
	inMemory bool
}

// Reply is the answer to a request made of the overlay (a move, an unlock, a lock): what was done, which the
// store has, or why nothing was. A caller off the world goroutine may wait for it (the console, tests, tools).
type Reply struct {
	done chan struct{}
	err  error
	text []string // what the change did, in words, for the one who asked
}

func newReply() *Reply { return &Reply{done: make(chan struct{})} }

// finish answers the request once.
func (r *Reply) finish(text []string, err error) {
	if r == nil {
		return
	}
	r.text, r.err = text, err
	close(r.done)
}

// Wait waits for the answer. Never call it on the world goroutine: the answer may need a world task.
func (r *Reply) Wait(ctx context.Context) ([]string, error) {
	select {
	case <-r.done:
		return r.text, r.err
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// maxQueued bounds the requests waiting for the owner; past it requests are refused at once, so a flood of
// packets never grows memory without end and the world goroutine never waits.
const maxQueued = 8192

// errBusy is the answer to a request refused because too many wait.
var errBusy = errors.New("the puzzles are busy: try again in a moment")

// inbox is the owner's queue of requests. Putting never blocks.
type inbox struct {
	mu     sync.Mutex
	queue  []*request
	ready  chan struct{} // has a token while the queue is not empty
	closed bool
}

func newInbox() *inbox { return &inbox{ready: make(chan struct{}, 1)} }

// put queues a request and reports whether it was taken.
func (q *inbox) put(r *request) error {
	q.mu.Lock()
	switch {
	case q.closed:
		q.mu.Unlock()
		return errClosed
	case len(q.queue) >= maxQueued:
		q.mu.Unlock()
		return errBusy
	}
	q.queue = append(q.queue, r)
	q.mu.Unlock()
	select {
	case q.ready <- struct{}{}:
	default:
	}
	return nil
}

// take returns the queued requests and empties the queue.
func (q *inbox) take() []*request {
	q.mu.Lock()
	defer q.mu.Unlock()
	out := q.queue
	q.queue = nil
	return out
}

// next takes the first queued request, or nil. Requests are taken one at a time, so that one not yet handled is
// still in the queue for Wait to see.
func (q *inbox) next() *request {
	q.mu.Lock()
	defer q.mu.Unlock()
	if len(q.queue) == 0 {
		return nil
	}
	r := q.queue[0]
	q.queue[0] = nil
	q.queue = q.queue[1:]
	return r
}

// close refuses further requests and returns those still queued.
func (q *inbox) close() []*request {
	q.mu.Lock()
	q.closed = true
	q.mu.Unlock()
	return q.take()
}

// post hands a request to the owner without waiting, from any goroutine. A refused request is answered at once.
func (o *Overlay) post(r *request) *Reply {
	if r.reply == nil {
		r.reply = newReply()
	}
	o.giveWay.enter()
	if err := o.inbox.put(r); err != nil {
		o.giveWay.leave()
		r.reply.finish(nil, err)
	}
	return r.reply
}

// own runs requests one at a time until the overlay closes. It is the only goroutine that changes the state.
func (o *Overlay) own(ctx context.Context) {
	defer o.wg.Done()
	for {
		select {
		case <-ctx.Done():
			for _, r := range o.inbox.close() {
				r.reply.finish(nil, errClosed)
				o.giveWay.leave()
			}
			return
		case <-o.inbox.ready:
			for r := o.inbox.next(); r != nil; r = o.inbox.next() {
				o.handle(ctx, r)
				o.giveWay.leave()
			}
		}
	}
}

// handle runs one request: the change in memory, then in the store, then published, then in the world. A
// request that fails or panics leaves the state as the last published one (which the store has), repaired by its
// fail function, and the overlay goes on.
func (o *Overlay) handle(ctx context.Context, r *request) {
	res, err := o.runSafely(ctx, r)
	if err == nil && !res.change.Empty() {
		err = o.commitTimed(res.change)
	}
	if err != nil {
		o.rollback(r)
		r.reply.finish(nil, err)
		return
	}
	o.noteCleared(res.change)
	// The change is in the store: whatever panics from here on (a copy for readers, user code) is logged and the
	// rest still runs, so that memory, store and world stay one.
	if !res.change.Empty() || res.inMemory {
		o.publishSafely(r)
	}
	o.toWorld(res.ops)
	for _, f := range res.after {
		o.safely("after", r, f)
	}
	if !res.later {
		r.reply.finish(res.text, res.refused)
	}
}

// safely runs a phase of a request after its commit, logging a panic rather than passing it on.
func (o *Overlay) safely(phase string, r *request, f func()) {
	defer func() {
		if p := recover(); p != nil {
			o.opts.Log.Error("overlay: a request panicked after its commit; the change stands", "request", r.name,
				"phase", phase, "area", r.area.String(), "panic", p, "stack", string(debug.Stack()))
			o.metrics().Recovered(phase)
		}
	}()
	f()
}

// commitSafely writes a change to the store. The store writes a change whole or not at all, at the end of Commit:
// a panic on the way is a failed commit, and the request rolls back as it does when the write fails.
func (o *Overlay) commitSafely(c store.Change) (err error) {
	defer func() {
		if p := recover(); p != nil {
			o.opts.Log.Error("overlay: a commit panicked; nothing was written", "panic", p, "stack", string(debug.Stack()))
			o.metrics().Recovered(string(phaseCommit))
			err = fmt.Errorf("the puzzle store could not be written: %v", p)
		}
	}()
	o.reach(phaseCommit)
	return o.store.Commit(c)
}

// publishSafely publishes the owner's state once its change is committed. Should that panic, readers would see a
// state older than the store's, and a later rollback would go back to it: the state is rebuilt from the store.
func (o *Overlay) publishSafely(r *request) {
	published := false
	o.safely(string(phasePublish), r, func() { o.publish(); published = true })
	if !published {
		o.safely("rebuild", r, o.rebuild)
	}
}

// rebuild makes the owner's state and the published one the store's again, after a panic left memory in doubt. The
// pack, generator and tagger in use and the work in flight (which the store does not hold) are kept.
func (o *Overlay) rebuild() {
	saved, err := o.store.Load()
	if err != nil {
		panic(fmt.Errorf("rebuild the puzzle state from the store: %w", err))
	}
	s := newState(o.st.pack, o.st.gen, o.st.tagger, o.opts.Mode, int32(o.opts.AreaSize))
	if err := o.restoreState(s, saved); err != nil {
		panic(fmt.Errorf("rebuild the puzzle state from the store: %w", err))
	}
	o.ownIDs(s, o.st.game.State.NextID)
	s.pending, s.version, s.epoch = o.st.pending, o.st.version+1, o.st.epoch+1
	o.st = s
	o.pub.Store(s.clone())
	o.opts.Log.Warn("overlay: the puzzle state was rebuilt from the store")
}

// runSafely runs a request's function, turning a panic into an error logged with the area and the stack.
func (o *Overlay) runSafely(ctx context.Context, r *request) (res result, err error) {
	defer func() {
		if p := recover(); p != nil {
			o.opts.Log.Error("overlay: a request panicked; its area keeps its last saved state",
				"request", r.name, "area", r.area.String(), "panic", p, "stack", string(debug.Stack()))
			o.metrics().Recovered("request")
			err = fmt.Errorf("%s of area %v failed: %v", r.name, r.area, p)
		}
	}()
	return r.run(ctx, o.st)
}

// rollback puts the owner's state back to the last published one, which the store has, and repairs it with the
// request's fail function.
func (o *Overlay) rollback(r *request) {
	o.st = o.pub.Load().clone()
	if r.fail == nil {
		return
	}
	func() {
		defer func() {
			if p := recover(); p != nil {
				o.opts.Log.Error("overlay: repairing after a failed request panicked", "request", r.name, "panic", p)
				o.metrics().Recovered("repair")
			}
		}()
		r.fail(o.st)
	}()
	o.publish()
}

// publish makes a copy of the owner's state the one readers see. The copy shares all it can with the owner's
// state (cow.go): the owner copies a part of it when it first changes it again.
func (o *Overlay) publish() {
	o.reach(phasePublish)
	o.pub.Store(o.st.clone())
}

// view returns the latest published state. It never changes: read it freely, change nothing in it.
func (o *Overlay) view() *state { return o.pub.Load() }

// runOps shows changes in the world, each on its own: one that panics is logged and the others still run.
func (o *Overlay) runOps(tx *world.Tx, ops []op) {
	for _, f := range ops {
		func() {
			defer func() {
				if p := recover(); p != nil {
					o.opts.Log.Error("overlay: a world change panicked", "panic", p, "stack", string(debug.Stack()))
					o.metrics().Recovered("world change")
				}
			}()
			f(tx)
		}()
	}
}

// goSafely runs long work (snapshots, analyses) on a goroutine of its own that the overlay waits for when it
// closes. A panic is logged and handed to onPanic (on that goroutine), so the work's area can be repaired.
func (o *Overlay) goSafely(name string, area store.AreaPos, work func(ctx context.Context), onPanic func()) {
	o.wg.Add(1)
	o.working.Add(1)
	go func() {
		defer o.wg.Done()
		defer o.working.Add(-1)
		defer func() {
			if p := recover(); p != nil {
				o.opts.Log.Error("overlay: background work panicked", "work", name, "area", area.String(),
					"panic", p, "stack", string(debug.Stack()))
				o.metrics().Recovered("background")
				if onPanic != nil {
					onPanic()
				}
			}
		}()
		work(o.ctx)
	}()
}

// queue0 returns the requests queued now, without taking them.
func (q *inbox) queue0() []*request {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]*request(nil), q.queue...)
}
