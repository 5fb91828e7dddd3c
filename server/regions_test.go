package server_test

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"riddlestone/internal/pgtest"
	"riddlestone/overlay"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/server"
	"riddlestone/server/web"
)

// A server on PostgreSQL with the world in regions ([Store] RegionAreas, Regions) holds the regions it lists and
// no other: the dashboard, the metrics and /puzzle status show each region's lease, its own and another server's;
// an unlock in its regions is done, one in the other server's region is refused in words (the overlay asks the
// store which areas the server changes), and the puzzles stay running.
func TestServerHoldsItsRegions(t *testing.T) {
	url := pgtest.Database(t)
	mine := []string{"r-1,-1", "r-1,0", "r0,-1", "r0,0"} // areas -4..3 each way: around the start
	srv := storeServer(t, func(c *server.Config) {
		c.Store = server.StoreSettings{Kind: "postgres", URL: url, LeaseSeconds: leaseSeconds, RegionAreas: 4, Regions: mine}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const other = "the server on elsewhere (pid 7, address 10.0.0.2:19132)"
	east, err := pgstore.OpenWith(ctx, url, pgstore.Options{Holder: other, Regions: []string{"r1,0"}, RegionAreas: 4, Lease: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer east.Close()

	base := srv.WebURL()
	waitStore(t, base, "five leases", func(v web.StoreView) bool { return len(v.Leases) == 5 })
	for _, l := range storeOf(t, base).Leases {
		if ours := l.Region != "r1,0"; l.Ours != ours || l.Left <= 0 {
			t.Errorf("lease %+v, want ours = %v", l, ours)
		}
	}
	mustContain(t, "/metrics", get(t, base+"metrics"), "\nriddlestone_store_lease_held{region=\"r0,0\"} 1\n",
		"\nriddlestone_store_lease_held{region=\"r-1,-1\"} 1\n", "\nriddlestone_store_lease_held{region=\"r1,0\"} 0\n")
	mustContain(t, "/puzzle status on the console", srv.Console(t, "/puzzle status"), "The puzzles are running.",
		"Region r0,0: held by this server (the server on", "Region r-1,0: held by this server", "Region r1,0: held by "+other)

	bot := srv.Join(t, "Admin")
	if out := answer(t, bot, "/puzzle unlock 3,2"); !strings.Contains(out, "is open") {
		t.Fatalf("an unlock in the server's region answered:\n%s", out)
	}
	out := answer(t, bot, "/puzzle unlock 5,2")
	t.Logf("an unlock in another server's region answered: %s", out)
	if strings.Contains(out, "is open") || !strings.Contains(out, "area 5,2's puzzles run on another server of the network") {
		t.Fatalf("an unlock in another server's region answered:\n%s", out)
	}
	if out := answer(t, bot, "/puzzle unlock -3,-2"); !strings.Contains(out, "is open") {
		t.Fatalf("an unlock in the server's region after the refused one answered:\n%s", out)
	}
	if v := storeOf(t, base); v.Paused {
		t.Errorf("the refused unlock paused the puzzles: %+v", v)
	}
	if out := answer(t, bot, "/puzzle verify"); !strings.Contains(out, "All consistent") {
		t.Errorf("/puzzle verify after the refused unlock:\n%s", out)
	}
}

// A server reads the leases at once when another server announces a commit (pgstore.Store.ListenCommits), not
// only at its next reading: with its readings an hour apart, a server holding its regions is shown a lease
// another server takes after it started, as soon as that server commits into its region.
func TestServerHearsOtherServersCommits(t *testing.T) {
	defer server.SetLeaseReadEvery(time.Hour)()
	url := pgtest.Database(t)
	mine := []string{"r-1,-1", "r-1,0", "r0,-1", "r0,0"}
	srv := storeServer(t, func(c *server.Config) {
		c.Store = server.StoreSettings{Kind: "postgres", URL: url, LeaseSeconds: leaseSeconds, RegionAreas: 4, Regions: mine}
	})
	base := srv.WebURL()
	waitStore(t, base, "its four leases", func(v web.StoreView) bool { return len(v.Leases) == 4 })
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	east, err := pgstore.OpenWith(ctx, url, pgstore.Options{Holder: "the server to the east", Regions: []string{"r1,0"}, RegionAreas: 4, Lease: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer east.Close()
	if n := len(storeOf(t, base).Leases); n != 4 {
		t.Fatalf("the server shows %d leases before the other server commits, want the 4 of its first reading", n)
	}
	if err := east.Commit(store.Change{Areas: []store.AreaRecord{{Pos: store.AreaPos{5, 2}, State: store.Locked, Template: "Yard"}}}); err != nil {
		t.Fatal(err)
	}
	waitStore(t, base, "the other server's lease, read at its commit", func(v web.StoreView) bool {
		return slices.ContainsFunc(v.Leases, func(l web.LeaseView) bool { return l.Region == "r1,0" && l.Holder == "the server to the east" })
	})
}

// A follow that fails (the database away a moment) is tried again at the next reading of the leases, not only at
// the other server's next commit, which may never come: the follow of another server's commit is made to fail (its
// read of the objects waits on a lock and is cancelled), and the server still shows that server's area once the
// lock is gone, though that server commits nothing more.
func TestAFailedFollowIsTriedAgain(t *testing.T) {
	defer server.SetLeaseReadEvery(200 * time.Millisecond)()
	url := pgtest.Database(t)
	srv := storeServer(t, func(c *server.Config) {
		c.Store = server.StoreSettings{Kind: "postgres", URL: url, LeaseSeconds: leaseSeconds, RegionAreas: 4, Regions: []string{"r-1,-1", "r-1,0", "r0,-1", "r0,0"}}
	})
	o, _ := overlay.Of(srv.World())
	far := store.AreaPos{5, 2}
	shown := func() bool {
		return slices.ContainsFunc(o.Snapshot().Areas, func(a overlay.AreaView) bool { return a.Pos == far })
	}
	waitFor(t, "the start area open", func() bool {
		return slices.ContainsFunc(o.Snapshot().Areas, func(a overlay.AreaView) bool { return a.State == store.Active })
	})
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	east, err := pgstore.OpenWith(ctx, url, pgstore.Options{Holder: "the server to the east", Regions: []string{"r1,0"}, RegionAreas: 4, Lease: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer east.Close()
	waitStore(t, srv.WebURL(), "the other server's lease", func(v web.StoreView) bool { return len(v.Leases) == 5 })

	locker, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer locker.Close(context.Background())
	lock, err := locker.Begin(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer lock.Rollback(context.Background())
	if _, err := lock.Exec(ctx, "LOCK TABLE puzzle_objects IN ACCESS EXCLUSIVE MODE"); err != nil {
		t.Fatal(err)
	}
	if err := east.Commit(store.Change{Areas: []store.AreaRecord{{Pos: far, State: store.Locked, Template: "Yard"}}}); err != nil {
		t.Fatal(err)
	}
	cancelWaiting(ctx, t, url, "puzzle_objects") // the follow's read fails
	if err := lock.Rollback(ctx); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "the other server's area, followed again after the failed follow", shown)
	if logs := srv.Logs(); !strings.Contains(logs, "following the regions other servers changed failed") {
		t.Fatalf("the follow did not fail, so the test tried nothing:\n%s", logs)
	}
}

// cancelWaiting cancels the statement of a connection to the database at url once it waits for a lock on table.
// It asks on a connection of its own, outside any transaction, whose view of pg_stat_activity is taken anew.
func cancelWaiting(ctx context.Context, t *testing.T, url, table string) {
	t.Helper()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(context.Background())
	waitFor(t, "a read waiting for the lock on "+table, func() bool {
		var n int
		err := conn.QueryRow(ctx, "SELECT count(pg_cancel_backend(pid)) FROM pg_stat_activity "+
			"WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid() AND query LIKE '%' || $1 || '%'", table).Scan(&n)
		if err != nil {
			t.Fatal(err)
		}
		return n > 0
	})
}
