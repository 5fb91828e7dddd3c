package server

import (
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/worldgen"
)

// newGenerator returns the overworld terrain generator for a seed. It is the one place that chooses the
// generator.
func newGenerator(seed int64) world.Generator {
	return worldgen.New(seed)
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
