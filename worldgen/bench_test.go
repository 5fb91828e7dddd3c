package worldgen

import (
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/df-mc/dragonfly/server/world/generator"
)

// BenchmarkGenerateChunk generates chunks along a long diagonal strip, so that every kind of terrain is measured.
func BenchmarkGenerateChunk(b *testing.B) {
	g := New(42)
	b.ReportAllocs()
	i := int32(0)
	for b.Loop() {
		c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		g.GenerateChunk(world.ChunkPos{i * 3, i*2 - 500}, c)
		i++
	}
}

func BenchmarkFlat(b *testing.B) {
	f := generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}})
	for b.Loop() {
		c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
		f.GenerateChunk(world.ChunkPos{}, c)
	}
}
