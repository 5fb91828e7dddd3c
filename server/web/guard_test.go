package web

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"
)

// serving serves a dashboard with short limits on a real loopback listener and returns its address.
func serving(t *testing.T, opts Options) string {
	t.Helper()
	old := limits
	limits.headerTimeout, limits.readTimeout, limits.idleTimeout = 500*time.Millisecond, 500*time.Millisecond, 500*time.Millisecond
	limits.connections = 4
	t.Cleanup(func() { limits = old })
	s, _, _ := testServer(t, opts)
	go func() { _ = s.http.Serve(s.ln) }()
	return s.Addr().String()
}

// closedWithin reports whether the server closes a connection within d: a read returns an error.
func closedWithin(c net.Conn, d time.Duration) bool {
	_ = c.SetReadDeadline(time.Now().Add(d))
	_, err := io.ReadAll(c)
	var ne net.Error
	return err == nil || !(errorsAs(err, &ne) && ne.Timeout())
}

func errorsAs(err error, ne *net.Error) bool {
	e, ok := err.(net.Error)
	if ok {
		*ne = e
	}
	return ok
}

// A body trickled a byte at a time is cut off at the read timeout; a connection left idle after an answer (a 401)
// is closed at the idle timeout; at most limits.connections are held at once, and the next waits its turn.
func TestConnectionsAreNotHeldForever(t *testing.T) {
	addr := serving(t, Options{ReadSecret: "read"})
	trickle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer trickle.Close()
	fmt.Fprintf(trickle, "POST /login HTTP/1.1\r\nHost: %s\r\nContent-Length: 100\r\n\r\n", addr)
	cut := make(chan bool, 1)
	go func() { cut <- closedWithin(trickle, 5*time.Second) }()
	for i := 0; i < 20; i++ {
		if _, err := trickle.Write([]byte("x")); err != nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if !<-cut {
		t.Error("a body trickled a byte every 200 ms was not cut off")
	}

	idle, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer idle.Close()
	fmt.Fprintf(idle, "GET /api/status HTTP/1.1\r\nHost: %s\r\n\r\n", addr)
	resp, err := http.ReadResponse(bufio.NewReader(idle), nil)
	if err != nil || resp.StatusCode != http.StatusUnauthorized {
		t.Fatalf("status without the read secret: %v, %v", resp, err)
	}
	if !closedWithin(idle, 5*time.Second) {
		t.Error("a connection left idle after a 401 stays open")
	}

	var held []net.Conn
	for range limits.connections {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	start := time.Now()
	resp, err = (&http.Client{Timeout: 10 * time.Second}).Get("http://" + addr + "/login")
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("a request once the held connections timed out: %v, %v", resp, err)
	}
	resp.Body.Close()
	if waited := time.Since(start); waited < 300*time.Millisecond {
		t.Errorf("a request beyond the cap of %d was answered after %v, before any held connection was let go", limits.connections, waited)
	}
	for _, c := range held {
		c.Close()
	}
}

// Wrong admin secrets from one address are answered 429 after five, with Retry-After, while the right secret
// from another address still acts; a right secret clears an address's count.
func TestWrongSecretsBackOffByAddress(t *testing.T) {
	_, h, _ := testServer(t, Options{Secret: "right"})
	csrf := csrfPair(t, h)
	try := func(from, secret string) *http.Response {
		form := url.Values{"secret": {secret}, "csrf": {csrf.Value}}
		r := httptest.NewRequest("POST", "/area/0,0/lock", strings.NewReader(form.Encode()))
		r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		r.AddCookie(csrf)
		r.RemoteAddr = from + ":5000"
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		return rec.Result()
	}
	for i := 0; i < freeGuesses+1; i++ {
		if got := try("10.0.0.1", "wrong").StatusCode; got == http.StatusTooManyRequests {
			t.Fatalf("guess %d answered 429; the first %d are free", i+1, freeGuesses+1)
		}
	}
	resp := try("10.0.0.1", "wrong")
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("after %d wrong secrets: %d, Retry-After %q", freeGuesses+1, resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	if got := try("10.0.0.1", "right").StatusCode; got != http.StatusTooManyRequests {
		t.Errorf("the guessing address with the right secret: %d, want 429 until it has waited", got)
	}
	if got := try("10.0.0.2", "right").StatusCode; got == http.StatusTooManyRequests || got == http.StatusForbidden {
		t.Errorf("the right secret from another address: %d", got)
	}
}

// A request naming a host the dashboard is not reached by is refused (a page that resolves its own name to this
// machine cannot read the dashboard); loopback with the port and the names listed in Hosts are served.
func TestHostIsChecked(t *testing.T) {
	s, h, _ := testServer(t, Options{Hosts: []string{"dash.example.org"}})
	port := strings.Split(s.Addr().String(), ":")[1]
	for host, want := range map[string]int{
		"127.0.0.1:" + port:        http.StatusOK,
		"localhost:" + port:        http.StatusOK,
		"dash.example.org":         http.StatusOK,
		"evil.example:" + port:     http.StatusMisdirectedRequest,
		"127.0.0.1:1":              http.StatusMisdirectedRequest,
		"dash.example.org.evil.io": http.StatusMisdirectedRequest,
	} {
		r := httptest.NewRequest("GET", "/login", nil)
		r.Host = host
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code != want {
			t.Errorf("Host %s: %d, want %d", host, rec.Code, want)
		}
	}
}

// Nothing above static/ is served, and no folder is listed, even to a reader.
func TestStaticServesOnlyItsFiles(t *testing.T) {
	_, h, _ := testServer(t, Options{})
	for path, want := range map[string]int{
		"/static/app.js":                   http.StatusOK,
		"/static/style.css":                http.StatusOK,
		"/static/..%2fassets/area.html":    http.StatusNotFound,
		"/static/..%2f":                    http.StatusNotFound,
		"/static/":                         http.StatusNotFound,
		"/static/%2e%2e/assets/index.html": http.StatusNotFound,
	} {
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, httptest.NewRequest("GET", path, nil))
		if loc := rec.Header().Get("Location"); rec.Code == http.StatusMovedPermanently && !strings.HasPrefix(loc, "/static/") {
			rec.Code = http.StatusNotFound // sent to a cleaned path outside static/, which no route serves
		}
		if rec.Code != want || (want != http.StatusOK && strings.Contains(rec.Body.String(), "{{")) {
			t.Errorf("%s: %d, want %d; body %.80q", path, rec.Code, want, rec.Body.String())
		}
	}
}
