package server

import (
	"math"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
)

// TickStats measures how a world keeps up with its 20 ticks a second, from inside the process, without ever
// making the world goroutine wait:
//
//   - Tick: how long a tick takes. Dragonfly offers no hook around a tick, but at the start of every 20th tick it
//     tells each viewer the weather; TickStats registers a viewer (a chunk loader that loads nothing), notes the
//     time there and queues a no-op task, which runs as soon as the tick is over. The figure is exact while the
//     world keeps up, and an upper bound when tasks were already waiting behind the tick. One tick a second is
//     sampled.
//   - Queue: how long a task given to the world (World.Do) waits before it runs. A goroutine schedules a timed
//     no-op every 25–75 ms (random, so as not to beat with the ticks) and keeps at most one in flight: a world
//     that stops answering shows as Waiting growing, then as one long sample. The no-op also reads the world's
//     tick counter, which counts the ticks.
//
// It works on any Dragonfly world, so a benchmark can measure a stock server the same way. Its cost is one
// no-op task every 50 ms and one a second, and one more viewer of the world's time and weather; the world also
// ticks while no player is online, as it would with one.
type TickStats struct {
	w      *world.World
	loader *world.Loader

	mu        sync.Mutex
	tick      Histogram
	queue     Histogram
	firstTick int64 // the world's tick counter as the first probe saw it, and as the last did
	lastTick  int64
	seenTick  bool

	ready   atomic.Bool  // set once the viewer is registered: calls before come from NewLoader itself
	waiting atomic.Int64 // Unix nanoseconds at which the queue probe in flight was scheduled, 0 if none
	start   time.Time
	stop    chan struct{}
	done    chan struct{}
	once    sync.Once
}

// probeGap bounds the random gap between two queue probes.
const probeGapMin, probeGapMax = 25 * time.Millisecond, 75 * time.Millisecond

// WatchTicks starts measuring w. Close stops it.
func WatchTicks(w *world.World) *TickStats {
	s := &TickStats{w: w, start: time.Now(), stop: make(chan struct{}), done: make(chan struct{})}
	s.loader = world.NewLoader(0, w, tickViewer{s: s})
	s.ready.Store(true)
	// Park the loader far from any player, so that its one chunk is never near one loaded for them: Dragonfly
	// ticks blocks randomly around every loader's position.
	w.Do(func(tx *world.Tx) { s.loader.Move(tx, mgl64.Vec3{2e7, 0, 2e7}) })
	go s.probe()
	return s
}

// Close stops the measurements and removes the viewer. It does not wait for the world.
func (s *TickStats) Close() {
	s.once.Do(func() {
		close(s.stop)
		<-s.done
		s.w.Do(func(tx *world.Tx) { s.loader.Close(tx) })
	})
}

// TickSnapshot is what a TickStats has measured since it started.
type TickSnapshot struct {
	// Tick holds the durations of the ticks sampled (one a second).
	Tick Histogram
	// Queue holds how long the no-op tasks waited for the world goroutine.
	Queue Histogram
	// Ticks counts the world's ticks since the start, as the queue probes read the tick counter (so up to one
	// probe, 75 ms, behind).
	Ticks int64
	// Elapsed is the time since the start.
	Elapsed time.Duration
	// Waiting is how long the queue probe in flight has been waiting, 0 if none is: a world that has stopped
	// answering shows here while it is stuck.
	Waiting time.Duration
}

// TPS returns the ticks per second between an earlier snapshot old and s.
func (s TickSnapshot) TPS(old TickSnapshot) float64 {
	d := (s.Elapsed - old.Elapsed).Seconds()
	if d <= 0 {
		return 0
	}
	return float64(s.Ticks-old.Ticks) / d
}

// Since returns the measurements made between an earlier snapshot old and s (Waiting is s's).
func (s TickSnapshot) Since(old TickSnapshot) TickSnapshot {
	return TickSnapshot{
		Tick:    s.Tick.Sub(old.Tick),
		Queue:   s.Queue.Sub(old.Queue),
		Ticks:   s.Ticks - old.Ticks,
		Elapsed: s.Elapsed - old.Elapsed,
		Waiting: s.Waiting,
	}
}

// Snapshot returns the measurements so far.
func (s *TickStats) Snapshot() TickSnapshot {
	now := time.Now()
	s.mu.Lock()
	snap := TickSnapshot{Tick: s.tick, Queue: s.queue, Ticks: s.lastTick - s.firstTick, Elapsed: now.Sub(s.start)}
	s.mu.Unlock()
	if w := s.waiting.Load(); w != 0 {
		snap.Waiting = now.Sub(time.Unix(0, w))
	}
	return snap
}

// tickViewer is the viewer through which TickStats sees every 20th tick start.
type tickViewer struct {
	world.NopViewer
	s *TickStats
}

