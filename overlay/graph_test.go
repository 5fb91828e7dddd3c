package overlay

import (
	"slices"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

func TestAreaPosOfBlocksAndChunks(t *testing.T) {
	for _, tc := range []struct {
		pos  cube.Pos
		want store.AreaPos
	}{
		{cube.Pos{0, 70, 0}, store.AreaPos{0, 0}},
		{cube.Pos{63, 70, 63}, store.AreaPos{0, 0}},
		{cube.Pos{64, 70, -1}, store.AreaPos{1, -1}},
		{cube.Pos{-64, 70, -65}, store.AreaPos{-1, -2}},
	} {
		if got := store.AreaOfBlock(tc.pos, 4); got != tc.want {
			t.Errorf("AreaOfBlock(%v) = %v, want %v", tc.pos, got, tc.want)
		}
	}
	lo, hi := store.AreaPos{-1, 2}.Chunks(4)
	if lo != (world.ChunkPos{-4, 8}) || hi != (world.ChunkPos{-1, 11}) {
		t.Errorf("chunks of -1,2 = %v..%v", lo, hi)
	}
	for _, s := range []string{"3,-2", " 3 , -2 "} {
		if a, err := store.ParseAreaPos(s); err != nil || a != (store.AreaPos{3, -2}) {
			t.Errorf("ParseAreaPos(%q) = %v, %v", s, a, err)
		}
	}
	for _, s := range []string{"", "3", "a,b", "3,-2,1", "99999999999,0", "500001,0"} {
		if _, err := store.ParseAreaPos(s); err == nil {
			t.Errorf("ParseAreaPos(%q) gave no error", s)
		}
	}
}

func TestGraphKeysAreNearerNeighbours(t *testing.T) {
	g := NewGraph(42, store.AreaPos{2, -1}, 30)
	twoKeys := 0
	for x := int32(-8); x <= 12; x++ {
		for z := int32(-11); z <= 9; z++ {
			a := store.AreaPos{x, z}
			keys := g.Keys(a)
			if a == g.Start() {
				if len(keys) != 0 {
					t.Fatalf("the start has keys %v", keys)
				}
				continue
			}
			if len(keys) == 0 || len(keys) > 2 {
				t.Fatalf("%v has %d keys", a, len(keys))
			}
			if len(keys) == 2 {
				twoKeys++
			}
			for _, k := range keys {
				if g.Distance(k) != g.Distance(a)-1 || !slices.Contains(neighbours(a), k) {
					t.Fatalf("key %v of %v is not a nearer neighbour", k, a)
				}
				if !slices.Contains(g.Unlocks(k), a) {
					t.Fatalf("%v is a key of %v but does not unlock it", k, a)
				}
			}
			if !slices.Equal(keys, NewGraph(42, store.AreaPos{2, -1}, 30).Keys(a)) {
				t.Fatalf("keys of %v differ between two graphs of one seed", a)
			}
		}
	}
	if twoKeys < 40 || twoKeys > 200 {
		t.Errorf("%d of 441 areas need two keys, want about 30%% of those off the axes", twoKeys)
	}
}

func TestGraphOpensAreasAsKeysAreAchieved(t *testing.T) {
	g := NewGraph(7, store.AreaPos{0, 0}, 50)
	achieved := map[store.AreaPos]bool{}
	isAchieved := func(a store.AreaPos) bool { return achieved[a] }
	// Solve every open area, ring by ring: every area within distance 6 must open.
	for range 7 {
		for x := int32(-6); x <= 6; x++ {
			for z := int32(-6); z <= 6; z++ {
				if a := (store.AreaPos{x, z}); g.Distance(a) <= 6 && g.Open(a, isAchieved) {
					achieved[a] = true
				}
			}
		}
	}
	if n := len(achieved); n != 85 {
		t.Errorf("%d areas opened within distance 6, want all 85", n)
	}
	// Progress branches: some area is a key to more than one other.
	branches := 0
	for a := range achieved {
		if len(g.Unlocks(a)) > 1 {
			branches++
		}
	}
	if branches == 0 {
		t.Error("no area unlocks more than one other")
	}
	if g.Open(store.AreaPos{3, 3}, func(store.AreaPos) bool { return false }) {
		t.Error("an area far from the start is open with nothing achieved")
	}
}

func TestGraphDiffersBetweenSeeds(t *testing.T) {
	a, b := NewGraph(1, store.AreaPos{}, 30), NewGraph(2, store.AreaPos{}, 30)
	same := 0
	for x := int32(1); x <= 10; x++ {
		for z := int32(1); z <= 10; z++ {
			if slices.Equal(a.Keys(store.AreaPos{x, z}), b.Keys(store.AreaPos{x, z})) {
				same++
			}
		}
	}
	if same == 100 {
		t.Error("two seeds give the same locks")
	}
}

func neighbours(a store.AreaPos) []store.AreaPos { n := a.Neighbours(); return n[:] }
