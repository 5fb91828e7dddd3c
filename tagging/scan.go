package tagging

import (
	"math/bits"
	"slices"
	"sync"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
)

// Scan returns the objects the tagger recognises in a snapshot, rule by rule in the tagger's order and, within a
// rule, from the lowest block up. Rules claim blocks and entities in order: a block or entity that an earlier
// rule tagged is not tagged again. A cluster cut by the snapshot's edge is judged by the part inside it.
func (t *Tagger) Scan(s Snapshot) []Found {
	sc := newScan(s)
	defer sc.release()
	var found []Found
	claimed := sc.bitmap()
	var block []int // indexes of the block rules
	for i, r := range t.rules {
		if r.accept != nil {
			block = append(block, i)
		}
	}
	// Candidates are marked for up to 64 rules in one pass over the blocks, since reading a block's palette index
	// is most of the cost; the rules of a group are then flooded in order.
	for len(block) > 0 {
		group := block[:min(len(block), 64)]
		block = block[len(group):]
		accepts := make([]stateSet, len(group))
		for j, i := range group {
			accepts[j] = t.rules[i].accept
		}
		cands := sc.candidates(accepts)
		for j, i := range group {
			cand := cands[j]
			if cand == nil {
				continue
			}
			for w := range cand {
				cand[w] &^= claimed[w]
			}
			found = sc.clusters(found, i, t.rules[i], cand, claimed)
		}
	}
	taken := map[int]bool{}
	for i, r := range t.rules {
		if r.entity == "" {
			continue
		}
		for j, e := range s.Entities {
			if taken[j] || e.Type != r.entity {
				continue
			}
			taken[j] = true
			pos := cube.PosFromVec3(e.Pos)
			found = append(found, Found{Item: r.Item, Rule: i, Pos: pos, Top: pos, Size: 1, Entity: e.ID})
		}
	}
	return found
}

// scan lays a snapshot out as bit sets over a dense box of blocks. Each row of blocks along z at one (y, x) is a
// run of 64-bit words, and rows are ordered by y then x, so that a word holds up to 64 blocks that flood together
// and the lowest set bit of a bit set is the lowest block.
type scan struct {
	s          Snapshot
	x0, z0, y0 int // the box's least corner
	w, d, h    int // its size along x, z and y
	rowWords   int // words in a row along z

	bitmaps [][]uint64 // handed out by bitmap, returned to the pool by release
	queue   []run
	members []run
}

// run is a set of blocks in one word of a bit set: a stretch of a row along z.
type run struct {
	word int
	mask uint64
}

var bitmapPool sync.Pool

func newScan(s Snapshot) *scan {
	r := cube.Range{-64, 319}
	for _, c := range s.Chunks {
		r = c.Range()
		break
	}
	sc := &scan{
		s:  s,
		x0: int(s.Min[0]) << 4, z0: int(s.Min[1]) << 4, y0: r.Min(),
		w: int(s.Max[0]-s.Min[0]+1) << 4, d: int(s.Max[1]-s.Min[1]+1) << 4, h: r.Height(),
	}
	sc.rowWords = (sc.d + 63) / 64
	return sc
}

// bitmap returns a cleared bit set over the box, reusing the memory of earlier scans.
func (sc *scan) bitmap() []uint64 {
	n := sc.w * sc.h * sc.rowWords
	var bm []uint64
	if p, ok := bitmapPool.Get().(*[]uint64); ok && cap(*p) >= n {
		bm = (*p)[:n]
		clear(bm)
	} else {
		bm = make([]uint64, n)
	}
	sc.bitmaps = append(sc.bitmaps, bm)
	return bm
}

func (sc *scan) release() {
	for _, bm := range sc.bitmaps {
		bitmapPool.Put(&bm)
	}
	sc.bitmaps = nil
}

// word returns the index of the word holding block (x, y, z) and the block's bit in it.
func (sc *scan) word(x, y, z int) (int, uint) {
	z -= sc.z0
	return ((y-sc.y0)*sc.w+(x-sc.x0))*sc.rowWords + z/64, uint(z % 64)
}

// pos returns the block of a bit in a word.
func (sc *scan) pos(word int, bit int) cube.Pos {
	row := word / sc.rowWords
	return cube.Pos{row%sc.w + sc.x0, row/sc.w + sc.y0, (word%sc.rowWords)*64 + bit + sc.z0}
}

