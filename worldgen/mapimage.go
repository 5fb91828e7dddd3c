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
	byRID := g.pal.byRIDs()
	x0, z0 := centerX-size/2, centerZ-size/2
	cx0, cz0 := floorDiv(int32(x0), 16), floorDiv(int32(z0), 16)
	cx1, cz1 := floorDiv(int32(x0+size-1), 16), floorDiv(int32(z0+size-1), 16)
	w, h := int(cx1-cx0+1), int(cz1-cz0+1)
	total := w * h

	// Per block: the top material, its height, the biome and the water depth.
	type cell struct {
		m      material
		y      int16
		biome  biomeKind
		depth  int16
		filled bool
	}
	cells := make([]cell, size*size)
	var next atomic.Int64
	done := make(chan struct{}, total)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= total {
					return
				}
				cx, cz := cx0+int32(i%w), cz0+int32(i/w)
				c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
				g.GenerateChunk(world.ChunkPos{cx, cz}, c)
				for lz := 0; lz < 16; lz++ {
					for lx := 0; lx < 16; lx++ {
						px, pz := int(cx)*16+lx-x0, int(cz)*16+lz-z0
						if px < 0 || pz < 0 || px >= size || pz >= size {
							continue
						}
						y := c.HighestBlock(uint8(lx), uint8(lz))
						m := byRID[c.Block(uint8(lx), y, uint8(lz), 0)]
						cl := cell{m: m, y: y, filled: true}
						if b, ok := biomeByID(c.Biome(uint8(lx), y, uint8(lz))); ok {
							cl.biome = b
						}
						for m == water || m == lilyPad {
							cl.depth++
							m = byRID[c.Block(uint8(lx), y-cl.depth, uint8(lz), 0)]
						}
						cells[pz*size+px] = cl
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

	img := image.NewRGBA(image.Rect(0, 0, size, size))
	for pz := 0; pz < size; pz++ {
		for px := 0; px < size; px++ {
			cl := cells[pz*size+px]
			var col color.RGBA
			switch {
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
					slope = float64(cl.y) - float64(cells[(pz-1)*size+px-1].y)
				}
				shade := clamp(1+slope*0.12+(float64(cl.y)-seaLevel-10)/300, 0.5, 1.4)
				col = color.RGBA{scale8(col.R, shade), scale8(col.G, shade), scale8(col.B, shade), 255}
			}
			img.SetRGBA(px, pz, col)
		}
	}
	return img, nil
}

func scale8(v uint8, f float64) uint8 { return uint8(clamp(float64(v)*f, 0, 255)) }
