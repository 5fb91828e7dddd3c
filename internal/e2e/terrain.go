package e2e

import (
	"bytes"
	"errors"
	"fmt"
	"maps"
	"sync"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// Terrain is the world as a client knows it: the blocks decoded from the LevelChunk and SubChunk packets the
// server sent, kept up to date with UpdateBlock and UpdateSubChunkBlocks. It never reads the server's world.
// Runtime IDs are Dragonfly's own and are decoded with world.DefaultBlockRegistry, as a Go client of a Dragonfly
// server can. Its methods are safe for concurrent use.
type Terrain struct {
	mu   sync.RWMutex
	cols map[world.ChunkPos]*column
	rng  cube.Range
	err  error // the first decoding error, if any

	blockEntities map[cube.Pos]map[string]any // by block, as last sent

	classes sync.Map // uint32 runtime ID -> blockClass
}

// column is one chunk column: a sub-chunk per 16 blocks of height, nil while the server has not sent it.
type column struct {
	subs []*subChunk
}

// subChunk holds the runtime IDs of a 16×16×16 cube, one storage per layer (0 is the block, 1 the water a
// block is logged with).
type subChunk struct {
	layers []storage
}

// storage is a paletted layer: idx (x<<8|z<<4|y) points into palette; nil idx means every block is palette[0].
type storage struct {
	palette []uint32
	idx     []uint16
}

func (s *storage) at(i int) uint32 {
	if s.idx == nil {
		return s.palette[0]
	}
	return s.palette[s.idx[i]]
}

func (s *storage) set(i int, rid uint32) {
	p := -1
	for j, v := range s.palette {
		if v == rid {
			p = j
			break
		}
	}
	if p < 0 {
		s.palette = append(s.palette, rid)
		p = len(s.palette) - 1
	}
	if s.idx == nil {
		if p == 0 {
			return
		}
		s.idx = make([]uint16, 4096)
	}
	s.idx[i] = uint16(p)
}

var airRID = sync.OnceValue(func() uint32 {
	world.DefaultBlockRegistry.Finalize()
	return world.BlockRuntimeID(block.Air{})
})

// barrierRID is the runtime ID of a barrier, the block of a locked border's wall.
var barrierRID = sync.OnceValue(func() uint32 {
	airRID() // finalises the registry
	return world.BlockRuntimeID(block.Barrier{})
})

func newTerrain() *Terrain {
	return &Terrain{cols: map[world.ChunkPos]*column{}, rng: world.Overworld.Range(), blockEntities: map[cube.Pos]map[string]any{}}
}

func (t *Terrain) emptySub() *subChunk {
	return &subChunk{layers: []storage{{palette: []uint32{airRID()}}}}
}

// handle applies a packet that carries blocks. t.mu must not be held.
func (t *Terrain) handle(pk packet.Packet) {
	switch pk := pk.(type) {
	case *packet.LevelChunk:
		t.levelChunk(pk)
	case *packet.SubChunk:
		t.subChunks(pk)
	case *packet.UpdateBlock:
		t.mu.Lock()
		t.setBlock(cube.Pos{int(pk.Position[0]), int(pk.Position[1]), int(pk.Position[2])}, int(pk.Layer), pk.NewBlockRuntimeID)
		t.mu.Unlock()
	case *packet.UpdateSubChunkBlocks:
		t.mu.Lock()
		for layer, entries := range [][]protocol.BlockChangeEntry{pk.Blocks, pk.Extra} {
			for _, e := range entries {
				t.setBlock(cube.Pos{int(e.BlockPos[0]), int(e.BlockPos[1]), int(e.BlockPos[2])}, layer, e.BlockRuntimeID)
			}
		}
		t.mu.Unlock()
	case *packet.BlockActorData:
		t.blockActorData(pk)
	case *packet.ChangeDimension:
		t.mu.Lock()
		clear(t.cols) // Another world: nothing known here holds there.
		clear(t.blockEntities)
		t.mu.Unlock()
	}
}

// levelChunk starts (or restarts) a column. In sub-chunk request mode, which Dragonfly uses, it carries no blocks:
// the sub-chunks from SubChunkLimit up are empty, the others come in SubChunk packets.
func (t *Terrain) levelChunk(pk *packet.LevelChunk) {
	col := &column{subs: make([]*subChunk, (t.rng.Height()+1)>>4)}
	limit, request := pk.SubChunkLimit.Value()
	if !request {
		// The whole chunk is in the payload: the sub-chunks, then biomes we do not need.
		buf := bytes.NewBuffer(pk.RawPayload)
		for i := 0; i < int(pk.SubChunkCount) && i < len(col.subs); i++ {
			sub, y, err := decodeSubChunk(buf)
			if err != nil {
				t.fail(fmt.Errorf("chunk %v: %w", pk.Position, err))
				break
			}
			if ind := int(y) - t.rng[0]>>4; ind >= 0 && ind < len(col.subs) {
				col.subs[ind] = sub
			}
		}
		limit = int32(pk.SubChunkCount)
	}
	for i := max(int(limit), 0); i < len(col.subs); i++ {
		col.subs[i] = t.emptySub()
	}
	t.mu.Lock()
	t.cols[world.ChunkPos{pk.Position[0], pk.Position[1]}] = col
	t.mu.Unlock()
}

// subChunks stores the sub-chunks the server sent in answer to a request.
func (t *Terrain) subChunks(pk *packet.SubChunk) {
	type decoded struct {
		pos world.ChunkPos
		ind int
		sub *subChunk
		bes map[cube.Pos]map[string]any
	}
	var out []decoded
	for _, e := range pk.SubChunkEntries {
		pos := world.ChunkPos{pk.Position[0] + int32(e.Offset[0]), pk.Position[2] + int32(e.Offset[2])}
		ind := int(pk.Position[1]) + int(e.Offset[1]) - t.rng[0]>>4
		switch e.Result {
		case protocol.SubChunkResultSuccessAllAir:
			out = append(out, decoded{pos, ind, t.emptySub(), nil})
		case protocol.SubChunkResultSuccess:
			payload, _ := e.RawPayload.Value()
			buf := bytes.NewBuffer(payload)
			sub, _, err := decodeSubChunk(buf)
			if err != nil {
				t.fail(fmt.Errorf("sub-chunk %v/%d: %w", pos, ind, err))
				continue
			}
			out = append(out, decoded{pos, ind, sub, decodeBlockEntities(buf)})
		}
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	for _, d := range out {
		if col, ok := t.cols[d.pos]; ok && d.ind >= 0 && d.ind < len(col.subs) {
			col.subs[d.ind] = d.sub
			maps.Copy(t.blockEntities, d.bes)
		}
	}
}

func (t *Terrain) fail(err error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.err == nil {
		t.err = err
	}
}

// Err returns the first error met decoding the server's chunks, or nil.
func (t *Terrain) Err() error {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.err
}

// setBlock changes one block of a known sub-chunk. t.mu must be held. A block in a sub-chunk not yet received is
// ignored: the sub-chunk, when it comes, is encoded after the change.
func (t *Terrain) setBlock(pos cube.Pos, layer int, rid uint32) {
	sub := t.sub(pos)
	if sub == nil || layer < 0 || layer > 1 {
		return
	}
	for len(sub.layers) <= layer {
		sub.layers = append(sub.layers, storage{palette: []uint32{airRID()}})
	}
	sub.layers[layer].set(blockIndex(pos), rid)
}

// sub returns the sub-chunk holding pos, nil if unknown. t.mu must be held.
func (t *Terrain) sub(pos cube.Pos) *subChunk {
	if pos[1] < t.rng[0] || pos[1] > t.rng[1] {
		return nil
	}
	col, ok := t.cols[world.ChunkPos{int32(pos[0] >> 4), int32(pos[2] >> 4)}]
	if !ok {
		return nil
	}
	return col.subs[(pos[1]-t.rng[0])>>4]
}

func blockIndex(pos cube.Pos) int {
	return (pos[0]&15)<<8 | (pos[2]&15)<<4 | (pos[1] & 15)
}

// errSubChunk is returned for a sub-chunk payload that cannot be read.
var errSubChunk = errors.New("bad sub-chunk")

// decodeSubChunk reads one network-encoded sub-chunk (Dragonfly's chunk.EncodeSubChunk with NetworkEncoding:
// version 8 or 9, the layer count, for 9 the sub-chunk's Y, then each layer's paletted storage) from buf and
// returns it with its Y (in sub-chunks; only meaningful for version 9). Block entity NBT that follows is left in buf.
func decodeSubChunk(buf *bytes.Buffer) (*subChunk, int8, error) {
	ver, err := buf.ReadByte()
	if err != nil {
		return nil, 0, fmt.Errorf("%w: no version", errSubChunk)
	}
	layers := byte(1)
	var y int8
	switch ver {
	case 1:
	case 8, 9:
		if layers, err = buf.ReadByte(); err != nil {
			return nil, 0, fmt.Errorf("%w: no layer count", errSubChunk)
		}
		if ver == 9 {
			b, err := buf.ReadByte()
			if err != nil {
				return nil, 0, fmt.Errorf("%w: no index", errSubChunk)
			}
			y = int8(b)
		}
	default:
		return nil, 0, fmt.Errorf("%w: version %d", errSubChunk, ver)
	}
	sub := &subChunk{}
	for range layers {
		s, err := decodeStorage(buf)
		if err != nil {
			return nil, 0, err
		}
		sub.layers = append(sub.layers, s)
	}
	if len(sub.layers) == 0 {
		sub.layers = []storage{{palette: []uint32{airRID()}}}
	}
	return sub, y, nil
}

// decodeStorage reads a network paletted storage: a header byte (bits per index << 1 | 1), the indices packed in
// little-endian uint32 words (no index spans two words), then the palette as varints, its length first unless
// the bits per index are 0.
func decodeStorage(buf *bytes.Buffer) (storage, error) {
	h, err := buf.ReadByte()
	if err != nil {
		return storage{}, fmt.Errorf("%w: no storage header", errSubChunk)
	}
	bits := int(h >> 1)
	if bits == 0x7f || bits > 16 {
		return storage{}, fmt.Errorf("%w: %d bits per block", errSubChunk, bits)
	}
	var words []uint32
	if bits > 0 {
		perWord := 32 / bits
		n := (4096 + perWord - 1) / perWord
		data := buf.Next(n * 4)
		if len(data) != n*4 {
			return storage{}, fmt.Errorf("%w: short block data", errSubChunk)
		}
		words = make([]uint32, n)
		for i := range words {
			words[i] = uint32(data[i*4]) | uint32(data[i*4+1])<<8 | uint32(data[i*4+2])<<16 | uint32(data[i*4+3])<<24
		}
	}
	count := int32(1)
	if bits > 0 {
		if err := protocol.Varint32(buf, &count); err != nil || count <= 0 || count > 4096 {
			return storage{}, fmt.Errorf("%w: palette size", errSubChunk)
		}
	}
	s := storage{palette: make([]uint32, count)}
	for i := range s.palette {
		var v int32
		if err := protocol.Varint32(buf, &v); err != nil {
			return storage{}, fmt.Errorf("%w: palette entry", errSubChunk)
		}
		s.palette[i] = uint32(v)
	}
	if bits > 0 {
		s.idx = make([]uint16, 4096)
		perWord, mask := 32/bits, uint32(1)<<bits-1
		for i := range s.idx {
			p := (words[i/perWord] >> ((i % perWord) * bits)) & mask
			if int(p) >= len(s.palette) {
				return storage{}, fmt.Errorf("%w: palette index %d of %d", errSubChunk, p, len(s.palette))
			}
			s.idx[i] = uint16(p)
		}
	}
	return s, nil
}

// RuntimeID returns the runtime ID of the block at pos in layer 0, and whether the server has sent it.
func (t *Terrain) RuntimeID(pos cube.Pos) (uint32, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.rid(pos, 0)
}

// rid is RuntimeID for a layer; t.mu must be held.
func (t *Terrain) rid(pos cube.Pos, layer int) (uint32, bool) {
	sub := t.sub(pos)
	if sub == nil {
		return 0, false
	}
	if layer >= len(sub.layers) {
		return airRID(), true
	}
	return sub.layers[layer].at(blockIndex(pos)), true
}

// Block returns the block at pos, and whether the server has sent it.
func (t *Terrain) Block(pos cube.Pos) (world.Block, bool) {
	rid, ok := t.RuntimeID(pos)
	if !ok {
		return nil, false
	}
	return world.BlockByRuntimeID(rid)
}

// Known reports whether the server has sent the block at pos.
func (t *Terrain) Known(pos cube.Pos) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.sub(pos) != nil
}

// Columns returns how many chunk columns have every sub-chunk known.
func (t *Terrain) Columns() int {
	t.mu.RLock()
	defer t.mu.RUnlock()
	n := 0
	for _, c := range t.cols {
		if c.complete() {
			n++
		}
	}
	return n
}

// ColumnKnown reports whether every block of the chunk column holding block column x, z is known.
func (t *Terrain) ColumnKnown(x, z int) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	c, ok := t.cols[world.ChunkPos{int32(x >> 4), int32(z >> 4)}]
	return ok && c.complete()
}

