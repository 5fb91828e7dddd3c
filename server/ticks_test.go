package server

import (
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/world"
)

func TestHistogramBuckets(t *testing.T) {
	for i := 1; i < HistogramBuckets-1; i++ {
		lo, hi := BucketBound(i-1), BucketBound(i)
		if hi <= lo {
			t.Fatalf("bucket %d: bound %v not above %v", i, hi, lo)
		}
		for _, d := range []time.Duration{lo + 1, (lo + hi) / 2, hi} {
			if got := bucketOf(d); got != i {
				t.Fatalf("bucketOf(%v) = %d, want %d (bounds %v, %v]", d, got, i, lo, hi)
			}
		}
	}
	if got := bucketOf(time.Hour); got != HistogramBuckets-1 {
		t.Errorf("an hour is in bucket %d, want the last", got)
	}
}

func TestHistogramQuantile(t *testing.T) {
	var h Histogram
	for i := 1; i <= 1000; i++ {
		h.Add(time.Duration(i) * time.Millisecond)
	}
	for _, c := range []struct {
		q    float64
		want time.Duration
	}{{0.5, 500 * time.Millisecond}, {0.99, 990 * time.Millisecond}, {1, time.Second}} {
		got := h.Quantile(c.q)
		if d := float64(got-c.want) / float64(c.want); d > 0.07 || d < -0.07 {
			t.Errorf("Quantile(%v) = %v, want %v within 7%%", c.q, got, c.want)
		}
	}
	if h.Max != time.Second || h.Mean() != 500500*time.Microsecond {
		t.Errorf("max %v mean %v", h.Max, h.Mean())
	}
	old := h
	h.Add(3 * time.Second)
	w := h.Sub(old)
	if w.Count != 1 || w.Quantile(0.5) < 2*time.Second || w.Max != 3*time.Second {
		t.Errorf("window: count %d p50 %v max %v, want the one 3 s sample", w.Count, w.Quantile(0.5), w.Max)
	}
	if (Histogram{}).Quantile(0.5) != 0 {
		t.Error("an empty histogram has a quantile")
	}
}

// waitSnapshot polls s until ok accepts a snapshot or the test's deadline nears.
func waitSnapshot(t *testing.T, s *TickStats, ok func(TickSnapshot) bool) TickSnapshot {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		snap := s.Snapshot()
		if ok(snap) {
			return snap
		}
		if time.Now().After(deadline) {
			t.Fatalf("measurements never arrived: %+v", snap)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTickStatsMeasuresTicksAndQueue(t *testing.T) {
	w := world.Config{}.New()
	defer w.Close()
	s := WatchTicks(w)
	defer s.Close()
	snap := waitSnapshot(t, s, func(s TickSnapshot) bool { return s.Tick.Count >= 2 && s.Queue.Count >= 10 })
	if snap.Ticks < 20 {
		t.Errorf("%d ticks counted after two tick samples, want at least 20", snap.Ticks)
	}
	if snap.Tick.Max <= 0 || snap.Queue.Max <= 0 {
		t.Errorf("tick max %v, queue max %v: durations not recorded", snap.Tick.Max, snap.Queue.Max)
	}
}

// A world that stops answering shows as a probe waiting, then as a queue sample at least as long as the stop.
func TestTickStatsShowsAStall(t *testing.T) {
	w := world.Config{}.New()
	defer w.Close()
	s := WatchTicks(w)
	defer s.Close()
	release := make(chan struct{})
	held := make(chan time.Time)
	w.Do(func(*world.Tx) {
		held <- time.Now()
		<-release
	})
	<-held
	waitSnapshot(t, s, func(s TickSnapshot) bool { return s.Waiting > 0 })
	before := s.Snapshot()
	close(release)
	after := waitSnapshot(t, s, func(s TickSnapshot) bool { return s.Queue.Count > before.Queue.Count })
	if win := after.Since(before); win.Queue.Max < before.Waiting {
		t.Errorf("the stalled probe waited %v by the snapshot, but the longest queue sample after is %v", before.Waiting, win.Queue.Max)
	}
}
