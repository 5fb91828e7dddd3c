package overlay

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"testing"
	"time"

	"riddlestone/overlay/store"
	"riddlestone/worldgen"

	"github.com/df-mc/dragonfly/server/world"
)

// BenchmarkUnlockWorldWork unlocks areas of real terrain (seed 42, default pack, 4×4-chunk areas) one after
// another and reports how long each task the overlay hands the world goroutine runs: starting the chunk loader,
// cloning chunks as they load, listing entities, placing the puzzle's objects. The bound is 5 ms at p99.
func BenchmarkUnlockWorldWork(b *testing.B) {
	pack := defaultPack(b)
	w := world.Config{Generator: worldgen.New(42), Entities: entityRegistry()}.New()
	defer w.Close()
	o, err := New(w, Options{Pack: pack, Seed: 42, StoreDir: b.TempDir(), Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	defer o.Close()
	o.Start()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	if err := o.Wait(ctx); err != nil {
		b.Fatal(err)
	}
	start := len(o.WorldTimes())
	i := 0
	for b.Loop() {
		i++
		o.Unlock(store.AreaPos{int32(i%7 - 3), int32(i/7 + 1)})
		if err := o.Wait(ctx); err != nil {
			b.Fatal(err)
		}
	}
	times := o.WorldTimes()[start:]
	if len(times) == 0 {
		b.Fatal("no world tasks recorded")
	}
	reportWorldTimes(b, times)
	b.ReportMetric(float64(len(times))/float64(i), "tasks/unlock")
}

// reportWorldTimes reports the median, 99th percentile and longest of the world tasks' durations.
func reportWorldTimes(b *testing.B, times []time.Duration) {
	times = slices.Sorted(slices.Values(times))
	ms := func(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*99/100]), "p99-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
}
