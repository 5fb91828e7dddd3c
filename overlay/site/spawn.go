package site

import (
	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// SpawnWorld is what finding a spawn reads and builds on: a world's transaction (*world.Tx) or, in tests,
// generated chunks.
type SpawnWorld interface {
	BlockEditor
	// HighestBlock returns the y of the highest block of a column that is not air.
	HighestBlock(x, z int) int
}

// SpawnRadius is how far, in blocks, Spawn looks from its starting column.
const SpawnRadius = 128

// minRoam is how many columns of ground a player must walk over, and back, from a spawn: fewer, and the spawn is
// shut in (on a ledge, a peak, a pillar, in a pit, under leaves at head height), and a player in adventure mode,
// who cannot dig or build, could never leave it.
const minRoam = 256

// spawnFinder reads the ground around a starting column a column at a time, as a player walks it (terrain), and
// remembers which columns it found shut in and which roam.
type spawnFinder struct {
	t       *terrain
	size    int32 // the side of an area in chunks: players walk away from a spawn within its area
	scanned []bool
	roams   []int8 // 0: not known, 1: roams, -1: shut in
}

// newSpawnFinder prepares a finder over the columns within radius blocks of x, z, and a walk of 64 blocks beyond,
// for areas of size chunks.
func newSpawnFinder(w SpawnWorld, x, z, radius int, size int32) *spawnFinder {
	r := radius + 64
	lo, hi := world.ChunkPos{int32((x - r) >> 4), int32((z - r) >> 4)}, world.ChunkPos{int32((x + r) >> 4), int32((z + r) >> 4)}
	t := newTerrain(worldSource{w}, lo, hi)
	n := t.nx * t.nz
	return &spawnFinder{t: t, size: size, scanned: make([]bool, n), roams: make([]int8, n)}
}

// column returns the index of the column at x, z, read, or -1 outside the finder's columns.
func (f *spawnFinder) column(x, z int) int {
	i := f.t.index(x, z)
	if i >= 0 && !f.scanned[i] {
		f.t.scan(i)
		f.scanned[i] = true
	}
	return i
}

// good returns where a player stands on column x, z, if that is ground they can leave on foot: they walk to and
// from at least minRoam columns.
func (f *spawnFinder) good(x, z int) (cube.Pos, bool) {
	i := f.column(x, z)
	if i < 0 || f.t.feet[i] == noY {
		return cube.Pos{}, false
	}
	if f.roams[i] == 0 {
		f.walk(i)
	}
	return cube.Pos{x, f.t.feet[i], z}, f.roams[i] > 0
}

// walk walks from column i both ways over the ground of its area until it has minRoam columns or no more, and
// marks the columns it walked on as roaming or shut in.
func (f *spawnFinder) walk(i int) {
	x, z := f.t.pos(i)
	area := store.AreaOfBlock(cube.Pos{x, 0, z}, f.size)
	seen := map[int]bool{i: true}
	out := []int{i}
	for k := 0; k < len(out) && len(out) < minRoam; k++ {
		x, z := f.t.pos(out[k])
		for _, d := range dirs {
			to := cube.Pos{x + d[0], 0, z + d[1]}
			if store.AreaOfBlock(to, f.size) != area {
				continue
			}
			j := f.column(to[0], to[2])
			if j >= 0 && !seen[j] && f.t.walkable(out[k], j) {
				seen[j] = true
				out = append(out, j)
			}
		}
	}
	mark := int8(-1)
	if len(out) >= minRoam {
		mark = 1
	}
	for _, j := range out {
		if f.roams[j] == 0 || mark > 0 {
			f.roams[j] = mark
		}
	}
}

// Spawn returns where players join a world whose spawn is now at current: current itself if it is good ground
// (below); otherwise the nearest good ground ring by ring out from it, up to SpawnRadius blocks; failing that (far
// out in an ocean), current if a player stands there (a platform built before), or else a stone platform it builds
// on the water there; the start area's puzzle then brings the ground to the player (footing.go builds rafts and
// piers). Good ground has a player's feet on solid ground with room for the body, not in water, and lets them walk
// to and from minRoam columns of its area (areas of size chunks: the start area's puzzle is placed on that
// ground). It reads the real terrain: a world's transaction generates chunks as needed.
func Spawn(w SpawnWorld, current cube.Pos, size int32) cube.Pos {
	f := newSpawnFinder(w, current[0], current[2], SpawnRadius, size)
	if p, ok := f.good(current[0], current[2]); ok && p == current {
		return current
	}
	if p, ok := f.nearest(current[0], current[2]); ok {
		return p
	}
	if i := f.column(current[0], current[2]); f.t.feet[i] == current[1] {
		return current
	}
	return buildSpawnPlatform(w, current[0], current[2])
}

// nearest returns the nearest good ground ring by ring out from column x, z, up to SpawnRadius blocks.
func (f *spawnFinder) nearest(x, z int) (cube.Pos, bool) {
	for r := 0; r <= SpawnRadius; r++ {
		for dx := -r; dx <= r; dx++ {
			for _, dz := range ringRows(dx, r) {
				if pos, ok := f.good(x+dx, z+dz); ok {
					return pos, true
				}
			}
		}
	}
	return cube.Pos{}, false
}

// ringRows returns the z offsets of ring r in column offset dx: all of them on the ring's sides, its two ends
// elsewhere.
func ringRows(dx, r int) []int {
	if dx == -r || dx == r {
		rows := make([]int, 0, 2*r+1)
		for dz := -r; dz <= r; dz++ {
			rows = append(rows, dz)
		}
		return rows
	}
	return []int{-r, r}
}

// buildSpawnPlatform makes a spawn where the terrain has none: a 3×3 stone platform on top of the highest block at
// x, z, with air above it.
func buildSpawnPlatform(w SpawnWorld, x, z int) cube.Pos {
	y := min(w.HighestBlock(x, z)+1, world.Overworld.Range().Max()-2)
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			w.SetBlock(cube.Pos{x + dx, y, z + dz}, block.Stone{}, nil)
			w.SetBlock(cube.Pos{x + dx, y + 1, z + dz}, nil, nil)
			w.SetBlock(cube.Pos{x + dx, y + 2, z + dz}, nil, nil)
		}
	}
	return cube.Pos{x, y + 1, z}
}