// ViewWeather is called at the start of every 20th tick, on the world goroutine; it must not wait.
func (v tickViewer) ViewWeather(bool, bool) {
	if !v.s.ready.Load() {
		return
	}
	start := time.Now()
	v.s.w.Do(func(*world.Tx) {
		d := time.Since(start)
		v.s.mu.Lock()
		v.s.tick.Add(d)
		v.s.mu.Unlock()
	})
}

// probe schedules timed no-ops, one at a time, until Close.
func (s *TickStats) probe() {
	defer close(s.done)
	timer := time.NewTimer(probeGapMin)
	defer timer.Stop()
	for {
		select {
		case <-s.stop:
			return
		case <-timer.C:
		}
		queued := time.Now()
		s.waiting.Store(queued.UnixNano())
		task := s.w.Do(func(tx *world.Tx) {
			d := time.Since(queued)
			tick := tx.CurrentTick()
			s.mu.Lock()
			s.queue.Add(d)
			if !s.seenTick {
				s.firstTick, s.seenTick = tick, true
			}
			s.lastTick = tick
			s.mu.Unlock()
		})
		select {
		case <-s.stop:
			return
		case <-task.Done():
		}
		s.waiting.Store(0)
		if task.Err() != nil { // The world closed.
			return
		}
		timer.Reset(probeGapMin + rand.N(probeGapMax-probeGapMin))
	}
}

// Histogram counts durations in buckets whose width is an eighth of a power of two, from 1 µs to about 18
// minutes, so that a quantile read from it is within 7 % of the true one. The zero value is empty and ready to
// use; it is a value type, so a copy is a snapshot.
type Histogram struct {
	// Counts holds the number of durations in each bucket: bucket i holds durations up to BucketBound(i)
	// (and above the bound of bucket i-1); the last bucket holds everything larger.
	Counts [HistogramBuckets]uint64
	// Count is the number of durations added.
	Count uint64
	// Sum is their sum.
	Sum time.Duration
	// Max is the largest duration added.
	Max time.Duration
}

const (
	subBuckets = 8
	// HistogramBuckets is the number of buckets of a Histogram.
	HistogramBuckets = 30*subBuckets + 1
)

// BucketBound returns the upper bound of bucket i of a Histogram; the last bucket's is the largest duration.
func BucketBound(i int) time.Duration {
	if i >= HistogramBuckets-1 {
		return math.MaxInt64
	}
	exp, sub := i/subBuckets, i%subBuckets
	return time.Duration(float64(time.Microsecond) * math.Ldexp(1+float64(sub+1)/subBuckets, exp))
}

// bucketOf returns the bucket of d.
func bucketOf(d time.Duration) int {
	if d <= time.Microsecond {
		return 0
	}
	frac, exp := math.Frexp(float64(d) / float64(time.Microsecond)) // d/µs = frac × 2^exp, frac in [0.5, 1)
	e := exp - 1
	sub := int(math.Ceil((frac*2-1)*subBuckets)) - 1 // the first bound at or above d
	if sub < 0 {                                     // d is exactly a power of two: the previous bucket's bound
		e, sub = e-1, subBuckets-1
	}
	i := e*subBuckets + sub
	return min(max(i, 0), HistogramBuckets-1)
}

// Add counts d.
func (h *Histogram) Add(d time.Duration) {
	h.Counts[bucketOf(d)]++
	h.Count++
	h.Sum += d
	h.Max = max(h.Max, d)
}

// Sub returns the durations counted in h and not in old, an earlier copy of the same histogram. Its Max is
// the upper bound of the highest bucket left, or h.Max if smaller.
func (h Histogram) Sub(old Histogram) Histogram {
	var out Histogram
	for i := range h.Counts {
		out.Counts[i] = h.Counts[i] - old.Counts[i]
		if out.Counts[i] > 0 {
			out.Max = min(BucketBound(i), h.Max)
		}
	}
	out.Count = h.Count - old.Count
	out.Sum = h.Sum - old.Sum
	return out
}

// Quantile returns the duration below which a fraction q (0 to 1) of the durations lie, interpolated within
// its bucket and never above Max; 0 if the histogram is empty.
func (h Histogram) Quantile(q float64) time.Duration {
	if h.Count == 0 {
		return 0
	}
	rank := q * float64(h.Count)
	var seen float64
	for i, c := range h.Counts {
		if c == 0 || seen+float64(c) < rank {
			seen += float64(c)
			continue
		}
		lo := time.Duration(0)
		if i > 0 {
			lo = BucketBound(i - 1)
		}
		hi := min(BucketBound(i), h.Max)
		return min(lo+time.Duration((rank-seen)/float64(c)*float64(hi-lo)), h.Max)
	}
	return h.Max
}

// Mean returns the mean duration, 0 if the histogram is empty.
func (h Histogram) Mean() time.Duration {
	if h.Count == 0 {
		return 0
	}
	return h.Sum / time.Duration(h.Count)
}
