package server

import (
	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
)

// newGenerator returns the overworld terrain generator for a seed. It is the one place that chooses the
// generator: switch it to worldgen's when that lands.
func newGenerator(seed int64) world.Generator {
	_ = seed // The flat stand-in ignores the seed.
	return generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}})
}

// generators returns the generator for each dimension: the terrain in the overworld, nothing elsewhere.
func generators(seed int64) func(world.Dimension) world.Generator {
	overworld := newGenerator(seed)
	return func(dim world.Dimension) world.Generator {
		if dim == world.Overworld {
			return overworld
		}
		return world.NopGenerator{}
	}
}
