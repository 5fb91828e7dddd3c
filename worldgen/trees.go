package worldgen

// treeKind is a tree shape.
type treeKind uint8

const (
	oakTree treeKind = iota
	birchTree
	spruceTree
	acaciaTree
	bigOakTree
)

const (
	// treeCell is the spacing of the grid that holds at most one tree per cell.
	treeCell = 4
	// treeReach is how far a tree's leaves reach from its trunk.
	treeReach = 4
)

// maxTreeChance is the highest tree chance of any biome; cells that roll above it are skipped without looking
// at the terrain.
var maxTreeChance = func() (m float64) {
	for _, b := range biomes {
		m = max(m, b.trees)
	}
	return m
}()

// tree is a tree placed at the top of a column.
type tree struct {
	kind    treeKind
	x, y, z int32 // the base of the trunk, one above the ground
	height  int32
	seed    uint64
}

// treeAt decides the tree of a grid cell, if any, from the seed, the cell and the terrain under it.
func (g *Generator) treeAt(a *area, cx, cz int32, lms []landmark) (tree, bool) {
	h := hash2(g.seed^0x7ee, cx, cz)
	roll := unit(mix64(h))
	if roll >= maxTreeChance {
		return tree{}, false
	}
	x, z := cx*treeCell+int32(h&3), cz*treeCell+int32(h>>2&3)
	c := a.column(x, z)
	if roll >= biomes[c.biome].trees || c.height < seaLevel {
		return tree{}, false
	}
	// No trees on slopes too steep for soil.
	for _, d := range [4][2]int32{{-1, 0}, {1, 0}, {0, -1}, {0, 1}} {
		if abs32(int32(a.column(x+d[0], z+d[1]).height-c.height)) >= 3 {
			return tree{}, false
		}
	}
	for i := range lms {
		if lms[i].blocksTree(x, z) {
			return tree{}, false
		}
	}
	t := tree{x: x, y: int32(c.height) + 1, z: z, seed: mix64(h ^ 0x7)}
	kindRoll := h >> 40 & 15
	switch c.biome {
	case taiga, snowyTaiga, snowyPlains, windsweptHills:
		t.kind = spruceTree
	case birchForest:
		t.kind = birchTree
		if kindRoll == 0 {
			t.kind = oakTree
		}
	case savanna:
		t.kind = acaciaTree
	case forest:
		if kindRoll < 3 {
			t.kind = birchTree
		}
	}
	r := rng{t.seed}
	switch t.kind {
	case spruceTree:
		t.height = r.between(6, 9)
	case birchTree:
		t.height = r.between(5, 7)
	default:
		t.height = r.between(4, 6)
	}
	return t, true
}

// plantTrees draws every tree whose leaves may reach into the chunk.
func (g *Generator) plantTrees(s *scratch) {
	b := &s.buf
	x0, z0 := floorDiv(b.x0-treeReach, treeCell), floorDiv(b.z0-treeReach, treeCell)
	x1, z1 := floorDiv(b.x0+15+treeReach, treeCell), floorDiv(b.z0+15+treeReach, treeCell)
	for cz := z0; cz <= z1; cz++ {
		for cx := x0; cx <= x1; cx++ {
			if t, ok := g.treeAt(&s.area, cx, cz, s.lms); ok {
				t.draw(b)
			}
		}
	}
}

// canGrowInto reports whether a trunk may replace a block.
func canGrowInto(m material) bool { return m == air || m.plant() || m.foliage() }

// isOpen reports whether leaves may replace a block.
func isOpen(m material) bool { return m == air }

// draw places the part of the tree that falls inside the chunk.
func (t tree) draw(b *chunkBuf) {
	log, leaves := oakLog, oakLeaves
	switch t.kind {
	case birchTree:
		log, leaves = birchLog, birchLeaves
	case spruceTree:
		log, leaves = spruceLog, spruceLeaves
	case acaciaTree:
		log, leaves = acaciaLog, acaciaLeaves
	}
	r := rng{t.seed ^ 0x1eaf}
	top := t.y + t.height - 1
	// The block under the trunk becomes dirt, as under vanilla trees.
	b.put(t.x, t.y-1, t.z, dirt, func(m material) bool { return m == grass || m == podzol || m == snow })
	switch t.kind {
	case spruceTree:
		// Cone of alternating rings, widest near the bottom, with a tip above the trunk.
		radius := int32(0)
		for y := top + 1; y >= t.y+2; y-- {
			leafDisc(b, t.x, y, t.z, radius, leaves, &r, false)
			switch {
			case radius == 0:
				radius = 1
			case (top-y)%2 == 0:
				radius = min(radius+1, 3)
			default:
				radius = 1
			}
		}
	case acaciaTree:
		leafDisc(b, t.x, top, t.z, 3, leaves, &r, true)
		leafDisc(b, t.x, top+1, t.z, 1, leaves, &r, false)
	case bigOakTree:
		for dy := int32(-3); dy <= 1; dy++ {
			radius := int32(4)
			if dy <= -3 || dy >= 1 {
				radius = 2
			} else if dy == 0 {
				radius = 3
			}
			leafDisc(b, t.x, top+dy, t.z, radius, leaves, &r, true)
		}
	default:
		for dy := int32(-2); dy <= 1; dy++ {
			radius := int32(2)
			if dy >= 0 {
				radius = 1
			}
			leafDisc(b, t.x, top+dy, t.z, radius, leaves, &r, true)
		}
	}
	for y := t.y; y <= top; y++ {
		b.put(t.x, y, t.z, log, canGrowInto)
	}
}

// leafDisc places a ring of leaves of the given radius, cutting corners (some at random when ragged is set).
func leafDisc(b *chunkBuf, x, y, z, radius int32, leaves material, r *rng, ragged bool) {
	for dz := -radius; dz <= radius; dz++ {
		for dx := -radius; dx <= radius; dx++ {
			d := dx*dx + dz*dz
			// Draw the random decision for every position, inside the chunk or not, so every chunk agrees.
			cut := ragged && r.intn(2) == 0
			if radius <= 2 {
				if abs32(dx) == radius && abs32(dz) == radius && radius > 0 && (!ragged || cut) {
					continue
				}
			} else if d > radius*radius+1 || (d > radius*radius-radius && cut) {
				continue
			}
			b.put(x+dx, y, z+dz, leaves, isOpen)
		}
	}
}
