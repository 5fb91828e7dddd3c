package server

import (
	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
)

// spawnSearchRadius is how far, in blocks, findSpawn looks from its starting column.
const spawnSearchRadius = 128

// safeSpawn reports whether a player's feet at pos stand on a solid block with room for the body: not inside
// blocks, not in water, not falling. Plants such as grass or flowers may share the space; they have no collision.
func safeSpawn(tx *world.Tx, pos cube.Pos) bool {
	if pos.Y()-1 < tx.Range().Min() || pos.Y()+1 > tx.Range().Max() {
		return false
	}
	ground := pos.Side(cube.FaceDown)
	if _, solid := tx.Block(ground).Model().(model.Solid); !solid {
		return false
	}
	if _, liquid := tx.Liquid(ground); liquid {
		return false
	}
	return passable(tx, pos) && passable(tx, pos.Side(cube.FaceUp))
}

// passable reports whether a body can be in the block at pos: no collision box and no liquid.
func passable(tx *world.Tx, pos cube.Pos) bool {
	if _, empty := tx.Block(pos).Model().(model.Empty); !empty {
		return false
	}
	_, liquid := tx.Liquid(pos)
	return !liquid
}

// surfaceSpawn returns the feet position on the ground of column x, z — the first block from the top that is
// neither leaves nor passable, so under a forest's canopy rather than on it — if it is safe.
func surfaceSpawn(tx *world.Tx, x, z int) (cube.Pos, bool) {
	y := tx.HighestBlock(x, z)
	for ; y > tx.Range().Min(); y-- {
		p := cube.Pos{x, y, z}
		if _, leaves := tx.Block(p).Model().(model.Leaves); !leaves && !passable(tx, p) {
			break
		}
	}
	pos := cube.Pos{x, y + 1, z}
	return pos, safeSpawn(tx, pos)
}

// findSpawn searches the surface outward from column (x, z), ring by ring, for the nearest safe spawn within
// radius blocks. It reads the real terrain, generating chunks as needed.
func findSpawn(tx *world.Tx, x, z, radius int) (cube.Pos, bool) {
	for r := 0; r <= radius; r++ {
		for dx := -r; dx <= r; dx++ {
			for _, dz := range ringRows(dx, r) {
				if pos, ok := surfaceSpawn(tx, x+dx, z+dz); ok {
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

// buildSpawnPlatform makes a safe spawn where the terrain has none: a 3×3 stone platform on top of the highest
// block at (x, z), with air above it.
func buildSpawnPlatform(tx *world.Tx, x, z int) cube.Pos {
	y := min(tx.HighestBlock(x, z)+1, tx.Range().Max()-2)
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			tx.SetBlock(cube.Pos{x + dx, y, z + dz}, block.Stone{}, nil)
			tx.SetBlock(cube.Pos{x + dx, y + 1, z + dz}, nil, nil)
			tx.SetBlock(cube.Pos{x + dx, y + 2, z + dz}, nil, nil)
		}
	}
	return cube.Pos{x, y + 1, z}
}

// ensureSpawn keeps the world's spawn if it is safe; otherwise it moves it to the nearest safe surface position
// around it, or builds a platform if there is none. It reports the spawn and whether it changed.
func ensureSpawn(tx *world.Tx) (cube.Pos, bool) {
	w := tx.World()
	current := w.Spawn()
	if safeSpawn(tx, current) {
		return current, false
	}
	pos, ok := findSpawn(tx, current.X(), current.Z(), spawnSearchRadius)
	if !ok {
		pos = buildSpawnPlatform(tx, current.X(), current.Z())
	}
	w.SetSpawn(pos)
	return pos, true
}
