package overlay

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// The start-up repair forgets the records of the stale blocks it cleared through the owner, the store's one writer,
// in the owner's order (D7): a block a request cleared again while the repair ran keeps its newer record, which a
// second writer deleted (so a crash before the world saved that block brought it back for good).
func TestABlockClearedAgainDuringTheRepairKeepsItsRecord(t *testing.T) {
	w := overlayWorld(t)
	dir := t.TempDir()
	at := store.ClearedBlock{Pos: store.AreaBlock{3, -60, 3}, Block: "minecraft:barrel"}
	clear := func(o *Overlay) {
		t.Helper()
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		if _, err := o.post(&request{name: "clear", run: func(context.Context, *state) (result, error) {
			return result{change: store.Change{Cleared: []store.ClearedBlock{at}}}, nil
		}}).Wait(ctx); err != nil {
			t.Fatal(err)
		}
	}
	o := newTestOverlay(t, w, dir)
	clear(o)
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	// The next start's repair waits for the world, which is busy; meanwhile a request clears the block again.
	o = openTestOverlay(t, w, dir)
	defer o.Close()
	release := make(chan struct{})
	w.Do(func(*world.Tx) { <-release })
	o.Start()
	clear(o)
	close(release)
	wait(t, o)
	saved, err := o.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Contains(saved.Cleared, at) {
		t.Errorf("the block cleared again during the repair lost its record: %v", saved.Cleared)
	}
}