// block returns the runtime ID of the block at a position, and false outside the snapshot's chunks and height.
func (sc *scan) block(p cube.Pos) (uint32, bool) {
	c, ok := sc.s.Chunks[world.ChunkPos{int32(p[0] >> 4), int32(p[2] >> 4)}]
	if !ok || p[1] < sc.y0 || p[1] >= sc.y0+sc.h {
		return 0, false
	}
	return c.Block(uint8(p[0]&15), int16(p[1]), uint8(p[2]&15), 0), true
}

// candidates marks, for each of up to 64 state sets, the blocks whose state is in it, in one pass over the
// blocks. Sub-chunks whose palette holds no accepted state are skipped. A set no block matches gets nil.
func (sc *scan) candidates(accepts []stateSet) [][]uint64 {
	bms := make([][]uint64, len(accepts))
	var masks []uint64
	for pos, c := range sc.s.Chunks {
		if pos[0] < sc.s.Min[0] || pos[0] > sc.s.Max[0] || pos[1] < sc.s.Min[1] || pos[1] > sc.s.Max[1] {
			continue
		}
		bx, bz := int(pos[0])<<4, int(pos[1])<<4
		for si, sub := range c.Sub() {
			if sub.Empty() {
				continue
			}
			storage := sub.Layer(0)
			var any uint64
			if masks, any = paletteMasks(storage.Palette(), accepts, masks[:0]); any == 0 {
				continue
			}
			for j := range accepts {
				if any&(1<<j) != 0 && bms[j] == nil {
					bms[j] = sc.bitmap()
				}
			}
			sc.mark(bms, storage, masks, bx, int(c.SubY(int16(si))), bz)
		}
	}
	return bms
}

// paletteMasks gives, for each palette index, the bit mask of the state sets its state is in, and the union of
// the masks.
func paletteMasks(p *chunk.Palette, accepts []stateSet, masks []uint64) ([]uint64, uint64) {
	var all uint64
	for i := 0; i < p.Len(); i++ {
		var m uint64
		rid := p.Value(uint16(i))
		for j, a := range accepts {
			if a.has(rid) {
				m |= 1 << j
			}
		}
		masks = append(masks, m)
		all |= m
	}
	return masks, all
}

// mark sets the bits of the accepted blocks of one sub-chunk in each set's bit map.
func (sc *scan) mark(bms [][]uint64, storage *chunk.PalettedStorage, masks []uint64, bx, by, bz int) {
	var rows [64]uint64
	for x := range 16 {
		for y := range 16 {
			word, bit := sc.word(bx+x, by+y, bz)
			if len(masks) == 1 {
				// A sub-chunk of one state: the whole row matches the sets that accept it.
				for m := masks[0]; m != 0; m &= m - 1 {
					bms[bits.TrailingZeros64(m)][word] |= 0xffff << bit
				}
				continue
			}
			var used uint64
			for z := range 16 {
				m := masks[storage.PaletteIndex(byte(x), byte(y), byte(z))]
				used |= m
				for ; m != 0; m &= m - 1 {
					rows[bits.TrailingZeros64(m)] |= 1 << z
				}
			}
			for ; used != 0; used &= used - 1 {
				j := bits.TrailingZeros64(used)
				bms[j][word] |= rows[j] << bit
				rows[j] = 0
			}
		}
	}
}