func (c *column) complete() bool {
	for _, s := range c.subs {
		if s == nil {
			return false
		}
	}
	return true
}

// blockClass is what a block is to a walking body.
type blockClass uint8

const (
	classPassable blockClass = iota // no collision box, no liquid: grass, flowers, air
	classLiquid                     // lava: no collision but never entered
	classWater                      // still or flowing water: no collision; swum through at its surface
	classFull                       // a full cube to stand on: stone, dirt, leaves
	classOther                      // anything else with a collision box (slabs, fences, cacti): walked around
	classUnknown                    // not sent by the server
)

// class returns the class of the block at pos; t.mu must be held.
func (t *Terrain) class(pos cube.Pos) blockClass {
	rid, ok := t.rid(pos, 0)
	if !ok {
		return classUnknown
	}
	c := t.ridClass(rid)
	if c == classPassable {
		if l1, _ := t.rid(pos, 1); l1 != airRID() {
			if lc := t.ridClass(l1); lc == classLiquid || lc == classWater {
				return lc // a plant in water: seagrass, or a block logged with water
			}
		}
	}
	return c
}

func (t *Terrain) ridClass(rid uint32) blockClass {
	if c, ok := t.classes.Load(rid); ok {
		return c.(blockClass)
	}
	c := classOther
	if b, ok := world.BlockByRuntimeID(rid); ok {
		if _, water := b.(block.Water); water {
			c = classWater
		} else if _, liquid := b.(world.Liquid); liquid {
			c = classLiquid
		} else {
			switch b.Model().(type) {
			case model.Empty:
				c = classPassable
			case model.Solid, model.Leaves:
				c = classFull
			}
		}
	}
	t.classes.Store(rid, c)
	return c
}

