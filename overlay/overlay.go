package overlay

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Overlay lays the puzzles over one world. Its state lives in memory, guarded by mu, and in the store: every
// change is committed to the store first and then shown in the world, so that a crash between the two is repaired
// by reconciling the world with the store at the next start.
//
// Threading: player handlers run on the world goroutine and hold mu only briefly. Slow work (snapshots, tagging,
// generation, store commits) runs on the overlay's own goroutine, which never waits for the world while it holds
// mu, and hands world changes back with World.Do.
type Overlay struct {
	opts   Options
	w      *world.World
	store  *Store
	looks  looks
	tagger *tagging.Tagger
	gen    *puzzle.Generator
	graph  Graph

	jobs   chan func(ctx context.Context) // run one at a time by the overlay's goroutine
	cancel context.CancelFunc
	wg     sync.WaitGroup
	stop   chan struct{} // closed by Close: jobs are no longer taken
	wt     worldTimes

	mu       sync.Mutex
	game     *puzzle.Manager
	areas    map[AreaPos]*areaRun
	where    map[int]Where
	byBlock  map[cube.Pos]int
	byEntity map[uuid.UUID]int
	pending  map[AreaPos]bool // areas being unlocked
	// staleAtStart are the blocks the store says were taken out, checked once at start.
	staleAtStart []ClearedBlock
	version      int // counts changes, so a form shown before one can tell
	closed       bool
}

// New attaches an overlay to a world. It checks the pack's looks and tag rules against the game's registries,
// opens the store and loads the saved state. Call Start to begin, and Close before closing the world.
func New(w *world.World, opts Options) (*Overlay, error) {
	opts = opts.withDefaults()
	if opts.Pack == nil {
		return nil, errors.New("overlay: no pack")
	}
	blocks := tagging.IndexBlocks(world.DefaultBlockRegistry)
	o := &Overlay{
		opts:     opts,
		w:        w,
		looks:    looks{blocks: blocks},
		gen:      puzzle.NewGenerator(opts.Pack),
		jobs:     make(chan func(context.Context), 64),
		stop:     make(chan struct{}),
		areas:    map[AreaPos]*areaRun{},
		where:    map[int]Where{},
		byBlock:  map[cube.Pos]int{},
		byEntity: map[uuid.UUID]int{},
		pending:  map[AreaPos]bool{},
	}
	var errs []error
	for _, name := range opts.Pack.ItemOrder {
		if err := o.looks.check(opts.Pack.Items[name]); err != nil {
			errs = append(errs, err)
		}
	}
	tagger, err := tagging.New(blocks, opts.Pack.Tags)
	if err != nil {
		errs = append(errs, err)
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	o.tagger = tagger
	o.graph = NewGraph(opts.Seed, AreaOfBlock(w.Spawn(), int32(opts.AreaSize)), opts.TwoKeyPercent)
	if o.store, err = OpenStore(opts.StoreDir); err != nil {
		return nil, err
	}
	saved, err := o.store.Load()
	if err != nil {
		_ = o.store.Close()
		return nil, err
	}
	if err := o.restore(saved); err != nil {
		_ = o.store.Close()
		return nil, err
	}
	register(w, o)
	return o, nil
}

// Start starts the overlay's goroutine: it repairs the world from the store and unlocks the start area if this
// world has never had one.
func (o *Overlay) Start() {
	ctx, cancel := context.WithCancel(context.Background())
	o.cancel = cancel
	o.wg.Add(2)
	go o.run(ctx)
	go o.tick(ctx)
	o.enqueue(func(ctx context.Context) {
		o.reconcileAll(ctx)
		o.clearStale(ctx, o.staleAtStart)
		o.mu.Lock()
		_, started := o.areas[o.graph.Start()]
		o.mu.Unlock()
		if !started {
			o.unlock(ctx, o.graph.Start(), 0)
		}
	})
}

// Close stops the overlay and closes its store. Changes already committed are kept; a change being made is
// either committed whole or lost whole.
func (o *Overlay) Close() error {
	o.mu.Lock()
	if o.closed {
		o.mu.Unlock()
		return nil
	}
	o.closed = true
	close(o.stop)
	o.mu.Unlock()
	unregister(o.w)
	if o.cancel != nil {
		o.cancel()
		o.wg.Wait()
	}
	return o.store.Close()
}

// run runs jobs one at a time until the overlay closes.
func (o *Overlay) run(ctx context.Context) {
	defer o.wg.Done()
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-o.jobs:
			job(ctx)
		}
	}
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
				if n%5 == 0 {
					o.sweep(tx)
				}
			})
		}
	}
}

// enqueue hands a job to the overlay's goroutine. It never blocks the world goroutine for long: the queue is
// buffered, and a full queue means the overlay is far behind, which is logged.
func (o *Overlay) enqueue(job func(ctx context.Context)) {
	select {
	case o.jobs <- job:
	case <-o.stop:
	default:
		o.opts.Log.Warn("overlay: job queue full; waiting")
		select {
		case o.jobs <- job:
		case <-o.stop:
		}
	}
}

// Wait blocks until every job queued before it has run: the world shows every change made before the call. It is
// for tests and tools; never call it from the world goroutine.
func (o *Overlay) Wait(ctx context.Context) error {
	done := make(chan struct{})
	o.enqueue(func(context.Context) { close(done) })
	select {
	case <-done:
	case <-ctx.Done():
		return ctx.Err()
	}
	// The job's world changes were handed to the world with Do; wait for them too.
	<-o.w.Do(func(*world.Tx) {}).Done()
	return nil
}

// areaName is the name of a grid area in the engine: its position as "x,z".
func areaName(a AreaPos) string { return a.String() }

// accessible reports whether players can reach an area's objects: it is open (active or solved).
func (o *Overlay) accessible(name string) bool {
	a, err := ParseAreaPos(name)
	if err != nil {
		return false
	}
	run, ok := o.areas[a]
	return ok && run.rec.State != Locked
}

// errClosed is returned by operations on a closed overlay.
var errClosed = fmt.Errorf("overlay closed")
