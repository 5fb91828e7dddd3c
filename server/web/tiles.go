package web

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"sync"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/worldgen"
)

// The map is cut into square tiles of tilePx pixels. A tile of level 0 draws tileBlocks blocks a side, one pixel
// a block; each level up halves the scale, down to maxLevel.
const (
	tilePx     = 128
	tileBlocks = 128
	maxLevel   = 2
	// maxTile bounds tile coordinates at level 0: 4096 tiles a side from the centre is half a million blocks.
	maxTile = 4096
	// keptTiles and keptChunks bound the caches of drawn tiles and of generated columns.
	keptTiles  = 384
	keptChunks = 6144
)

// tileKey names a tile: its level and its position in tiles of that level.
type tileKey struct {
	level, x, z int32
}

// tile is a drawn tile.
type tile struct {
	img  *image.RGBA
	png  []byte
	used uint64 // when it was last asked for, in requests, for eviction
}

// columns are the 256 map columns of one chunk.
type columns = [256]worldgen.MapCell

// tiles draws and keeps the map's tiles: columns copied from the world where it has been explored (set by
// setLive), and from the generator elsewhere.
type tiles struct {
	gen *worldgen.Generator

	mu       sync.Mutex
	live     map[world.ChunkPos]*columns // explored chunks, as last copied from the world
	made     map[world.ChunkPos]*columns // generated chunks, a bounded cache
	madeFIFO []world.ChunkPos
	drawn    map[tileKey]*tile
	versions map[tileKey]int // level-0 tiles redrawn since start, by key
	clock    uint64
	busy     chan struct{} // one tile drawn at a time: the map never takes more than a core
}

func newTiles(gen *worldgen.Generator) *tiles {
	return &tiles{gen: gen, live: map[world.ChunkPos]*columns{}, made: map[world.ChunkPos]*columns{},
		drawn: map[tileKey]*tile{}, versions: map[tileKey]int{}, busy: make(chan struct{}, 1)}
}

// valid reports whether a tile lies within the map.
func (k tileKey) valid() bool {
	if k.level < 0 || k.level > maxLevel {
		return false
	}
	lim := int32(maxTile >> k.level)
	return k.x >= -lim && k.x < lim && k.z >= -lim && k.z < lim
}

// tileOfChunk returns the level-0 tile holding a chunk.
func tileOfChunk(c world.ChunkPos) tileKey {
	const chunks = tileBlocks / 16
	return tileKey{0, floorDiv(c[0], chunks), floorDiv(c[1], chunks)}
}

// png returns a tile as PNG, drawing it if needed.
func (t *tiles) png(ctx context.Context, k tileKey) ([]byte, error) {
	tl, err := t.get(ctx, k)
	if err != nil {
		return nil, err
	}
	return tl.png, nil
}

