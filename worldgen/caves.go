package worldgen

// caveNoise holds the 3D noise that carves caves: large "cheese" caverns where one field is high, and winding
// tunnels where two other fields are both near zero.
type caveNoise struct {
	cheese, detail, tunnelA, tunnelB uint64
}

func newCaveNoise(seed uint64) caveNoise {
	return caveNoise{mix64(seed ^ 0xc1), mix64(seed ^ 0xc2), mix64(seed ^ 0xc3), mix64(seed ^ 0xc4)}
}

const (
	// caveCellXZ and caveCellY are the spacing of the cave noise grid.
	caveCellXZ, caveCellY = 8, 8
	// caveRoof is how many blocks of rock caves leave under the surface, so they never hollow out the ground
	// that trees, ponds and players stand on.
	caveRoof = 7
	// lavaLevel is the height below which caves fill with lava.
	lavaLevel = -55
	// cheeseLevel and tunnelWidth set how much rock the caves take.
	cheeseLevel = 0.5
	tunnelWidth = 0.009
)

// sample returns the three cave fields at a block position.
func (n *caveNoise) sample(x, y, z float64) (cheese, a, b float64) {
	cheese = perlin3(n.cheese, x/80, y/40, z/80) + 0.4*perlin3(n.detail, x/26, y/18, z/26)
	a = perlin3(n.tunnelA, x/60, y/34, z/60)
	b = perlin3(n.tunnelB, x/60, y/34, z/60)
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
	for z := int32(0); z < 16; z++ {
		for x := int32(0); x < 16; x++ {
			ix, iz := x/caveCellXZ, z/caveCellXZ
			fx, fz := float64(x%caveCellXZ)/caveCellXZ, float64(z%caveCellXZ)/caveCellXZ
			at := func(iy int32) (v [3]float64) {
				c00, c10 := &grid[(iy*nxz+iz)*nxz+ix], &grid[(iy*nxz+iz)*nxz+ix+1]
				c01, c11 := &grid[(iy*nxz+iz+1)*nxz+ix], &grid[(iy*nxz+iz+1)*nxz+ix+1]
				for k := range v {
					v[k] = lerp(lerp(c00[k], c10[k], fx), lerp(c01[k], c11[k], fx), fz)
				}
				return v
			}
			yTop := int32(s.col(x, z).height) - caveRoof
			hi := at(0)
			for iy := int32(0); minY+iy*caveCellY <= yTop; iy++ {
				lo := hi
				hi = at(iy + 1)
				if !mayCarve(lo, hi) {
					continue
				}
				y0 := minY + iy*caveCellY
				for dy := int32(0); dy < caveCellY; dy++ {
					y := y0 + dy
					if y > yTop {
						break
					}
					if y < minY+5 {
						continue
					}
					t := float64(dy) / caveCellY
					cheese := lerp(lo[0], hi[0], t)
					ta, tb := lerp(lo[1], hi[1], t), lerp(lo[2], hi[2], t)
					if cheese > cheeseLevel || ta*ta+tb*tb < tunnelWidth {
						m := air
						if y <= lavaLevel {
							m = lava
						}
						b.set(x, y, z, m)
					}
				}
			}
		}
	}
}

// mayCarve reports whether any point between two interpolated cave samples is carved. The fields vary linearly
// in between, so the cheese field peaks at an end and the tunnel distance a²+b² has one minimum, found exactly;
// most cells of solid rock are skipped without visiting their blocks.
func mayCarve(lo, hi [3]float64) bool {
	if lo[0] > cheeseLevel || hi[0] > cheeseLevel {
		return true
	}
	da, db := hi[1]-lo[1], hi[2]-lo[2]
	t := 0.0
	if d := da*da + db*db; d > 0 {
		t = clamp(-(lo[1]*da+lo[2]*db)/d, 0, 1)
	}
	a, b := lo[1]+da*t, lo[2]+db*t
	return a*a+b*b < tunnelWidth
}
