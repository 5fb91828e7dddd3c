package overlay

import (
	"testing"

	"riddlestone/puzzle"
)

func TestChooseTemplateByDistanceAndBiome(t *testing.T) {
	p := &puzzle.Pack{Areas: []*puzzle.Area{
		{Name: "Village", Start: true},
		{Name: "Woods", Biomes: []string{"forest", "birch_forest"}, MinDistance: 1, MaxDistance: 3},
		{Name: "Fields", MinDistance: 1, MaxDistance: 3},
		{Name: "Dunes", Biomes: []string{"desert"}, MinDistance: 1},
		{Name: "Frontier", MinDistance: 4},
	}}
	for _, tc := range []struct {
		distance int
		biome    string
		pick     uint64
		want     string
	}{
		{0, "desert", 5, "Village"},
		{2, "forest", 7, "Woods"},
		{2, "birch_forest", 0, "Woods"},
		{2, "plains", 0, "Fields"}, // no template lists plains: one that lists no biomes
		{2, "desert", 9, "Dunes"},
		{9, "desert", 9, "Dunes"},
		{9, "plains", 4, "Frontier"},
	} {
		got, err := chooseTemplate(p, tc.distance, tc.biome, tc.pick)
		if err != nil || got.Name != tc.want {
			t.Errorf("chooseTemplate(%d, %s, %d) = %v, %v; want %s", tc.distance, tc.biome, tc.pick, got, err, tc.want)
		}
	}
	// Only biome-specific templates suit: one of them is used anyway.
	only := &puzzle.Pack{Areas: []*puzzle.Area{{Name: "Dunes", Biomes: []string{"desert"}}}}
	if got, err := chooseTemplate(only, 3, "plains", 0); err != nil || got.Name != "Dunes" {
		t.Errorf("with only a desert template, plains got %v, %v", got, err)
	}
	if _, err := chooseTemplate(&puzzle.Pack{Areas: []*puzzle.Area{{Name: "Near", MaxDistance: 2}}}, 3, "plains", 0); err == nil {
		t.Error("no template for distance 3, but no error")
	}
}
