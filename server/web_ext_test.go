package server_test

import (
	"io"
	"net"
	"net/http"
	"strings"
	"testing"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// The dashboard extension serves on its address while the server runs (without puzzles too), and stops with it.
func TestWebExtensionServesAndStops(t *testing.T) {
	srv := e2e.Start(t, e2e.WithExtension(server.Web), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Packs = nil
		c.Web.Address = "127.0.0.1:0"
	}))
	url := srv.WebURL()
	if !strings.HasPrefix(url, "http://127.0.0.1:") {
		t.Fatalf("WebURL %q", url)
	}
	for path, want := range map[string]string{"api/map": `"puzzles":false`, "metrics": "riddlestone_players", "": "Riddlestone dashboard"} {
		res, err := http.Get(url + path)
		if err != nil {
			t.Fatal(err)
		}
		body, _ := io.ReadAll(res.Body)
		res.Body.Close()
		if res.StatusCode != http.StatusOK || !strings.Contains(string(body), want) {
			t.Errorf("GET /%s: %d, lacks %q", path, res.StatusCode, want)
		}
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	if res, err := http.Get(url + "api/status"); err == nil {
		res.Body.Close()
		t.Errorf("the dashboard still answers after the server closed")
	}
}

// An address already in use is an error in the log, and the game runs without a dashboard.
func TestWebAddressInUse(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	srv := e2e.Start(t, e2e.WithExtension(server.Web), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Packs = nil
		c.Web.Address = ln.Addr().String()
	}))
	if srv.WebURL() != "" {
		t.Errorf("WebURL %q with the address taken", srv.WebURL())
	}
	if !strings.Contains(srv.Logs(), "web dashboard not started") {
		t.Errorf("no error logged:\n%s", srv.Logs())
	}
}
