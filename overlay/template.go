package overlay

import (
	"fmt"
	"slices"

	"riddlestone/puzzle"
)

// chooseTemplate picks the pack area that an area of the grid is made from. The start area of the grid uses the
// pack's start area. Any other uses a template whose distance range holds its distance from the start and whose
// biomes include the area's biome (as Dragonfly names it, e.g. "plains", "birch_forest"); when none lists the
// biome, a template that lists no biomes; failing that, any template for the distance. Among those that suit, pick decides, so the choice
// is fixed for a world seed. Templates further from the start have deeper puzzles, so difficulty grows outward.
func chooseTemplate(p *puzzle.Pack, distance int, biome string, pick uint64) (*puzzle.Area, error) {
	if distance == 0 {
		for _, a := range p.Areas {
			if a.Start {
				return a, nil
			}
		}
		return nil, fmt.Errorf("the pack has no start area")
	}
	var forDistance, forBiome, generic []*puzzle.Area
	for _, a := range p.Areas {
		if a.Start || distance < a.MinDistance || a.MaxDistance > 0 && distance > a.MaxDistance {
			continue
		}
		forDistance = append(forDistance, a)
		if slices.Contains(a.Biomes, biome) {
			forBiome = append(forBiome, a)
		}
		if len(a.Biomes) == 0 {
			generic = append(generic, a)
		}
	}
	choices := forBiome
	if len(choices) == 0 {
		choices = generic
	}
	if len(choices) == 0 {
		choices = forDistance
	}
	if len(choices) == 0 {
		return nil, fmt.Errorf("no area template of the pack suits distance %d", distance)
	}
	return choices[pick%uint64(len(choices))], nil
}
