package worldgen

// caveNoise holds the 3D noise that carves caves: large "cheese" caverns where one field is high, and winding
// tunnels where two other fields are both near zero.
type caveNoise struct {
	cheese, detail, tunnelA, tunnelB uint64
	// offset shifts each field's lattice by a seed-chosen fraction of a cell. Gradient noise is zero at lattice
	// points: unshifted, both tunnel fields would vanish together on a regular grid and carve a pocket at each.
	offset [4][3]float64
}

func newCaveNoise(seed uint64) caveNoise {
	n := caveNoise{cheese: mix64(seed ^ 0xc1), detail: mix64(seed ^ 0xc2), tunnelA: mix64(seed ^ 0xc3), tunnelB: mix64(seed ^ 0xc4)}
	for i := range n.offset {
		h := mix64(seed ^ 0xcafe ^ uint64(i))
		n.offset[i] = [3]float64{1 + 254*unit(h), 1 + 254*unit(mix64(h)), 1 + 254*unit(mix64(h^1))}
	}
	return n
}

const (
	// caveCellXZ and caveCellY are the spacing of the cave noise grid.
	caveCellXZ, caveCellY = 8, 8
	// caveRoof is how many blocks of rock caves leave under the surface, so they never hollow out the ground
	// that trees, ponds and players stand on.
	caveRoof = 7
	// lavaLevel is the height below which caves fill with lava: the lowest cave cell, y -64 to -57.
	lavaLevel = -57
	// cheeseLevel and tunnelWidth set how much rock the caves take.
	cheeseLevel = 0.5
	tunnelWidth = 0.009
)

// sample returns the three cave fields at a block position.
func (n *caveNoise) sample(x, y, z float64) (cheese, a, b float64) {
	o := &n.offset
	cheese = perlin3(n.cheese, x/80+o[0][0], y/40+o[0][1], z/80+o[0][2]) +
		float64(0.4*perlin3(n.detail, x/26+o[1][0], y/18+o[1][1], z/26+o[1][2]))
	a = perlin3(n.tunnelA, x/60+o[2][0], y/34+o[2][1], z/60+o[2][2])
	b = perlin3(n.tunnelB, x/60+o[3][0], y/34+o[3][1], z/60+o[3][2])
	return
}

// carveCaves hollows caves out of the chunk's rock, sampling the noise on a coarse grid and interpolating.
func (g *Generator) carveCaves(s *scratch) {
	b := &s.buf
	top := int32(minY)
	for z := int32(0); z < 16; z++ {
		for x := int32(0); x < 16; x++ {
			top = max(top, int32(s.col(x, z).height)-caveRoof)
		}
	}
	const nxz = 16/caveCellXZ + 1
	ny := (top-minY)/caveCellY + 2
	// grid[(iy*nxz+iz)*nxz+ix] holds the three fields at each corner.
	grid := s.caveGrid[:int(ny)*nxz*nxz]
	for iy := int32(0); iy < ny; iy++ {
		for iz := int32(0); iz < nxz; iz++ {
			for ix := int32(0); ix < nxz; ix++ {
				c, a, bb := g.caves.sample(float64(b.x0+ix*caveCellXZ), float64(minY+iy*caveCellY), float64(b.z0+iz*caveCellXZ))
				grid[(iy*nxz+iz)*nxz+ix] = [3]float64{c, a, bb}
			}
		}
	}
	corner := func(ix, iy, iz int32) *[3]float64 { return &grid[(iy*nxz+iz)*nxz+ix] }
	for iy := int32(0); iy < ny-1; iy++ {
		for iz := int32(0); iz < nxz-1; iz++ {
			for ix := int32(0); ix < nxz-1; ix++ {
				cell := [8]*[3]float64{
					corner(ix, iy, iz), corner(ix+1, iy, iz), corner(ix, iy, iz+1), corner(ix+1, iy, iz+1),
					corner(ix, iy+1, iz), corner(ix+1, iy+1, iz), corner(ix, iy+1, iz+1), corner(ix+1, iy+1, iz+1),
				}
				if cellMayCarve(&cell) {
					g.carveCell(s, &cell, ix, iy, iz)
				}
			}
		}
	}
}

