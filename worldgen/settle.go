package worldgen

// A world at rest sends no block updates: every generated block is in a state dragonfly keeps as it is, however
// long the chunk stays loaded and random ticks run. Leaves are persistent (material.go); grass has light; dirt
// open to the sky lies nowhere grass could spread to it (swamp floors are mud, dirt veins stay under cover); a
// cactus has air around it (cover.go); nothing burns near lava (landmark.go). Cacti and sugar cane still grow and
// age, as in vanilla.

// settle turns grass with an opaque block on it (under a boulder, a ruin's floor or a trunk) to dirt: grass
// without light dies on its first random tick. Grass only ever lies at the surface height of its column.
func (s *scratch) settle() {
	b := &s.buf
	for z := int32(0); z < 16; z++ {
		for x := int32(0); x < 16; x++ {
			h := int32(s.col(x, z).height)
			if h < maxY && b.get(x, h, z) == grass && opaque[b.get(x, h+1, z)] {
				b.set(x, h, z, dirt)
			}
		}
	}
}
