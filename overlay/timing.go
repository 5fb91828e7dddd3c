package overlay

import (
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/world"
)

// worldTimes records how long the overlay's tasks keep the world goroutine busy, so benchmarks can check that
// unlocking and acting never stall a tick. It keeps the last few thousand durations.
type worldTimes struct {
	mu    sync.Mutex
	times []time.Duration
}

const keptTimes = 4096

func (t *worldTimes) add(d time.Duration) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(t.times) == keptTimes {
		copy(t.times, t.times[1:])
		t.times = t.times[:keptTimes-1]
	}
	t.times = append(t.times, d)
}

// WorldTimes returns how long each of the overlay's recent world tasks ran on the world goroutine, oldest first.
func (o *Overlay) WorldTimes() []time.Duration {
	o.wt.mu.Lock()
	defer o.wt.mu.Unlock()
	return append([]time.Duration(nil), o.wt.times...)
}

// do runs f on the world goroutine, as World.Do does, timing it.
func (o *Overlay) do(f func(tx *world.Tx)) *world.Task { return timedDo(o.w, &o.wt, f) }

// timedDo runs f on w's goroutine and records its duration in t.
func timedDo(w *world.World, t *worldTimes, f func(tx *world.Tx)) *world.Task {
	return w.Do(func(tx *world.Tx) {
		start := time.Now()
		f(tx)
		t.add(time.Since(start))
	})
}
