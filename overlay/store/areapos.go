package store

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
)

// AreaPos is the position of an area in the grid of areas: area (x, z) holds chunks x*N to x*N+N-1 along x and
// likewise along z, for an area size of N chunks.
type AreaPos [2]int32

// AreaOfChunk returns the area that holds a chunk, for areas of size chunks a side.
func AreaOfChunk(c world.ChunkPos, size int32) AreaPos {
	return AreaPos{floorDiv(c[0], size), floorDiv(c[1], size)}
}

// AreaOfBlock returns the area that holds a block position.
func AreaOfBlock(p cube.Pos, size int32) AreaPos {
	return AreaOfChunk(world.ChunkPos{int32(p[0] >> 4), int32(p[2] >> 4)}, size)
}

// Chunks returns the least and greatest chunk of the area, both inclusive.
func (a AreaPos) Chunks(size int32) (lo, hi world.ChunkPos) {
	lo = world.ChunkPos{a[0] * size, a[1] * size}
	return lo, world.ChunkPos{lo[0] + size - 1, lo[1] + size - 1}
}

// Neighbours returns the four areas that share a border with a, in the order east, west, south, north.
func (a AreaPos) Neighbours() [4]AreaPos {
	return [4]AreaPos{{a[0] + 1, a[1]}, {a[0] - 1, a[1]}, {a[0], a[1] + 1}, {a[0], a[1] - 1}}
}

// Compare orders areas by x, then z, for lists that must read the same each time.
func (a AreaPos) Compare(b AreaPos) int {
	return cmp.Or(cmp.Compare(a[0], b[0]), cmp.Compare(a[1], b[1]))
}

// String formats the area as players type it in commands: "x,z".
func (a AreaPos) String() string { return fmt.Sprintf("%d,%d", a[0], a[1]) }

// maxArea bounds the area coordinates commands accept: far beyond any world a player walks (the world border of
// 30 million blocks is under 500,000 areas of one chunk), and far from overflowing chunk coordinates.
const maxArea = 500000

// ParseAreaPos reads an area written as "x,z".
func ParseAreaPos(s string) (AreaPos, error) {
	xs, zs, ok := strings.Cut(s, ",")
	if !ok {
		return AreaPos{}, fmt.Errorf("area %q: want x,z such as 2,-1", s)
	}
	x, err1 := strconv.ParseInt(strings.TrimSpace(xs), 10, 32)
	z, err2 := strconv.ParseInt(strings.TrimSpace(zs), 10, 32)
	if err1 != nil || err2 != nil {
		return AreaPos{}, fmt.Errorf("area %q: want x,z such as 2,-1", s)
	}
	if x < -maxArea || x > maxArea || z < -maxArea || z > maxArea {
		return AreaPos{}, fmt.Errorf("area %q: coordinates go from %d to %d", s, -maxArea, maxArea)
	}
	return AreaPos{int32(x), int32(z)}, nil
}

func floorDiv(a, b int32) int32 {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}
