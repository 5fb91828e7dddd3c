package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"riddlestone/internal/e2e"
	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/server"
	"riddlestone/server/web"
)

// storeServer starts a server with the small pack, the dashboard on a free port and the console's admin, its
// store as store sets it.
func storeServer(t *testing.T, store func(c *server.Config)) *e2e.Server {
	t.Helper()
	pack := filepath.Join(t.TempDir(), "pack.yaml")
	if err := os.WriteFile(pack, []byte(smithYard), 0o644); err != nil {
		t.Fatal(err)
	}
	return e2e.Start(t, e2e.WithExtension(server.Puzzles), e2e.WithExtension(server.Web), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Seed = 42
		c.Riddlestone.Packs = []string{pack}
		c.Puzzles.AreaSize = 2
		c.Puzzles.TwoKeyPercent = 0
		c.Web.Address = "127.0.0.1:0"
		c.Riddlestone.OfflineAdmins = []string{"Admin"}
		store(c)
	}))
}

// storeOf reads /api/store.
func storeOf(t *testing.T, base string) web.StoreView {
	t.Helper()
	var v web.StoreView
	if err := json.Unmarshal([]byte(get(t, base+"api/store")), &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// mustContain fails unless text holds every one of want.
func mustContain(t *testing.T, what, text string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(text, w) {
			t.Errorf("%s lacks %q:\n%s", what, w, text)
		}
	}
}

// A LevelDB server's dashboard, metrics and /puzzle status (on the console, and an admin's in the game, in one
// answer) show its store in the world folder, running, with no lease.
func TestDashboardShowsTheLevelDBStore(t *testing.T) {
	srv := storeServer(t, func(c *server.Config) {})
	url := srv.WebURL()
	folder := filepath.Join(srv.Dir, "world", "riddlestone")
	mustContain(t, "the dashboard", get(t, url), "Puzzle store", "LevelDB", folder, "running")
	if v := storeOf(t, url); v.Kind != "LevelDB" || v.Where != folder || v.Shared || v.Paused || len(v.Leases) != 0 {
		t.Errorf("/api/store = %+v", v)
	}
	metrics := get(t, url+"metrics")
	mustContain(t, "/metrics", metrics, "\nriddlestone_store_paused 0\n")
	if strings.Contains(metrics, "riddlestone_store_lease_held{") {
		t.Errorf("a LevelDB store has a lease in /metrics")
	}
	mustContain(t, "/puzzle status on the console", srv.Console(t, "/puzzle status"),
		"Puzzle store: LevelDB at "+folder+".", "The puzzles are running.")
	admin := srv.Join(t, "Admin")
	res, err := admin.Command("/puzzle status")
	if err != nil {
		t.Fatal(err)
	}
	out := res.String()
	mustContain(t, "an admin's /puzzle status", out, "Neighbour", "Puzzle store: LevelDB at "+folder+".", "The puzzles are running.")
	if i, j := strings.Index(out, "Neighbour"), strings.Index(out, "Puzzle store"); i > j {
		t.Errorf("the store comes before the area:\n%s", out)
	}
}

// A PostgreSQL server's dashboard shows the leases as it last read them from the database: the world's, which it holds, under its
// name, and another region's that a second holder (the test, through pgstore) holds; the URL's password is not
// shown. The metrics and /puzzle status say the same. Once the network to PostgreSQL is cut, the dashboard says
// the puzzles are paused, and why, and that the leases cannot be read; running again once it is back. A
// screenshot of the page is kept (STORE_SCREENSHOT names a file to copy it to).
func TestDashboardShowsThePostgresLeases(t *testing.T) {
	db := pgtest.Shared(t)
	url := pgtest.Database(t)
	proxy, err := pgtest.NewProxy(fmt.Sprintf("127.0.0.1:%d", db.Port))
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	withPassword := strings.Replace(db.Proxied(url, proxy), "@", ":hunter2@", 1) // loopback trusts; the password only has to be hidden
	srv := storeServer(t, func(c *server.Config) {
		c.Store = server.StoreSettings{Kind: "postgres", URL: withPassword, LeaseSeconds: leaseSeconds}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	const other = "the server on elsewhere (pid 7, address 10.0.0.2:19132)"
	north, err := pgstore.OpenWith(ctx, url, pgstore.Options{Holder: other, Region: "north", Lease: time.Minute})
	if err != nil {
		t.Fatal(err)
	}
	defer north.Close()

	base := srv.WebURL()
	// The server reads the leases every second: the north lease shows within a reading or two.
	waitStore(t, base, "the north lease", func(v web.StoreView) bool { return len(v.Leases) == 2 })
	page := get(t, base)
	mustContain(t, "the dashboard", page, "PostgreSQL", ":***@", "running", fmt.Sprintf("(pid %d, address", os.Getpid()),
		"this server", other, "another server", "north", "world")
	if strings.Contains(page, "hunter2") {
		t.Errorf("the dashboard shows the password")
	}
	v := storeOf(t, base)
	if v.Kind != "PostgreSQL" || !v.Shared || v.Paused || len(v.Leases) != 2 {
		t.Fatalf("/api/store = %+v", v)
	}
	for _, l := range v.Leases {
		ours := l.Region == pgstore.WorldRegion
		if l.Ours != ours || (l.Holder == other) == ours || l.Left <= 0 || !l.Expires.After(l.Renewed) {
			t.Errorf("lease %+v, want ours = %v", l, ours)
		}
	}
	mustContain(t, "/metrics", get(t, base+"metrics"), "\nriddlestone_store_paused 0\n",
		"\nriddlestone_store_lease_held{region=\"north\"} 0\n", "\nriddlestone_store_lease_held{region=\"world\"} 1\n")
	mustContain(t, "/puzzle status on the console", srv.Console(t, "/puzzle status"), "Puzzle store: PostgreSQL at ",
		"The puzzles are running.", "Region world: held by this server (the server on", "Region north: held by "+other)
	storeShot(t, base, "store")

	proxy.Cut()
	waitStore(t, base, "paused, the leases unread", func(v web.StoreView) bool { return v.Paused && v.LeaseError != "" })
	page = get(t, base)
	mustContain(t, "the paused dashboard", page, "paused", "the server cannot reach its puzzle store", "The leases could not be read")
	mustContain(t, "/metrics while paused", get(t, base+"metrics"), "\nriddlestone_store_paused 1\n")
	storeShot(t, base, "store-paused")
	proxy.Restore()
	waitStore(t, base, "running again", func(v web.StoreView) bool { return !v.Paused && v.LeaseError == "" && len(v.Leases) == 2 })
}

// waitStore waits until /api/store shows what ok wants.
func waitStore(t *testing.T, base, what string, ok func(web.StoreView) bool) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for v := storeOf(t, base); !ok(v); v = storeOf(t, base) {
		if time.Now().After(deadline) {
			t.Fatalf("the store never showed %s: %+v", what, v)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// storeShot takes a screenshot of the dashboard with headless Chromium (e2e.Screenshot; STORE_SCREENSHOT names
// a file to copy the first to). Without Chromium it is left out, except in CI (CI set), where that fails the test.
func storeShot(t *testing.T, base, name string) {
	t.Helper()
	browser := e2e.Chromium()
	if browser == "" {
		if os.Getenv("CI") != "" {
			e2e.NeedChromium(t)
		}
		t.Log("no Chromium: no screenshot of the store panel")
		return
	}
	ctx, cancel := e2e.Browser(browser, 1280, 760, time.Minute)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Navigate(base)); err != nil {
		t.Fatal(err)
	}
	if _, err := chromedp.Run(ctx, chromedp.Poll[bool](`!!document.querySelector("#store h2") && document.querySelector("#map").dataset.ready === "true"`,
		chromedp.WithPollingTimeout(45*time.Second))); err != nil {
		t.Fatalf("the dashboard never showed its store panel and map: %v", err)
	}
	copyTo := ""
	if name == "store" {
		copyTo = "STORE_SCREENSHOT"
	}
	e2e.Screenshot(t, ctx, name, copyTo)
}