// get returns a drawn tile, drawing it (and the tiles below it, for a level above 0) if it is not kept.
func (t *tiles) get(ctx context.Context, k tileKey) (*tile, error) {
	if tl := t.kept(k); tl != nil {
		return tl, nil
	}
	var img *image.RGBA
	if k.level == 0 {
		select {
		case t.busy <- struct{}{}:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
		if tl := t.kept(k); tl != nil { // drawn while this one waited
			<-t.busy
			return tl, nil
		}
		img = t.draw0(k)
		<-t.busy
	} else {
		var err error
		if img, err = t.drawUp(ctx, k); err != nil {
			return nil, err
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		return nil, err
	}
	tl := &tile{img: img, png: buf.Bytes()}
	t.keep(k, tl)
	return tl, nil
}

// kept returns a kept tile, or nil.
func (t *tiles) kept(k tileKey) *tile {
	t.mu.Lock()
	defer t.mu.Unlock()
	tl := t.drawn[k]
	if tl != nil {
		t.clock++
		tl.used = t.clock
	}
	return tl
}

// keep keeps a drawn tile, forgetting the least recently used when too many are kept.
func (t *tiles) keep(k tileKey, tl *tile) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.clock++
	tl.used = t.clock
	t.drawn[k] = tl
	for len(t.drawn) > keptTiles {
		var oldest tileKey
		first := true
		for key, v := range t.drawn {
			if first || v.used < t.drawn[oldest].used {
				oldest, first = key, false
			}
		}
		delete(t.drawn, oldest)
	}
}

// draw0 draws a level-0 tile from the columns of its chunks, with one more row and column to the north-west so
// that slopes shade across tile borders.
func (t *tiles) draw0(k tileKey) *image.RGBA {
	const n = tileBlocks + 1
	x0, z0 := int(k.x)*tileBlocks-1, int(k.z)*tileBlocks-1
	cells := make([]worldgen.MapCell, n*n)
	for cz := floorDiv(int32(z0), 16); cz <= floorDiv(int32(z0+n-1), 16); cz++ {
		for cx := floorDiv(int32(x0), 16); cx <= floorDiv(int32(x0+n-1), 16); cx++ {
			cols := t.columnsOf(world.ChunkPos{cx, cz})
			for lz := 0; lz < 16; lz++ {
				for lx := 0; lx < 16; lx++ {
					px, pz := int(cx)*16+lx-x0, int(cz)*16+lz-z0
					if px >= 0 && pz >= 0 && px < n && pz < n {
						cells[pz*n+px] = cols[lz*16+lx]
					}
				}
			}
		}
	}
	return worldgen.ShadeMap(cells, n, n).SubImage(image.Rect(1, 1, n, n)).(*image.RGBA)
}

// columnsOf returns a chunk's columns: as copied from the world, or as generated.
func (t *tiles) columnsOf(c world.ChunkPos) *columns {
	t.mu.Lock()
	cols := t.live[c]
	if cols == nil {
		cols = t.made[c]
	}
	t.mu.Unlock()
	if cols != nil {
		return cols
	}
	ch := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	t.gen.GenerateChunk(c, ch)
	cols = new(columns)
	t.gen.MapColumns(ch, cols)
	t.mu.Lock()
	defer t.mu.Unlock()
	if _, ok := t.made[c]; !ok {
		t.made[c] = cols
		t.madeFIFO = append(t.madeFIFO, c)
		if len(t.madeFIFO) > keptChunks {
			delete(t.made, t.madeFIFO[0])
			t.madeFIFO = t.madeFIFO[1:]
		}
	}
	return cols
}

// drawUp draws a tile above level 0 from the four tiles below it, each pixel the mean of four.
func (t *tiles) drawUp(ctx context.Context, k tileKey) (*image.RGBA, error) {
	img := image.NewRGBA(image.Rect(0, 0, tilePx, tilePx))
	for i := range int32(4) {
		child := tileKey{k.level - 1, k.x*2 + i%2, k.z*2 + i/2}
		tl, err := t.get(ctx, child)
		if err != nil {
			return nil, err
		}
		ox, oz := int(i%2)*tilePx/2, int(i/2)*tilePx/2
		for z := 0; z < tilePx/2; z++ {
			for x := 0; x < tilePx/2; x++ {
				var sum [3]int
				for _, d := range [4][2]int{{0, 0}, {1, 0}, {0, 1}, {1, 1}} {
					c := tl.img.RGBAAt(tl.img.Rect.Min.X+2*x+d[0], tl.img.Rect.Min.Y+2*z+d[1])
					sum[0], sum[1], sum[2] = sum[0]+int(c.R), sum[1]+int(c.G), sum[2]+int(c.B)
				}
				off := img.PixOffset(ox+x, oz+z)
				img.Pix[off], img.Pix[off+1], img.Pix[off+2], img.Pix[off+3] = uint8(sum[0]/4), uint8(sum[1]/4), uint8(sum[2]/4), 255
			}
		}
	}
	return img, nil
}

// setLive records the columns of chunks copied from the world and returns the level-0 tiles that changed, whose
// drawings (and those above them) are forgotten.
func (t *tiles) setLive(chunks map[world.ChunkPos]*chunk.Chunk) []tileKey {
	changed := map[tileKey]bool{}
	for pos, ch := range chunks {
		cols := new(columns)
		t.gen.MapColumns(ch, cols)
		t.mu.Lock()
		old := t.live[pos]
		if old == nil {
			old = t.made[pos]
		}
		t.live[pos] = cols
		t.mu.Unlock()
		if old == nil || *old != *cols {
			changed[tileOfChunk(pos)] = true
		}
	}
	var out []tileKey
	t.mu.Lock()
	defer t.mu.Unlock()
	for k := range changed {
		out = append(out, k)
		t.versions[k]++
		for up := k; up.level <= maxLevel; up = (tileKey{up.level + 1, floorDiv(up.x, 2), floorDiv(up.z, 2)}) {
			delete(t.drawn, up)
		}
	}
	return out
}

// version returns how many times a level-0 tile has been redrawn since start.
func (t *tiles) version(k tileKey) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.versions[k]
}

// liveCount returns how many chunks the map has copied from the world.
func (t *tiles) liveCount() int {
	t.mu.Lock()
	defer t.mu.Unlock()
	return len(t.live)
}

func floorDiv(a, b int32) int32 {
	q := a / b
	if a%b != 0 && (a < 0) != (b < 0) {
		q--
	}
	return q
}
