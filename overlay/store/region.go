package store

import (
	"fmt"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
)

// WorldRegion is the one region of a world that is not split into regions (regionAreas 0): all of it.
const WorldRegion = "world"

// MaxRegionAreas bounds the side of a region in areas.
const MaxRegionAreas = 1024

// RegionOf returns the region an area belongs to, when areas are grouped into square regions of regionAreas by
// regionAreas areas: region "rX,Z" holds areas X*regionAreas to X*regionAreas+regionAreas-1 along x and likewise
// along z (rounding down, so area -1,0 is in region r-1,0). regionAreas 0 (or less) keeps the whole world one
// region, WorldRegion.
func RegionOf(a AreaPos, regionAreas int) string {
	if regionAreas <= 0 {
		return WorldRegion
	}
	n := int32(regionAreas)
	return fmt.Sprintf("r%d,%d", floorDiv(a[0], n), floorDiv(a[1], n))
}

// ParseRegion checks a region's name as config.toml lists it: "world" for regionAreas 0, "rX,Z" (such as
// "r0,0" or "r-1,2") otherwise.
func ParseRegion(name string, regionAreas int) error {
	if regionAreas <= 0 {
		if name != WorldRegion {
			return fmt.Errorf("region %q: the world is one region, %q, while RegionAreas is 0", name, WorldRegion)
		}
		return nil
	}
	rest, ok := strings.CutPrefix(name, "r")
	if _, err := ParseAreaPos(rest); !ok || err != nil || strings.ContainsAny(rest, " \t") {
		return fmt.Errorf("region %q: want rX,Z such as \"r0,0\" or \"r-1,2\"", name)
	}
	return nil
}

// Regions returns the regions whose records a change writes, sorted and each once, for areas of areaSize chunks
// grouped into regions of regionAreas areas: the areas' own, the objects' (by the area an object is in, or for
// one at a block without an area, by its block), the cleared and forgotten blocks' (by their blocks), and the
// resolved intents' (by their areas: an intent is done by the server of its area). loose is true when the change
// also writes records that belong to no region: objects in a player's inventory or inside another object,
// removed objects (the store does not know where they were), the next object id, and new intents (a solve
// leaves the opening of an area of another server's region in the store for that server). A store fences those
// with the change's regions, or with all it holds when there are none (docs/network.md).
func (c Change) Regions(regionAreas int, areaSize int32) (regions []string, loose bool) {
	add := func(a AreaPos) { regions = append(regions, RegionOf(a, regionAreas)) }
	addBlock := func(b AreaBlock) {
		if areaSize <= 0 {
			loose = true
			return
		}
		add(AreaOfBlock(cube.Pos{b[0], b[1], b[2]}, areaSize))
	}
	for _, a := range c.Areas {
		add(a.Pos)
	}
	for _, o := range c.Objects {
		switch a, err := ParseAreaPos(o.Area); {
		case err == nil:
			add(a)
		case o.Where.Kind == AtBlock && areaSize > 0:
			add(AreaOfBlock(o.Where.Block, areaSize))
		default:
			loose = true
		}
	}
	for _, cl := range append(slices.Clip(c.Cleared), c.Forgotten...) {
		addBlock(cl.Pos)
	}
	for _, in := range c.Resolved {
		add(in.Area)
	}
	loose = loose || len(c.Removed) > 0 || c.NextID != 0 || len(c.Intents) > 0
	slices.Sort(regions)
	return slices.Compact(regions), loose
}

// AreasOf returns every area of a region, when areas are grouped into regions of regionAreas by regionAreas (see
// RegionOf), row by row; none for WorldRegion or a name that is not a region's.
func AreasOf(region string, regionAreas int) []AreaPos {
	rest, ok := strings.CutPrefix(region, "r")
	corner, err := ParseAreaPos(rest)
	if !ok || err != nil || regionAreas <= 0 {
		return nil
	}
	n := int32(regionAreas)
	out := make([]AreaPos, 0, regionAreas*regionAreas)
	for z := range n {
		for x := range n {
			out = append(out, AreaPos{corner[0]*n + x, corner[1]*n + z})
		}
	}
	return out
}
