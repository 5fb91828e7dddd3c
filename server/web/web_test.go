package web

import (
	"bytes"
	"image/png"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/worldgen"
)

// syncBuffer collects logs from many goroutines.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// testServer makes a dashboard that is not started (no world, no overlay) and returns its handler and logs.
func testServer(t *testing.T, opts Options) (*Server, http.Handler, *syncBuffer) {
	t.Helper()
	logs := &syncBuffer{}
	opts.Address = "127.0.0.1:0"
	opts.Hosts = append(opts.Hosts, "example.com") // httptest.NewRequest's host
	opts.Log = slog.New(slog.NewTextHandler(logs, nil))
	s, err := New(opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s, s.Handler(), logs
}

// csrfPair fetches the dashboard and returns its CSRF cookie, as a browser would hold it.
func csrfPair(t *testing.T, h http.Handler) *http.Cookie {
	t.Helper()
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	for _, c := range rec.Result().Cookies() {
		if c.Name == csrfCookie {
			return c
		}
	}
	t.Fatalf("the dashboard set no CSRF cookie (status %d)", rec.Code)
	return nil
}

// post makes an action request with the given form, CSRF cookie and header.
func post(h http.Handler, path string, form url.Values, cookie *http.Cookie, token string) *httptest.ResponseRecorder {
	req := httptest.NewRequest("POST", path, strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	if cookie != nil {
		req.AddCookie(cookie)
	}
	if token != "" {
		req.Header.Set("X-CSRF-Token", token)
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	return rec
}

// Every action checks the secret: missing, empty, wrong, a prefix of it and one character off are refused; only
// the secret itself gets through (to "no puzzles", as this dashboard has none). Every check compares two
// 32-byte digests, so neither length nor a matching prefix changes the time it takes; every attempt is logged
// with the admin's name.
func TestActionsNeedTheSecret(t *testing.T) {
	const secret = "correct horse battery staple"
	var mu sync.Mutex
	var lengths [][2]int
	defer func(f func(a, b []byte) int) { constantTimeEqual = f }(constantTimeEqual)
	real := constantTimeEqual
	constantTimeEqual = func(a, b []byte) int {
		mu.Lock()
		lengths = append(lengths, [2]int{len(a), len(b)})
		mu.Unlock()
		return real(a, b)
	}
	s, h, logs := testServer(t, Options{Secret: secret})
	cookie := csrfPair(t, h)
	for _, action := range actions {
		for _, tc := range []struct {
			name   string
			form   url.Values
			status int
		}{
			{"missing", url.Values{"admin": {"Mallory"}}, http.StatusForbidden},
			{"empty", url.Values{"admin": {"Mallory"}, "secret": {""}}, http.StatusForbidden},
			{"wrong", url.Values{"admin": {"Mallory"}, "secret": {"hunter2"}}, http.StatusForbidden},
			{"prefix", url.Values{"admin": {"Mallory"}, "secret": {secret[:10]}}, http.StatusForbidden},
			{"one off", url.Values{"admin": {"Mallory"}, "secret": {secret[:len(secret)-1] + "f"}}, http.StatusForbidden},
			{"longer", url.Values{"admin": {"Mallory"}, "secret": {secret + " "}}, http.StatusForbidden},
			{"right", url.Values{"admin": {"Alice"}, "secret": {secret}}, http.StatusConflict},
		} {
			mu.Lock()
			lengths = nil
			mu.Unlock()
			s.auth.guesses.right("192.0.2.1") // the back-off on wrong secrets has its own test
			rec := post(h, "/area/1,-2/"+action, tc.form, cookie, cookie.Value)
			if rec.Code != tc.status {
				t.Errorf("%s with %s secret: status %d (%s), want %d", action, tc.name, rec.Code, rec.Body, tc.status)
			}
			mu.Lock()
			if len(lengths) == 0 {
				t.Errorf("%s with %s secret: no constant-time comparison", action, tc.name)
			}
			for _, l := range lengths {
				if l != [2]int{32, 32} {
					t.Errorf("%s with %s secret: compared %d with %d bytes, want two digests", action, tc.name, l[0], l[1])
				}
			}
			mu.Unlock()
		}
	}
	log := logs.String()
	for _, want := range []string{`msg="web: admin action refused" action=unlock area=1,-2 by=Mallory`, `why="wrong secret"`,
		`msg="web: admin action" action=reroll area=1,-2 by=Alice`} {
		if !strings.Contains(log, want) {
			t.Errorf("log lacks %q:\n%s", want, log)
		}
	}
	if strings.Contains(log, secret) {
		t.Errorf("the log shows the secret")
	}
}

// Actions need the page's CSRF token as well as the secret, come only by POST, and are refused from another site;
// without a configured secret there are no actions at all.
func TestActionsNeedCSRFAndPOST(t *testing.T) {
	const secret = "s3cret"
	_, h, _ := testServer(t, Options{Secret: secret})
	cookie := csrfPair(t, h)
	form := url.Values{"secret": {secret}, "admin": {"Alice"}}
	other := strings.Repeat("ab", 32)
	for name, rec := range map[string]*httptest.ResponseRecorder{
		"no cookie, no header":  post(h, "/area/0,0/unlock", form, nil, ""),
		"no header":             post(h, "/area/0,0/unlock", form, cookie, ""),
		"another token":         post(h, "/area/0,0/unlock", form, cookie, other),
		"header without cookie": post(h, "/area/0,0/unlock", form, nil, cookie.Value),
	} {
		if rec.Code != http.StatusForbidden || !strings.Contains(rec.Body.String(), "security token") {
			t.Errorf("%s: status %d %s, want 403 for the token", name, rec.Code, rec.Body)
		}
	}
	if rec := post(h, "/area/0,0/unlock", url.Values{"secret": {secret}, "csrf": {cookie.Value}}, cookie, ""); rec.Code != http.StatusConflict {
		t.Errorf("token as a form field: status %d %s, want 409 (no puzzles)", rec.Code, rec.Body)
	}
	req := httptest.NewRequest("POST", "/area/0,0/unlock", strings.NewReader(form.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Sec-Fetch-Site", "cross-site")
	req.AddCookie(cookie)
	req.Header.Set("X-CSRF-Token", cookie.Value)
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	if rec.Code != http.StatusForbidden {
		t.Errorf("cross-site POST: status %d, want 403", rec.Code)
	}
	for _, method := range []string{"GET", "PUT", "DELETE"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest(method, "/area/0,0/unlock?secret="+secret, nil))
		if rec.Code != http.StatusMethodNotAllowed && rec.Code != http.StatusForbidden {
			t.Errorf("%s of an action: status %d, want 405", method, rec.Code)
		}
	}
	_, off, _ := testServer(t, Options{})
	c := csrfPair(t, off)
	if rec := post(off, "/area/0,0/lock", url.Values{"secret": {""}}, c, c.Value); rec.Code != http.StatusForbidden ||
		!strings.Contains(rec.Body.String(), "actions are off") {
		t.Errorf("no secret configured: status %d %s, want 403 saying actions are off", rec.Code, rec.Body)
	}
}

// With a read secret nothing is shown without it: a login sets a cookie that is not the secret, and Prometheus
// may send it as a bearer token.
func TestReadSecret(t *testing.T) {
	const read = "let me see"
	_, h, _ := testServer(t, Options{ReadSecret: read})
	get := func(path string, mod func(*http.Request)) *httptest.ResponseRecorder {
		req := httptest.NewRequest("GET", path, nil)
		if mod != nil {
			mod(req)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		return rec
	}
	for _, path := range []string{"/api/status", "/metrics", "/events", "/tiles/0/0/0.png", "/api/players", "/api/store"} {
		if rec := get(path, nil); rec.Code != http.StatusUnauthorized {
			t.Errorf("GET %s without the read secret: status %d, want 401", path, rec.Code)
		}
	}
	if rec := get("/", nil); rec.Code != http.StatusSeeOther || rec.Header().Get("Location") != "/login" {
		t.Errorf("GET / without the read secret: status %d to %q, want a redirect to /login", rec.Code, rec.Header().Get("Location"))
	}
	if rec := get("/metrics", func(r *http.Request) { r.Header.Set("Authorization", "Bearer wrong") }); rec.Code != http.StatusUnauthorized {
		t.Errorf("metrics with a wrong bearer token: status %d", rec.Code)
	}
	rec := get("/metrics", func(r *http.Request) { r.Header.Set("Authorization", "Bearer "+read) })
	if rec.Code != http.StatusOK {
		t.Fatalf("metrics with the bearer token: status %d", rec.Code)
	}
	for _, name := range []string{"riddlestone_tick_duration_seconds", "riddlestone_world_queue_latency_seconds",
		"riddlestone_players", `riddlestone_areas{state="active"}`, "riddlestone_generations_total", "riddlestone_generation_seconds",
		"riddlestone_store_commit_seconds", "riddlestone_job_queue_depth", `riddlestone_errors_recovered_total{where="request"}`} {
		if !strings.Contains(rec.Body.String(), name) {
			t.Errorf("metrics lack %s", name)
		}
	}
	// Log in: a wrong secret is refused, the right one sets a cookie that opens the pages.
	login := get("/login", nil)
	var csrf *http.Cookie
	for _, c := range login.Result().Cookies() {
		if c.Name == csrfCookie {
			csrf = c
		}
	}
	if login.Code != http.StatusOK || csrf == nil {
		t.Fatalf("login page: status %d, cookie %v", login.Code, csrf)
	}
	wrong := post(h, "/login", url.Values{"secret": {"nope"}, "csrf": {csrf.Value}}, csrf, "")
	if loc := wrong.Header().Get("Location"); loc != "/login?wrong" || len(wrong.Result().Cookies()) != 0 {
		t.Errorf("wrong read secret: redirect to %q, cookies %v", loc, wrong.Result().Cookies())
	}
	right := post(h, "/login", url.Values{"secret": {read}, "csrf": {csrf.Value}}, csrf, "")
	var readC *http.Cookie
	for _, c := range right.Result().Cookies() {
		if c.Name == readCookie {
			readC = c
		}
	}
	if readC == nil || strings.Contains(readC.Value, read) {
		t.Fatalf("login set %v", readC)
	}
	if rec := get("/api/status", func(r *http.Request) { r.AddCookie(readC) }); rec.Code != http.StatusOK {
		t.Errorf("status with the read cookie: %d", rec.Code)
	}
	forged := &http.Cookie{Name: readCookie, Value: strings.Repeat("0", 64)}
	if rec := get("/api/status", func(r *http.Request) { r.AddCookie(forged) }); rec.Code != http.StatusUnauthorized {
		t.Errorf("status with a forged read cookie: %d", rec.Code)
	}
}

// Bad requests get an error, never a panic or a 500.
func TestBadRequests(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	s, h, logs := testServer(t, Options{Secret: "x", Generator: worldgen.New(1)})
	_ = s
	for _, path := range []string{"/area/abc", "/area/1,2,3/tree.svg", "/area/99999999,0/space.svg", "/area/0,0?panel",
		"/tiles/x/0/0.png", "/tiles/0/0/0.jpg", "/tiles/9/0/0.png", "/tiles/-1/0/0.png", "/tiles/0/99999999999/0.png",
		"/tiles/2/-2048/0.png", "/nothing", "/area/%00/tree.svg", "/static/../web.go"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code >= 500 || rec.Code == http.StatusOK && !strings.HasPrefix(path, "/static") {
			t.Errorf("GET %s: status %d %s", path, rec.Code, rec.Body)
		}
	}
	cookie := csrfPair(t, h)
	for _, path := range []string{"/area/abc/unlock", "/area/0,0/explode", "/area/0,0/unlock/more"} {
		rec := post(h, path, url.Values{"secret": {"x"}}, cookie, cookie.Value)
		if rec.Code >= 500 || rec.Code == http.StatusOK {
			t.Errorf("POST %s: status %d %s", path, rec.Code, rec.Body)
		}
	}
	big := post(h, "/area/0,0/unlock", url.Values{"secret": {strings.Repeat("x", 1<<16)}}, cookie, cookie.Value)
	if big.Code != http.StatusForbidden {
		t.Errorf("huge form: status %d", big.Code)
	}
	if strings.Contains(logs.String(), "panicked") {
		t.Errorf("a request panicked:\n%s", logs)
	}
}

// Tiles are drawn from the generator, and a chunk copied from the world with a change redraws its tile, counts
// a new version and forgets the tiles above it.
func TestTiles(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	gen := worldgen.New(42)
	s, h, _ := testServer(t, Options{Generator: gen})
	get := func(path string) []byte {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if rec.Code != http.StatusOK || rec.Header().Get("Content-Type") != "image/png" {
			t.Fatalf("GET %s: status %d %s", path, rec.Code, rec.Body)
		}
		return rec.Body.Bytes()
	}
	before := get("/tiles/0/0/0.png")
	img, err := png.Decode(bytes.NewReader(before))
	if err != nil || img.Bounds().Dx() != tilePx || img.Bounds().Dy() != tilePx {
		t.Fatalf("tile: %v, %v", img.Bounds(), err)
	}
	up := get("/tiles/1/0/0.png")
	if s.tiles.kept(tileKey{1, 0, 0}) == nil {
		t.Fatal("level-1 tile not kept")
	}
	c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	gen.GenerateChunk(world.ChunkPos{1, 1}, c)
	if changed := s.tiles.setLive(map[world.ChunkPos]*chunk.Chunk{{1, 1}: c}); len(changed) != 0 {
		t.Errorf("an unchanged chunk changed tiles %v", changed)
	}
	for x := uint8(0); x < 16; x++ {
		for z := uint8(0); z < 16; z++ {
			c.SetBlock(x, c.HighestBlock(x, z)+1, z, 0, world.BlockRuntimeID(block.Planks{}))
		}
	}
	changed := s.tiles.setLive(map[world.ChunkPos]*chunk.Chunk{{1, 1}: c})
	if len(changed) != 1 || changed[0] != (tileKey{0, 0, 0}) || s.tiles.version(changed[0]) != 1 {
		t.Fatalf("changed tiles %v", changed)
	}
	if s.tiles.kept(tileKey{1, 0, 0}) != nil || s.tiles.kept(tileKey{0, 0, 0}) != nil {
		t.Error("drawings of the changed tile kept")
	}
	if after := get("/tiles/0/0/0.png"); bytes.Equal(after, before) {
		t.Error("tile unchanged after a chunk was built over")
	}
	if after := get("/tiles/1/0/0.png"); bytes.Equal(after, up) {
		t.Error("level-1 tile unchanged after a chunk was built over")
	}
	if s.tiles.liveCount() != 1 {
		t.Errorf("%d live chunks, want 1", s.tiles.liveCount())
	}
}

// The dashboard's page and assets are served from the binary, with the CSRF token in the page.
func TestPageAndAssets(t *testing.T) {
	_, h, _ := testServer(t, Options{})
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, httptest.NewRequest("GET", "/", nil))
	cookie := rec.Result().Cookies()
	if rec.Code != http.StatusOK || len(cookie) == 0 || !strings.Contains(rec.Body.String(), `content="`+cookie[0].Value+`"`) {
		t.Fatalf("index: status %d, cookies %v", rec.Code, cookie)
	}
	if !strings.Contains(rec.Body.String(), "Admin actions are off") {
		t.Error("index does not say admin actions are off")
	}
	for _, path := range []string{"/static/app.js", "/static/style.css"} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		body, _ := io.ReadAll(rec.Body)
		if rec.Code != http.StatusOK || len(body) < 1000 || bytes.Contains(body, []byte("http://")) && path == "/static/style.css" {
			t.Errorf("GET %s: status %d, %d bytes", path, rec.Code, len(body))
		}
	}
}
