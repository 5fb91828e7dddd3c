package overlay

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/gamecheck"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Overlay lays the puzzles over one world.
//
// Its state has one owner, a goroutine that runs requests (moves, openings, new puzzles, locks, reloads) one at
// a time: each changes the state through the engine, is committed to the store, is published as a copy for
// readers and only then is shown in the world, so memory, store and world change in one order (see owner.go).
// Player handlers run on the world goroutine: they read the published copy and post requests without waiting.
// Long work (snapshots, tagging, analyses) runs on goroutines of its own and posts its result as a request. Work
// decided but not done yet (areas to open, puzzles to generate again) is committed as intents and resumed at start.
type Overlay struct {
	opts  Options
	w     *world.World
	store store.Store
	// online are the players playing on this server, by UUID: the objects they hold are this server's to change,
	// and following the others' commits leaves them as they are (follow.go).
	online sync.Map
	looks  looks
	graph  Graph

	inbox   *inbox
	giveWay giveWay               // long work waits while requests and world changes wait (giveway.go)
	journal journal               // the world changes committed and not yet shown, in order
	st      *state                // the owner's; only the owner goroutine touches it once Start has run
	pub     atomic.Pointer[state] // the latest published copy, for everyone else

	ctx       context.Context
	cancel    context.CancelFunc
	wg        sync.WaitGroup
	closeOnce sync.Once
	wt        worldTimes
	inject    atomic.Pointer[func(phase)] // set by tests only: called as a request enters each phase (see reach)
	working   atomic.Int32                // goroutines doing long work
	hints     hintLevels
	walls     walls // each player's wall of the locked borders near them

	staleAtStart []store.ClearedBlock // blocks the store says were taken out, checked once at start
	// recleared are the blocks changes cleared again while the start-up repair runs (the owner's; nil otherwise).
	recleared      map[store.AreaBlock]bool
	intentsAtStart []store.Intent // work to resume at start
	// followBuilt is, by area followed, how many of its record's structures this server has built or found built
	// in its world (follow.go; the owner's).
	followBuilt map[store.AreaPos]int
}

// New attaches an overlay to a world. It checks the pack's looks and tag rules against the game's registries,
// opens the store and loads the saved state. Call Start to begin, and Close before closing the world.
func New(w *world.World, opts Options) (*Overlay, error) {
	opts = opts.withDefaults()
	if opts.Pack == nil {
		return nil, errors.New("overlay: no pack")
	}
	blocks := tagging.IndexBlocks(world.DefaultBlockRegistry)
	o := &Overlay{opts: opts, w: w, looks: looks{blocks: blocks}, inbox: newInbox()}
	var errs []error
	for _, name := range opts.Pack.ItemOrder {
		if err := o.looks.check(opts.Pack.Items[name]); err != nil {
			errs = append(errs, err)
		}
	}
	for _, e := range gamecheck.Default().CheckStructures(opts.Pack) {
		errs = append(errs, e)
	}
	tagger, err := tagging.New(blocks, opts.Pack.Tags)
	if err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	o.graph = NewGraph(opts.Seed, store.AreaOfBlock(w.Spawn(), int32(opts.AreaSize)), opts.TwoKeyPercent)
	if o.store, err = opts.openStore(); err != nil {
		return nil, err
	}
	saved, err := o.store.Load()
	if err != nil {
		_ = o.store.Close()
		return nil, err
	}
	o.st = newState(opts.Pack, puzzle.NewGenerator(opts.Pack), tagger, opts.Mode, int32(opts.AreaSize))
	if err := o.restore(o.st, saved); err != nil {
		_ = o.store.Close()
		return nil, err
	}
	o.publish()
	register(w, o)
	return o, nil
}

// Start starts the owner and the overlay's other goroutines: the world is repaired from the store, work in flight
// at the last stop or crash is resumed, and the start area opens if this world has never had one.
func (o *Overlay) Start() {
	o.ctx, o.cancel = context.WithCancel(context.Background())
	o.wg.Add(2)
	go o.own(o.ctx)
	go o.tick(o.ctx)
	o.post(&request{name: "start", area: o.graph.Start(), run: o.startUp})
}

