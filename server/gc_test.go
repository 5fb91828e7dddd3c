package server_test

import (
	"os"
	"runtime/debug"
	"testing"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// The server runs with its own garbage collector target, [Riddlestone] GCPercent (200 by default), unless the
// GOGC environment variable is set; 0 leaves Go's.
func TestServerSetsItsGarbageCollectorTarget(t *testing.T) {
	if os.Getenv("GOGC") != "" {
		t.Skip("GOGC is set, and wins over config.toml")
	}
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	srv := e2e.Start(t)
	got := debug.SetGCPercent(100)
	if err := srv.Close(); err != nil { // one server at a time in a process (recipes are registered globally)
		t.Fatal(err)
	}
	if got != 200 {
		t.Fatalf("the server runs with a GC target of %d, want the default 200", got)
	}
	e2e.Start(t, e2e.WithConfig(func(c *server.Config) { c.Riddlestone.GCPercent = 0 }))
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("GCPercent = 0 changed the GC target to %d, want Go's setting left (100)", got)
	}
}
