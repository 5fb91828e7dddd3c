package worldgen

import (
	"fmt"
	"sync/atomic"
)

// LandmarkKind is a kind of small landmark the generator scatters over the land.
type LandmarkKind uint8

const (
	// Pond is a round pool of water set into flat ground.
	Pond LandmarkKind = iota + 1
	// Boulder is a lump of stone and mossy cobblestone lying on the ground.
	Boulder
	// Well is a cobblestone well with water and a slab roof.
	Well
	// Ruin is the broken stone brick walls of a small square building.
	Ruin
	// LoneTree is a large oak standing alone, in plains and savannas.
	LoneTree
	// Clearing is an open, flowery circle in a forest where no trees grow.
	Clearing
	// LavaPool is a small pool of lava in a stone basin, in the hills.
	LavaPool
)

// String returns the kind's name in lower case.
func (k LandmarkKind) String() string {
	switch k {
	case Pond:
		return "pond"
	case Boulder:
		return "boulder"
	case Well:
		return "well"
	case Ruin:
		return "ruin"
	case LoneTree:
		return "lone tree"
	case Clearing:
		return "clearing"
	case LavaPool:
		return "lava pool"
	}
	return fmt.Sprintf("landmark(%d)", uint8(k))
}

// Landmark is one placed landmark: its kind, the ground block at its centre and its radius in blocks.
type Landmark struct {
	Kind    LandmarkKind
	X, Y, Z int
	Radius  int
}

// landmark is a Landmark with the seed that shapes its details.
type landmark struct {
	Landmark
	seed uint64
}

// landmarkCell is the spacing of the grid that holds at most one landmark per cell.
const landmarkCell = 32

// Landmarks lists the landmarks whose centres lie in the block rectangle [minX, maxX] × [minZ, maxZ]. It costs
// a few microseconds per 32×32 cell and generates no chunks.
func (g *Generator) Landmarks(minX, minZ, maxX, maxZ int) []Landmark {
	var a area
	a.reset(&g.relief, int32(minX), int32(minZ))
	var out []Landmark
	for _, l := range g.landmarks(&a, int32(minX), int32(minZ), int32(maxX), int32(maxZ), nil) {
		if l.X >= minX && l.X <= maxX && l.Z >= minZ && l.Z <= maxZ {
			out = append(out, l.Landmark)
		}
	}
	return out
}

// landmarks appends the landmarks of every grid cell that overlaps the rectangle to out.
func (g *Generator) landmarks(a *area, x0, z0, x1, z1 int32, out []landmark) []landmark {
	for cz := floorDiv(z0, landmarkCell); cz <= floorDiv(z1, landmarkCell); cz++ {
		for cx := floorDiv(x0, landmarkCell); cx <= floorDiv(x1, landmarkCell); cx++ {
			if l, ok := g.landmarkAt(a, cx, cz); ok {
				out = append(out, l)
			}
		}
	}
	return out
}

// landmarkCache remembers recently decided landmark cells. Deciding one samples the terrain at up to nine
// points, mostly outside the chunk's cached corners, and every cell is asked for by about nine chunks. The cache
// is direct-mapped and lock-free: a slot holds an immutable entry and a miss simply recomputes, so results never
// depend on the cache.
type landmarkCache struct {
	slots [1 << 12]atomic.Pointer[landmarkEntry]
}

type landmarkEntry struct {
	cx, cz int32
	l      landmark
	ok     bool
}

// landmarkAt returns the landmark of a grid cell, if any, from the cache or by deciding it.
func (g *Generator) landmarkAt(a *area, cx, cz int32) (landmark, bool) {
	slot := &g.landmarkCache.slots[hash2(0, cx, cz)&(1<<12-1)]
	if e := slot.Load(); e != nil && e.cx == cx && e.cz == cz {
		return e.l, e.ok
	}
	l, ok := g.decideLandmark(a, cx, cz)
	slot.Store(&landmarkEntry{cx: cx, cz: cz, l: l, ok: ok})
	return l, ok
}

// decideLandmark decides the landmark of a grid cell, if any, from the seed, the cell and the terrain. A lava
// pool gives way to a lone tree in a neighbouring cell whose leaves its lava could reach.
func (g *Generator) decideLandmark(a *area, cx, cz int32) (landmark, bool) {
	l, ok := g.decideOwnLandmark(a, cx, cz)
	if !ok || l.Kind != LavaPool {
		return l, ok
	}
	for dz := int32(-1); dz <= 1; dz++ {
		for dx := int32(-1); dx <= 1; dx++ {
			if n, ok := g.decideOwnLandmark(a, cx+dx, cz+dz); ok && n.Kind == LoneTree &&
				l.nearLava(int32(n.X), int32(n.Z), treeReach) {
				return landmark{}, false
			}
		}
	}
	return l, true
}

