package server

import (
	"os"
	"path/filepath"
	"testing"
)

func TestWorldSeedChosenOnceAndKept(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "world")
	first, kept, err := worldSeed(dir, 0)
	if err != nil || kept || first == 0 {
		t.Fatalf("first = %d, kept %v, err %v", first, kept, err)
	}
	again, kept, err := worldSeed(dir, 0)
	if err != nil || kept || again != first {
		t.Fatalf("again = %d (want %d), kept %v, err %v", again, first, kept, err)
	}
	other, kept, err := worldSeed(dir, first+1)
	if err != nil || !kept || other != first {
		t.Fatalf("configured seed on an existing world: got %d kept %v err %v; want %d kept", other, kept, err, first)
	}
}

func TestWorldSeedConfigured(t *testing.T) {
	dir := t.TempDir()
	seed, _, err := worldSeed(dir, 42)
	if err != nil || seed != 42 {
		t.Fatalf("seed = %d, err %v", seed, err)
	}
	data, _ := os.ReadFile(filepath.Join(dir, seedFile))
	if string(data) != "42\n" {
		t.Errorf("seed file = %q", data)
	}
}

func TestWorldSeedBadFile(t *testing.T) {
	dir := t.TempDir()
	_ = os.WriteFile(filepath.Join(dir, seedFile), []byte("nope"), 0o644)
	if _, _, err := worldSeed(dir, 0); err == nil {
		t.Fatal("want an error for a corrupt seed file")
	}
}
