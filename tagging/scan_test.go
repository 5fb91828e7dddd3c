package tagging

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"riddlestone/puzzle"
)

func TestFillFindsTouchedRuns(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for range 10000 {
		avail, seed := r.Uint64(), r.Uint64()&r.Uint64()&r.Uint64()
		// The naive fill: grow one bit at a time until nothing changes.
		want := seed & avail
		for {
			next := (want | want<<1 | want>>1) & avail
			if next == want {
				break
			}
			want = next
		}
		if got := fill(seed&avail, avail); got != want {
			t.Fatalf("fill(%064b, %064b) = %064b, want %064b", seed&avail, avail, got, want)
		}
	}
}

// TestScanAgreesWithNaiveFlood compares cluster sizes with a plain flood fill over a map, on random blobs of water in
// a snapshot five chunks deep along z, so that clusters cross the 64-block words of the bit sets.
func TestScanAgreesWithNaiveFlood(t *testing.T) {
	rules := []puzzle.TagRule{{Item: "Water", Block: "water"}}
	tg, err := New(IndexBlocks(world.DefaultBlockRegistry), rules)
	if err != nil {
		t.Fatal(err)
	}
	waterRID := world.BlockRuntimeID(block.Water{Still: true, Depth: 8})
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 7))
		s := Snapshot{Min: world.ChunkPos{0, 0}, Max: world.ChunkPos{0, 4}, Chunks: map[world.ChunkPos]*chunk.Chunk{}}
		water := map[cube.Pos]bool{}
		for cz := int32(0); cz <= 4; cz++ {
			s.Chunks[world.ChunkPos{0, cz}] = chunk.New(world.DefaultBlockRegistry, cube.Range{-64, 319})
		}
		for range 1500 {
			p := cube.Pos{r.IntN(16), r.IntN(8), r.IntN(80)}
			water[p] = true
			s.Chunks[world.ChunkPos{0, int32(p[2] >> 4)}].SetBlock(uint8(p[0]), int16(p[1]), uint8(p[2]&15), 0, waterRID)
		}
		var want []int
		seen := map[cube.Pos]bool{}
		for p := range water {
			if seen[p] {
				continue
			}
			size, stack := 0, []cube.Pos{p}
			seen[p] = true
			for len(stack) > 0 {
				q := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				size++
				for _, f := range cube.Faces() {
					if n := q.Side(f); water[n] && !seen[n] {
						seen[n] = true
						stack = append(stack, n)
					}
				}
			}
			want = append(want, size)
		}
		var got []int
		covered := map[cube.Pos]bool{}
		for _, f := range tg.Scan(s) {
			got = append(got, f.Size)
			if len(f.Blocks) != min(f.Size, MaxFeatureBlocks) || !slices.Contains(f.Blocks, f.Pos) || !slices.Contains(f.Blocks, f.Top) {
				t.Fatalf("seed %d: a cluster of %d lists %d blocks (with its lowest %v and top %v: %v, %v)", seed, f.Size,
					len(f.Blocks), f.Pos, f.Top, slices.Contains(f.Blocks, f.Pos), slices.Contains(f.Blocks, f.Top))
			}
			for _, b := range f.Blocks {
				if !water[b] || covered[b] {
					t.Fatalf("seed %d: block %v listed is no water or is in two clusters", seed, b)
				}
				covered[b] = true
			}
		}
		if len(covered) != len(water) {
			t.Fatalf("seed %d: the clusters list %d blocks of %d", seed, len(covered), len(water))
		}
		slices.Sort(want)
		slices.Sort(got)
		if !slices.Equal(got, want) {
			t.Fatalf("seed %d: cluster sizes %v, want %v", seed, got, want)
		}
	}
}
