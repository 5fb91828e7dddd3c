package overlay

import (
	"context"
	"fmt"
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/tagging"
)

// Snapshot copies the chunks from lo to hi (inclusive) and the entities in them, loading or generating chunks as
// needed. It must be called off the world goroutine: it waits for the chunks. Each step on the world goroutine is
// short (starting loads, cloning a chunk as it arrives, listing entities), so no tick is stalled.
func Snapshot(ctx context.Context, w *world.World, lo, hi world.ChunkPos) (tagging.Snapshot, error) {
	return snapshot(ctx, w, lo, hi, w.Do)
}

// snapshot is Snapshot with the function that runs tasks on the world goroutine, so the overlay can time them.
func snapshot(ctx context.Context, w *world.World, lo, hi world.ChunkPos, do func(func(*world.Tx)) *world.Task) (tagging.Snapshot, error) {
	s := tagging.Snapshot{Min: lo, Max: hi, Chunks: map[world.ChunkPos]*chunk.Chunk{}}
	c := &chunkCopier{lo: lo, hi: hi, chunks: s.Chunks, done: make(chan struct{})}
	c.want = int(hi[0]-lo[0]+1) * int(hi[1]-lo[1]+1)
	centre := mgl64.Vec3{float64(lo[0]+hi[0]+1) * 8, 0, float64(lo[1]+hi[1]+1) * 8}
	radius := (int(max(hi[0]-lo[0], hi[1]-lo[1]))+1)*3/4 + 2 // reaches the corners from the centre
	var l *world.Loader
	<-do(func(tx *world.Tx) {
		l = world.NewLoader(radius, w, c)
		l.Move(tx, centre)
	}).Done()
	defer do(func(tx *world.Tx) { l.Close(tx) })

	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for {
		// Load queues each chunk once; chunks that failed to load are queued again, so keep asking.
		do(func(tx *world.Tx) { l.Load(tx, c.want) })
		select {
		case <-c.done:
			var ents []tagging.Entity
			task := do(func(tx *world.Tx) { ents = entitiesIn(tx, lo, hi) })
			select {
			case <-task.Done():
			case <-ctx.Done():
				return s, fmt.Errorf("snapshot of chunks %v to %v: %w", lo, hi, ctx.Err())
			}
			s.Entities = ents
			return s, task.Err()
		case <-ctx.Done():
			return s, fmt.Errorf("snapshot of chunks %v to %v: %w", lo, hi, ctx.Err())
		case <-tick.C:
		}
	}
}

// entitiesIn lists the entities standing in the chunks from lo to hi.
func entitiesIn(tx *world.Tx, lo, hi world.ChunkPos) []tagging.Entity {
	box := cube.Box(float64(lo[0])*16, float64(tx.Range().Min()), float64(lo[1])*16,
		float64(hi[0]+1)*16, float64(tx.Range().Max()+1), float64(hi[1]+1)*16)
	var out []tagging.Entity
	for e := range tx.EntitiesWithin(box) {
		h := e.H()
		out = append(out, tagging.Entity{ID: h.UUID(), Type: h.Type().EncodeEntity(), Pos: e.Position()})
	}
	return out
}

// chunkCopier is the viewer of the loader a snapshot uses: it clones each chunk of the rectangle as it loads.
type chunkCopier struct {
	world.NopViewer
	lo, hi world.ChunkPos
	want   int

	mu     sync.Mutex
	chunks map[world.ChunkPos]*chunk.Chunk
	done   chan struct{}
}

// ViewChunk runs on the world goroutine when a chunk has loaded.
func (c *chunkCopier) ViewChunk(pos world.ChunkPos, _ world.Dimension, _ map[cube.Pos]world.Block, ch *chunk.Chunk) {
	if pos[0] < c.lo[0] || pos[0] > c.hi[0] || pos[1] < c.lo[1] || pos[1] > c.hi[1] {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, ok := c.chunks[pos]; ok {
		return
	}
	c.chunks[pos] = ch.Clone()
	if len(c.chunks) == c.want {
		close(c.done)
	}
}
