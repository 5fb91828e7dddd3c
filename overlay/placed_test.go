package overlay

import (
	"maps"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
)

// The blocks site planning finds near a chunk (placedNear) are those where the state's objects are, at the block
// or as an entity, and those its index has, through random moves, removals and copies: a copy keeps what it had
// while the state goes on changing.
func TestPlacedNearFollowsWhereObjectsAre(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	s := newState(nil, nil, nil, 0, 2)
	pos := func() cube.Pos { return cube.Pos{rng.IntN(96) - 48, 64, rng.IntN(96) - 48} }
	kinds := []store.WhereKind{store.AtBlock, store.AtEntity, store.InInventory}
	var copies []*state
	for step := range 3000 {
		id := rng.IntN(300)
		switch rng.IntN(4) {
		case 0:
			s.clearWhere(id)
		case 1:
			s.forget(id)
		default:
			s.setWhere(id, store.Where{Kind: kinds[rng.IntN(len(kinds))], Block: pos(), Entity: uuid.New()})
		}
		if step%500 == 0 {
			copies = append(copies, s.clone())
			checkPlacedNear(t, copies[len(copies)-1])
		}
	}
	checkPlacedNear(t, s)
	for _, c := range copies {
		checkPlacedNear(t, c)
	}
}

// checkPlacedNear compares placedNear, chunk by chunk, with a walk through every object and indexed block.
func checkPlacedNear(t *testing.T, s *state) {
	t.Helper()
	chunkOf := func(p cube.Pos) world.ChunkPos { return world.ChunkPos{int32(p[0] >> 4), int32(p[2] >> 4)} }
	wantPlaced, wantIndexed := map[world.ChunkPos][]cube.Pos{}, map[world.ChunkPos][]cube.Pos{}
	for _, w := range s.where.All() {
		if w.Kind == store.AtBlock || w.Kind == store.AtEntity {
			c := chunkOf(w.Block)
			if !slices.Contains(wantPlaced[c], w.Block) {
				wantPlaced[c] = append(wantPlaced[c], w.Block)
			}
		}
	}
	for p := range s.byBlock.All() {
		wantIndexed[chunkOf(p)] = append(wantIndexed[chunkOf(p)], p)
	}
	less := func(a, b cube.Pos) int { return a[0]*1000 + a[2] - b[0]*1000 - b[2] }
	for x := int32(-4); x < 4; x++ {
		for z := int32(-4); z < 4; z++ {
			c := world.ChunkPos{x, z}
			placed, indexed := s.placedNear(c)
			got, gotIndexed := slices.SortedFunc(placed, less), slices.SortedFunc(indexed, less)
			want, want2 := slices.SortedFunc(slices.Values(wantPlaced[c]), less), slices.SortedFunc(slices.Values(wantIndexed[c]), less)
			if !slices.Equal(got, want) || !slices.Equal(gotIndexed, want2) {
				t.Fatalf("chunk %v: placed %v, want %v; indexed %v, want %v", c, got, want, gotIndexed, want2)
			}
		}
	}
	if n := len(slices.Collect(maps.Keys(maps.Collect(s.placed.All())))); n != s.placed.Len() {
		t.Fatalf("placed has %d keys, says %d", n, s.placed.Len())
	}
}

// Steps keep off the columns of the objects in the world in their area and the chunks beside it, found by chunk
// (stepsAvoid): the same columns a walk through every object and indexed block finds there, and none farther.
func TestStepsKeepOffTheObjectsNearTheirArea(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s := newState(nil, nil, nil, 0, 2)
	kinds := []store.WhereKind{store.AtBlock, store.AtEntity, store.InInventory}
	for id := range 2000 {
		p := cube.Pos{rng.IntN(192) - 96, 64, rng.IntN(192) - 96}
		s.setWhere(id, store.Where{Kind: kinds[rng.IntN(len(kinds))], Block: p, Entity: uuid.New()})
	}
	a := store.AreaPos{0, 1}
	avoid := stepsAvoid(s, a, nil)
	lo, hi := a.Chunks(2)
	near := func(p cube.Pos) bool {
		cx, cz := int32(p[0]>>4), int32(p[2]>>4)
		return cx >= lo[0]-1 && cz >= lo[1]-1 && cx <= hi[0]+1 && cz <= hi[1]+1
	}
	want := map[[2]int]bool{}
	for _, w := range s.where.All() {
		if (w.Kind == store.AtBlock || w.Kind == store.AtEntity) && near(w.Block) {
			want[[2]int{w.Block[0], w.Block[2]}] = true
		}
	}
	for p := range s.byBlock.All() {
		if near(p) {
			want[[2]int{p[0], p[2]}] = true
		}
	}
	if len(want) == 0 {
		t.Fatal("no object near the area: the test tests nothing")
	}
	for x := -100; x < 100; x++ {
		for z := -100; z < 100; z++ {
			if got := avoid(x, z); got != want[[2]int{x, z}] {
				t.Fatalf("column %d,%d: steps avoid it %v, want %v", x, z, got, want[[2]int{x, z}])
			}
		}
	}
}
