package site

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/overlay/store"
)

// BorderColumns returns the columns (y 0) of area a, of size chunks, along its borders with the areas keys.
func BorderColumns(a store.AreaPos, keys []store.AreaPos, size int) []cube.Pos {
	n := size * 16
	x0, z0 := int(a[0])*n, int(a[1])*n
	var out []cube.Pos
	for _, k := range keys {
		dx, dz := int(k[0]-a[0]), int(k[1]-a[1])
		for i := range n {
			switch {
			case dx < 0:
				out = append(out, cube.Pos{x0, 0, z0 + i})
			case dx > 0:
				out = append(out, cube.Pos{x0 + n - 1, 0, z0 + i})
			case dz < 0:
				out = append(out, cube.Pos{x0 + i, 0, z0})
			case dz > 0:
				out = append(out, cube.Pos{x0 + i, 0, z0 + n - 1})
			}
		}
	}
	return out
}
