package worldgen

import (
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
)

// TestInWorld runs the generator inside a dragonfly world and reads the land back through a transaction, as
// the server and its players see it.
func TestInWorld(t *testing.T) {
	g := New(42)
	w := world.Config{Generator: g, Synchronous: true}.New()
	defer func() { _ = w.Close() }()
	x, z := g.findLand(0, 0)
	s := new(scratch)
	g.build(s, floorDiv(x, 16), floorDiv(z, 16))
	lx, lz := x-floorDiv(x, 16)*16, z-floorDiv(z, 16)*16
	h := int32(s.col(lx, lz).height)
	ran := false
	w.Do(func(tx *world.Tx) {
		ran = true
		for y := h - 5; y <= h+3; y++ {
			got := tx.Block(cube.Pos{int(x), int(y), int(z)})
			want := blocks[s.buf.get(lx, y, lz)]
			if world.BlockHash(got) != world.BlockHash(want) {
				t.Errorf("block at %d,%d,%d is %#v, want %#v", x, y, z, got, want)
			}
		}
		if got, want := tx.Biome(cube.Pos{int(x), int(h), int(z)}).String(), s.buf.biomes[lx<<4|lz].String(); got != want {
			t.Errorf("biome at %d,%d is %s, want %s", x, z, got, want)
		}
		if got := tx.HighestBlock(int(x), int(z)); got < int(h) {
			t.Errorf("highest block at %d,%d is %d, below the surface %d", x, z, got, h)
		}
	})
	if !ran {
		t.Fatal("the world did not run the transaction")
	}
}
