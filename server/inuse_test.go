package server_test

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// TestWorldFolderInUse starts a second server on the folders of a running one: it must fail with an error
// naming the folder (LevelDB alone says "resource temporarily unavailable"), and leave nothing open.
func TestWorldFolderInUse(t *testing.T) {
	first := e2e.Start(t)

	_, err := e2e.StartErr(t, e2e.WithDir(first.Dir))
	want := "the world folder " + filepath.Join(first.Dir, "world") + " is in use by another running server"
	if !errors.Is(err, server.ErrWorldInUse) || err.Error() != want {
		t.Errorf("second server on the same world: %v, want %q", err, want)
	}

	// Another world, the same player data: the world opens before the player data fails, and must be closed
	// again, or the next server on that world fails too.
	other := t.TempDir()
	_, err = e2e.StartErr(t, e2e.WithDir(other), e2e.WithConfig(func(c *server.Config) { c.Players.Folder = first.Config().Players.Folder }))
	want = "the player data folder " + first.Config().Players.Folder + " is in use by another running server"
	if !errors.Is(err, server.ErrWorldInUse) || err.Error() != want {
		t.Errorf("second server on the same player data: %v, want %q", err, want)
	}
	if _, err := e2e.StartErr(t, e2e.WithDir(other)); err != nil {
		t.Errorf("the world of the server that failed to start was left open: %v", err)
	}

	// The first server is unharmed.
	if out := first.Console(t, "list"); !strings.Contains(out, "online") {
		t.Errorf("first server after the failed starts: list = %q", out)
	}
}
