package pgstore_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// testRegionAreas groups the tests' areas into regions of 2 by 2 areas: areas 0,0 to 1,1 are region r0,0,
// areas 2,0 to 3,1 region r1,0, area -1,0 region r-1,0.
const testRegionAreas = 2

// regionBackend is a server's store holding region r0,0 alone, for the writer process TestKilledHoldersRegion
// kills (it writes objects in area 0,0).
var regionBackend = backend{
	name:  "postgres-region",
	place: pgtest.Database,
	open: func(at string) (store.Store, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return pgstore.OpenWith(ctx, at, pgstore.Options{Holder: fmt.Sprintf("the test process %d", os.Getpid()),
			Lease: testLease, Regions: []string{"r0,0"}, RegionAreas: testRegionAreas, AreaSize: 1})
	},
}

// openRegions opens a server's store holding regions, closed when the test ends.
func openRegions(t *testing.T, url, holder string, regions ...string) *pgstore.Store {
	t.Helper()
	return openLeased(t, url, holder, pgstore.Options{Regions: regions, RegionAreas: testRegionAreas, AreaSize: 1})
}

// inArea is a change writing an object in an area (and the area's record), and the next id after it.
func inArea(id int, area store.AreaPos) store.Change {
	return store.Change{
		Areas:   []store.AreaRecord{{Pos: area, State: store.Active, Template: "Meadow"}},
		Objects: []store.ObjectRecord{{Object: puzzle.Object{ID: id, Item: "Coin", Area: area.String()}}},
		NextID:  id + 1,
	}
}

