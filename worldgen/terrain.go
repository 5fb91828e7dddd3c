package worldgen

import "math"

const (
	// seaLevel is the height of the ocean's surface.
	seaLevel = 62
	// minY and maxY bound the overworld.
	minY, maxY = -64, 319
	// subChunks is the number of sub-chunks in an overworld chunk.
	subChunks = (maxY - minY + 1) >> 4
	// cornerStep is the spacing of the coarse grid at which the climate and relief noise is sampled. Columns in
	// between are interpolated, which is what makes the generator cheap.
	cornerStep = 4
)

// corner holds the noise fields sampled at one point of the coarse grid.
type corner struct {
	height, temp, humid, weird, mount, land, swamp, river float64
}

// column is the terrain of one block column: its surface height and biome.
type column struct {
	height int16
	biome  biomeKind
	// land is 0 in the open ocean and 1 inland; beaches live in between.
	land float32
}

// relief holds the noise layers of the relief and climate.
type relief struct {
	warpX, warpZ, cont, ero, mnt, ridge, detail, temp, humid, weird, lake, river fractal
}

func newRelief(seed uint64) relief {
	f := func(salt uint64, scale float64, octaves int) fractal {
		return newFractal(mix64(seed^salt), scale, octaves)
	}
	return relief{
		warpX:  f(0x11, 1.0/300, 2),
		warpZ:  f(0x12, 1.0/300, 2),
		cont:   f(0x13, 1.0/750, 4),
		ero:    f(0x14, 1.0/380, 2),
		mnt:    f(0x15, 1.0/480, 3),
		ridge:  f(0x16, 1.0/230, 4),
		detail: f(0x17, 1.0/110, 3),
		temp:   f(0x18, 1.0/650, 2),
		humid:  f(0x19, 1.0/520, 2),
		weird:  f(0x1a, 1.0/300, 2),
		lake:   f(0x1b, 1.0/220, 2),
		river:  f(0x1c, 1.0/700, 3),
	}
}

// cornerAt samples every field at the coarse grid point (cx, cz), that is at block (cx*cornerStep, cz*cornerStep).
func (r *relief) cornerAt(cx, cz int32) corner {
	x, z := float64(cx*cornerStep), float64(cz*cornerStep)
	// A gentle domain warp bends coastlines and ranges so they do not follow the noise lattice.
	wx, wz := x+float64(60*r.warpX.at(x, z)), z+float64(60*r.warpZ.at(x, z))

	cont := r.cont.at(wx, wz) + 0.1
	land := smoothstep(-0.14, 0.03, cont)
	oceanH := seaLevel - 6 - float64(30*smoothstep(-0.14, -0.45, cont))

	inland := smoothstep(0.02, 0.22, cont)
	mount := smoothstep(0.02, 0.3, r.mnt.at(wx, wz)) * inland
	ridge := 1 - math.Abs(r.ridge.at(wx, wz))
	mh := mount * (18 + float64(150*ridge*ridge*mount))
	// Terraces give mountains steep faces between sloping shelves.
	t := mh / 10
	mh = float64(5.5*(math.Floor(t)+smoothstep(0.3, 0.7, t-math.Floor(t)))) + float64(0.45*mh)

	det := r.detail.at(x, z)
	hills := 5 + float64(28*smoothstep(-0.3, 0.4, r.ero.at(x, z)))
	highland := 32 * smoothstep(0.05, 0.4, cont)
	landH := math.Max(seaLevel+5+highland+float64(hills*(det+0.15)*1.3), seaLevel-3) + mh

	temp, humid := r.temp.at(x, z), r.humid.at(x, z)
	swamp := smoothstep(0.12, 0.3, humid) * smoothstep(-0.2, 0.0, temp) * smoothstep(0.35, 0.25, temp) * (1 - mount)
	landH = lerp(landH, seaLevel+0.4+float64(det*1.6), swamp*0.92)
	lake := smoothstep(0.42, 0.56, r.lake.at(x, z)) * (1 - mount) * (1 - swamp)
	landH = lerp(landH, seaLevel-7, lake)

	// Rivers run where the river field crosses zero: a valley floor a little above the sea, and a channel cut
	// below it. They fade out in mountains and on high ground, which they would otherwise split into canyons.
	rn := math.Abs(r.river.at(wx, wz))
	reach := (1 - mount) * smoothstep(seaLevel+45, seaLevel+22, landH) * smoothstep(0.2, 0.6, land)
	valley := (1 - smoothstep(0.025, 0.11, rn)) * reach
	river := (1 - smoothstep(0.008, 0.03, rn)) * reach
	landH = lerp(landH, math.Min(landH, seaLevel+3), float64(valley*0.8))
	landH = lerp(landH, seaLevel-4, river)

	return corner{
		height: lerp(oceanH, landH, land),
		temp:   temp, humid: humid, weird: r.weird.at(x, z),
		mount: mount, land: land, swamp: swamp, river: river,
	}
}