// decideOwnLandmark decides the landmark of a grid cell from the cell alone, without looking at its neighbours.
func (g *Generator) decideOwnLandmark(a *area, cx, cz int32) (landmark, bool) {
	h := hash2(g.seed^0x1a9d, cx, cz)
	roll := unit(mix64(h))
	if roll >= 0.62 {
		// Past every biome's total chance: no landmark, and no need to look at the terrain.
		return landmark{}, false
	}
	x, z := cx*landmarkCell+4+int32(h%24), cz*landmarkCell+4+int32(h>>8%24)
	c := a.column(x, z)
	if c.height <= seaLevel {
		return landmark{}, false
	}
	r := rng{mix64(h ^ 0x3)}
	var k LandmarkKind
	switch c.biome {
	case forest, birchForest, taiga, snowyTaiga:
		k = pick(roll, []float64{0.3, 0.12, 0.08, 0.05}, Clearing, Boulder, Pond, Ruin)
	case plains, savanna, snowyPlains:
		k = pick(roll, []float64{0.2, 0.15, 0.12, 0.07, 0.08}, LoneTree, Pond, Boulder, Well, Ruin)
	case desert:
		k = pick(roll, []float64{0.1, 0.12}, Well, Ruin)
	case swamp:
		k = pick(roll, []float64{0.3}, Pond)
	case windsweptHills, stonyPeaks:
		k = pick(roll, []float64{0.35, 0.15}, Boulder, LavaPool)
	}
	l := landmark{Landmark: Landmark{Kind: k, X: int(x), Y: int(c.height), Z: int(z)}, seed: r.next()}
	switch k {
	case 0:
		return landmark{}, false
	case Pond:
		l.Radius = int(r.between(3, 5))
	case Boulder:
		l.Radius = int(r.between(1, 2))
	case Well:
		l.Radius = 2
	case Ruin:
		l.Radius = 3
	case LoneTree:
		l.Radius = 4
	case Clearing:
		l.Radius = int(r.between(6, 9))
	case LavaPool:
		l.Radius = 2
	}
	if k == Pond || k == Well || k == Ruin || k == LavaPool {
		// These need flat, dry ground: probe just outside the rim and settle at its lowest point, so that a
		// pond's water is held in by its banks. Ponds want the flattest ground, to sit in a shallow dip.
		rad, tolerance := int32(l.Radius)+1, int32(2)
		if k == Pond {
			tolerance = 1
		}
		for _, d := range [8][2]int32{{-1, 0}, {1, 0}, {0, -1}, {0, 1}, {-1, -1}, {1, 1}, {-1, 1}, {1, -1}} {
			ph := a.column(x+d[0]*rad, z+d[1]*rad).height
			if ph <= seaLevel || abs32(int32(ph)-int32(c.height)) > tolerance {
				return landmark{}, false
			}
			l.Y = min(l.Y, int(ph))
		}
	}
	return l, true
}

// pick returns the kind whose slice of [0, 1) holds roll, or 0 if roll falls past them all.
func pick(roll float64, chances []float64, kinds ...LandmarkKind) LandmarkKind {
	for i, c := range chances {
		if roll < c {
			return kinds[i]
		}
		roll -= c
	}
	return 0
}

// blocksTree reports whether the landmark keeps ordinary trees away from column (x, z). A lava pool keeps their
// leaves, which reach three blocks from the trunk, out of reach of its lava.
func (l *landmark) blocksTree(x, z int32) bool {
	dx, dz := x-int32(l.X), z-int32(l.Z)
	r := int32(l.Radius) + 2
	switch l.Kind {
	case Boulder:
		r = int32(l.Radius) + 1
	case LavaPool:
		return l.nearLava(x, z, 3)
	}
	return dx*dx+dz*dz <= r*r
}

// lavaReach is how far, beyond the rim of its lava, a lava pool may set fire to things: dragonfly's lava lights
// flammable blocks up to three blocks away sideways on its random ticks.
const lavaReach = 3

// nearLava reports whether column (x, z) lies within margin blocks (sideways, in both directions) of the reach of
// a lava pool's lava, where nothing that burns may stand.
func (l *landmark) nearLava(x, z, margin int32) bool {
	r := int32(l.Radius) + lavaReach + margin
	return l.Kind == LavaPool && abs32(x-int32(l.X)) <= r && abs32(z-int32(l.Z)) <= r
}

// inClearing reports whether column (x, z) lies in a clearing.
func (l *landmark) inClearing(x, z int32) bool {
	dx, dz := x-int32(l.X), z-int32(l.Z)
	return l.Kind == Clearing && dx*dx+dz*dz <= int32(l.Radius*l.Radius)
}

