package puzzle

import (
	"fmt"
	"maps"
	"slices"
)

// checkStructures checks that every structure goes with items the pack has: each name in its for is an item or a
// type some item is of. Block names are checked against the game by the gamecheck package.
func (v *validator) checkStructures() {
	for _, s := range v.p.Structures {
		for i, name := range s.For {
			if v.knownType(name) {
				continue
			}
			at := s.Pos
			if i < len(s.ForPos) {
				at = s.ForPos[i]
			}
			v.errs.AddHint(at, fmt.Sprintf("structure %s: unknown item or type %s", s.Name, name), DidYouMean(name, v.typeNames()))
		}
	}
}

// typeNames returns every item and type name, for hints.
func (v *validator) typeNames() []string {
	return slices.Sorted(maps.Keys(v.types))
}
