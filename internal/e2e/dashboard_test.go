package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// webMap is what the test reads of /api/map.
type webMap struct {
	Areas []struct {
		Name  string `json:"name"`
		State string `json:"state"`
		Goal  string `json:"goal"`
		Done  int    `json:"done"`
		Steps int    `json:"steps"`
	} `json:"areas"`
}

// fetchMap reads the dashboard's map.
func fetchMap(t *testing.T, url string) webMap {
	t.Helper()
	res, err := http.Get(url + "api/map")
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	var m webMap
	if err := json.NewDecoder(res.Body).Decode(&m); err != nil {
		t.Fatal(err)
	}
	return m
}

// The dashboard in a real browser: the map with its tiles, the areas and a player's marker; the start area's
// panel with its puzzle tree, which names the goal and marks the step the player did, and its state space;
// unlocking a locked area with the secret (after a wrong one is refused) turns it open on the map. A screenshot is
// kept (DASHBOARD_SCREENSHOT names a file to copy it to, as docs/dashboard.png was made).
func TestDashboardInABrowser(t *testing.T) {
	browser := e2e.NeedChromium(t)
	const secret = "open sesame"
	srv := puzzleServerWith(t, guardYard, e2e.WithExtension(server.Web), e2e.WithConfig(func(c *server.Config) {
		c.Web.Address = "127.0.0.1:0"
		c.Web.Secret = secret
	}))
	url := srv.WebURL()
	if url == "" {
		t.Fatal("no dashboard")
	}
	b := srv.Join(t, "Admin")
	s, ok := plan(t, b)
	for deadline := time.Now().Add(time.Minute); !ok && time.Now().Before(deadline); s, ok = plan(t, b) {
		time.Sleep(100 * time.Millisecond) // the start area opens as the server starts
	}
	if !ok {
		t.Fatal("the start area has no plan")
	}
	ctx0, cancel0 := context.WithTimeout(context.Background(), time.Minute)
	defer cancel0()
	if err := b.WaitChunks(ctx0, 4); err != nil {
		t.Fatal(err)
	}
	if s.place == "entity" { // the guard: wait until the bot has seen it
		if _, err := e2e.Await(ctx0, b, 0, func(a *packet.AddActor) bool {
			d := vec64(a.Position).Sub(s.pos.Vec3Middle())
			return math.Abs(d[0]) < 1 && math.Abs(d[2]) < 1 && math.Abs(d[1]) < 2
		}); err != nil {
			t.Fatalf("the bot never saw %s at %v: %v", s.item, s.pos, err)
		}
	}
	follow(t, b, s) // one step done, so the tree has a done step to show
	var start, locked string
	for deadline := time.Now().Add(30 * time.Second); start == "" || locked == ""; {
		if time.Now().After(deadline) {
			t.Fatalf("no active area with a step done and a locked one on the map: %+v", fetchMap(t, url))
		}
		start, locked = "", ""
		for _, a := range fetchMap(t, url).Areas {
			switch {
			case a.State == "active" && a.Done == 1:
				start = a.Name
			case a.State == "locked" && locked == "":
				locked = a.Name
			}
		}
		time.Sleep(50 * time.Millisecond)
	}

	ctx, cancel := e2e.Browser(browser, 1280, 860, 90*time.Second)
	defer cancel()
	waitFor := func(what, expr string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.Poll[bool](expr, chromedp.WithPollingTimeout(45*time.Second))); err != nil {
			e2e.Screenshot(t, ctx, "failed", "")
			t.Fatalf("waiting for %s (%s): %v", what, expr, err)
		}
	}
	text := func(expr string) string {
		t.Helper()
		s, err := chromedp.Run(ctx, chromedp.Evaluate[string](expr))
		if err != nil {
			t.Fatalf("%s: %v", expr, err)
		}
		return s
	}
	area := func(name string) string { return fmt.Sprintf(`#areas rect.area[data-area="%s"]`, name) }

	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		t.Fatal(err)
	}
	waitFor("a map tile", `document.querySelector('#map[data-ready="true"] img.tile[data-loaded="true"]') !== null`)
	waitFor("the start area", fmt.Sprintf(`document.querySelector('%s.state-active') !== null`, area(start)))
	waitFor("the locked area and its key arrow", fmt.Sprintf(`document.querySelector('%s.state-locked') !== null && document.querySelector('#areas line.key-arrow') !== null`, area(locked)))
	waitFor("Admin's marker with the client's version", `document.querySelector('.player-marker[data-name="Admin"] .name')?.textContent === "Admin (1.26.45)"`)
	waitFor("the status line", `/TPS .* 1 player/.test(document.querySelector('#status').textContent)`)

	// The start area's panel: the tree names the goal and marks the step done; the state space is drawn.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(area(start)))); err != nil {
		t.Fatal(err)
	}
	panel := fmt.Sprintf(`.area-panel[data-area="%s"]`, start)
	waitFor("the tree", fmt.Sprintf(`document.querySelector('%s .tree-box svg') !== null`, panel))
	tree := text(fmt.Sprintf(`document.querySelector('%s .tree-box svg').textContent`, panel))
	for _, want := range []string{"Goal: an open crate", "1 of 2 steps done", "✔ Ask"} {
		if !strings.Contains(tree, want) {
			t.Errorf("tree SVG lacks %q: %s", want, tree)
		}
	}
	if n := text(fmt.Sprintf(`String(document.querySelectorAll('%s .tree-box svg g.node.done').length)`, panel)); n != "1" {
		t.Errorf("%s done steps drawn, want 1", n)
	}
	if players := text(fmt.Sprintf(`document.querySelector('%s .players-here').textContent`, panel)); players != "Admin (1.26.45)" {
		t.Errorf("players in the start area: %q", players)
	}
	waitFor("the state space", fmt.Sprintf(`document.querySelector('%s .space-box[data-loaded="true"] svg g.state.goal') !== null`, panel))
	waitFor("every tile in view", `[...document.querySelectorAll('img.tile')].every((i) => i.dataset.loaded === "true")`)
	e2e.Screenshot(t, ctx, "dashboard", "DASHBOARD_SCREENSHOT")

	// Unlock the locked area: a wrong secret is refused, the right one opens it.
	if err := chromedp.Do(ctx, chromedp.Click(chromedp.CSS(area(locked)))); err != nil {
		t.Fatal(err)
	}
	panel = fmt.Sprintf(`.area-panel[data-area="%s"]`, locked)
	waitFor("the locked area's panel", fmt.Sprintf(`document.querySelector('%s form.actions') !== null`, panel))
	unlock := func(secret string) {
		t.Helper()
		if err := chromedp.Do(ctx,
			chromedp.SetValue(chromedp.CSS(panel+` input[name="admin"]`), "Tester"),
			chromedp.SetValue(chromedp.CSS(panel+` input[name="secret"]`), secret),
			chromedp.Click(chromedp.CSS(panel+` button[data-action="unlock"]`))); err != nil {
			t.Fatal(err)
		}
	}
	unlock("not the secret")
	waitFor("the refusal", fmt.Sprintf(`/wrong secret/.test(document.querySelector('%s .action-result.error')?.textContent ?? '')`, panel))
	unlock(secret)
	waitFor("the area to open", fmt.Sprintf(`document.querySelector('%s:not(.state-locked)') !== null`, area(locked)))
	waitFor("its panel to say so", fmt.Sprintf(`document.querySelector('%s[data-state="active"], %s[data-state="solved"]') !== null`, panel, panel))
	e2e.Screenshot(t, ctx, "unlocked", "")
	logs := srv.Logs()
	for _, want := range []string{"web: admin action refused", "web: admin action done", "by=Tester"} {
		if !strings.Contains(logs, want) {
			t.Errorf("server log lacks %q", want)
		}
	}
}
