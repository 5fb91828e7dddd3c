package pgstore_test

import (
	"slices"
	"testing"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
)

// Servers of a world split into regions each take a block of object ids of their own at start, above every id
// handed out before: two servers side by side get different blocks, a server started again a new one, and a
// world of one region none (its one server counts on from the store's next id).
func TestEachServerTakesABlockOfIDs(t *testing.T) {
	url := pgtest.Database(t)
	a := openRegions(t, url, "server A", "r0,0")
	b := openRegions(t, url, "server B", "r1,0")
	if a.FirstID() <= 0 || b.FirstID() <= 0 || a.FirstID() == b.FirstID() {
		t.Fatalf("first ids: server A %d, server B %d; want two different blocks", a.FirstID(), b.FirstID())
	}
	if gap := max(a.FirstID(), b.FirstID()) - min(a.FirstID(), b.FirstID()); gap < 1<<32 {
		t.Fatalf("the blocks of servers A (%d) and B (%d) are %d ids apart, less than a block", a.FirstID(), b.FirstID(), gap)
	}
	commitT(t, a, inArea(a.FirstID(), store.AreaPos{0, 0}))
	_ = a.Close()
	again := openRegions(t, url, "server A again", "r0,0")
	if again.FirstID() <= max(a.FirstID(), b.FirstID()) {
		t.Fatalf("server A started again got block %d, not above the blocks handed out before (%d, %d)", again.FirstID(), a.FirstID(), b.FirstID())
	}
	one := openLeased(t, pgtest.Database(t), "a server on its own", pgstore.Options{})
	if one.FirstID() != 0 {
		t.Fatalf("a world of one region: first id %d, want 0 (no blocks)", one.FirstID())
	}
}

// TestMigrateFromVersion4 opens a version 4 database holding state with this build as a server of a world split
// into regions: the sequence of id blocks is made, the state is as written, and the server's block lies above it.
func TestMigrateFromVersion4(t *testing.T) {
	url, conn := storeAtVersion(t, 4)
	s := openRegions(t, url, "server A", "r0,0")
	if got := versions(t, conn); !slices.Equal(got, everyVersion()) {
		t.Fatalf("after the upgrade the database records %v", got)
	}
	same(t, loadT(t, s), want(nil, []store.ObjectRecord{safe, key}, 5, nil, nil))
	if s.FirstID() <= key.ID {
		t.Fatalf("first id %d, not above the stored objects", s.FirstID())
	}
}
