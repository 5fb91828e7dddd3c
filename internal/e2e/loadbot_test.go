package e2e

import (
	"math"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// subChunkPacket encodes chunk column pos of c as Dragonfly answers a request for all its sub-chunks.
func subChunkPacket(c *chunk.Chunk, pos world.ChunkPos) *packet.SubChunk {
	r := world.Overworld.Range()
	pk := &packet.SubChunk{Position: protocol.SubChunkPos{pos[0], int32(r[0] >> 4), pos[1]}}
	for i, sub := range c.Sub() {
		e := protocol.SubChunkEntry{Offset: protocol.SubChunkOffset{0, int8(i), 0}, Result: protocol.SubChunkResultSuccessAllAir}
		if !sub.Empty() {
			e.Result = protocol.SubChunkResultSuccess
			e.RawPayload = protocol.Option(chunk.EncodeSubChunk(c, chunk.NetworkEncoding, i))
		}
		pk.SubChunkEntries = append(pk.SubChunkEntries, e)
	}
	return pk
}

func TestLoadGroundOf(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	rid := world.BlockRuntimeID
	c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	for x := uint8(0); x < 16; x++ {
		for z := uint8(0); z < 16; z++ {
			c.SetBlock(x, 60, z, 0, rid(block.Stone{}))
		}
	}
	c.SetBlock(1, 61, 0, 0, rid(block.Dirt{}))                     // a step up
	c.SetBlock(2, 61, 0, 0, rid(block.Water{Depth: 8}))            // water: no ground
	c.SetBlock(3, 70, 0, 0, rid(block.Leaves{}))                   // a canopy over the stone
	c.SetBlock(4, 61, 0, 0, rid(block.Grass{}))                    // grass block: full
	c.SetBlock(5, 61, 0, 0, rid(block.ShortGrass{}))               // a plant: passable
	c.SetBlock(6, 61, 0, 0, rid(block.Slab{Block: block.Stone{}})) // not a full cube
	cols := loadGroundOf(subChunkPacket(c, world.ChunkPos{2, -1}))
	g, ok := cols[world.ChunkPos{2, -1}]
	if !ok || len(cols) != 1 {
		t.Fatalf("columns %v, want one at 2,-1", cols)
	}
	for x, want := range []int16{61, 62, loadNoGround, 61, 62, 61, loadNoGround} {
		if got := g[x<<4]; got != want {
			t.Errorf("ground at x=%d: %d, want %d", x, got, want)
		}
	}
}

// flatWalker returns a walker heading along +x over ground at height 64 everywhere in the chunks given, with
// changes applied.
func flatWalker(chunks []world.ChunkPos, change func(g map[world.ChunkPos]*loadGroundColumn)) *loadWalker {
	w := newLoadWalker(0, 1)
	g := map[world.ChunkPos]*loadGroundColumn{}
	for _, pos := range chunks {
		c := &loadGroundColumn{}
		for i := range c {
			c[i] = 64
		}
		g[pos] = c
	}
	if change != nil {
		change(g)
	}
	w.addGround(g)
	return w
}

func eyeAt(x, y, z float32) mgl32.Vec3 { return mgl32.Vec3{x, y + eyeHeight, z} }

func TestLoadWalkerFollowsTheGround(t *testing.T) {
	w := flatWalker([]world.ChunkPos{{0, 0}}, func(g map[world.ChunkPos]*loadGroundColumn) {
		for z := range 16 {
			g[world.ChunkPos{0, 0}][5<<4|z] = 65 // a step up at x=5
		}
	})
	eye := eyeAt(4.5, 64, 8.5)
	for range 4 {
		eye = w.step(eye)
	}
	if feet := eye[1] - eyeHeight; eye[0] < 5 || math.Abs(float64(feet-65)) > 1e-3 {
		t.Errorf("after four steps the walker is at %v, want on the step at x≥5, feet 65", eye)
	}
	if w.walked <= 0 || w.heading != 0 {
		t.Errorf("walked %v, heading %v: want walking straight on", w.walked, w.heading)
	}
}

func TestLoadWalkerTurnsAtWallsAndWater(t *testing.T) {
	for _, h := range []int16{66, loadNoGround, 60} { // two up, water, four down
		w := flatWalker([]world.ChunkPos{{0, 0}}, func(g map[world.ChunkPos]*loadGroundColumn) {
			for z := range 16 {
				g[world.ChunkPos{0, 0}][5<<4|z] = h
			}
		})
		eye := w.step(eyeAt(4.9, 64, 8.5))
		if eye != eyeAt(4.9, 64, 8.5) || w.heading == 0 {
			t.Errorf("ground %d ahead: moved to %v, heading %v; want a turn in place", h, eye, w.heading)
		}
	}
}

func TestLoadWalkerWaitsForTerrain(t *testing.T) {
	w := flatWalker([]world.ChunkPos{{0, 0}}, nil)
	start := eyeAt(15.9, 64, 8.5)
	if eye := w.step(start); eye != start || w.heading != 0 {
		t.Errorf("at the edge of the known terrain the walker went to %v, heading %v; want it to wait", eye, w.heading)
	}
}

func TestLoadWalkerPushesThenTurnsAway(t *testing.T) {
	w := flatWalker(nil, nil)
	for i := 1; i < loadPushTicks; i++ {
		w.setBack()
		if w.heading != 0 {
			t.Fatalf("turned after %d set-backs, want to push on for %d", i, loadPushTicks)
		}
	}
	w.setBack()
	if turn := math.Mod(w.heading, 2*math.Pi); turn < math.Pi/2 || turn > 3*math.Pi/2 {
		t.Errorf("after pushing, heading %v: want turned away (between 90° and 270°)", w.heading)
	}
	if w.refused != loadPushTicks {
		t.Errorf("refused %d, want %d", w.refused, loadPushTicks)
	}
}

// A barrier the server sends (a locked border's wall) stops the walker as a client's collision does: it stays put,
// 0.3 blocks short of it, pushes for pushTicks ticks and turns away; the wall taken down, the way is free.
func TestLoadWalkerStopsAtAWall(t *testing.T) {
	w := flatWalker([]world.ChunkPos{{0, 0}}, nil)
	for z := 0; z < 16; z++ {
		w.blockUpdate(&packet.UpdateBlock{Position: protocol.BlockPos{6, 64, int32(z)}, NewBlockRuntimeID: barrierRID()})
	}
	eye := eyeAt(5.5, 64, 8.5)
	for i := 1; i < loadPushTicks; i++ {
		if eye = w.step(eye); eye[0] > 6-loadHalfWidth || w.heading != 0 {
			t.Fatalf("tick %d at the wall: at %v heading %v; want it to push in place", i, eye, w.heading)
		}
	}
	if w.step(eye); w.heading == 0 || w.walled != loadPushTicks {
		t.Errorf("after %d ticks at the wall: heading %v, %d ticks walled; want it turned away", loadPushTicks, w.heading, w.walled)
	}
	w.heading = 0
	for z := 0; z < 16; z++ {
		w.blockUpdate(&packet.UpdateBlock{Position: protocol.BlockPos{6, 64, int32(z)}, NewBlockRuntimeID: airRID()})
	}
	for range 4 {
		eye = w.step(eye)
	}
	if eye[0] < 6 {
		t.Errorf("the wall is down and the walker is still at %v", eye)
	}
}

// A corner of two walls met diagonally stops the walker too: its body touches a wall before its feet reach the
// column between them, which has none (a client cannot squeeze between two blocks that touch at a corner).
func TestLoadWalkerStopsAtAWallsCorner(t *testing.T) {
	w := flatWalker([]world.ChunkPos{{0, 0}}, nil)
	for i := 0; i <= 6; i++ { // the walls of a locked area beyond x = 6 and one beyond z = 6, the corner column 6, 6 open
		w.blockUpdate(&packet.UpdateBlock{Position: protocol.BlockPos{6, 64, int32(i)}, NewBlockRuntimeID: barrierRID()})
		w.blockUpdate(&packet.UpdateBlock{Position: protocol.BlockPos{int32(i), 64, 6}, NewBlockRuntimeID: barrierRID()})
	}
	delete(w.walls, cube.Pos{6, 64, 6})
	w.heading = math.Pi / 4
	eye := eyeAt(4.5, 64, 4.5)
	for i := 0; i < loadPushTicks-1; i++ {
		eye = w.step(eye)
		if eye[0] > 6-loadHalfWidth || eye[2] > 6-loadHalfWidth {
			t.Fatalf("tick %d: walked diagonally into the corner, at %v", i, eye)
		}
	}
	if w.walled == 0 {
		t.Error("the walker never pushed at the corner")
	}
}

func TestLoadWalkerStaysInRange(t *testing.T) {
	w := flatWalker([]world.ChunkPos{{0, 0}, {1, 0}}, nil)
	w.home, w.reach = eyeAt(2, 64, 8), 10
	eye := eyeAt(11.9, 64, 8)
	if next := w.step(eye); next != eye {
		t.Fatalf("walked out of range to %v", next)
	}
	if c := math.Cos(w.heading); c > -math.Sqrt2/2+1e-9 {
		t.Errorf("heading %v after reaching the range, want back towards home (-x, within 45°)", w.heading)
	}
}
