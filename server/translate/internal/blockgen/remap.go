package blockgen

import "fmt"

// Remap returns, for each state of from (by its position, the runtime ID), the position of the matching state
// in to: the state of the same name and the same properties. A state that to lacks, because to has added a
// property to the block (stairs gained "minecraft:corner", panes and fences their connections) or dropped one,
// maps to the first state of the same block in to that agrees on every property both have; failing that, to the
// block's first state. A block to does not have at all is an error, for a person to decide.
func Remap(from, to []State) ([]uint32, error) {
	exact := make(map[string]uint32, len(to))
	byName := map[string][]uint32{}
	for i, s := range to {
		exact[s.String()] = uint32(i)
		byName[s.Name] = append(byName[s.Name], uint32(i))
	}
	table := make([]uint32, len(from))
	for i, s := range from {
		if rid, ok := exact[s.String()]; ok {
			table[i] = rid
			continue
		}
		candidates := byName[s.Name]
		if len(candidates) == 0 {
			return nil, fmt.Errorf("%s: no block of that name in the other version", s)
		}
		table[i] = candidates[0]
		for _, c := range candidates {
			if agree(s, to[c]) {
				table[i] = c
				break
			}
		}
	}
	return table, nil
}

// agree reports whether a and b have the same value for every property both have.
func agree(a, b State) bool {
	for _, p := range a.Props {
		for _, q := range b.Props {
			if p.Name == q.Name && p.Value != q.Value {
				return false
			}
		}
	}
	return true
}
