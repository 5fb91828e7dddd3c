package worldgen

import "testing"

// TestTreesCrossBorders finds trees whose trunk stands on the last column of a chunk and checks that their
// leaves are in the neighbouring chunk, which is generated separately.
func TestTreesCrossBorders(t *testing.T) {
	g := New(42)
	byRID := g.pal.byRIDs()
	var a area
	checked := 0
	// Tree cells over a 320-block square of seed 42, which holds forests.
	for cz := int32(-80); cz < 0 && checked < 12; cz++ {
		for cx := int32(-80); cx < 0 && checked < 12; cx++ {
			a.reset(&g.relief, cx*treeCell, cz*treeCell)
			tr, ok := g.treeAt(&a, cx, cz, nil)
			if !ok || tr.x&15 != 15 || (tr.kind != oakTree && tr.kind != birchTree) {
				continue
			}
			// Landmarks may veto trees; rule them out with the list a chunk would use.
			lms := g.landmarks(&a, tr.x-areaMargin, tr.z-areaMargin, tr.x+areaMargin, tr.z+areaMargin, nil)
			if _, ok := g.treeAt(&a, cx, cz, lms); !ok {
				continue
			}
			own := generate(g, floorDiv(tr.x, 16), floorDiv(tr.z, 16))
			next := generate(g, floorDiv(tr.x, 16)+1, floorDiv(tr.z, 16))
			top := int16(tr.y + tr.height - 1)
			lz := uint8(tr.z & 15)
			if m := byRID[own.Block(15, top, lz, 0)]; m != oakLog && m != birchLog {
				t.Fatalf("tree at %d,%d,%d: %v at the top of the trunk", tr.x, tr.y, tr.z, m)
			}
			// The layer at the top of the trunk is a plus of leaves, so the block east of it is leaves, unless
			// another tree's log took it.
			if m := byRID[next.Block(0, top, lz, 0)]; !m.foliage() && m != oakLog && m != birchLog {
				t.Fatalf("tree at %d,%d,%d: %v east of the trunk top in the next chunk, want leaves", tr.x, tr.y, tr.z, m)
			}
			checked++
		}
	}
	if checked < 3 {
		t.Fatalf("only %d border trees found to check", checked)
	}
}

// TestLandmarksCrossBorders checks that a pond cut by a chunk border holds water on both sides.
func TestLandmarksCrossBorders(t *testing.T) {
	g := New(42)
	byRID := g.pal.byRIDs()
	checked := 0
	for _, l := range g.Landmarks(-1500, -1500, 1500, 1500) {
		if l.Kind != Pond || l.X&15 != 15 || checked >= 4 {
			continue
		}
		own := generate(g, floorDiv(int32(l.X), 16), floorDiv(int32(l.Z), 16))
		next := generate(g, floorDiv(int32(l.X), 16)+1, floorDiv(int32(l.Z), 16))
		lz := uint8(l.Z & 15)
		if m := byRID[own.Block(15, int16(l.Y), lz, 0)]; m != water {
			t.Fatalf("pond at %d,%d,%d: centre is %v", l.X, l.Y, l.Z, m)
		}
		for dx := 1; dx < l.Radius; dx++ {
			if m := byRID[next.Block(uint8(dx-1), int16(l.Y), lz, 0)]; m != water {
				t.Fatalf("pond at %d,%d,%d radius %d: %v at %d blocks east, in the next chunk", l.X, l.Y, l.Z, l.Radius, m, dx)
			}
		}
		checked++
	}
	if checked == 0 {
		t.Fatal("no pond on a chunk border found")
	}
}
