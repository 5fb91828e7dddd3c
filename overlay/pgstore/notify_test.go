package pgstore_test

import (
	"context"
	"testing"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/store"
)

// A server hears of the other servers' commits as they are made (ListenCommits): server B listens; server A's
// commit into its region is announced to B with the region, B's own commit is not (A's next commit is the next
// thing B hears, in commit order). Without the announcement B would only see A's commits at its next reading of
// the leases.
func TestCommitsAreAnnounced(t *testing.T) {
	url := pgtest.Database(t)
	a := openRegions(t, url, "server A", "r0,0")
	b := openRegions(t, url, "server B", "r1,0")
	heard := make(chan string, 16)
	ctx, cancel := context.WithCancel(ctxT(t))
	defer cancel()
	done := make(chan struct{})
	go func() {
		defer close(done)
		b.ListenCommits(ctx, func(region string) { heard <- region })
	}()
	next := func() string {
		t.Helper()
		select {
		case r := <-heard:
			return r
		case <-ctxT(t).Done():
			t.Fatal("server B heard nothing")
			return ""
		}
	}
	if r := next(); r != "" {
		t.Fatalf("server B first heard %q, want the start of its listening (\"\")", r)
	}
	commitT(t, a, elsewhere(1, store.AreaPos{0, 0}))
	if r := next(); r != "r0,0" {
		t.Fatalf("server B heard %q of server A's commit, want r0,0", r)
	}
	commitT(t, b, elsewhere(2, store.AreaPos{2, 0})) // B's own: not announced to B
	commitT(t, a, elsewhere(3, store.AreaPos{1, 1}))
	if r := next(); r != "r0,0" {
		t.Fatalf("after its own commit server B heard %q, want server A's next commit (r0,0)", r)
	}
	cancel()
	<-done // the listener ends with its context
}
