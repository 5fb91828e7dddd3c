package overlay

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/worldgen"

	"github.com/df-mc/dragonfly/server/world"
)

// BenchmarkFollowWorldWork measures a following server's world-goroutine work: server A unlocks areas of real
// terrain (seed 42, the default pack, 4×4-chunk areas) one after another on PostgreSQL, and server B, which holds a
// region far away, follows each as it opens. It reports how long each task B's overlay hands its world goroutine
// runs: the objects shown, and the structures and steps A planned built again from the area's record
// (site.RebuildAll, then site.Build), reading and loading the area's chunks on the world goroutine. The bound of
// BenchmarkUnlockWorldWork, 5 ms at p99, is not met (docs/benchmarks.md).
func BenchmarkFollowWorldWork(b *testing.B) {
	pack := defaultPack(b)
	url := pgtest.Database(b)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	follower := openDefaultOnPostgres(ctx, b, pack, url, "server B", "r50,50")
	leader := openDefaultOnPostgres(ctx, b, pack, url, "server A")
	start := len(follower.WorldTimes())
	i, structures := 0, 0
	for b.Loop() {
		i++
		a := store.AreaPos{int32(i%7 - 3), int32(i/7 + 1)}
		if _, err := leader.Unlock(a).Wait(ctx); err != nil {
			b.Fatal(err)
		}
		if _, err := follower.Follow([]store.AreaPos{a}).Wait(ctx); err != nil {
			b.Fatal(err)
		}
		if err := follower.Wait(ctx); err != nil {
			b.Fatal(err)
		}
		if run, ok := follower.view().areas.Get(a); ok {
			structures += len(run.rec.Structures)
		}
	}
	times := follower.WorldTimes()[start:]
	if len(times) == 0 || structures == 0 {
		b.Fatalf("%d world tasks and %d structures followed: the benchmark measures nothing", len(times), structures)
	}
	reportWorldTimes(b, times)
	b.ReportMetric(float64(len(times))/float64(i), "tasks/follow")
	b.ReportMetric(float64(structures)/float64(i), "structures/area")
}

// openDefaultOnPostgres starts an overlay of a pack on a world of real terrain (seed 42), its state in a PostgreSQL
// database, in regions of 2 by 2 areas: those listed, or every region it can get. It closes when the benchmark ends.
func openDefaultOnPostgres(ctx context.Context, b *testing.B, pack *puzzle.Pack, url, holder string, regions ...string) *Overlay {
	b.Helper()
	w := world.Config{Generator: worldgen.New(42), Entities: entityRegistry()}.New()
	b.Cleanup(func() { _ = w.Close() })
	var st *pgstore.Store
	open := func() (store.Store, error) {
		var err error
		st, err = pgstore.OpenWith(ctx, url, pgstore.Options{Holder: holder, Lease: 3 * time.Second, Regions: regions,
			RegionAreas: 2, AreaSize: 4})
		return st, err
	}
	o, err := New(w, Options{Pack: pack, Seed: 42, OpenStore: open, Changes: func(a store.AreaPos) bool { return st.Changes(a) },
		Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { _ = o.Close() })
	o.Start()
	if err := o.Wait(ctx); err != nil {
		b.Fatal(err)
	}
	return o
}