// clusters floods the candidates of one rule into face-connected clusters and appends those that meet the rule's
// conditions, claiming their blocks. It floods whole runs of a word at a time.
func (sc *scan) clusters(found []Found, ri int, r rule, cand, claimed []uint64) []Found {
	minSize := max(r.MinCluster, 1)
	layer := sc.w * sc.rowWords // words in one y layer
	for w := range cand {
		for cand[w] != 0 {
			startBit := bits.TrailingZeros64(cand[w])
			sc.queue = append(sc.queue[:0], run{w, 1 << startBit})
			sc.members = sc.members[:0]
			top, topBit, size := w, startBit, 0
			for len(sc.queue) > 0 {
				q := sc.queue[len(sc.queue)-1]
				sc.queue = sc.queue[:len(sc.queue)-1]
				avail := cand[q.word]
				got := fill(q.mask&avail, avail)
				if got == 0 {
					continue
				}
				cand[q.word] &^= got
				size += bits.OnesCount64(got)
				// Runs of a cluster already too big are not kept: a sea is flooded only to be consumed.
				if r.MaxCluster == 0 || size <= r.MaxCluster {
					sc.members = append(sc.members, run{q.word, got})
				}
				if y, ty := q.word/layer, top/layer; y > ty || y == ty && (q.word < top || q.word == top && bits.TrailingZeros64(got) < topBit) {
					top, topBit = q.word, bits.TrailingZeros64(got)
				}
				sc.spread(q.word, got, layer)
			}
			if size < minSize || (r.MaxCluster > 0 && size > r.MaxCluster) {
				continue
			}
			if r.above != nil && !sc.touches(r.above, 1) || r.below != nil && !sc.touches(r.below, -1) {
				continue
			}
			for _, m := range sc.members {
				claimed[m.word] |= m.mask
			}
			blocks := sc.memberBlocks()
			if !sc.reachable(blocks) {
				continue // a vein deep in the rock, a pond in a buried cave: no player would find it
			}
			found = append(found, Found{Item: r.Item, Rule: ri, Pos: sc.pos(w, startBit), Top: sc.pos(top, topBit), Size: size,
				Blocks: blocks})
		}
	}
	return found
}

// memberBlocks lists the blocks of the cluster just flooded, lowest first, at most MaxFeatureBlocks.
func (sc *scan) memberBlocks() []cube.Pos {
	var out []cube.Pos
	for _, m := range sc.members {
		for mask := m.mask; mask != 0 && len(out) < MaxFeatureBlocks; mask &= mask - 1 {
			out = append(out, sc.pos(m.word, bits.TrailingZeros64(mask)))
		}
	}
	slices.SortFunc(out, func(a, b cube.Pos) int {
		if a[1] != b[1] {
			return a[1] - b[1]
		}
		if a[0] != b[0] {
			return a[0] - b[0]
		}
		return a[2] - b[2]
	})
	return out
}

// spread queues the neighbours of a run: the same bits in the rows beside, above and below it, and the next bit
// along z where the run reaches the edge of its word.
func (sc *scan) spread(word int, got uint64, layer int) {
	row, k := word/sc.rowWords, word%sc.rowWords
	x := row % sc.w
	if x > 0 {
		sc.queue = append(sc.queue, run{word - sc.rowWords, got})
	}
	if x < sc.w-1 {
		sc.queue = append(sc.queue, run{word + sc.rowWords, got})
	}
	if word >= layer {
		sc.queue = append(sc.queue, run{word - layer, got})
	}
	if word+layer < sc.w*sc.h*sc.rowWords {
		sc.queue = append(sc.queue, run{word + layer, got})
	}
	if got&1 != 0 && k > 0 {
		sc.queue = append(sc.queue, run{word - 1, 1 << 63})
	}
	if got&(1<<63) != 0 && k < sc.rowWords-1 {
		sc.queue = append(sc.queue, run{word + 1, 1})
	}
}

// fill returns the bits of avail connected to seed through adjacent set bits: the runs of avail that seed touches.
// It is the occluded fill of chess bitboards, in both directions.
func fill(seed, avail uint64) uint64 {
	if seed == 0 {
		return 0
	}
	up, pro := seed, avail
	up |= pro & (up << 1)
	pro &= pro << 1
	up |= pro & (up << 2)
	pro &= pro << 2
	up |= pro & (up << 4)
	pro &= pro << 4
	up |= pro & (up << 8)
	pro &= pro << 8
	up |= pro & (up << 16)
	pro &= pro << 16
	up |= pro & (up << 32)
	down, pro := seed, avail
	down |= pro & (down >> 1)
	pro &= pro >> 1
	down |= pro & (down >> 2)
	pro &= pro >> 2
	down |= pro & (down >> 4)
	pro &= pro >> 4
	down |= pro & (down >> 8)
	pro &= pro >> 8
	down |= pro & (down >> 16)
	pro &= pro >> 16
	down |= pro & (down >> 32)
	return up | down
}

// touches reports whether a block directly above (dy 1) or below (dy -1) a member of the cluster is in set.
func (sc *scan) touches(set stateSet, dy int) bool {
	for _, m := range sc.members {
		for mask := m.mask; mask != 0; mask &= mask - 1 {
			p := sc.pos(m.word, bits.TrailingZeros64(mask))
			if rid, ok := sc.block(p.Add(cube.Pos{0, dy, 0})); ok && set.has(rid) {
				return true
			}
		}
	}
	return false
}