// columnFrom interpolates the four corners around a column and picks its biome. fx and fz are the column's
// offsets inside the cell, in [0, 1). Chunk generation and point look-ups both go through here, so they agree.
func columnFrom(c00, c10, c01, c11 *corner, fx, fz float64) column {
	bi := func(a, b, c, d float64) float64 { return lerp(lerp(a, b, fx), lerp(c, d, fx), fz) }
	h := bi(c00.height, c10.height, c01.height, c11.height)
	cr := corner{
		height: h,
		temp:   bi(c00.temp, c10.temp, c01.temp, c11.temp),
		humid:  bi(c00.humid, c10.humid, c01.humid, c11.humid),
		weird:  bi(c00.weird, c10.weird, c01.weird, c11.weird),
		mount:  bi(c00.mount, c10.mount, c01.mount, c11.mount),
		land:   bi(c00.land, c10.land, c01.land, c11.land),
		swamp:  bi(c00.swamp, c10.swamp, c01.swamp, c11.swamp),
		river:  bi(c00.river, c10.river, c01.river, c11.river),
	}
	height := int16(math.Floor(h))
	return column{height: height, biome: chooseBiome(&cr, height), land: float32(cr.land)}
}

// chooseBiome picks a biome from climate, relief and height.
func chooseBiome(c *corner, h int16) biomeKind {
	// It gets colder higher up.
	t := c.temp - math.Max(0, float64(h)-seaLevel-40)/220
	switch {
	case h < seaLevel-1 && c.land < 0.5:
		if t < -0.4 {
			return frozenOcean
		}
		return ocean
	case h < seaLevel && c.river > 0.3:
		if t < -0.4 {
			return frozenRiver
		}
		return river
	case c.land < 0.75 && h <= seaLevel+2 && c.mount < 0.15 && c.swamp < 0.5:
		if t < -0.4 {
			return snowyBeach
		}
		return beach
	case c.mount > 0.3 && h > seaLevel+38:
		if h > seaLevel+100 {
			if t < -0.3 {
				return frozenPeaks
			}
			return stonyPeaks
		}
		return windsweptHills
	case c.swamp > 0.5:
		return swamp
	case t < -0.38:
		if c.humid > 0.02 {
			return snowyTaiga
		}
		return snowyPlains
	case t < -0.14:
		if c.humid > -0.2 {
			return taiga
		}
		return plains
	case t > 0.3:
		if c.humid < 0.08 {
			return desert
		}
		return savanna
	case c.humid < -0.16:
		return plains
	case c.weird > 0.12:
		return birchForest
	default:
		return forest
	}
}

// area caches the coarse grid corners around one chunk, computing each lazily, and answers column queries for
// the chunk and its surroundings. Queries outside the cached window are computed directly.
type area struct {
	r *relief
	// cx0, cz0 is the first cached corner.
	cx0, cz0 int32
	have     [areaCorners * areaCorners]bool
	corners  [areaCorners * areaCorners]corner
}

const (
	// areaMargin is how far, in blocks, the cached window reaches beyond the chunk on every side.
	areaMargin  = 16
	areaCorners = (16+2*areaMargin)/cornerStep + 1
)

// reset points the area at the chunk whose first block is (x0, z0).
func (a *area) reset(r *relief, x0, z0 int32) {
	a.r = r
	a.cx0, a.cz0 = floorDiv(x0-areaMargin, cornerStep), floorDiv(z0-areaMargin, cornerStep)
	a.have = [areaCorners * areaCorners]bool{}
}

// corner returns the grid corner (cx, cz), from the cache when it lies inside the window.
func (a *area) corner(cx, cz int32) *corner {
	i, j := cx-a.cx0, cz-a.cz0
	if i < 0 || j < 0 || i >= areaCorners || j >= areaCorners {
		c := a.r.cornerAt(cx, cz)
		return &c
	}
	k := j*areaCorners + i
	if !a.have[k] {
		a.corners[k] = a.r.cornerAt(cx, cz)
		a.have[k] = true
	}
	return &a.corners[k]
}

// column returns the terrain column at block (x, z).
func (a *area) column(x, z int32) column {
	cx, cz := floorDiv(x, cornerStep), floorDiv(z, cornerStep)
	fx, fz := float64(x-cx*cornerStep)/cornerStep, float64(z-cz*cornerStep)/cornerStep
	return columnFrom(a.corner(cx, cz), a.corner(cx+1, cz), a.corner(cx, cz+1), a.corner(cx+1, cz+1), fx, fz)
}

// floorDiv divides rounding towards negative infinity.
func floorDiv(a, b int32) int32 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
