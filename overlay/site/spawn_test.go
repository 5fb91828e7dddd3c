package site

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

// pillarGenerator makes grass ground at y=10 with a 3×3 pillar of stone up to y=20 round x, z = 0: its top is
// solid ground with room above, but a player there cannot climb down (a drop of ten blocks).
type pillarGenerator struct {
	once         sync.Once
	grass, stone uint32
}

func (g *pillarGenerator) GenerateChunk(pos world.ChunkPos, c *chunk.Chunk) {
	g.once.Do(func() {
		g.grass = world.BlockRuntimeID(block.Grass{})
		g.stone = world.BlockRuntimeID(block.Stone{})
	})
	for x := range uint8(16) {
		for z := range uint8(16) {
			wx, wz := int(pos.X())*16+int(x), int(pos.Z())*16+int(z)
			for y := int16(-64); y <= 10; y++ {
				c.SetBlock(x, y, z, 0, g.grass)
			}
			if abs(wx) <= 1 && abs(wz) <= 1 {
				for y := int16(11); y <= 20; y++ {
					c.SetBlock(x, y, z, 0, g.stone)
				}
			}
		}
	}
}

func (g *pillarGenerator) DefaultSpawn(world.Dimension) cube.Pos { return cube.Pos{0, 32767, 0} }

// freshSpawn is a new LevelDB world's spawn.
var freshSpawn = cube.Pos{0, 32767, 0}

func TestSpawnUnderForestCanopy(t *testing.T) {
	w := spawnTestWorld(t, &canopyGenerator{})
	w.Do(func(tx *world.Tx) {
		if pos := Spawn(tx, freshSpawn, 4); pos != (cube.Pos{0, 11, 0}) {
			t.Errorf("spawn = %v; want the forest floor at (0,11,0), in the short grass", pos)
		}
		if pos := Spawn(tx, cube.Pos{0, 16, 0}, 4); pos == (cube.Pos{0, 16, 0}) {
			t.Error("the top of the canopy (leaves) counts as ground")
		}
	})
}

func spawnTestWorld(t *testing.T, g world.Generator) *world.World {
	t.Helper()
	w := world.Config{Synchronous: true, Generator: g, Entities: entity.DefaultRegistry}.New()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

func TestSpawnAvoidsWaterAndStone(t *testing.T) {
	w := spawnTestWorld(t, &pondGenerator{})
	w.Do(func(tx *world.Tx) {
		for _, bad := range []cube.Pos{{0, 11, 0}, {10, 5, 10}, {10, 15, 10}} {
			if pos := Spawn(tx, bad, 4); pos == bad || pos.Y() != 11 {
				t.Errorf("spawn at %v (in the pond, in stone, in the air) moved to %v, want dry ground at y=11", bad, pos)
			}
		}
		if pos := Spawn(tx, cube.Pos{10, 11, 10}, 4); pos != (cube.Pos{10, 11, 10}) {
			t.Errorf("spawn on dry stone moved to %v", pos)
		}
		pos := Spawn(tx, freshSpawn, 4)
		if pos.Y() != 11 || max(abs(pos.X()), abs(pos.Z())) != 5 {
			t.Errorf("spawn = %v, want the pond's edge at distance 5, y=11", pos)
		}
		if _, ok := tx.Block(pos.Side(cube.FaceDown)).(block.Stone); !ok {
			t.Errorf("spawn stands on %T", tx.Block(pos.Side(cube.FaceDown)))
		}
	})
}

// A spawn on a pillar is safe ground, but a player there is shut in: the spawn moves off it, to the nearest ground
// that roams, the grass at its foot.
func TestSpawnLeavesAPillar(t *testing.T) {
	w := spawnTestWorld(t, &pillarGenerator{})
	w.Do(func(tx *world.Tx) {
		top := cube.Pos{0, 21, 0}
		pos := Spawn(tx, top, 4)
		if pos.Y() != 11 || max(abs(pos.X()), abs(pos.Z())) != 2 {
			t.Errorf("spawn on the pillar moved to %v, want the grass beside it at distance 2, y=11", pos)
		}
		if again := Spawn(tx, pos, 4); again != pos {
			t.Errorf("a good spawn moved: %v -> %v", pos, again)
		}
	})
}

// Over the void there is no ground: a platform is built, and kept at the next start rather than built again.
func TestSpawnBuildsAPlatformOnceOverTheVoid(t *testing.T) {
	w := spawnTestWorld(t, world.NopGenerator{})
	w.Do(func(tx *world.Tx) {
		pos := Spawn(tx, freshSpawn, 4)
		if _, stone := tx.Block(pos.Side(cube.FaceDown)).(block.Stone); !stone {
			t.Fatalf("platform spawn %v stands on %T", pos, tx.Block(pos.Side(cube.FaceDown)))
		}
		if again := Spawn(tx, pos, 4); again != pos {
			t.Errorf("the platform spawn moved at the next start: %v -> %v", pos, again)
		}
	})
}
