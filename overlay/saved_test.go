package overlay

import (
	"log/slog"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/mcdb"
	"riddlestone/puzzle"
)

// savedWorld is a world saved in a folder on disk and an overlay storing in another, opened, closed and opened
// again as a server does across restarts.
type savedWorld struct {
	t                  *testing.T
	worldDir, storeDir string
	gen                world.Generator
	spawn              cube.Pos
	pack               *puzzle.Pack
}

// newSavedWorld returns a saved world of gen, with its spawn at spawn and the overlay playing the pack in src.
func newSavedWorld(t *testing.T, gen world.Generator, spawn cube.Pos, src string) savedWorld {
	t.Helper()
	world.DefaultBlockRegistry.Finalize()
	pack, err := puzzle.LoadBytes("pack.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return savedWorld{t: t, worldDir: t.TempDir(), storeDir: t.TempDir(), gen: gen, spawn: spawn, pack: pack}
}

// open opens the world from its folder.
func (s savedWorld) open() *world.World {
	db, err := mcdb.Open(s.worldDir)
	if err != nil {
		s.t.Fatal(err)
	}
	w := world.Config{Provider: db, Generator: s.gen, Entities: entityRegistry()}.New()
	w.SetSpawn(s.spawn)
	return w
}

// overlay starts the overlay on w with its store, areas of two chunks, and waits until it is idle.
func (s savedWorld) overlay(w *world.World) *Overlay {
	o, err := New(w, Options{Pack: s.pack, Seed: 7, AreaSize: 2, TwoKeyPercent: -1, StoreDir: s.storeDir,
		Log: slog.New(slog.NewTextHandler(testWriter{s.t}, nil))})
	if err != nil {
		s.t.Fatal(err)
	}
	o.Start()
	wait(s.t, o)
	return o
}