// cellMayCarve reports whether any block of a cave cell may be carved. Inside a cell the fields are trilinear,
// so each lies between its smallest and largest corner value; most cells of solid rock are ruled out here.
func cellMayCarve(cell *[8]*[3]float64) bool {
	minA, maxA, minB, maxB := cell[0][1], cell[0][1], cell[0][2], cell[0][2]
	for _, c := range cell {
		if c[0] > cheeseLevel {
			return true
		}
		minA, maxA = min(minA, c[1]), max(maxA, c[1])
		minB, maxB = min(minB, c[2]), max(maxB, c[2])
	}
	da, db := 0.0, 0.0
	if minA > 0 {
		da = minA
	} else if maxA < 0 {
		da = -maxA
	}
	if minB > 0 {
		db = minB
	} else if maxB < 0 {
		db = -maxB
	}
	return float64(da*da)+float64(db*db) < tunnelWidth
}

// carveCell carves the blocks of one cave cell, interpolating the fields from its corners.
func (g *Generator) carveCell(s *scratch, cell *[8]*[3]float64, ix, iy, iz int32) {
	b := &s.buf
	y0 := int32(minY) + iy*caveCellY
	for dz := int32(0); dz < caveCellXZ; dz++ {
		// Along a row of the cell the fields are linear in x: interpolate the row's ends and step between them.
		fz := float64(dz) / caveCellXZ
		var lo, hi, dlo, dhi [3]float64
		for k := range 3 {
			lo[k] = lerp(cell[0][k], cell[2][k], fz)
			hi[k] = lerp(cell[4][k], cell[6][k], fz)
			dlo[k] = (lerp(cell[1][k], cell[3][k], fz) - lo[k]) / caveCellXZ
			dhi[k] = (lerp(cell[5][k], cell[7][k], fz) - hi[k]) / caveCellXZ
		}
		for dx := int32(0); dx < caveCellXZ; dx, lo, hi = dx+1, add3(lo, dlo), add3(hi, dhi) {
			x, z := ix*caveCellXZ+dx, iz*caveCellXZ+dz
			yTop := min(int32(s.col(x, z).height)-caveRoof, y0+caveCellY-1)
			if yTop < y0 {
				continue
			}
			if !mayCarve(lo, hi) {
				continue
			}
			// A cell lies inside one sub-chunk, so consecutive y are consecutive in the buffer.
			yStart := max(y0, minY+5)
			t := float64(yStart-y0) / caveCellY
			ch, ta, tb := lerp(lo[0], hi[0], t), lerp(lo[1], hi[1], t), lerp(lo[2], hi[2], t)
			dc, da, db := (hi[0]-lo[0])/caveCellY, (hi[1]-lo[1])/caveCellY, (hi[2]-lo[2])/caveCellY
			fill := air
			if y0 <= lavaLevel {
				fill = lava
			}
			i := index(x, yStart, z)
			for y := yStart; y <= yTop; y++ {
				if ch > cheeseLevel || float64(ta*ta)+float64(tb*tb) < tunnelWidth {
					b.blocks[i] = fill
				}
				ch, ta, tb = ch+dc, ta+da, tb+db
				i++
			}
		}
	}
}

// mayCarve reports whether any block of a column through a cell is carved. The fields vary linearly along it, so
// the cheese field peaks at an end and the tunnel distance a²+b² has a single minimum, found exactly.
func mayCarve(lo, hi [3]float64) bool {
	if lo[0] > cheeseLevel || hi[0] > cheeseLevel {
		return true
	}
	da, db := hi[1]-lo[1], hi[2]-lo[2]
	t := 0.0
	if d := float64(da*da) + float64(db*db); d > 0 {
		t = -(float64(lo[1]*da) + float64(lo[2]*db)) / d
		if t < 0 {
			t = 0
		} else if t > 1 {
			t = 1
		}
	}
	a, b := lo[1]+float64(da*t), lo[2]+float64(db*t)
	return float64(a*a)+float64(b*b) < tunnelWidth
}

func add3(a, b [3]float64) [3]float64 { return [3]float64{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }
