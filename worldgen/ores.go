package worldgen

// rng is a small deterministic random source (splitmix64), seeded per chunk or per feature.
type rng struct{ s uint64 }

func (r *rng) next() uint64 {
	r.s += 0x9e3779b97f4a7c15
	return mix64(r.s)
}

// intn returns a number in [0, n).
func (r *rng) intn(n int32) int32 { return int32(r.next() % uint64(n)) }

// between returns a number in [lo, hi].
func (r *rng) between(lo, hi int32) int32 { return lo + r.intn(hi-lo+1) }

// vein describes how one ore or rock variety is scattered: tries per chunk, blob size and height range.
type vein struct {
	ore, deep  material
	tries      int32
	size       int32
	minY, maxY int32
}

// veins lists the ores at heights close to vanilla's, then blobs of rock varieties, dirt and gravel.
var veins = []vein{
	{coalOre, deepCoalOre, 16, 12, 0, 190},
	{ironOre, deepIronOre, 10, 8, -24, 80},
	{copperOre, deepCopperOre, 7, 10, -16, 112},
	{goldOre, deepGoldOre, 4, 8, -64, 32},
	{redstoneOre, deepRedstoneOre, 5, 7, -64, 15},
	{lapisOre, deepLapisOre, 2, 6, -64, 64},
	{diamondOre, deepDiamondOre, 3, 5, -64, 14},
	{granite, granite, 2, 40, 0, 160},
	{diorite, diorite, 2, 40, 0, 160},
	{andesite, andesite, 2, 40, 0, 160},
	{tuff, tuff, 2, 40, -64, 0},
	{dirt, dirt, 2, 30, 0, 160},
	{gravel, gravel, 2, 30, -64, 160},
}

// placeOres scatters veins inside the chunk. Each vein is a short random walk kept inside the chunk, so no
// vein is ever cut at a border. Ores replace only stone and deepslate, taking the deepslate variant there. Dirt
// stays under cover: on a bare cliff top, grass from the slopes beside it would spread to it.
func (g *Generator) placeOres(b *chunkBuf) {
	r := rng{hash2(g.seed^0x03e5, b.x0, b.z0)}
	for _, v := range veins {
		for range v.tries {
			x, y, z := r.between(1, 14), r.between(v.minY, v.maxY), r.between(1, 14)
			for range v.size {
				if y > minY+4 && y < maxY {
					switch b.get(x, y, z) {
					case stone:
						if v.ore != dirt || b.get(x, y+1, z).solid() {
							b.set(x, y, z, v.ore)
						}
					case deepslate:
						b.set(x, y, z, v.deep)
					}
				}
				switch r.intn(6) {
				case 0:
					x = min(x+1, 15)
				case 1:
					x = max(x-1, 0)
				case 2:
					y++
				case 3:
					y--
				case 4:
					z = min(z+1, 15)
				default:
					z = max(z-1, 0)
				}
			}
		}
	}
}
