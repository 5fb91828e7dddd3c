package server

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/site"
)

// ensureSpawn keeps the world's spawn if players can walk away from it, and otherwise moves it to the nearest place
// they can (site.Spawn), on ground that lets them walk about the start area (of areaSize chunks). It reports the spawn and whether it changed.
func ensureSpawn(tx *world.Tx, areaSize int) (cube.Pos, bool) {
	w := tx.World()
	current := w.Spawn()
	pos := site.Spawn(tx, current, int32(areaSize))
	if pos != current {
		w.SetSpawn(pos)
	}
	return pos, pos != current
}
