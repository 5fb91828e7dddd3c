package overlay

import (
	"context"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// testWorld opens a real world in memory over a flat grass plain whose surface is at y -61.
func testWorld(t *testing.T) *world.World {
	t.Helper()
	world.DefaultBlockRegistry.Finalize() // world.Config.New would, but the generator resolves its layers first
	w := world.Config{
		Generator: generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}),
	}.New()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

func TestSnapshotCopiesAnAreaForTagging(t *testing.T) {
	w := testWorld(t)
	lo, hi := store.AreaPos{-1, 0}.Chunks(4)
	chestAt := cube.Pos{-10, -60, 20}
	<-w.Do(func(tx *world.Tx) { tx.SetBlock(chestAt, block.NewChest(), nil) }).Done()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	s, err := Snapshot(ctx, w, lo, hi)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Chunks) != 16 {
		t.Fatalf("snapshot has %d chunks, want 16", len(s.Chunks))
	}
	// The snapshot is a copy: a block placed after it does not appear in it.
	<-w.Do(func(tx *world.Tx) { tx.SetBlock(chestAt.Add(cube.Pos{2, 0, 0}), block.NewChest(), nil) }).Done()

	tg, err := tagging.New(tagging.IndexBlocks(world.DefaultBlockRegistry), []puzzle.TagRule{{Item: "Chest", Block: "chest"}, {Item: "Turf", Block: "grass_block", MinCluster: 4096}})
	if err != nil {
		t.Fatal(err)
	}
	found := tg.Scan(s)
	if len(found) != 2 {
		t.Fatalf("found %+v, want the chest and one field of grass", found)
	}
	if found[0].Item != "Chest" || found[0].Pos != chestAt {
		t.Errorf("found %+v, want the chest at %v", found[0], chestAt)
	}
	if found[1].Item != "Turf" || found[1].Size != 64*64 {
		t.Errorf("found %+v, want 4096 blocks of grass", found[1])
	}
}