// boxes returns the collision boxes of the block at pos, in world coordinates; an unknown block is a full cube.
// t.mu must be held.
func (t *Terrain) boxes(pos cube.Pos) []cube.BBox {
	switch t.class(pos) {
	case classPassable, classLiquid, classWater:
		return nil
	case classFull, classUnknown:
		return []cube.BBox{cube.Box(0, 0, 0, 1, 1, 1).Translate(pos.Vec3())}
	}
	rid, _ := t.rid(pos, 0)
	b, _ := world.BlockByRuntimeID(rid)
	var out []cube.BBox
	for _, bb := range b.Model().BBox(pos, lockedSource{t}) {
		out = append(out, bb.Translate(pos.Vec3()))
	}
	return out
}

// lockedSource is the terrain as a world.BlockSource for block models, with t.mu already held.
type lockedSource struct{ t *Terrain }

func (s lockedSource) Block(pos cube.Pos) world.Block {
	if rid, ok := s.t.rid(pos, 0); ok {
		if b, ok := world.BlockByRuntimeID(rid); ok {
			return b
		}
	}
	return block.Air{}
}

// Walkable reports whether a player can stand with its feet in the block at pos, as far as the client knows:
// on a block below whose top is under the middle of the cell (or on a slab, carpet or snow layer in the cell),
// with room for its body, no lava and its head out of water; or swimming at the surface of water.
func (t *Terrain) Walkable(pos cube.Pos) bool {
	_, ok := t.Stand(pos)
	return ok
}

