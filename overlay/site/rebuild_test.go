package site

import (
	"math/rand/v2"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// Another server's world, on the same terrain, builds the steps of an area from their records alone (Rebuild, as
// a server following the area or taking its region over does): the same blocks the planning server built, steps
// and air alike; a world that has them built gets none again.
func TestStepsAreRebuiltFromTheirRecords(t *testing.T) {
	arrive := BorderColumns(store.AreaPos{0, 0}, []store.AreaPos{{-1, 0}}, 4)
	g := PlanGround(ledgeSnapshot(1, 6), rand.New(rand.NewPCG(1, 2)), arrive, nil)
	if len(g.Steps.Records) == 0 {
		t.Fatal("no steps planned: the test tests nothing")
	}
	other := snapWorld{ledgeSnapshot(1, 6)}
	got := RebuildAll(other, nil, nil, g.Steps.Records)
	if want := cellSet(g.Steps.Cells); !equalCells(cellSet(got), want) {
		t.Fatalf("rebuilt %d blocks %v, the planning server built %d %v", len(got), cellSet(got), len(g.Steps.Cells), want)
	}
	other.build(got)
	if again := RebuildAll(other, nil, nil, g.Steps.Records); len(again) != 0 {
		t.Errorf("a world with the steps built gets %d blocks of them again", len(again))
	}
}

// cellSet maps the blocks of cells by position, air as nil.
func cellSet(cells []Cell) map[cube.Pos]world.Block {
	out := map[cube.Pos]world.Block{}
	for _, c := range cells {
		out[c.off] = c.b
	}
	return out
}

// equalCells reports whether two sets of blocks are the same.
func equalCells(a, b map[cube.Pos]world.Block) bool {
	if len(a) != len(b) {
		return false
	}
	for p, x := range a {
		if y, ok := b[p]; !ok || x != y {
			return false
		}
	}
	return true
}
