package store

import (
	"slices"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/puzzle"
)

// RegionOf groups areas into square regions, rounding down so that negative coordinates go to the region below;
// regionAreas 0 keeps the whole world one region.
func TestRegionOf(t *testing.T) {
	for _, tc := range []struct {
		area        AreaPos
		regionAreas int
		want        string
	}{
		{AreaPos{0, 0}, 0, "world"},
		{AreaPos{-7, 123}, 0, "world"},
		{AreaPos{0, 0}, 4, "r0,0"},
		{AreaPos{3, 3}, 4, "r0,0"},
		{AreaPos{4, 3}, 4, "r1,0"},
		{AreaPos{-1, 0}, 4, "r-1,0"},
		{AreaPos{-4, -5}, 4, "r-1,-2"},
		{AreaPos{-5, 8}, 4, "r-2,2"},
		{AreaPos{-1, -1}, 1, "r-1,-1"},
		{AreaPos{500000, -500000}, 1024, "r488,-489"},
	} {
		if got := RegionOf(tc.area, tc.regionAreas); got != tc.want {
			t.Errorf("RegionOf(%v, %d) = %q; want %q", tc.area, tc.regionAreas, got, tc.want)
		}
		if err := ParseRegion(RegionOf(tc.area, tc.regionAreas), tc.regionAreas); err != nil {
			t.Errorf("the name of region %q does not parse: %v", RegionOf(tc.area, tc.regionAreas), err)
		}
	}
	for _, tc := range []struct {
		name        string
		regionAreas int
	}{{"r0,0", 0}, {"north", 0}, {"world", 4}, {"r0", 4}, {"0,0", 4}, {"r0,x", 4}, {"r 0,0", 4}, {"", 4}} {
		if err := ParseRegion(tc.name, tc.regionAreas); err == nil {
			t.Errorf("ParseRegion(%q, %d) took it", tc.name, tc.regionAreas)
		}
	}
}

// A change's regions are those of its areas, objects (by area, or by block for one at a block outside any
// area), cleared and forgotten blocks and resolved intents; objects in an inventory, removals, the next id and
// new intents (which may be for another server's area) belong to no region.
func TestChangeRegions(t *testing.T) {
	const areaSize, regionAreas = 2, 4 // an area is 32 blocks a side, a region 128
	c := Change{
		Areas:    []AreaRecord{{Pos: AreaPos{0, 0}}, {Pos: AreaPos{1, 2}}},
		Objects:  []ObjectRecord{{Object: puzzle.Object{ID: 1, Area: "-1,0"}}, {Object: puzzle.Object{ID: 2, Area: puzzle.InContainer}, Where: Where{Kind: AtBlock, Block: cube.Pos{-129, 64, 0}}}},
		Cleared:  []ClearedBlock{{Pos: AreaBlock{128, 70, -1}}},
		Resolved: []Intent{{Kind: OpenArea, Area: AreaPos{0, 4}}},
	}
	regions, loose := c.Regions(regionAreas, areaSize)
	if want := []string{"r-1,0", "r-2,0", "r0,0", "r0,1", "r1,-1"}; !slices.Equal(regions, want) || loose {
		t.Fatalf("regions %q, loose %v; want %q, not loose", regions, loose, want)
	}
	if regions, loose := c.Regions(0, areaSize); !slices.Equal(regions, []string{"world"}) || loose {
		t.Fatalf("one region: %q, loose %v", regions, loose)
	}
	for _, c := range []Change{
		{Objects: []ObjectRecord{{Object: puzzle.Object{ID: 1, Area: puzzle.Inventory}, Where: Where{Kind: InInventory}}}},
		{Removed: []int{3}},
		{NextID: 9},
		{Intents: []Intent{{Kind: OpenArea, Area: AreaPos{9, 9}}}},
		{Forgotten: []ClearedBlock{{Pos: AreaBlock{1, 2, 3}}}}, // with no area size, a block's area is unknown
	} {
		size := int32(areaSize)
		if len(c.Forgotten) > 0 {
			size = 0
		}
		if regions, loose := c.Regions(regionAreas, size); len(regions) != 0 || !loose {
			t.Errorf("%+v: regions %q, loose %v; want none, loose", c, regions, loose)
		}
	}
}

// AreasOf lists the areas RegionOf puts in a region, every one of them, negative regions included.
func TestAreasOfARegion(t *testing.T) {
	for _, region := range []string{"r0,0", "r-1,2", "r3,-4"} {
		areas := AreasOf(region, 3)
		if len(areas) != 9 {
			t.Fatalf("region %s has %d areas, want 9", region, len(areas))
		}
		for _, a := range areas {
			if got := RegionOf(a, 3); got != region {
				t.Errorf("area %v of region %s is in region %s", a, region, got)
			}
		}
	}
	if got := AreasOf(WorldRegion, 3); got != nil {
		t.Errorf("the world region's areas: %v, want none listed", got)
	}
	if got := AreasOf("r0,0", 0); got != nil {
		t.Errorf("areas of a region of a world in one region: %v, want none", got)
	}
}