// draw places the part of the landmark that falls inside the chunk.
func (l *landmark) draw(g *Generator, b *chunkBuf) {
	x, y, z, rad := int32(l.X), int32(l.Y), int32(l.Z), int32(l.Radius)
	if x+rad+1 < b.x0 || x-rad-1 > b.x0+15 || z+rad+1 < b.z0 || z-rad-1 > b.z0+15 {
		return
	}
	r := rng{l.seed}
	switch l.Kind {
	case Pond:
		for dz := -rad; dz <= rad; dz++ {
			for dx := -rad; dx <= rad; dx++ {
				d := dx*dx + dz*dz
				if d > rad*rad {
					continue
				}
				depth := 1 + (rad*rad-d)*3/(rad*rad)
				for yy := y + 1; yy <= y+4; yy++ {
					b.put(x+dx, yy, z+dz, air, nil)
				}
				for yy := y - depth + 1; yy <= y; yy++ {
					b.put(x+dx, yy, z+dz, water, nil)
				}
				b.put(x+dx, y-depth, z+dz, sand, material.solid)
			}
		}
	case Boulder:
		for dy := -rad; dy <= rad+1; dy++ {
			for dz := -rad - 1; dz <= rad+1; dz++ {
				for dx := -rad - 1; dx <= rad+1; dx++ {
					m := [4]material{mossyCobblestone, cobblestone, andesite, stone}[r.intn(4)]
					d := dx*dx + dy*dy + dz*dz
					if d <= rad*rad+rad || (d <= (rad+1)*(rad+1) && r.intn(3) == 0) {
						b.put(x+dx, y+1+dy, z+dz, m, nil)
					}
				}
			}
		}
	case Well:
		for dz := int32(-2); dz <= 2; dz++ {
			for dx := int32(-2); dx <= 2; dx++ {
				ring := abs32(dx) <= 1 && abs32(dz) <= 1
				for yy := y + 1; yy <= y+5; yy++ {
					b.put(x+dx, yy, z+dz, air, nil)
				}
				switch {
				case dx == 0 && dz == 0:
					for yy := y - 3; yy <= y; yy++ {
						b.put(x, yy, z, water, nil)
					}
					b.put(x, y-4, z, cobblestone, nil)
				case ring:
					for yy := y - 3; yy <= y+1; yy++ {
						b.put(x+dx, yy, z+dz, cobblestone, nil)
					}
					if abs32(dx) == 1 && abs32(dz) == 1 {
						b.put(x+dx, y+2, z+dz, cobblestone, nil)
						b.put(x+dx, y+3, z+dz, cobblestone, nil)
					}
					b.put(x+dx, y+4, z+dz, cobblestoneSlab, nil)
				default:
					b.put(x+dx, y, z+dz, gravel, nil)
				}
			}
		}
		b.put(x, y+4, z, cobblestoneSlab, nil)
	case Ruin:
		door := r.intn(4)
		for dz := -rad; dz <= rad; dz++ {
			for dx := -rad; dx <= rad; dx++ {
				wall := abs32(dx) == rad || abs32(dz) == rad
				height := int32(0)
				if wall {
					height = r.between(0, 4)
					side := [4]bool{dz == -rad, dz == rad, dx == -rad, dx == rad}
					if side[door] && (dx == 0 || dz == 0) {
						height = 0
					}
				}
				floor := [4]material{cobblestone, mossyCobblestone, cobblestone, gravel}[r.intn(4)]
				for yy := y + 1; yy <= y+5; yy++ {
					m := air
					if yy <= y+height {
						m = [4]material{stoneBricks, mossyStoneBricks, crackedStoneBricks, stoneBricks}[r.intn(4)]
					}
					b.put(x+dx, yy, z+dz, m, nil)
				}
				b.put(x+dx, y, z+dz, floor, nil)
			}
		}
	case LavaPool:
		// Lava two deep in the middle, held by a stone basin that also keeps it off anything that burns.
		for dz := -rad - 1; dz <= rad+1; dz++ {
			for dx := -rad - 1; dx <= rad+1; dx++ {
				d := dx*dx + dz*dz
				if d > (rad+1)*(rad+1) {
					continue
				}
				for yy := y + 1; yy <= y+3; yy++ {
					b.put(x+dx, yy, z+dz, air, nil)
				}
				if d > rad*rad {
					b.put(x+dx, y, z+dz, stone, nil)
					b.put(x+dx, y-1, z+dz, stone, nil)
					continue
				}
				depth := int32(1)
				if d <= 1 {
					depth = 2
				}
				for yy := y - depth + 1; yy <= y; yy++ {
					b.put(x+dx, yy, z+dz, lava, nil)
				}
				b.put(x+dx, y-depth, z+dz, stone, nil)
			}
		}
	case LoneTree:
		tree{kind: bigOakTree, x: x, y: y + 1, z: z, height: r.between(7, 9), seed: l.seed}.draw(b)
	}
}
