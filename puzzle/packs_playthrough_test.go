package puzzle

import (
	"path/filepath"
	"testing"
)

// Every shipped pack plays through and replays over hundreds of seeds.
func TestShippedPacksPlayThrough(t *testing.T) {
	dirs := shippedPacks(t)
	if len(dirs) < 2 {
		t.Skip("no shipped packs")
	}
	seeds := int64(200)
	if testing.Short() {
		seeds = 20
	}
	for _, dir := range dirs {
		pk, err := Load(layers(dir)...)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		g := NewGenerator(pk)
		areas := 0
		for seed := range seeds {
			res, err := playthrough(g, pk, seed, nil)
			if err != nil {
				t.Fatalf("%s seed %d: %v", dir, seed, err)
			}
			if err := Replay(pk, res); err != nil {
				t.Fatalf("%s seed %d: %v", dir, seed, err)
			}
			areas += len(res.Areas)
		}
		t.Logf("%s: %d areas over %d seeds", filepath.Base(dir), areas, seeds)
	}
}
