package worldgen

import "math"

// mix64 scrambles a 64-bit value (the splitmix64 finaliser). It is the root of all randomness in the generator.
func mix64(h uint64) uint64 {
	h ^= h >> 30
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 27
	h *= 0x94d049bb133111eb
	h ^= h >> 31
	return h
}

// hash2 hashes a seed with two integer coordinates.
func hash2(seed uint64, x, z int32) uint64 {
	return mix64(seed ^ uint64(uint32(x))*0x9e3779b97f4a7c15 ^ uint64(uint32(z))*0xc2b2ae3d27d4eb4f)
}

// hash3 hashes a seed with three integer coordinates.
func hash3(seed uint64, x, y, z int32) uint64 {
	return mix64(seed ^ uint64(uint32(x))*0x9e3779b97f4a7c15 ^ uint64(uint32(y))*0xd6e8feb86659fd93 ^
		uint64(uint32(z))*0xc2b2ae3d27d4eb4f)
}

// unit maps a hash to [0, 1).
func unit(h uint64) float64 { return float64(h>>11) / (1 << 53) }

// grad2 holds 16 evenly spaced unit gradients for 2D gradient noise.
var grad2 = func() (g [16][2]float64) {
	for i := range g {
		a := float64(i) * math.Pi / 8
		g[i] = [2]float64{math.Cos(a), math.Sin(a)}
	}
	return g
}()

// grad3 holds the 12 edge gradients of Perlin's improved noise, padded to 16.
var grad3 = [16][3]float64{
	{1, 1, 0}, {-1, 1, 0}, {1, -1, 0}, {-1, -1, 0}, {1, 0, 1}, {-1, 0, 1}, {1, 0, -1}, {-1, 0, -1},
	{0, 1, 1}, {0, -1, 1}, {0, 1, -1}, {0, -1, -1}, {1, 1, 0}, {-1, 1, 0}, {0, -1, 1}, {0, -1, -1},
}

func fade(t float64) float64 { return t * t * t * (float64(t*float64(float64(t*6)-15)) + 10) }

// lerp interpolates linearly. The explicit conversion stops the compiler fusing the multiply and add (which Go
// allows, and some architectures do), so every machine computes the same bits and generates the same world.
func lerp(a, b, t float64) float64 { return a + float64((b-a)*t) }

// perlin2 is 2D gradient noise in roughly [-1, 1].
func perlin2(seed uint64, x, z float64) float64 {
	fx, fz := math.Floor(x), math.Floor(z)
	ix, iz := int32(fx), int32(fz)
	dx, dz := x-fx, z-fz
	dot := func(cx, cz int32, ox, oz float64) float64 {
		g := grad2[hash2(seed, cx, cz)&15]
		return float64(g[0]*ox) + float64(g[1]*oz)
	}
	u, v := fade(dx), fade(dz)
	a := lerp(dot(ix, iz, dx, dz), dot(ix+1, iz, dx-1, dz), u)
	b := lerp(dot(ix, iz+1, dx, dz-1), dot(ix+1, iz+1, dx-1, dz-1), u)
	return lerp(a, b, v) * 1.41
}

// perlin3 is 3D gradient noise in roughly [-1, 1].
func perlin3(seed uint64, x, y, z float64) float64 {
	fx, fy, fz := math.Floor(x), math.Floor(y), math.Floor(z)
	ix, iy, iz := int32(fx), int32(fy), int32(fz)
	dx, dy, dz := x-fx, y-fy, z-fz
	dot := func(cx, cy, cz int32, ox, oy, oz float64) float64 {
		g := grad3[hash3(seed, cx, cy, cz)&15]
		return float64(g[0]*ox) + float64(g[1]*oy) + float64(g[2]*oz)
	}
	u, v, w := fade(dx), fade(dy), fade(dz)
	a := lerp(lerp(dot(ix, iy, iz, dx, dy, dz), dot(ix+1, iy, iz, dx-1, dy, dz), u),
		lerp(dot(ix, iy+1, iz, dx, dy-1, dz), dot(ix+1, iy+1, iz, dx-1, dy-1, dz), u), v)
	b := lerp(lerp(dot(ix, iy, iz+1, dx, dy, dz-1), dot(ix+1, iy, iz+1, dx-1, dy, dz-1), u),
		lerp(dot(ix, iy+1, iz+1, dx, dy-1, dz-1), dot(ix+1, iy+1, iz+1, dx-1, dy-1, dz-1), u), v)
	return lerp(a, b, w)
}

// fractal is fractal Brownian motion over 2D gradient noise: octaves of halving amplitude and doubling frequency.
type fractal struct {
	seed    uint64
	scale   float64 // the frequency of the first octave, in cycles per block
	octaves int
	// offset shifts each octave's lattice by a seed-chosen fraction of a cell. Gradient noise is zero at lattice
	// points, so without it every octave would be zero at the origin, for every seed alike.
	offset [maxOctaves][2]float64
}

// maxOctaves is the most octaves a fractal may have.
const maxOctaves = 8

// newFractal returns a fractal with octaves seeded from seed.
func newFractal(seed uint64, scale float64, octaves int) fractal {
	f := fractal{seed: seed, scale: scale, octaves: octaves}
	for i := range f.offset {
		h := mix64(seed ^ uint64(i+1)*0x9e3779b97f4a7c15)
		f.offset[i] = [2]float64{1 + 254*unit(h), 1 + 254*unit(mix64(h))}
	}
	return f
}

// at samples the fractal at a block position. The result is normalised to roughly [-1, 1].
func (f fractal) at(x, z float64) float64 {
	sum, amp, norm, freq := 0.0, 1.0, 0.0, f.scale
	for i := 0; i < f.octaves; i++ {
		o := &f.offset[i]
		sum += float64(amp * perlin2(f.seed+uint64(i)*0x632be59bd9b4e019, float64(x*freq)+o[0], float64(z*freq)+o[1]))
		norm += amp
		amp *= 0.5
		freq *= 2
	}
	return sum / norm
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// smoothstep maps v from [a, b] to [0, 1] with a smooth S-curve; a may exceed b to invert it.
func smoothstep(a, b, v float64) float64 {
	t := clamp((v-a)/(b-a), 0, 1)
	return t * t * (3 - float64(2*t))
}
