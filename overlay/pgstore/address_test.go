package pgstore_test

import (
	"slices"
	"testing"

	"riddlestone/overlay/pgstore"
)

// Each lease says where players reach the server holding it: the address a server gives is in the leases every
// server reads, region by region, and a server that gives none leaves it empty.
func TestLeasesSayWherePlayersReachTheirServers(t *testing.T) {
	url, conn := storeAtVersion(t, 5)
	a := openLeased(t, url, "server A", pgstore.Options{Regions: []string{"r0,0", "r1,0"}, RegionAreas: testRegionAreas, AreaSize: 1, Address: "127.0.0.1:19132"})
	openLeased(t, url, "server B", pgstore.Options{Regions: []string{"r0,1"}, RegionAreas: testRegionAreas, AreaSize: 1})
	if got := versions(t, conn); !slices.Equal(got, everyVersion()) {
		t.Fatalf("after the upgrade the database records %v", got)
	}
	leases, err := a.Leases(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"r0,0": "127.0.0.1:19132", "r1,0": "127.0.0.1:19132", "r0,1": ""}
	for _, l := range leases {
		if w, ok := want[l.Region]; !ok || l.Address != w {
			t.Errorf("region %s: address %q, want %q", l.Region, l.Address, w)
		}
		delete(want, l.Region)
	}
	if len(want) != 0 {
		t.Errorf("leases missing: %v", want)
	}
}
