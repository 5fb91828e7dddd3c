package overlay

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Reload replaces the pack with one the caller has loaded and validated: areas generated from now on use it.
// Puzzles in progress keep the rules they were generated with. The new pack's looks and tag rules are checked
// against the game first; on any error nothing changes.
func (o *Overlay) Reload(p *puzzle.Pack) error {
	var errs []string
	for _, name := range p.ItemOrder {
		if err := o.looks.check(p.Items[name]); err != nil {
			errs = append(errs, err.Error())
		}
	}
	tagger, err := tagging.New(o.looks.blocks, p.Tags)
	if err != nil {
		errs = append(errs, err.Error())
	}
	if len(errs) > 0 {
		return fmt.Errorf("%s", strings.Join(errs, "\n"))
	}
	gen := puzzle.NewGenerator(p) // built outside the lock: it takes milliseconds
	o.mu.Lock()
	defer o.mu.Unlock()
	o.opts.Pack, o.gen, o.tagger, o.game.Pack = p, gen, tagger, p
	o.version++
	return nil
}

// Reroll gives an open area a new puzzle, as /puzzle reroll does; it returns once the job is queued.
func (o *Overlay) Reroll(a AreaPos) {
	o.enqueue(func(ctx context.Context) {
		if err := o.reroll(ctx, a); err != nil {
			o.opts.Log.Warn("overlay: reroll", "area", a.String(), "err", err)
		}
	})
}

// Unlock opens an area whatever its keys, as /puzzle unlock does. It does not open the areas beyond.
func (o *Overlay) Unlock(a AreaPos) {
	o.enqueue(func(ctx context.Context) { o.unlock(ctx, a, maxEmptyChain) })
}

// Lock closes an area again, as /puzzle lock does: its puzzle's objects in the area leave the world (held ones
// stay held), and players can no longer enter it. Unlocking it later generates a new puzzle.
func (o *Overlay) Lock(a AreaPos) error {
	o.mu.Lock()
	run, ok := o.areas[a]
	if !ok || run.rec.State == Locked {
		o.mu.Unlock()
		return fmt.Errorf("area %v is not open", a)
	}
	change, ops := o.clearPuzzle(a, run)
	run.rec = AreaRecord{Pos: a, State: Locked, Rerolls: run.rec.Rerolls + 1}
	change.Areas = []AreaRecord{run.rec}
	o.version++
	o.mu.Unlock()
	o.enqueue(func(context.Context) {
		if err := o.store.Commit(change); err != nil {
			o.opts.Log.Error("overlay: lock", "area", a.String(), "err", err)
			return
		}
		o.do(func(tx *world.Tx) {
			for _, f := range ops {
				f(tx)
			}
		})
	})
	return nil
}

// Check explores an area's puzzle from the current state with the mode's rules and reports what it found: whether
// it can be solved, how many states and solutions, dead ends and fail states (PuzzleGraph's analysis). With graph,
// the report keeps the state space for export.
// It can take a second on a large space, so it explores without the lock; never call it on the world goroutine
// (the /puzzle command hands it to later).
func (o *Overlay) Check(a AreaPos, graph bool) (*puzzle.Report, error) {
	o.mu.Lock()
	run, ok := o.areas[a]
	if !ok || run.tracked == nil {
		o.mu.Unlock()
		return nil, fmt.Errorf("area %v has no puzzle", a)
	}
	p, state := o.opts.Pack, o.game.State.Clone()
	cfg := puzzle.Explore{Rules: p.ModeRules(o.opts.Mode), Tree: run.tracked.Nodes, FailRules: p.FailRules,
		Goal: run.tracked.Goal, Areas: []string{run.area.Name}, MaxStates: 200000, Analyse: true, Graph: graph}
	o.mu.Unlock()
	return p.Explore(state, cfg)
}

// Export writes an area's puzzle tree and state space as DOT and JSON files into dir and returns their paths.
func (o *Overlay) Export(a AreaPos, dir string) ([]string, error) {
	rep, err := o.Check(a, true)
	if err != nil {
		return nil, err
	}
	o.mu.Lock()
	pz := o.areas[a].puzzle
	treeJSON, err := json.MarshalIndent(pz, "", "  ")
	treeDOT := pz.DOT()
	o.mu.Unlock()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	base := filepath.Join(dir, "area_"+strings.ReplaceAll(a.String(), ",", "_"))
	files := map[string]func(*os.File) error{
		base + "_tree.dot":   func(f *os.File) error { _, err := f.WriteString(treeDOT); return err },
		base + "_tree.json":  func(f *os.File) error { _, err := f.Write(treeJSON); return err },
		base + "_space.dot":  func(f *os.File) error { return rep.Graph.WriteDOT(f) },
		base + "_space.json": func(f *os.File) error { return rep.Graph.WriteJSON(f) },
	}
	var paths []string
	for path, write := range files {
		f, err := os.Create(path)
		if err != nil {
			return paths, err
		}
		err = write(f)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return paths, fmt.Errorf("export %s: %w", path, err)
		}
		paths = append(paths, path)
	}
	slices.Sort(paths)
	return paths, nil
}

// Describe says what is at a block position, for /puzzle area: the area, its state and template, and the puzzle
// objects within a few blocks.
func (o *Overlay) Describe(pos cube.Pos) []string {
	a := AreaOfBlock(pos, int32(o.opts.AreaSize))
	o.mu.Lock()
	defer o.mu.Unlock()
	text, _ := o.statusLine(a)
	lines := []string{text}
	if run, ok := o.areas[a]; ok && run.rec.Template != "" {
		lines = append(lines, fmt.Sprintf("Template %s, generated %d times", run.rec.Template, run.rec.Rerolls+1))
	}
	for _, obj := range o.game.State.Objects {
		w := o.where[obj.ID]
		if (w.Kind == AtBlock || w.Kind == AtEntity) && w.Block.Vec3().Sub(pos.Vec3()).Len() <= 4 {
			lines = append(lines, fmt.Sprintf("#%d %s %s at %v", obj.ID, obj.Item, obj.Props, w.Block))
		}
	}
	return lines
}

// Centre returns where an admin lands on /puzzle tp: the middle of the area, above its surface.
func (o *Overlay) Centre(tx *world.Tx, a AreaPos) mgl64.Vec3 {
	lo, hi := a.Chunks(int32(o.opts.AreaSize))
	x, z := int(lo[0]+hi[0]+1)*8, int(lo[1]+hi[1]+1)*8
	return mgl64.Vec3{float64(x) + 0.5, float64(tx.HighestBlock(x, z) + 1), float64(z) + 0.5}
}
