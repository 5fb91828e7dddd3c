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
	all := templatesFor(p, distance, biome, pick)
	if len(all) == 0 {
		if distance == 0 {
			return nil, fmt.Errorf("the pack has no start area")
		}
		return nil, fmt.Errorf("no area template of the pack suits distance %d", distance)
	}
	return all[0], nil
}

// templatesFor lists the templates for a distance and biome, the one chooseTemplate picks first, then every other
// template for the distance.
func templatesFor(p *puzzle.Pack, distance int, biome string, pick uint64) []*puzzle.Area {
	if distance == 0 {
		for _, a := range p.Areas {
			if a.Start {
				return []*puzzle.Area{a}
			}
		}
		return nil
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
		return nil
	}
	first := choices[pick%uint64(len(choices))]
	out := []*puzzle.Area{first}
	for _, a := range forDistance {
		if a != first {
			out = append(out, a)
		}
	}
	return out
}
