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
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Reload replaces the pack with one the caller has loaded and validated: areas generated from now on use it.
// Puzzles in progress keep the rules they were generated with. The new pack's looks and tag rules are checked
// against the game first; on any error nothing changes. It returns once the owner has the new pack.
func (o *Overlay) Reload(ctx context.Context, p *puzzle.Pack) error {
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
	gen := puzzle.NewGenerator(p) // built off the owner: it takes milliseconds
	_, err = o.post(&request{name: "reload", run: func(_ context.Context, s *state) (result, error) {
		s.pack, s.gen, s.tagger, s.game.Pack = p, gen, tagger, p
		s.version++
		return result{inMemory: true}, nil
	}}).Wait(ctx)
	return err
}

// Reroll gives an open area a new puzzle, as /puzzle reroll does. The returned reply is answered once the new
// puzzle is in the store, or with why there is none (the area is not open).
func (o *Overlay) Reroll(a store.AreaPos) *Reply {
	return o.decide(store.Intent{Kind: store.NewPuzzle, Area: a}, "reroll", func(s *state) error {
		if !s.open(a) || s.areas.At(a).area == nil {
			return fmt.Errorf("area %v is not open", a)
		}
		return nil
	})
}

// Unlock opens an area whatever its keys, as /puzzle unlock does; it does not open the areas beyond. The reply is
// answered once the area is open, or with why it could not be.
func (o *Overlay) Unlock(a store.AreaPos) *Reply {
	return o.decide(store.Intent{Kind: store.OpenArea, Area: a, Chain: maxEmptyChain}, "unlock", func(s *state) error {
		if s.open(a) {
			return fmt.Errorf("area %v is already open", a)
		}
		return nil
	})
}

// decide commits an intent an admin or player asked for, then does its work; the reply is answered when the work
// is done. check refuses the intent before anything is committed.
func (o *Overlay) decide(in store.Intent, name string, check func(s *state) error) *Reply {
	r := newReply()
	o.post(&request{name: name, area: in.Area, reply: r, run: func(_ context.Context, s *state) (result, error) {
		if !o.opts.Changes(in.Area) {
			return result{}, elsewhere(in.Area)
		}
		if err := check(s); err != nil {
			return result{}, err
		}
		return result{change: store.Change{Intents: []store.Intent{in}}, later: true,
			after: []func(){func() { o.resume(in, r) }}}, nil
	}})
	return r
}

// Lock closes an area again, as /puzzle lock does: its puzzle's objects in the area leave the world (held ones
// stay held), and players can no longer enter it. Unlocking it later generates a new puzzle. The reply is
// answered once the store has the lock.
func (o *Overlay) Lock(a store.AreaPos) *Reply {
	return o.post(&request{name: "lock", area: a, run: func(_ context.Context, s *state) (result, error) {
		run, ok := s.areas.Get(a)
		switch {
		case !o.opts.Changes(a):
			return result{}, elsewhere(a)
		case !ok || run.rec.State == store.Locked:
			return result{}, fmt.Errorf("area %v is not open", a)
		case s.pending[a]:
			return result{}, fmt.Errorf("area %v is being given a puzzle; try again in a moment", a)
		}
		run = s.changeRun(a)
		change, ops := o.clearPuzzle(s, a, run)
		run.rec = store.AreaRecord{Pos: a, State: store.Locked, Rerolls: run.rec.Rerolls + 1}
		run.area = nil
		change.Areas = []store.AreaRecord{run.rec}
		change.Resolved = []store.Intent{{Kind: store.OpenArea, Area: a}, {Kind: store.NewPuzzle, Area: a}}
		s.version++
		return result{change: change, ops: ops, text: []string{fmt.Sprintf("Area %v is locked.", a)}}, nil
	}})
}

// Check explores an area's puzzle from the current state with the mode's rules and reports what it found: whether
// it can be solved, how many states and solutions, dead ends and fail states (PuzzleGraph's analysis). With graph,
// the report keeps the state space for export. It works on a published copy of the state, so it never holds up
// play; never call it on the world goroutine (the /puzzle command hands it to later).
func (o *Overlay) Check(a store.AreaPos, graph bool) (*puzzle.Report, error) {
	v := o.view()
	tr := v.tracked(a)
	if tr == nil {
		return nil, fmt.Errorf("area %v has no puzzle", a)
	}
	cfg := v.game.Exploration(tr, puzzle.Explore{MaxStates: o.opts.CheckStates, Analyse: true, Graph: graph})
	return v.pack.Explore(v.game.State.Clone(), cfg)
}

// Export writes an area's puzzle tree and state space as DOT and JSON files into dir and returns their paths, and
// a note when the state space was too large to export whole (the files then hold the part nearest the start).
func (o *Overlay) Export(a store.AreaPos, dir string) ([]string, string, error) {
	rep, err := o.Check(a, true)
	if err != nil {
		return nil, "", err
	}
	note := ""
	if rep.Graph != nil && rep.Graph.Partial {
		note = rep.Graph.Note
	}
	paths, err := writeExport(o.view().areas.At(a).puzzle, rep, a, dir)
	return paths, note, err
}

// writeExport writes the files of an export.
func writeExport(pz *puzzle.Puzzle, rep *puzzle.Report, a store.AreaPos, dir string) ([]string, error) {
	treeJSON, err := json.MarshalIndent(pz, "", "  ")
	treeDOT := pz.DOT()
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
	a := store.AreaOfBlock(pos, int32(o.opts.AreaSize))
	v := o.view()
	text, _ := o.statusLine(v, a)
	lines := []string{text}
	if run, ok := v.areas.Get(a); ok && run.rec.Template != "" {
		times := "once"
		if run.rec.Rerolls > 0 {
			times = fmt.Sprintf("%d times", run.rec.Rerolls+1)
		}
		lines = append(lines, fmt.Sprintf("Template %s, generated %s", run.rec.Template, times))
	}
	for obj := range v.game.State.All() {
		w := v.where.At(obj.ID)
		if (w.Kind == store.AtBlock || w.Kind == store.AtEntity) && w.Block.Vec3().Sub(pos.Vec3()).Len() <= 4 {
			lines = append(lines, fmt.Sprintf("#%d %s %s at %v", obj.ID, obj.Item, obj.Props, w.Block))
		}
	}
	return lines
}

// Centre returns where an admin lands on /puzzle tp: the middle of the area, above its surface.
func (o *Overlay) Centre(tx *world.Tx, a store.AreaPos) mgl64.Vec3 {
	lo, hi := a.Chunks(int32(o.opts.AreaSize))
	x, z := int(lo[0]+hi[0]+1)*8, int(lo[1]+hi[1]+1)*8
	return mgl64.Vec3{float64(x) + 0.5, float64(tx.HighestBlock(x, z) + 1), float64(z) + 0.5}
}
