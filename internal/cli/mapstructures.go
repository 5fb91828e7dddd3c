package cli

import (
	"context"
	"image"
	"image/color"
	"strings"
	"time"

	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
)

var (
	// structureColour outlines a structure's footprint on the map.
	structureColour = color.RGBA{230, 40, 200, 255}
	// anchorColour marks where a structure's object stands.
	anchorColour = color.RGBA{255, 230, 0, 255}
)

// drawStructures outlines on a map, whose top left pixel is block x0, z0, the footprint of every structure the
// puzzle store at a place records (a LevelDB folder, or a PostgreSQL URL), and marks the block its object stands
// on. It returns how many it drew, wholly or in part.
func drawStructures(img *image.RGBA, at string, x0, z0 int) (int, error) {
	st, err := openStore(at)
	if err != nil {
		return 0, err
	}
	defer st.Close()
	saved, err := st.Load()
	if err != nil {
		return 0, err
	}
	n := 0
	for _, a := range saved.Areas {
		for _, b := range a.Structures {
			if outline(img, b.Min[0]-x0, b.Min[2]-z0, b.Max[0]-x0, b.Max[2]-z0) {
				n++
			}
			if p := (image.Point{b.Anchor[0] - x0, b.Anchor[2] - z0}); p.In(img.Bounds()) {
				img.SetRGBA(p.X, p.Y, anchorColour)
			}
		}
	}
	return n, nil
}

// openStore opens the puzzle store at a place: a PostgreSQL database for a postgres:// or postgresql:// URL
// ([Store] URL), else the LevelDB store in that folder.
func openStore(at string) (store.Store, error) {
	if !strings.HasPrefix(at, "postgres://") && !strings.HasPrefix(at, "postgresql://") {
		return store.OpenStore(at)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	return pgstore.Open(ctx, at)
}

// outline draws the border of the rectangle of pixels from x0, z0 to x1, z1, both included, where it lies on the
// image, and reports whether any of it does.
func outline(img *image.RGBA, x0, z0, x1, z1 int) bool {
	drawn := false
	for x := x0; x <= x1; x++ {
		for z := z0; z <= z1; z++ {
			if x != x0 && x != x1 && z != z0 && z != z1 {
				continue
			}
			if p := (image.Point{x, z}); p.In(img.Bounds()) {
				img.SetRGBA(x, z, structureColour)
				drawn = true
			}
		}
	}
	return drawn
}
