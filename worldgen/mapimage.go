package worldgen

import (
	"fmt"
	"image"
	"image/color"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
)

// mapColours colours top blocks that are not tinted by their biome.
var mapColours = map[material]color.RGBA{
	sand: {219, 207, 160, 255}, sandstone: {210, 195, 140, 255}, gravel: {140, 130, 125, 255},
	stone: {128, 128, 128, 255}, andesite: {136, 136, 136, 255}, snow: {246, 250, 255, 255},
	clay: {160, 165, 180, 255}, coarseDirt: {120, 85, 60, 255}, dirt: {134, 96, 67, 255},
	podzol: {100, 75, 40, 255}, cactus: {80, 130, 40, 255}, oakLeaves: {52, 100, 36, 255},
	birchLeaves: {88, 130, 60, 255}, spruceLeaves: {40, 75, 50, 255}, acaciaLeaves: {90, 110, 30, 255},
	cobblestone: {110, 110, 110, 255}, mossyCobblestone: {95, 115, 90, 255}, stoneBricks: {120, 120, 120, 255},
	mossyStoneBricks: {100, 115, 95, 255}, crackedStoneBricks: {115, 115, 115, 255},
	cobblestoneSlab: {110, 110, 110, 255}, packedIce: {170, 195, 240, 255}, lava: {220, 90, 20, 255}, sugarCane: {120, 180, 90, 255},
	mud: {60, 57, 61, 255},
}

// MaxMapSize is the largest map RenderMap draws: 16,384 blocks a side is a million chunks and about 3 GiB of
// memory while it renders.
const MaxMapSize = 16384

// RenderMap draws a top-down map of the land generated from seed: size×size blocks centred on (centerX,
// centerZ), one pixel a block. It generates every chunk with the real generator, in parallel, and colours the top
// block of each column: grass by its biome, water by depth, trees by their leaves, all shaded by height and
// slope. progress, if not nil, is called from the calling goroutine after each chunk with the chunks done so far
// and the total. size must lie between 1 and MaxMapSize.
func RenderMap(seed int64, centerX, centerZ, size int, progress func(done, total int)) (*image.RGBA, error) {
	if size < 1 || size > MaxMapSize {
		return nil, fmt.Errorf("map size %d: want 1 to %d blocks", size, MaxMapSize)
	}
	world.DefaultBlockRegistry.Finalize()
	g := New(seed)
	x0, z0 := centerX-size/2, centerZ-size/2
	cx0, cz0 := floorDiv(int32(x0), 16), floorDiv(int32(z0), 16)
	cx1, cz1 := floorDiv(int32(x0+size-1), 16), floorDiv(int32(z0+size-1), 16)
	w, h := int(cx1-cx0+1), int(cz1-cz0+1)
	total := w * h

	cells := make([]MapCell, size*size)
	var next atomic.Int64
	done := make(chan struct{}, total)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			var cols [256]MapCell
			for {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				cx, cz := cx0+int32(i%w), cz0+int32(i/w)
				c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
				g.GenerateChunk(world.ChunkPos{cx, cz}, c)
				g.MapColumns(c, &cols)
				for lz := 0; lz < 16; lz++ {
					for lx := 0; lx < 16; lx++ {
						px, pz := int(cx)*16+lx-x0, int(cz)*16+lz-z0
						if px >= 0 && pz >= 0 && px < size && pz < size {
							cells[pz*size+px] = cols[lz*16+lx]
						}
					}
				}
				done <- struct{}{}
			}
		}()
	}
	for i := 1; i <= total; i++ {
		<-done
		if progress != nil {
			progress(i, total)
		}
	}
	wg.Wait()
	return ShadeMap(cells, size, size), nil
}

// MapCell is one column of the world as a map draws it: the top block, its height, the biome there and the depth
// of water over the ground.
type MapCell struct {
	m     material
	y     int16
	biome biomeKind
	depth int16
	built bool // the top block is one the generator never places: players or puzzles put it there
}

// builtColour colours top blocks the generator never places (built by players, or a puzzle's).
var builtColour = color.RGBA{176, 142, 98, 255}

// MapColumns reads the 16×16 columns of a chunk as the map draws them into out, row by row along z. The chunk
// may be one the generator made or one of a live or saved world, whose blocks the generator may never place:
// those are drawn in a colour of their own. The chunk must use the generator's block registry.
func (g *Generator) MapColumns(c *chunk.Chunk, out *[256]MapCell) {
	byRID := g.pal.byRIDs()
	low := int16(c.Range().Min())
	for lz := uint8(0); lz < 16; lz++ {
		for lx := uint8(0); lx < 16; lx++ {
			y := c.HighestBlock(lx, lz)
			m, known := byRID[c.Block(lx, y, lz, 0)]
			cl := MapCell{m: m, y: y, built: !known}
			if b, ok := biomeByID(c.Biome(lx, y, lz)); ok {
				cl.biome = b
			}
			for (m == water || m == lilyPad) && y-cl.depth > low {
				cl.depth++
				m = byRID[c.Block(lx, y-cl.depth, lz, 0)]
			}
			out[int(lz)*16+int(lx)] = cl
		}
	}
}

// ShadeMap colours w×h cells, stored row by row, one pixel a cell: grass by its biome, water by depth, trees by
// their leaves, all shaded by height and slope (light from the north-west, so the first row and column have no
// slope). It is how RenderMap colours its map; tiles of a larger map should overlap by a row and a column.
func ShadeMap(cells []MapCell, w, h int) *image.RGBA {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for pz := 0; pz < h; pz++ {
		for px := 0; px < w; px++ {
			cl := cells[pz*w+px]
			var col color.RGBA
			switch {
			case cl.built:
				col = builtColour
			case cl.m == water || cl.m == lilyPad:
				t := clamp(float64(cl.depth)/24, 0, 1)
				col = color.RGBA{uint8(lerp(70, 20, t)), uint8(lerp(120, 45, t)), uint8(lerp(210, 120, t)), 255}
				if cl.biome == frozenOcean {
					col = color.RGBA{150, 170, 220, 255}
				}
			default:
				var ok bool
				if col, ok = mapColours[cl.m]; !ok {
					col = biomes[cl.biome].colour
				}
				// Light from the north-west; higher land is a little brighter.
				slope := 0.0
				if px > 0 && pz > 0 {
					slope = float64(cl.y) - float64(cells[(pz-1)*w+px-1].y)
				}
				shade := clamp(1+slope*0.12+(float64(cl.y)-seaLevel-10)/300, 0.5, 1.4)
				col = color.RGBA{scale8(col.R, shade), scale8(col.G, shade), scale8(col.B, shade), 255}
			}
			img.SetRGBA(px, pz, col)
		}
	}
	return img
}

func scale8(v uint8, f float64) uint8 { return uint8(clamp(float64(v)*f, 0, 255)) }
