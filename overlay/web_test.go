package overlay

import (
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// The dashboard's view: the start area active with its goal in words and its tree, its neighbours locked with the
// start as their key, and the objects with their places.
func TestSnapshotAndTree(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	start := store.AreaPos{0, 0}
	m := o.Snapshot()
	if m.AreaSize != 1 || m.Start != start || len(m.Areas) != 5 {
		t.Fatalf("map: size %d, start %v, %d areas, want 1, 0,0 and the start with its four neighbours", m.AreaSize, m.Start, len(m.Areas))
	}
	for _, a := range m.Areas {
		switch {
		case a.Pos == start:
			if a.State != store.Active || a.Goal != "an open crate" || a.Template != "Yard" || a.Steps != 1 || a.Done != 0 || a.Objects == 0 {
				t.Errorf("start area: %+v", a)
			}
		case a.State != store.Locked || !slices.Equal(a.Keys, []store.AreaPos{start}) || a.Distance != 1:
			t.Errorf("neighbour %v: %+v, want locked with the start as its key", a.Pos, a)
		}
	}
	if got := o.Area(store.AreaPos{5, 5}); got.State != store.Locked || got.Distance != 10 || len(got.Keys) != 1 {
		t.Errorf("a far area: %+v", got)
	}
	tree, ok := o.PuzzleTree(start)
	if !ok || tree.Goal != "an open crate" || tree.Root.Action != "open" || tree.Root.Step != 1 || tree.Root.Done ||
		len(tree.Root.Children) != 2 || tree.Steps != 1 || tree.Done != 0 {
		t.Fatalf("tree: %+v", tree)
	}
	leaves := map[int]bool{}
	for _, c := range tree.Root.Children {
		if c.Action != "" || c.Object == 0 || c.Step != 0 {
			t.Errorf("leaf: %+v", c)
		}
		leaves[c.Object] = true
	}
	if _, ok := o.PuzzleTree(store.AreaPos{1, 0}); ok {
		t.Error("a locked area has a tree")
	}
	objs := o.ObjectViews(start)
	var crate *ObjectView
	for i, ov := range objs {
		if ov.Item == "Crate" {
			crate = &objs[i]
		}
	}
	if crate == nil || crate.Where.Kind != store.AtBlock || !crate.InTree || !leaves[crate.ID] || crate.Props != "[open_bit: false]" {
		t.Errorf("objects: %+v", objs)
	}
	if o.QueueDepth() != 0 {
		t.Errorf("queue depth %d while idle", o.QueueDepth())
	}
}

// recorder is Metrics that keeps what it is told.
type recorder struct {
	mu      sync.Mutex
	commits int
}

func (r *recorder) Generated(time.Duration, error) {}
func (r *recorder) Committed(time.Duration, error) {
	r.mu.Lock()
	r.commits++
	r.mu.Unlock()
}
func (r *recorder) Recovered(string) {}

// Metrics are the overlay's own until set, and go back to none.
func TestSetMetrics(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	if _, ok := o.metrics().(NopMetrics); !ok {
		t.Fatalf("metrics before SetMetrics: %T", o.metrics())
	}
	r := &recorder{}
	o.SetMetrics(r)
	if err := o.commitTimed(store.Change{NextID: 1000}); err != nil {
		t.Fatal(err)
	}
	if r.commits != 1 {
		t.Errorf("%d commits reported, want 1", r.commits)
	}
	o.SetMetrics(nil)
	if _, ok := o.metrics().(NopMetrics); !ok {
		t.Errorf("metrics after SetMetrics(nil): %T", o.metrics())
	}
}

// The dashboard's tree of a puzzle with two ways to make its torch shows the second as an alternative of the
// first: its own action and inputs, no step number (it is not on the solution's path), not done.
func TestTreeShowsAlternatives(t *testing.T) {
	pack, err := puzzle.Load("../puzzle/testdata/torch.yaml") // the torch made two ways: combined, or bought
	if err != nil {
		t.Fatal(err)
	}
	w := overlayWorld(t)
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	tree, ok := o.PuzzleTree(store.AreaPos{0, 0})
	if !ok || tree.Root.Action != "light" || len(tree.Root.Children) != 1 {
		t.Fatalf("tree: %+v", tree)
	}
	torch := tree.Root.Children[0]
	if len(torch.Alternatives) != 1 {
		t.Fatalf("the torch has %d alternatives, want 1: %+v", len(torch.Alternatives), torch)
	}
	alt := torch.Alternatives[0]
	if alt.Action == torch.Action || alt.Step != 0 || alt.Done || len(alt.Children) != 2 || torch.Step == 0 {
		t.Errorf("the torch made %q (step %d), its alternative %+v: want another action, no step, its two inputs", torch.Action, torch.Step, alt)
	}
}
