package server

import (
	"sync"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
)

// pondGenerator makes stone up to y=10 with a pond of water at the top for |x|, |z| <= 4 and, for x >= 20, a
// floating stone slab at y=30 over the void, to check that the spawn search reads the real blocks.
type pondGenerator struct {
	once               sync.Once
	stone, water, none uint32
}

func (g *pondGenerator) GenerateChunk(pos world.ChunkPos, c *chunk.Chunk) {
	g.once.Do(func() {
		g.stone = world.BlockRuntimeID(block.Stone{})
		g.water = world.BlockRuntimeID(block.Water{Still: true, Depth: 8})
	})
	for x := range uint8(16) {
		for z := range uint8(16) {
			wx, wz := int(pos.X())*16+int(x), int(pos.Z())*16+int(z)
			for y := int16(-64); y <= 10; y++ {
				c.SetBlock(x, y, z, 0, g.stone)
			}
			if wx >= -4 && wx <= 4 && wz >= -4 && wz <= 4 {
				c.SetBlock(x, 10, z, 0, g.water)
			}
		}
	}
}

func (g *pondGenerator) DefaultSpawn(world.Dimension) cube.Pos { return cube.Pos{0, 32767, 0} }

// canopyGenerator makes grass ground at y=10 under a roof of leaves at y=14 and 15 everywhere, with short grass
// on the ground where x is even.
type canopyGenerator struct {
	once                      sync.Once
	grass, leaves, shortGrass uint32
}

func (g *canopyGenerator) GenerateChunk(pos world.ChunkPos, c *chunk.Chunk) {
	g.once.Do(func() {
		g.grass = world.BlockRuntimeID(block.Grass{})
		g.leaves = world.BlockRuntimeID(block.Leaves{Type: block.OakLeaves(), Persistent: true})
		g.shortGrass = world.BlockRuntimeID(block.ShortGrass{})
	})
	for x := range uint8(16) {
		for z := range uint8(16) {
			for y := int16(-64); y <= 10; y++ {
				c.SetBlock(x, y, z, 0, g.grass)
			}
			if x%2 == 0 {
				c.SetBlock(x, 11, z, 0, g.shortGrass)
			}
			c.SetBlock(x, 14, z, 0, g.leaves)
			c.SetBlock(x, 15, z, 0, g.leaves)
		}
	}
}

func (g *canopyGenerator) DefaultSpawn(world.Dimension) cube.Pos { return cube.Pos{0, 32767, 0} }

func TestFindSpawnUnderForestCanopy(t *testing.T) {
	w := testWorld(t, &canopyGenerator{})
	w.Do(func(tx *world.Tx) {
		pos, ok := findSpawn(tx, 0, 0, 4)
		if !ok || pos != (cube.Pos{0, 11, 0}) {
			t.Errorf("spawn = %v, %v; want the forest floor at (0,11,0), in the short grass", pos, ok)
		}
		if safeSpawn(tx, cube.Pos{0, 16, 0}) {
			t.Error("the top of the canopy (leaves) counts as safe ground")
		}
	})
}

func testWorld(t *testing.T, g world.Generator) *world.World {
	t.Helper()
	w := world.Config{Synchronous: true, Generator: g, Entities: entity.DefaultRegistry}.New()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

func TestFindSpawnAvoidsWater(t *testing.T) {
	w := testWorld(t, &pondGenerator{})
	w.Do(func(tx *world.Tx) {
		if safeSpawn(tx, cube.Pos{0, 11, 0}) {
			t.Error("spawn in the pond is not safe")
		}
		if safeSpawn(tx, cube.Pos{10, 5, 10}) {
			t.Error("spawn inside stone is not safe")
		}
		if safeSpawn(tx, cube.Pos{10, 15, 10}) {
			t.Error("spawn in the air is not safe")
		}
		if !safeSpawn(tx, cube.Pos{10, 11, 10}) {
			t.Error("spawn on dry stone is safe")
		}
		pos, ok := findSpawn(tx, 0, 0, 16)
		if !ok {
			t.Fatal("no spawn found")
		}
		if pos.Y() != 11 || max(abs(pos.X()), abs(pos.Z())) != 5 {
			t.Errorf("spawn = %v, want the pond's edge at distance 5, y=11", pos)
		}
		if _, ok := tx.Block(pos.Side(cube.FaceDown)).(block.Stone); !ok {
			t.Errorf("spawn stands on %T", tx.Block(pos.Side(cube.FaceDown)))
		}
	})
}

func TestEnsureSpawnMovesUnsafeSpawnAndKeepsSafeOne(t *testing.T) {
	w := testWorld(t, &pondGenerator{})
	w.Do(func(tx *world.Tx) {
		w.SetSpawn(cube.Pos{0, 32767, 0}) // a fresh LevelDB world's spawn
		pos, changed := ensureSpawn(tx)
		if !changed || !safeSpawn(tx, pos) || w.Spawn() != pos {
			t.Fatalf("ensureSpawn = %v changed %v; world spawn %v", pos, changed, w.Spawn())
		}
		again, changed := ensureSpawn(tx)
		if changed || again != pos {
			t.Errorf("a safe spawn moved: %v -> %v", pos, again)
		}
	})
}

func TestEnsureSpawnBuildsPlatformOverVoid(t *testing.T) {
	w := testWorld(t, world.NopGenerator{})
	w.Do(func(tx *world.Tx) {
		w.SetSpawn(cube.Pos{0, 32767, 0})
		// A small search radius keeps the test quick: the whole void is searched.
		if _, ok := findSpawn(tx, 0, 0, 2); ok {
			t.Fatal("found a spawn in the void")
		}
		pos := buildSpawnPlatform(tx, 0, 0)
		if !safeSpawn(tx, pos) {
			t.Errorf("platform spawn %v is not safe", pos)
		}
	})
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
