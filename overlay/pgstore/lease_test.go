package pgstore_test

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// statuses records what a store tells Options.OnStatus, for a test to wait on.
type statuses struct {
	mu   sync.Mutex
	told []pgstore.Status
	ch   chan struct{} // has a token after each status
}

func newStatuses() *statuses { return &statuses{ch: make(chan struct{}, 1)} }

func (st *statuses) tell(s pgstore.Status) {
	st.mu.Lock()
	st.told = append(st.told, s)
	st.mu.Unlock()
	select {
	case st.ch <- struct{}{}:
	default:
	}
}

// await waits until a status told satisfies ok, and returns it.
func (st *statuses) await(t *testing.T, what string, within time.Duration, ok func(pgstore.Status) bool) pgstore.Status {
	t.Helper()
	deadline := time.After(within)
	for {
		st.mu.Lock()
		for _, s := range st.told {
			if ok(s) {
				st.mu.Unlock()
				return s
			}
		}
		st.mu.Unlock()
		select {
		case <-st.ch:
		case <-deadline:
			t.Fatalf("the store never told %s in %v; it told %+v", what, within, st.list())
		}
	}
}

func (st *statuses) list() []pgstore.Status {
	st.mu.Lock()
	defer st.mu.Unlock()
	return append([]pgstore.Status(nil), st.told...)
}

