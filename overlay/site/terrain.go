package site

import (
	"maps"
	"math"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/tagging"
)

// noY marks a column where nobody can stand, or that is not open water.
const noY = math.MinInt32

// maxRoom bounds the room read above the ground: a player drops at most three blocks without harm.
const maxRoom = 5

// blockSource is what terrain reads: a snapshot's chunks (chunkSource) or a world (worldSource).
type blockSource interface {
	// Block returns the block at p; air where the source has nothing.
	Block(p cube.Pos) world.Block
	// top returns the y to read column x, z down from, or noY where the source has nothing.
	top(x, z int) int
}

// snapBlocks are the blocks of a source with the changes planned on them, and the chunks the changes may touch.
type snapBlocks struct {
	src    blockSource
	lo, hi world.ChunkPos
	edits  map[cube.Pos]world.Block
	high   map[[2]int]int // per column, the y above its highest planned change that is not air
}

// Block returns the block at p.
func (r *snapBlocks) Block(p cube.Pos) world.Block {
	if b, ok := r.edits[p]; ok {
		return b
	}
	return r.src.Block(p)
}

// SetBlock plans a change: nil is air.
func (r *snapBlocks) SetBlock(p cube.Pos, b world.Block, _ *world.SetOpts) {
	if b == nil {
		b = block.Air{}
	}
	r.edits[p] = b
	if _, air := b.(block.Air); !air {
		if r.high == nil {
			r.high = map[[2]int]int{}
		}
		col := [2]int{p[0], p[2]}
		r.high[col] = max(r.high[col], p[1]+1)
	}
}

// top returns the y to read a column down from: its highest block, or above the planned changes.
func (r *snapBlocks) top(x, z int) int {
	y := r.src.top(x, z)
	if h, ok := r.high[[2]int{x, z}]; ok && y != noY {
		return max(y, h)
	}
	return y
}

// chunkSource reads the chunks of a snapshot; outside them, and for unknown states, it reads air.
type chunkSource struct{ s tagging.Snapshot }

// Block returns the block at p.
func (c chunkSource) Block(p cube.Pos) world.Block {
	ch, ok := c.s.Chunks[world.ChunkPos{int32(p[0] >> 4), int32(p[2] >> 4)}]
	if !ok || p[1] < ch.Range().Min() || p[1] > ch.Range().Max() {
		return block.Air{}
	}
	b, ok := world.BlockByRuntimeID(ch.Block(uint8(p[0]&15), int16(p[1]), uint8(p[2]&15), 0))
	if !ok {
		return block.Air{}
	}
	return b
}

// top returns the y above a column's highest block, or noY outside the snapshot.
func (c chunkSource) top(x, z int) int {
	ch, ok := c.s.Chunks[world.ChunkPos{int32(x >> 4), int32(z >> 4)}]
	if !ok {
		return noY
	}
	return int(ch.HighestBlock(uint8(x&15), uint8(z&15))) + 1
}

// worldSource reads a world: a transaction, or anything that reads blocks and column heights as one does.
type worldSource struct{ w SpawnWorld }

// Block returns the block at p.
func (s worldSource) Block(p cube.Pos) world.Block { return s.w.Block(p) }

// top returns the y above a column's highest block.
func (s worldSource) top(x, z int) int { return s.w.HighestBlock(x, z) + 1 }

// terrain is the ground of an area, a column at a time: where someone can stand in each column, how much room
// there is above, and where open water lies. Rafts planned on it change it as building them would.
type terrain struct {
	r      *snapBlocks
	x0, z0 int
	nx, nz int
	feet   []int        // the y of the feet of someone standing on the column's ground, or noY
	room   []int        // how many blocks above the ground a body fits in, up to maxRoom
	water  []int        // the y of the column's top water block, if it is open water with room above, or noY
	reach  []bool       // columns players reach on foot, and walk back from
	arrive []int        // columns players arrive on, where no object stands
	noSpot map[int]bool // columns of planned steps and their ends, where no object stands (steps.go)
}

// readTerrain reads the columns of a snapshot's area.
func readTerrain(s tagging.Snapshot) *terrain { return readTerrainOf(chunkSource{s}, s.Min, s.Max) }

// readTerrainOf reads the columns of chunks lo to hi of a source.
func readTerrainOf(src blockSource, lo, hi world.ChunkPos) *terrain {
	t := newTerrain(src, lo, hi)
	for i := range t.feet {
		t.scan(i)
	}
	return t
}

// newTerrain makes the terrain of chunks lo to hi of a source with no column read yet (scan reads one).
func newTerrain(src blockSource, lo, hi world.ChunkPos) *terrain {
	t := &terrain{r: &snapBlocks{src: src, lo: lo, hi: hi, edits: map[cube.Pos]world.Block{}}, x0: int(lo[0]) << 4, z0: int(lo[1]) << 4}
	t.nx, t.nz = int(hi[0]+1)<<4-t.x0, int(hi[1]+1)<<4-t.z0
	n := t.nx * t.nz
	t.feet, t.room, t.water, t.reach = make([]int, n), make([]int, n), make([]int, n), make([]bool, n)
	return t
}