// Stand returns the height at which a player's feet rest in the block at pos (its bottom, or the top of a slab
// in it), and whether a player can stand there (see Walkable).
func (t *Terrain) Stand(pos cube.Pos) (float64, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return (&shapes{t: t, m: map[cube.Pos]shape{}}).stand(pos)
}

// Ground returns the feet height of a player standing on the surface of block column x, z: on the first block
// from the top that is neither leaves nor without a collision box (so under a forest's canopy, as the server
// picks a spawn), or in it if it is a slab, carpet or snow layer. It returns false if the column has not been
// sent, or if the surface is no place to stand: water, lava, or no room above it.
func (t *Terrain) Ground(x, z int) (int, bool) {
	t.mu.RLock()
	defer t.mu.RUnlock()
	c, ok := t.cols[world.ChunkPos{int32(x >> 4), int32(z >> 4)}]
	if !ok || !c.complete() {
		return 0, false
	}
	sh := &shapes{t: t, m: map[cube.Pos]shape{}}
	for y := t.rng[1]; y > t.rng[0]; y-- {
		p := cube.Pos{x, y, z}
		if t.class(p) == classPassable || t.isLeaves(p) {
			continue
		}
		if sh.at(p).floor {
			_, ok := sh.stand(p)
			return y, ok
		}
		_, ok := sh.stand(p.Side(cube.FaceUp))
		return y + 1, ok
	}
	return 0, false
}

