package server_test

import (
	"os"
	"runtime/debug"
	"testing"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// The server runs with the garbage collector target [Riddlestone] GCPercent sets, unless the GOGC environment
// variable is set; 0, the default, leaves Go's.
func TestServerSetsItsGarbageCollectorTarget(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set, and wins over config.toml")
	}
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	srv := e2e.Start(t, e2e.WithConfig(func(c *server.Config) { c.Riddlestone.GCPercent = 300 }))
	got := debug.SetGCPercent(100)
	if err := srv.Close(); err != nil { // one server at a time in a process (recipes are registered globally)
		t.Fatal(err)
	}
	if got != 300 {
		t.Fatalf("the server runs with a GC target of %d, want the configured 300", got)
	}
	if server.DefaultConfig().Riddlestone.GCPercent != 0 {
		t.Fatalf("the default GCPercent is %d, want 0 (Go's own)", server.DefaultConfig().Riddlestone.GCPercent)
	}
	debug.SetGCPercent(150)
	e2e.Start(t)
	if got := debug.SetGCPercent(100); got != 150 {
		t.Fatalf("the default configuration changed the GC target to %d, want the setting left as it was (150)", got)
	}
}
