package worldgen

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
)

// Generator generates the overworld. It implements world.Generator and is safe for concurrent use: it holds the
// seed's noise parameters and a cache that never changes results, and every call works in its own scratch space.
type Generator struct {
	seed   uint64
	relief relief
	caves  caveNoise
	pal    *palette
	pool   sync.Pool
	// landmarkCache is large (32 KiB), so the Generator is always used by pointer.
	landmarkCache landmarkCache
}

// scratch is the working memory of one GenerateChunk call.
type scratch struct {
	buf  chunkBuf
	area area
	// cols holds the columns of the chunk and a one-block ring around it, for slopes.
	cols [18 * 18]column
	enc  encoder
	lms  []landmark
	// caveGrid holds the cave noise at the corners of the chunk's cave cells.
	caveGrid [9 * ((maxY-minY)/caveCellY + 2)][3]float64
}

// New returns a generator for the seed, using dragonfly's default block registry, which is what a server uses
// unless its config sets another. Equal seeds give equal worlds; different seeds give different ones.
func New(seed int64) *Generator {
	return NewWithRegistry(seed, world.DefaultBlockRegistry)
}

// NewWithRegistry returns a generator for the seed that resolves blocks with br, which must be the registry of
// the world it generates for.
func NewWithRegistry(seed int64, br world.BlockRegistry) *Generator {
	s := mix64(uint64(seed) ^ 0x5249444c4553544f) // "RIDLESTO"
	g := &Generator{seed: s, relief: newRelief(s), caves: newCaveNoise(s), pal: &palette{br: br}}
	g.pool.New = func() any { return new(scratch) }
	return g
}

// GenerateChunk generates the chunk at pos into c. Chunks with a range other than the overworld's are left
// empty: the generator only makes overworld terrain.
func (g *Generator) GenerateChunk(pos world.ChunkPos, c *chunk.Chunk) {
	if c.Range() != world.Overworld.Range() {
		return
	}
	rid := g.pal.resolve()
	s := g.pool.Get().(*scratch)
	defer g.pool.Put(s)
	g.build(s, pos[0], pos[1])
	s.enc.encode(&s.buf, rid, g.pal.br, c)
}

// build fills s.buf with the chunk at chunk coordinates (cx, cz).
func (g *Generator) build(s *scratch, cx, cz int32) {
	b := &s.buf
	b.blocks = [subChunks * subVolume]material{}
	b.x0, b.z0 = cx<<4, cz<<4
	s.area.reset(&g.relief, b.x0, b.z0)
	for z := int32(-1); z <= 16; z++ {
		for x := int32(-1); x <= 16; x++ {
			s.cols[(z+1)*18+x+1] = s.area.column(b.x0+x, b.z0+z)
		}
	}
	g.fillTerrain(s)
	g.carveCaves(s)
	g.placeOres(b)
	s.lms = g.landmarks(&s.area, b.x0-areaMargin, b.z0-areaMargin, b.x0+15+areaMargin, b.z0+15+areaMargin, s.lms[:0])
	for _, l := range s.lms {
		l.draw(g, b)
	}
	g.coverGround(s)
	g.plantTrees(s)
	s.settle()
}

// col returns the column at chunk-local (x, z), where both may range over -1..16.
func (s *scratch) col(x, z int32) column { return s.cols[(z+1)*18+x+1] }

// DefaultSpawn returns a dry spot near the origin, searched along a spiral of columns.
func (g *Generator) DefaultSpawn(world.Dimension) cube.Pos {
	x, z := g.findLand(0, 0)
	return cube.Pos{int(x), int(g.SurfaceHeight(x, z)) + 1, int(z)}
}

// findLand searches outwards from (x, z) for a column above sea level that is not a beach or a peak.
func (g *Generator) findLand(x, z int32) (int32, int32) {
	var a area
	a.reset(&g.relief, x, z)
	for r := int32(0); r < 4096; r += 8 {
		for i := -r; i <= r; i += 8 {
			for _, p := range [4][2]int32{{x + i, z - r}, {x + i, z + r}, {x - r, z + i}, {x + r, z + i}} {
				c := a.column(p[0], p[1])
				if c.height > seaLevel+1 && c.height < seaLevel+40 && c.biome != beach {
					return p[0], p[1]
				}
			}
		}
	}
	return x, z
}

// SurfaceHeight returns the height of the terrain surface (the top solid block, before features such as ponds or
// trees) at world column (x, z). Columns lower than the sea are under water up to the sea level, 62.
func (g *Generator) SurfaceHeight(x, z int32) int16 {
	var a area
	a.reset(&g.relief, x, z)
	return a.column(x, z).height
}

// Biome returns the dragonfly biome of world column (x, z), the same at every height, without generating a chunk.
func (g *Generator) Biome(x, z int32) world.Biome {
	var a area
	a.reset(&g.relief, x, z)
	return biomes[a.column(x, z).biome].biome
}
