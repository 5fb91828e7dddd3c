package site

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/overlay/internal/walktest"
	"riddlestone/overlay/store"
	"riddlestone/tagging"
)

// ledgeSnapshot returns area 0,0 (size 4) as a snapshot of flat stone ground, its feet at y 65, but for a ledge
// along its west border, the columns x 0 to width-1, high blocks higher: a drop a player cannot climb back up.
func ledgeSnapshot(width, high int) tagging.Snapshot {
	world.DefaultBlockRegistry.Finalize()
	stone, grass := world.BlockRuntimeID(block.Stone{}), world.BlockRuntimeID(block.Grass{})
	s := tagging.Snapshot{Min: world.ChunkPos{0, 0}, Max: world.ChunkPos{3, 3}, Chunks: map[world.ChunkPos]*chunk.Chunk{}}
	for cx := int32(0); cx < 4; cx++ {
		for cz := int32(0); cz < 4; cz++ {
			c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
			for x := range 16 {
				for z := range 16 {
					top := 64
					if int(cx)*16+x < width {
						top = 64 + high
					}
					for y := 60; y < top; y++ {
						c.SetBlock(uint8(x), int16(y), uint8(z), 0, stone)
					}
					c.SetBlock(uint8(x), int16(top), uint8(z), 0, grass)
				}
			}
			s.Chunks[world.ChunkPos{cx, cz}] = c
		}
	}
	return s
}

// snapWorld reads and edits a snapshot's chunks as a world's blocks.
type snapWorld struct{ s tagging.Snapshot }

// Block returns the block at p.
func (w snapWorld) Block(p cube.Pos) world.Block { return chunkSource{w.s}.Block(p) }

// build sets the blocks of steps in the snapshot's chunks.
func (w snapWorld) build(sets []Cell) {
	for _, c := range sets {
		b := c.b
		if b == nil {
			b = block.Air{}
		}
		ch := w.s.Chunks[world.ChunkPos{int32(c.off[0] >> 4), int32(c.off[2] >> 4)}]
		ch.SetBlock(uint8(c.off[0]&15), int16(c.off[1]), uint8(c.off[2]&15), 0, world.BlockRuntimeID(b))
	}
}

// walkedBothWays reports, for each spot, whether a player walks to it from the west border and back.
func walkedBothWays(w snapWorld, spots []cube.Pos) []bool {
	t := readTerrain(w.s)
	var starts []cube.Pos
	for z := range 64 {
		if i := t.index(0, z); t.feet[i] != noY {
			starts = append(starts, t.spot(i))
		}
	}
	k := walktest.New(w, store.AreaPos{0, 0})
	to, back := k.FromAll(starts, false), k.FromAll(starts, true)
	out := make([]bool, len(spots))
	for n, p := range spots {
		_, out[n] = k.Find(walktest.OnSpot(p), func(i int) bool { return to[i] && back[i] })
	}
	return out
}

// An area entered from its west border over a ledge, above a cliff six blocks high or a drop of three, has its
// spots below: steps are planned that join the ledge to them. Without the steps a player does not walk to the spots
// from the border and back; with them built, as planned, every one of the first spots is walked to and back. The
// steps are full blocks each standing on the ground or on another, recorded as structures named steps, and the
// same on every plan.
func TestStepsJoinALedgeToTheGroundBelow(t *testing.T) {
	for _, high := range []int{6, 3} {
		t.Run(fmt.Sprintf("drop %d", high), func(t *testing.T) { checkLedgeSteps(t, high) })
	}
}