// TestRegionsCommitSideBySide: two servers on one database hold different regions (one of them two) and commit
// at the same time, each into its own regions, one change of the first writing both its regions at once. Every
// commit goes through, and each store holds and shows just its own regions.
func TestRegionsCommitSideBySide(t *testing.T) {
	url := pgtest.Database(t)
	a := openRegions(t, url, "server A", "r0,0", "r-1,0")
	b := openRegions(t, url, "server B", "r1,0")
	const each = 40
	var wg sync.WaitGroup
	errs := make(chan error, 2*each)
	for _, w := range []struct {
		s     *pgstore.Store
		first int
		areas []store.AreaPos
	}{{a, 1, []store.AreaPos{{0, 0}, {-1, 1}, {1, 1}}}, {b, 1000, []store.AreaPos{{2, 0}, {3, 1}}}} {
		wg.Go(func() {
			for n := range each {
				c := inArea(w.first+n, w.areas[n%len(w.areas)])
				if w.s == a && n%5 == 0 {
					c.Add(inArea(w.first+each+n, store.AreaPos{-1, 0})) // both of A's regions in one change
				}
				if err := w.s.Commit(c); err != nil {
					errs <- fmt.Errorf("%s: commit %d: %w", w.s.Holder(), n, err)
				}
			}
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	saved := loadT(t, a)
	if want := 2*each + each/5; len(saved.Objects) != want || len(saved.Areas) != 6 {
		t.Fatalf("the store holds %d objects in %d areas; want %d in 6", len(saved.Objects), len(saved.Areas), want)
	}
	if !slices.Equal(a.Regions(), []string{"r-1,0", "r0,0"}) || !slices.Equal(b.Regions(), []string{"r1,0"}) {
		t.Errorf("regions held: A %q, B %q", a.Regions(), b.Regions())
	}
	if !a.HoldsArea(store.AreaPos{-1, 1}) || a.HoldsArea(store.AreaPos{2, 0}) || !b.Holds("r1,0") || b.Holds("r0,0") {
		t.Error("Holds answers wrong")
	}
	if !a.Changes(store.AreaPos{-1, 1}) || a.Changes(store.AreaPos{2, 0}) || !b.Changes(store.AreaPos{3, 1}) || b.Changes(store.AreaPos{0, 0}) {
		t.Error("Changes answers wrong")
	}
	leases, err := b.Leases(ctxT(t))
	if err != nil {
		t.Fatal(err)
	}
	var seen []string
	for _, l := range leases {
		seen = append(seen, fmt.Sprintf("%s %s %v", l.Region, l.Holder, l.Ours))
	}
	if want := []string{"r-1,0 server A false", "r0,0 server A false", "r1,0 server B true"}; !slices.Equal(seen, want) {
		t.Errorf("B sees the leases %q; want %q", seen, want)
	}
}

// TestCommitOutsideHeldRegionsWritesNothing: a change that writes a region the store does not hold (held by
// another server, or by nobody) is refused whole with ErrNotHeld, naming the region; the store is not paused and
// goes on committing into its own region, with an intent for an area of another region (left for its server); a
// change whose records lie in no area is fenced by the store's regions.
func TestCommitOutsideHeldRegionsWritesNothing(t *testing.T) {
	url := pgtest.Database(t)
	a := openRegions(t, url, "server A", "r0,0")
	openRegions(t, url, "server B", "r1,0")
	commitT(t, a, inArea(1, store.AreaPos{0, 0}))
	for _, tc := range []struct {
		c      store.Change
		region string
	}{
		{func() store.Change {
			c := inArea(2, store.AreaPos{1, 1})
			c.Add(inArea(3, store.AreaPos{2, 0}))
			return c
		}(), "r1,0"}, // B's
		{store.Change{Resolved: []store.Intent{{Kind: store.OpenArea, Area: store.AreaPos{0, 5}}}, NextID: 9}, "r0,2"}, // nobody's
		{store.Change{Cleared: []store.ClearedBlock{{Pos: store.AreaBlock{-1, 64, 0}}}}, "r-1,0"},                      // by its block
	} {
		err := a.Commit(tc.c)
		if !errors.Is(err, pgstore.ErrNotHeld) || !strings.Contains(err.Error(), "region "+tc.region+" is not one of this server's: r0,0") {
			t.Errorf("a commit writing region %s: %v; want ErrNotHeld naming the region", tc.region, err)
		}
	}
	if saved := loadT(t, a); len(saved.Objects) != 1 || len(saved.Areas) != 1 || saved.NextID != 2 || len(saved.Cleared) != 0 {
		t.Fatalf("after the refused commits the store holds %d objects, %d areas, next id %d, %d cleared blocks; want 1, 1, 2, 0",
			len(saved.Objects), len(saved.Areas), saved.NextID, len(saved.Cleared))
	}
	// A solve in its region leaves the opening of an area of B's region in the store, for B.
	solve := inArea(2, store.AreaPos{1, 0})
	solve.Intents = []store.Intent{{Kind: store.OpenArea, Area: store.AreaPos{2, 0}}}
	commitT(t, a, solve)
	if saved := loadT(t, a); len(saved.Intents) != 1 || saved.Intents[0].Area != (store.AreaPos{2, 0}) {
		t.Fatalf("the intent for B's area was not committed: %+v", saved.Intents)
	}
	if st := a.Status(); st.Paused {
		t.Fatalf("a refused commit paused the store: %+v", st)
	}
	commitT(t, a, store.Change{Objects: []store.ObjectRecord{{Object: puzzle.Object{ID: 1, Item: "Coin", Area: puzzle.Inventory},
		Where: store.Where{Kind: store.InInventory}}}, NextID: 5}) // in no area: fenced by r0,0
	if saved := loadT(t, a); saved.NextID != 5 || saved.Objects[1].Area != puzzle.Inventory {
		t.Fatalf("the change in no area was not written: %+v", saved)
	}
	// A server that lost the lease of its only region writes nothing in no area either.
	if _, err := connT(t, url).Exec(ctxT(t), "UPDATE riddlestone_leases SET holder = 'server C', epoch = epoch + 1 WHERE region = 'r0,0'"); err != nil {
		t.Fatal(err)
	}
	if err := a.Commit(store.Change{NextID: 7}); !errors.Is(err, pgstore.ErrLeaseLost) || !strings.Contains(err.Error(), "region r0,0 is held by server C") {
		t.Fatalf("a commit in no area after the lease was taken: %v; want ErrLeaseLost naming r0,0 and server C", err)
	}
	if a.Holds("r0,0") || !a.Changes(store.AreaPos{0, 0}) {
		t.Error("the store still says it holds the region it lost, or does not let its commits say it is paused")
	}
}

// TestListedRegionHeldByAnotherIsRefused: a server listing a region another server holds and renews refuses to
// start, naming the region and the holder, and gives back the regions it had taken meanwhile.
func TestListedRegionHeldByAnotherIsRefused(t *testing.T) {
	url := pgtest.Database(t)
	openRegions(t, url, "server A", "r1,0")
	_, err := pgstore.OpenWith(ctxT(t), url, pgstore.Options{Holder: "server B", Lease: testLease,
		Regions: []string{"r2,0", "r1,0", "r0,0"}, RegionAreas: testRegionAreas}) // taken in order: r0,0, r1,0
	if err == nil {
		t.Fatal("a server took a region that another renews")
	}
	if !strings.Contains(err.Error(), "(region r1,0) are held by server A") {
		t.Errorf("the refusal %q does not name the region and its holder", err)
	}
	var holder string
	if err := connT(t, url).QueryRow(ctxT(t), "SELECT coalesce(holder, '') FROM riddlestone_leases WHERE region = 'r0,0'").Scan(&holder); err != nil || holder != "" {
		t.Errorf("the refused server kept region r0,0: holder %q, %v", holder, err)
	}
	openRegions(t, url, "server C", "r0,0", "r2,0") // free: taken at once
}

// TestKilledHoldersRegionIsTakenOver: a process holding region r0,0 is killed (SIGKILL) while it commits, beside
// a server holding r1,0. A server listing r0,0 takes it once the lease runs out and finds every change whole;
// the server of r1,0 commits all along.
func TestKilledHoldersRegionIsTakenOver(t *testing.T) {
	b := regionBackend
	url := b.place(t)
	other := openRegions(t, url, "server B", "r1,0")
	killWriter(t, b, url, 1)
	killed := time.Now()
	commitT(t, other, elsewhere(100000, store.AreaPos{2, 0}))
	s := openRegions(t, url, "server C", "r0,0")
	t.Logf("region r0,0 taken over %v after its holder was killed (lease %v)", time.Since(killed).Round(time.Millisecond), testLease)
	saved := loadT(t, s)
	coins := 0
	for id, o := range saved.Objects {
		if o.Area == "0,0" {
			coins++
		} else if id != 100000 {
			t.Errorf("object %+v", o)
		}
	}
	if coins == 0 || coins != saved.NextID-1 {
		t.Fatalf("%d of the writer's objects but next id %d: a change was torn", coins, saved.NextID)
	}
	commitT(t, s, coinChange(saved.NextID, 1))
	commitT(t, other, elsewhere(100001, store.AreaPos{3, 1}))
}

// elsewhere is inArea without the next id: the object ids' counter is one for the whole database (docs/network.md),
// and the test counts the writer's changes by it.
func elsewhere(id int, area store.AreaPos) store.Change {
	c := inArea(id, area)
	c.NextID = 0
	return c
}

// TestAnyRegionStore: a server that lists no region, the world being in regions, takes the region its commit
// first writes when it is free; it is refused one another server holds; it takes one given up since it started,
// but not one another server changed since it started (its loaded state of it would be old), which it gives back.
func TestAnyRegionStore(t *testing.T) {
	url := pgtest.Database(t)
	a := openRegions(t, url, "server A", "r0,0")
	d := openRegions(t, url, "server D", "r2,0")
	commitT(t, a, inArea(1, store.AreaPos{0, 0}))
	anyS := openRegions(t, url, "server E")
	if got := anyS.Regions(); len(got) != 0 {
		t.Fatalf("a server taking any region took %q at start, all of them held", got)
	}
	if !anyS.Changes(store.AreaPos{2, 2}) || !anyS.Changes(store.AreaPos{0, 0}) {
		t.Error("a store taking any region does not let the overlay try every area")
	}
	commitT(t, anyS, inArea(10, store.AreaPos{2, 2})) // r1,1: nobody's
	if err := anyS.Commit(inArea(11, store.AreaPos{0, 1})); !errors.Is(err, pgstore.ErrNotHeld) || !strings.Contains(err.Error(), "region r0,0 is held by server A") {
		t.Fatalf("a commit into a region held by another: %v", err)
	}
	commitT(t, d, inArea(20, store.AreaPos{4, 0})) // after E started
	_ = a.Close()
	_ = d.Close()
	commitT(t, anyS, inArea(11, store.AreaPos{0, 1})) // r0,0: given up, unchanged since E started
	err := anyS.Commit(inArea(21, store.AreaPos{4, 1}))
	if !errors.Is(err, pgstore.ErrNotHeld) || !strings.Contains(err.Error(), "region r2,0 was changed by another server") {
		t.Fatalf("a commit into a region changed since the start: %v", err)
	}
	if got := anyS.Regions(); !slices.Equal(got, []string{"r0,0", "r1,1"}) {
		t.Errorf("regions held %q; want r0,0 and r1,1", got)
	}
	if saved := loadT(t, anyS); len(saved.Objects) != 4 || saved.Objects[21].ID != 0 {
		t.Errorf("the store holds %d objects; want 4, without 21", len(saved.Objects))
	}
	// Started again, it takes every free region at start.
	_ = anyS.Close()
	again := openRegions(t, url, "server E")
	if got := again.Regions(); !slices.Equal(got, []string{"r0,0", "r1,1", "r2,0"}) {
		t.Errorf("restarted, it holds %q; want every region", got)
	}
}
