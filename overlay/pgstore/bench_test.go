package pgstore_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/worldgen"

	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
)

// BenchmarkMoveCommit measures how long committing one move's change takes on each store, in the same loop so
// that both see the same machine load: each iteration commits the change to LevelDB, then to PostgreSQL. The
// change is the one a move in the start area of seed 42 (default pack) makes, as the overlay writes it: the
// area's record, its puzzle re-encoded with the move's progress, two of its objects and the next id. Both stores
// sync every commit (LevelDB's synchronous batch, PostgreSQL's synchronous commit). The PostgreSQL stores are the
// tests' backends (without a lease, and a server's, with its lease: every commit fenced) and, for reference, a
// commit without the fence as the store made it before leases ("postgres-unfenced"). It reports each store's
// median, 99th percentile and mean, and the change's size; ns/op is all the commits of an iteration together.
func BenchmarkMoveCommit(b *testing.B) {
	move := realMove(b)
	size := 0
	for _, a := range move.Areas {
		v, _ := json.Marshal(a)
		size += len(v)
	}
	for _, o := range move.Objects {
		v, _ := json.Marshal(o)
		size += len(v)
	}
	names := []string{}
	commits := []func(store.Change) error{}
	for _, be := range backends {
		s, err := be.open(be.place(b))
		if err != nil {
			b.Fatal(err)
		}
		defer s.Close()
		names, commits = append(names, be.name), append(commits, s.Commit)
	}
	ref, err := pgstore.Open(context.Background(), pgtest.Database(b))
	if err != nil {
		b.Fatal(err)
	}
	defer ref.Close()
	names = append(names, "postgres-unfenced")
	commits = append(commits, func(c store.Change) error { return pgstore.CommitUnfenced(ref, c) })
	took := make([][]time.Duration, len(commits))
	for b.Loop() {
		for i, commit := range commits {
			start := time.Now()
			if err := commit(move); err != nil {
				b.Fatal(err)
			}
			took[i] = append(took[i], time.Since(start))
		}
	}
	us := func(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1000 }
	for i, name := range names {
		t := took[i]
		var sum time.Duration
		for _, d := range t {
			sum += d
		}
		slices.Sort(t)
		b.ReportMetric(us(t[len(t)/2]), name+"-p50-µs")
		b.ReportMetric(us(t[len(t)*99/100]), name+"-p99-µs")
		b.ReportMetric(us(sum/time.Duration(len(t))), name+"-mean-µs")
	}
	b.ReportMetric(float64(size), "change-bytes")
}

var (
	moveOnce sync.Once
	moveSeen store.Change
	moveErr  error
)

// realMove opens the start area of seed 42 with the default pack on real terrain, in a LevelDB store, and
// builds from what the store holds the change a move there commits.
func realMove(b *testing.B) store.Change {
	moveOnce.Do(func() { moveSeen, moveErr = openStartArea(b.TempDir()) })
	if moveErr != nil {
		b.Fatal(moveErr)
	}
	return moveSeen
}

func openStartArea(dir string) (store.Change, error) {
	world.DefaultBlockRegistry.Finalize()
	pack, err := puzzle.Load("../../packs/default")
	if err != nil {
		return store.Change{}, err
	}
	entities := entity.DefaultRegistry.Config().New(append(entity.DefaultRegistry.Types(), overlay.EntityTypes()...))
	w := world.Config{Generator: worldgen.New(42), Entities: entities}.New()
	defer w.Close()
	o, err := overlay.New(w, overlay.Options{Pack: pack, Seed: 42, StoreDir: dir, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		return store.Change{}, err
	}
	o.Start()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	err = o.Wait(ctx)
	o.Close()
	if err != nil {
		return store.Change{}, err
	}
	s, err := store.OpenStore(dir)
	if err != nil {
		return store.Change{}, err
	}
	defer s.Close()
	saved, err := s.Load()
	if err != nil {
		return store.Change{}, err
	}
	move := store.Change{NextID: saved.NextID}
	for _, a := range saved.Areas {
		if a.State == store.Active && len(move.Areas) == 0 {
			move.Areas = append(move.Areas, a)
		}
	}
	ids := make([]int, 0, len(saved.Objects))
	for id := range saved.Objects {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	for _, id := range ids[:min(2, len(ids))] {
		move.Objects = append(move.Objects, saved.Objects[id])
	}
	return move, nil
}
