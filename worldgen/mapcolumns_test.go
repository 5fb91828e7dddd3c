package worldgen

import (
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
)

// A block the generator never places, put on top of a generated chunk, shows in the built colour; the other
// columns keep their terrain colours.
func TestMapColumnsBuilt(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	g := New(42)
	c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	g.GenerateChunk(world.ChunkPos{0, 0}, c)
	var before [256]MapCell
	g.MapColumns(c, &before)
	y := before[0].y + 1
	c.SetBlock(0, y, 0, 0, world.BlockRuntimeID(block.Chest{}))
	var after [256]MapCell
	g.MapColumns(c, &after)
	if !after[0].built || after[0].y != y {
		t.Fatalf("column 0 after a chest on top: %+v, want built at y %d", after[0], y)
	}
	if after[1] != before[1] {
		t.Errorf("column 1 changed: %+v -> %+v", before[1], after[1])
	}
	img := ShadeMap(after[:], 16, 16)
	if got := img.RGBAAt(0, 0); got != builtColour {
		t.Errorf("built column coloured %v, want %v", got, builtColour)
	}
	if got := img.RGBAAt(1, 0); got == builtColour {
		t.Errorf("terrain column coloured as built")
	}
}