// pos returns the x and z of column i.
func (t *terrain) pos(i int) (x, z int) { return t.x0 + i/t.nz, t.z0 + i%t.nz }

// index returns the column at x, z, or -1 outside the area.
func (t *terrain) index(x, z int) int {
	if x < t.x0 || z < t.z0 || x >= t.x0+t.nx || z >= t.z0+t.nz {
		return -1
	}
	return (x-t.x0)*t.nz + z - t.z0
}

// next returns the column beside column i in direction d, or -1 outside the area.
func (t *terrain) next(i int, d [2]int) int {
	x, z := t.pos(i)
	return t.index(x+d[0], z+d[1])
}

// abs returns the absolute value of x.
func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// scan reads column i from the top: past air, plants, leaves and lily pads to the first other block, which is
// ground to stand on, or open water, if the two blocks above it leave room for a body.
func (t *terrain) scan(i int) {
	t.feet[i], t.room[i], t.water[i] = noY, 0, noY
	x, z := t.pos(i)
	y := t.r.top(x, z)
	if y == noY {
		return
	}
	for ; y > world.Overworld.Range().Min(); y-- {
		b := t.r.Block(cube.Pos{x, y, z})
		if _, leaves := b.Model().(model.Leaves); !leaves && !roomFor(b) {
			break
		}
	}
	switch b := t.r.Block(cube.Pos{x, y, z}); {
	case IsWater(b):
		if t.roomAbove(x, y, z, roomFor) >= 2 {
			t.water[i] = y
		}
	case Standable(b):
		if r := t.roomAbove(x, y, z, Passable); r >= 2 {
			t.feet[i], t.room[i] = y+1, r
		}
	}
}

// roomAbove counts the blocks above y that fits accepts, up to maxRoom.
func (t *terrain) roomAbove(x, y, z int, fits func(world.Block) bool) int {
	n := 0
	for n < maxRoom && fits(t.r.Block(cube.Pos{x, y + 1 + n, z})) {
		n++
	}
	return n
}

// moves reports whether a player on column i walks onto column j beside it: a jump up of one block with room for
// the jump, or a step or drop of up to three blocks down with room for the body over the lower column.
func (t *terrain) moves(i, j int) bool {
	fi, fj := t.feet[i], t.feet[j]
	if fi == noY || fj == noY {
		return false
	}
	switch d := fj - fi; {
	case d == 1:
		return t.room[i] >= 3
	case d <= 0 && d >= -3:
		return t.room[j] >= 2-d
	}
	return false
}

// walkable reports whether a player walks between columns i and j both ways.
func (t *terrain) walkable(i, j int) bool { return t.moves(i, j) && t.moves(j, i) }

// flood walks from column i both ways over the ground and returns the columns it reaches that were not reachable,
// marking them reachable.
func (t *terrain) flood(i int) []int {
	if t.feet[i] == noY || t.reach[i] {
		return nil
	}
	t.reach[i] = true
	out := []int{i}
	for k := 0; k < len(out); k++ {
		for _, d := range dirs {
			if j := t.next(out[k], d); j >= 0 && !t.reach[j] && t.walkable(out[k], j) {
				t.reach[j] = true
				out = append(out, j)
			}
		}
	}
	return out
}

// build plans the footing of the spot on water column i as BuildFooting builds it, and returns the columns it
// changed.
func (t *terrain) build(i int) []int {
	x, z := t.pos(i)
	before := maps.Clone(t.r.edits)
	BuildFooting(t.r, cube.Pos{x, t.water[i] + 1, z}, BoundsOf(t.r.lo, t.r.hi))
	var cols []int
	for p := range t.r.edits {
		if _, old := before[p]; !old {
			if j := t.index(p[0], p[2]); j >= 0 {
				cols = append(cols, j)
			}
		}
	}
	for _, j := range cols {
		t.scan(j)
	}
	return cols
}

// tryRaft plans the footing of the spot on water column i if it joins the reachable ground: a player walks from
// the spot over the new planks onto reachable ground and back. It reports whether it did.
func (t *terrain) tryRaft(i int) bool {
	before := maps.Clone(t.r.edits)
	cols := t.build(i)
	if t.joins(i, cols) {
		return true
	}
	t.r.edits = before
	for _, j := range cols {
		t.scan(j)
	}
	return false
}

// joins reports whether a player walks from column i over the columns built onto reachable ground and back.
func (t *terrain) joins(i int, built []int) bool {
	in := map[int]bool{i: true}
	for _, j := range built {
		in[j] = true
	}
	seen := map[int]bool{i: true}
	queue := []int{i}
	for k := 0; k < len(queue); k++ {
		c := queue[k]
		for _, d := range dirs {
			j := t.next(c, d)
			switch {
			case j < 0 || !t.walkable(c, j):
			case t.reach[j]:
				return true
			case in[j] && !seen[j]:
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return false
}
