package pgstore_test

import (
	"testing"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
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