// isLeaves reports whether the block at pos is leaves; t.mu must be held.
func (t *Terrain) isLeaves(pos cube.Pos) bool {
	rid, ok := t.rid(pos, 0)
	if !ok {
		return false
	}
	b, ok := world.BlockByRuntimeID(rid)
	if !ok {
		return false
	}
	_, leaves := b.Model().(model.Leaves)
	return leaves
}

// Collides reports whether a box (in world coordinates) intersects the collision box of a block the client
// knows, or a block it does not know.
func (t *Terrain) Collides(box cube.BBox) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	return t.collides(box)
}

func (t *Terrain) collides(box cube.BBox) bool {
	for _, b := range t.boxesNear(box) {
		if b.IntersectsWith(box) {
			return true
		}
	}
	return false
}

// boxesNear returns the collision boxes of the blocks a box touches, grown by one block. t.mu must be held.
func (t *Terrain) boxesNear(box cube.BBox) []cube.BBox {
	lo, hi := cube.PosFromVec3(box.Min()), cube.PosFromVec3(box.Max())
	var out []cube.BBox
	for x := lo[0] - 1; x <= hi[0]+1; x++ {
		for y := lo[1] - 1; y <= hi[1]+1; y++ {
			for z := lo[2] - 1; z <= hi[2]+1; z++ {
				out = append(out, t.boxes(cube.Pos{x, y, z})...)
			}
		}
	}
	return out
}

// isWater reports whether the block at pos is water (or holds it); t.mu must be held.
func (t *Terrain) isWater(pos cube.Pos) bool { return t.class(pos) == classWater }

// inWater reports whether a body with its feet at pos is in water: its box, a hair shrunk, overlaps a water
// cell. t.mu must be held.
func (t *Terrain) inWater(pos mgl64.Vec3) bool {
	box := playerBox(pos).Grow(-0.001)
	lo, hi := cube.PosFromVec3(box.Min()), cube.PosFromVec3(box.Max())
	for x := lo[0]; x <= hi[0]; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				if t.isWater(cube.Pos{x, y, z}) {
					return true
				}
			}
		}
	}
	return false
}

// surface returns the feet height of a body floating at the surface of the water in column x, z around height
// y: the bottom of the topmost water cell of the body of water at or just below y, and false if there is none.
// t.mu must be held.
func (t *Terrain) surface(x, y, z int) (float64, bool) {
	p := cube.Pos{x, y, z}
	if !t.isWater(p) {
		if p = p.Side(cube.FaceDown); !t.isWater(p) {
			return 0, false
		}
	}
	for i := 0; i < 64 && t.isWater(p.Side(cube.FaceUp)); i++ {
		p = p.Side(cube.FaceUp)
	}
	return float64(p[1]), true
}