// checkLedgeSteps checks the steps planned down from a ledge one block wide, high blocks above the ground below.
func checkLedgeSteps(t *testing.T, high int) {
	w := snapWorld{ledgeSnapshot(1, high)}
	arrive := BorderColumns(store.AreaPos{0, 0}, []store.AreaPos{{-1, 0}}, 4)
	g := PlanGround(w.s, rand.New(rand.NewPCG(1, 2)), arrive, nil)
	if len(g.Steps.Cells) == 0 || !g.Walked || len(g.Spots) < 8 {
		t.Fatalf("%d step blocks, walked %v, %d spots; want steps, walked, 8 spots or more", len(g.Steps.Cells), g.Walked, len(g.Spots))
	}
	spots := g.Spots[:8]
	for i, ok := range walkedBothWays(w, spots) {
		if ok {
			t.Errorf("without the steps, %v is walked to from the border and back", spots[i])
		}
	}
	w.build(g.Steps.Cells)
	for i, ok := range walkedBothWays(w, spots) {
		if !ok {
			t.Errorf("with the steps, %v is not walked to from the border and back", spots[i])
		}
	}
	checkStepBlocks(t, w, g.Steps)
	again := PlanGround(ledgeSnapshot(1, high), rand.New(rand.NewPCG(1, 2)), arrive, nil)
	if !reflect.DeepEqual(again.Steps, g.Steps) || !reflect.DeepEqual(again.Spots, g.Spots) {
		t.Error("planning the same area again gives other steps or spots")
	}
}

// checkStepBlocks checks the built steps: each block set is air or a step block on solid ground, and the records
// name steps, go with no object and cover every block.
func checkStepBlocks(t *testing.T, w snapWorld, steps Steps) {
	t.Helper()
	for _, c := range steps.Cells {
		if c.b == nil {
			continue
		}
		if c.b != StepBlock || !walktest.SolidGround(w.Block(c.off.Side(cube.FaceDown))) {
			t.Errorf("step block %v at %v stands on %v", c.b, c.off, w.Block(c.off.Side(cube.FaceDown)))
		}
		if !inBox(steps.Records, c.off) {
			t.Errorf("step block at %v is outside the records %+v", c.off, steps.Records)
		}
	}
	for _, r := range steps.Records {
		if r.Structure != StepsName || r.Object != 0 {
			t.Errorf("record %+v: want structure %q, object 0", r, StepsName)
		}
	}
}

// Where every column is refused, no steps are planned: the spots are on the ground below the cliff, not walked to
// from the border, as before steps were built.
func TestStepsKeepOffRefusedColumns(t *testing.T) {
	s := ledgeSnapshot(1, 6)
	arrive := BorderColumns(store.AreaPos{0, 0}, []store.AreaPos{{-1, 0}}, 4)
	g := PlanGround(s, rand.New(rand.NewPCG(1, 2)), arrive, func(x, z int) bool { return x > 0 })
	if len(g.Steps.Cells) != 0 || g.Walked {
		t.Fatalf("%d step blocks, walked %v; want none, not walked", len(g.Steps.Cells), g.Walked)
	}
	if len(g.Spots) < 8 {
		t.Fatalf("%d spots, want 8 or more", len(g.Spots))
	}
}

// A ledge wide enough for the objects needs no steps: the spots are on it.
func TestNoStepsOnAWideLedge(t *testing.T) {
	s := ledgeSnapshot(40, 6)
	arrive := BorderColumns(store.AreaPos{0, 0}, []store.AreaPos{{-1, 0}}, 4)
	g := PlanGround(s, rand.New(rand.NewPCG(1, 2)), arrive, nil)
	if len(g.Steps.Cells) != 0 || !g.Walked {
		t.Fatalf("%d step blocks, walked %v; want none, walked", len(g.Steps.Cells), g.Walked)
	}
	for _, p := range g.Spots[:8] {
		if p[0] >= 40 || p[1] != 71 {
			t.Errorf("spot %v is off the ledge", p)
		}
	}
}

// inBox reports whether a block lies within the corners of one of the records.
func inBox(recs []store.Built, p cube.Pos) bool {
	for _, r := range recs {
		in := true
		for i := range 3 {
			in = in && p[i] >= r.Min[i] && p[i] <= r.Max[i]
		}
		if in {
			return true
		}
	}
	return false
}