// startUp is the first request: it resumes every intent the store holds, opens areas whose keys are solved but
// that no intent names (stores written before intents), and the start area on a new world, and repairs the
// world from the store off the owner.
func (o *Overlay) startUp(_ context.Context, s *state) (result, error) {
	intents := append([]store.Intent(nil), o.intentsAtStart...)
	named := map[store.Intent]bool{}
	for _, in := range intents {
		named[store.Intent{Kind: in.Kind, Area: in.Area}] = true
	}
	for pos, run := range s.areas.All() {
		if run.rec.State != store.Solved || run.rec.Goal == "" {
			continue // an area that opened without a puzzle opened its own neighbours, as far as the chain went
		}
		for _, in := range o.opening(s, pos, 0) {
			if !named[store.Intent{Kind: in.Kind, Area: in.Area}] {
				named[store.Intent{Kind: in.Kind, Area: in.Area}] = true
				intents = append(intents, in)
			}
		}
	}
	if _, started := s.areas.Get(o.graph.Start()); !started && !named[store.Intent{Kind: store.OpenArea, Area: o.graph.Start()}] {
		intents = append(intents, store.Intent{Kind: store.OpenArea, Area: o.graph.Start()})
	}
	if len(intents) > 0 {
		o.opts.Log.Info("overlay: resuming work", "intents", len(intents))
	}
	if len(o.staleAtStart) > 0 {
		o.recleared = map[store.AreaBlock]bool{}
	}
	repair := func() {
		o.goSafely("repair the world", o.graph.Start(), func(ctx context.Context) {
			o.reconcileAll(ctx)
			o.clearStale(ctx, o.staleAtStart)
		}, nil)
	}
	return result{after: append([]func(){repair}, o.resumeAll(intents)...)}, nil
}

// Close stops the overlay and closes its store. Changes already committed are kept; a change being made is
// either committed whole or lost whole, and work in flight is resumed at the next start.
func (o *Overlay) Close() error {
	var err error
	o.closeOnce.Do(func() {
		unregister(o.w)
		if o.cancel != nil {
			o.cancel()
			o.wg.Wait()
		}
		for _, r := range o.inbox.close() {
			r.reply.finish(nil, errClosed)
		}
		err = o.store.Close()
	})
	return err
}

// tick draws the borders of locked areas every second and sweeps stale puzzle entities every five.
func (o *Overlay) tick(ctx context.Context) {
	defer o.wg.Done()
	t := time.NewTicker(time.Second)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			o.do(func(tx *world.Tx) {
				o.showBorders(tx)
				o.keepWalls(tx)
				if n%5 == 0 {
					o.sweep(tx)
				}
			})
		}
	}
}

// Wait blocks until the overlay is idle: every request posted before has run, no work is in flight, and the
// world shows every change. It is for tests and tools; never call it from the world goroutine.
func (o *Overlay) Wait(ctx context.Context) error {
	t := time.NewTicker(5 * time.Millisecond)
	defer t.Stop()
	for {
		// Idle is judged on the owner, between requests: nothing pending in its state, nothing queued after this
		// request, no work off the owner. Judged elsewhere, a request being handled would be seen nowhere.
		idle := false
		if _, err := o.post(&request{name: "wait", run: func(_ context.Context, s *state) (result, error) {
			idle = len(s.pending) == 0 && len(o.inbox.queue0()) == 0 && o.working.Load() == 0
			return result{}, nil
		}}).Wait(ctx); err != nil && !errors.Is(err, errBusy) { // a full queue is not idle: wait on
			return err
		}
		if idle {
			break
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-t.C:
		}
	}
	select {
	case <-o.w.Do(func(*world.Tx) {}).Done():
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// areaName is the name of a grid area in the engine: its position as "x,z".
func areaName(a store.AreaPos) string { return a.String() }

// errClosed is returned by operations on a closed overlay.
var errClosed = fmt.Errorf("overlay closed")
