package pgstore_test

import (
	"slices"
	"testing"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
)

// Leases reads every region's lease as the database has it: each holder sees its own as ours and the other's
// not; a store without a lease (a tool) sees none as its own; a lease given up at Close has no holder.
func TestLeasesListEveryRegion(t *testing.T) {
	url := pgtest.Database(t)
	a := openLeased(t, url, "server A", pgstore.Options{})
	b := openLeased(t, url, "server B", pgstore.Options{Region: "north"})
	tool, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer tool.Close()
	for _, c := range []struct {
		who  string
		s    *pgstore.Store
		ours string
	}{{"A", a, pgstore.WorldRegion}, {"B", b, "north"}, {"the tool", tool, ""}} {
		leases, err := c.s.Leases(ctxT(t))
		if err != nil {
			t.Fatal(err)
		}
		if len(leases) != 2 || leases[0].Region != "north" || leases[1].Region != pgstore.WorldRegion {
			t.Fatalf("%s: leases %+v, want north and world", c.who, leases)
		}
		for _, l := range leases {
			holder := map[string]string{"north": "server B", pgstore.WorldRegion: "server A"}[l.Region]
			if l.Holder != holder || l.Ours != (l.Region == c.ours) || l.Left <= 0 || l.Expires.Before(l.Renewed) {
				t.Errorf("%s: lease %+v, want held by %s, ours %v", c.who, l, holder, l.Region == c.ours)
			}
		}
	}
	if st := a.Status(); st.Paused || a.Holder() != "server A" {
		t.Errorf("A: status %+v, holder %q", st, a.Holder())
	}
	_ = b.Close()
	leases, err := a.Leases(ctxT(t))
	if err != nil || len(leases) != 2 || leases[0].Holder != "" || leases[0].Ours || leases[0].Left != 0 {
		t.Errorf("after B closed: %+v, %v", leases, err)
	}
}

// A reading of the leases taken while the store takes a lease on demand, after the database gave it and before the
// store noted it, tells the lease is the store's: a server following the regions others committed to never takes
// its own for another's (server/follow.go). Before the fix it told the lease was another's.
func TestALeaseBeingTakenIsOurs(t *testing.T) {
	url := pgtest.Database(t)
	a := openLeased(t, url, "server A", pgstore.Options{RegionAreas: testRegionAreas, AreaSize: 1})
	var read []pgstore.Lease
	var readErr error
	pgstore.OnTookLease(a, func(region string) {
		if region == "r3,3" {
			read, readErr = a.Leases(ctxT(t))
		}
	})
	far := store.AreaPos{3 * testRegionAreas, 3 * testRegionAreas}
	if err := a.Commit(inArea(1<<40, far)); err != nil {
		t.Fatal(err)
	}
	if readErr != nil {
		t.Fatal(readErr)
	}
	i := slices.IndexFunc(read, func(l pgstore.Lease) bool { return l.Region == "r3,3" })
	if i < 0 {
		t.Fatalf("the reading taken while the lease of r3,3 was taken lacks it: %+v", read)
	}
	if l := read[i]; l.Holder != "server A" || !l.Ours {
		t.Errorf("the lease of r3,3 read while server A took it: %+v, want server A's and ours", l)
	}
	if !a.Holds("r3,3") || !a.Writes(far) {
		t.Errorf("after the commit, the store holds r3,3: %v, writes area %v: %v; want both", a.Holds("r3,3"), far, a.Writes(far))
	}
}
