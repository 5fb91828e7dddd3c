package worldgen

import (
	"image/color"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
)

// biomeKind is the generator's biome index. Each maps to a dragonfly biome so that clients colour grass, foliage
// and water correctly.
type biomeKind uint8

const (
	ocean biomeKind = iota
	frozenOcean
	beach
	snowyBeach
	plains
	forest
	birchForest
	taiga
	snowyTaiga
	snowyPlains
	desert
	savanna
	swamp
	windsweptHills
	stonyPeaks
	frozenPeaks
	river
	frozenRiver
	biomeCount
)

// biomeInfo describes how a biome looks: its dragonfly biome, its map colour and its vegetation.
type biomeInfo struct {
	biome  world.Biome
	colour color.RGBA
	// top and filler are the surface block and the few blocks under it; stone follows.
	top, filler material
	// trees is the chance that a tree cell holds a tree.
	trees float64
	// cover is the chance that a column carries a plant.
	cover float64
}

var biomes = [biomeCount]biomeInfo{
	ocean:          {biome.Ocean{}, color.RGBA{40, 70, 170, 255}, sand, sand, 0, 0},
	frozenOcean:    {biome.FrozenOcean{}, color.RGBA{120, 140, 200, 255}, gravel, gravel, 0, 0},
	beach:          {biome.Beach{}, color.RGBA{222, 210, 150, 255}, sand, sand, 0, 0},
	snowyBeach:     {biome.SnowyBeach{}, color.RGBA{230, 230, 210, 255}, sand, sand, 0, 0},
	plains:         {biome.Plains{}, color.RGBA{130, 180, 80, 255}, grass, dirt, 0.012, 0.32},
	forest:         {biome.Forest{}, color.RGBA{70, 130, 50, 255}, grass, dirt, 0.55, 0.14},
	birchForest:    {biome.BirchForest{}, color.RGBA{100, 150, 70, 255}, grass, dirt, 0.5, 0.16},
	taiga:          {biome.Taiga{}, color.RGBA{60, 110, 80, 255}, podzol, dirt, 0.45, 0.12},
	snowyTaiga:     {biome.SnowyTaiga{}, color.RGBA{150, 180, 170, 255}, snow, dirt, 0.3, 0.02},
	snowyPlains:    {biome.SnowyPlains{}, color.RGBA{235, 240, 245, 255}, snow, dirt, 0.008, 0},
	desert:         {biome.Desert{}, color.RGBA{225, 200, 120, 255}, sand, sand, 0, 0.012},
	savanna:        {biome.Savanna{}, color.RGBA{175, 170, 80, 255}, grass, dirt, 0.04, 0.3},
	swamp:          {biome.Swamp{}, color.RGBA{80, 100, 60, 255}, grass, dirt, 0.12, 0.18},
	windsweptHills: {biome.WindsweptHills{}, color.RGBA{120, 140, 110, 255}, grass, dirt, 0.05, 0.08},
	stonyPeaks:     {biome.StonyPeaks{}, color.RGBA{150, 150, 150, 255}, stone, stone, 0, 0},
	frozenPeaks:    {biome.FrozenPeaks{}, color.RGBA{245, 248, 255, 255}, snow, stone, 0, 0},
	river:          {biome.River{}, color.RGBA{60, 100, 200, 255}, sand, sand, 0, 0},
	frozenRiver:    {biome.FrozenRiver{}, color.RGBA{150, 170, 220, 255}, gravel, gravel, 0, 0},
}

// biomeIDs holds the encoded dragonfly biome ID of each biome.
var biomeIDs = func() (ids [biomeCount]uint32) {
	for i, b := range biomes {
		ids[i] = uint32(b.biome.EncodeBiome())
	}
	return ids
}()

// biomeByID maps an encoded dragonfly biome ID back to the generator's biome.
func biomeByID(id uint32) (biomeKind, bool) {
	for i, v := range biomeIDs {
		if v == id {
			return biomeKind(i), true
		}
	}
	return 0, false
}

// String returns the dragonfly name of the biome.
func (b biomeKind) String() string { return biomes[b].biome.String() }