// openLeased opens a server's store on url under a holder's name, closed when the test ends.
func openLeased(t *testing.T, url, holder string, opts pgstore.Options) *pgstore.Store {
	t.Helper()
	opts.Holder = holder
	if opts.Lease == 0 {
		opts.Lease = testLease
	}
	s, err := pgstore.OpenWith(ctxT(t), url, opts)
	if err != nil {
		t.Fatalf("open the store of %s: %v", holder, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

// coins is a change writing objects from..from+n-1 and next id from+n together: a store holding some of them
// but not the next id that goes with them holds half a change.
func coins(from, n int) store.Change {
	c := store.Change{NextID: from + n}
	for id := from; id < from+n; id++ {
		c.Objects = append(c.Objects, store.ObjectRecord{Object: puzzle.Object{ID: id, Item: "Coin", Area: "0,0"}})
	}
	return c
}

// TestSecondServerIsRefused opens a second server's store on a database whose lease a first server holds and
// renews: the second watches the lease, sees it renewed and refuses, naming the holder and when its lease ends.
// Once the first closes (and gives the lease up), the second takes it at once.
func TestSecondServerIsRefused(t *testing.T) {
	url := pgtest.Database(t)
	first := openLeased(t, url, "server A", pgstore.Options{})
	start := time.Now()
	_, err := pgstore.OpenWith(ctxT(t), url, pgstore.Options{Holder: "server B", Lease: testLease})
	if err == nil {
		t.Fatal("a second server took the lease that the first renews")
	}
	for _, want := range []string{"held by server A", "whose lease runs until", "renews its lease", "another server is running"} {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("the refusal %q does not say %q", err, want)
		}
	}
	t.Logf("refused after %v: %v", time.Since(start).Round(time.Millisecond), err)
	if err := first.Close(); err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	second := openLeased(t, url, "server B", pgstore.Options{})
	if took := time.Since(start); took > testLease/2 {
		t.Errorf("taking a lease given up took %v", took)
	}
	commitT(t, second, coins(1, 3))
}

// TestTakenLeaseFencesTheOldHolder lets a second server take the lease while the first still runs (as it would
// once the first was cut off from the database for longer than the lease): the first's next commit writes
// nothing and fails with ErrLeaseLost, the first is told it is paused for good, and it never writes again.
func TestTakenLeaseFencesTheOldHolder(t *testing.T) {
	url := pgtest.Database(t)
	told := newStatuses()
	first := openLeased(t, url, "server A", pgstore.Options{OnStatus: told.tell})
	commitT(t, first, coins(1, 5))
	// What a second server does when the first's lease ran out: take it, with a new epoch.
	if _, err := connT(t, url).Exec(ctxT(t), "UPDATE riddlestone_leases SET holder = 'server B', epoch = epoch + 1, expires_at = now() + interval '1 minute'"); err != nil {
		t.Fatal(err)
	}
	err := first.Commit(coins(6, 5))
	if !errors.Is(err, pgstore.ErrLeaseLost) || !strings.Contains(err.Error(), "server B") {
		t.Fatalf("the old holder's commit after the takeover: %v; want ErrLeaseLost naming server B", err)
	}
	if saved := loadT(t, first); saved.NextID != 6 || len(saved.Objects) != 5 {
		t.Fatalf("after the fenced commit the store holds %d objects and next id %d; want 5 and 6", len(saved.Objects), saved.NextID)
	}
	st := told.await(t, "that the lease is lost", time.Second, func(s pgstore.Status) bool { return s.Lost })
	if !st.Paused || st.Why == "" {
		t.Errorf("status %+v", st)
	}
	if err := first.Commit(coins(6, 1)); !errors.Is(err, pgstore.ErrLeaseLost) {
		t.Fatalf("a later commit of the old holder: %v", err)
	}
}

// TestRenewalNoticesATakenLease: a server whose lease another took learns it from its next renewal, without
// committing anything, and is told it is paused for good.
func TestRenewalNoticesATakenLease(t *testing.T) {
	url := pgtest.Database(t)
	told := newStatuses()
	openLeased(t, url, "server A", pgstore.Options{OnStatus: told.tell})
	if _, err := connT(t, url).Exec(ctxT(t), "UPDATE riddlestone_leases SET holder = 'server B', epoch = epoch + 1"); err != nil {
		t.Fatal(err)
	}
	told.await(t, "that the lease is lost", 2*testLease, func(s pgstore.Status) bool { return s.Lost })
}

// TestWriterWithoutLease: a store without a lease (a tool) writes only while no server holds the lease.
func TestWriterWithoutLease(t *testing.T) {
	url := pgtest.Database(t)
	server := openLeased(t, url, "server A", pgstore.Options{})
	tool, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer tool.Close()
	if err := tool.Commit(coins(1, 1)); !errors.Is(err, pgstore.ErrLeaseLost) {
		t.Fatalf("a tool's commit while a server holds the lease: %v", err)
	}
	if err := server.Close(); err != nil {
		t.Fatal(err)
	}
	tool2, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer tool2.Close()
	commitT(t, tool2, coins(1, 1))
}

// TestFrozenHolderDoesNotHoldUpATakeover: a holder frozen in the middle of a commit (its fence has run, so its
// transaction keeps the lease row locked, and nothing more comes) lets its lease run out. A second server ends
// that session and takes over; the frozen commit writes nothing.
func TestFrozenHolderDoesNotHoldUpATakeover(t *testing.T) {
	url := pgtest.Database(t)
	openLeased(t, url, "server A", pgstore.Options{}).Close() // makes the tables and the lease row
	frozen := connT(t, url)
	if _, err := frozen.Exec(ctxT(t), "UPDATE riddlestone_leases SET holder = 'server A', epoch = 7, expires_at = now() + interval '1 second'"); err != nil {
		t.Fatal(err)
	}
	tx, err := frozen.Begin(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := tx.Exec(ctxT(t), "SELECT riddlestone_fence('world', 7, 1)"); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	second := openLeased(t, url, "server B", pgstore.Options{})
	t.Logf("the lease was taken over %v after the frozen holder's fence", time.Since(start).Round(time.Millisecond))
	if _, err := tx.Exec(ctxT(t), "INSERT INTO puzzle_counters (name, value) VALUES ('next-id', 99)"); err == nil {
		if err := tx.Commit(ctxT(t)); err == nil {
			t.Fatal("the frozen holder's commit went through after the takeover")
		}
	}
	commitT(t, second, coins(1, 2))
	if saved := loadT(t, second); saved.NextID != 3 {
		t.Fatalf("next id %d after the takeover; want 3", saved.NextID)
	}
}
