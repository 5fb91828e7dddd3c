package overlay

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player/title"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/sound"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// maxTagged bounds the objects tagging adds to an area, so that a forest does not flood the puzzle state.
const maxTagged = 48

// maxEmptyChain bounds how far areas that got no puzzle open one another: such an area counts as solved, but
// a run of them must not unlock the whole world.
const maxEmptyChain = 1

// unlock opens an area: it snapshots and tags the area's blocks and entities, generates its puzzle against
// everything players can reach, commits it all to the store and then places the puzzle's objects. It runs on the
// overlay's goroutine.
func (o *Overlay) unlock(ctx context.Context, a AreaPos, emptyChain int) {
	o.mu.Lock()
	if run, ok := o.areas[a]; (ok && run.rec.State != Locked) || o.pending[a] || o.closed {
		o.mu.Unlock()
		return
	}
	o.pending[a] = true
	o.mu.Unlock()
	defer func() {
		o.mu.Lock()
		delete(o.pending, a)
		o.mu.Unlock()
	}()

	lo, hi := a.Chunks(int32(o.opts.AreaSize))
	snap, err := snapshot(ctx, o.w, lo, hi, o.do)
	if err != nil {
		o.opts.Log.Error("overlay: unlock: snapshot", "area", a.String(), "err", err)
		return
	}
	o.mu.Lock()
	tagger := o.tagger // a reload may replace it
	o.mu.Unlock()
	found := append(tagger.Scan(snap), o.opts.Mods.match(snap)...)
	biome := biomeAt(snap)
	rng := newAreaRand(o.opts.Seed, o.graph.hash(a), 0)
	spots := surfaceSpots(snap, rng)

	o.mu.Lock()
	run, change, ops, err := o.openArea(a, biome, found, spots, rng)
	o.mu.Unlock()
	if err != nil {
		o.opts.Log.Error("overlay: unlock", "area", a.String(), "err", err)
		return
	}
	if err := o.store.Commit(change); err != nil {
		o.opts.Log.Error("overlay: unlock: commit", "area", a.String(), "err", err)
		return
	}
	goal := run.rec.Goal
	o.do(func(tx *world.Tx) {
		for _, f := range ops {
			f(tx)
		}
		announce(tx, title.New("§6Area "+a.String()+" unlocked").WithSubtitle(goalText(goal)), sound.LevelUp{})
	})
	o.opts.Log.Info("overlay: area unlocked", "area", a.String(), "template", run.rec.Template, "goal", goal,
		"tagged", len(found), "depth", depthOf(run))
	if run.rec.State == Solved && emptyChain < maxEmptyChain {
		o.afterSolved(ctx, a, emptyChain+1)
	}
}

// openArea adds an area's tagged objects and generated puzzle to memory and returns what to commit and show. Call
// with mu held.
func (o *Overlay) openArea(a AreaPos, biome string, found []tagging.Found, spots []cube.Pos, rng *rand.Rand) (*areaRun, Change, []op, error) {
	var change Change
	var ops []op
	tmpl, err := chooseTemplate(o.opts.Pack, o.graph.Distance(a), biome, o.graph.hash(a)>>8)
	if err != nil {
		return nil, change, nil, err
	}
	inst := o.instance(a, tmpl)
	state := o.game.State
	for i, f := range found {
		if i == maxTagged {
			break
		}
		it, ok := o.opts.Pack.Item(f.Item)
		if !ok {
			continue
		}
		obj := puzzle.Object{ID: state.NextID, Item: f.Item, Area: inst.Name, Props: it.Props.Clone()}
		state.NextID++
		state.Objects = append(state.Objects, obj)
		w := Where{Kind: AtBlock, Block: f.Top, Tagged: true}
		if f.Entity != [16]byte{} {
			w = Where{Kind: AtEntity, Block: f.Pos, Entity: f.Entity, Tagged: true}
		}
		o.setWhere(obj.ID, w)
		change.Objects = append(change.Objects, ObjectRecord{Object: obj, Where: w})
	}

	run := &areaRun{rec: AreaRecord{Pos: a, State: Active, Template: tmpl.Name}, area: inst}
	more, err := o.generateInto(run, spots, rng)
	if err != nil {
		return nil, change, nil, err
	}
	// The chosen template can make no puzzle here: try the others that suit the distance before giving up.
	for _, other := range templatesFor(o.opts.Pack, o.graph.Distance(a), "", 0) {
		if run.puzzle != nil {
			break
		}
		if other == tmpl {
			continue
		}
		run.area, run.rec.Template = o.instance(a, other), other.Name
		if more, err = o.generateInto(run, spots, rng); err != nil {
			return nil, change, nil, err
		}
	}
	ops = append(ops, more.ops...)
	change.Objects = append(change.Objects, more.change.Objects...)
	o.areas[a] = run
	o.version++
	change.Areas = append(change.Areas, run.rec)
	change.NextID = state.NextID
	return run, change, ops, nil
}

// generated is what generating a puzzle adds: objects to commit and ops to show them.
type generated struct {
	change Change
	ops    []op
}

// generateInto generates an area's puzzle, adds its spawned objects to memory at the given spots and starts
// tracking it. An area whose template can make no puzzle here is open ground: it counts as solved, so progress
// goes on. Call with mu held.
func (o *Overlay) generateInto(run *areaRun, spots []cube.Pos, rng *rand.Rand) (generated, error) {
	var g generated
	state := o.game.State
	pz, err := o.gen.Generate(run.area, o.generatorWorld(run.area.Name), rng)
	if err != nil {
		o.opts.Log.Warn("overlay: no puzzle for area; it opens solved", "area", run.rec.Pos.String(), "err", err)
		run.rec.State, run.rec.Goal, run.rec.Puzzle = Solved, "", nil
		return g, nil
	}
	if len(pz.Spawned) > len(spots) {
		return g, fmt.Errorf("area %v has no free ground for %d objects", run.rec.Pos, len(pz.Spawned))
	}
	for i, s := range pz.Spawned {
		state.Objects = append(state.Objects, s)
		state.NextID = max(state.NextID, s.ID+1)
		w := o.placement(s, spots[i])
		o.setWhere(s.ID, w)
		g.change.Objects = append(g.change.Objects, ObjectRecord{Object: s, Where: w})
		g.ops = append(g.ops, o.show(s, w))
	}
	run.rec.State, run.rec.Goal = Active, pz.Goal.String()
	if err := o.track(run, pz); err != nil {
		return g, err
	}
	run.rec.Puzzle, err = encodePuzzle(pz, run.tracked)
	return g, err
}

// generatorWorld is what the generator sees: every object, the open areas and the puzzles in progress. Call with
// mu held.
func (o *Overlay) generatorWorld(area string) *puzzle.World {
	w := &puzzle.World{Objects: o.game.State.Objects, NextID: o.game.State.NextID}
	for pos, run := range o.areas {
		if run.rec.State == Locked {
			continue
		}
		w.Unlocked = append(w.Unlocked, areaName(pos))
		if run.rec.State == Active && run.puzzle != nil && run.area.Name != area {
			w.InProgress = append(w.InProgress, run.puzzle)
		}
	}
	return w
}

// afterSolved unlocks the neighbours of a solved area whose keys are now all achieved. emptyChain counts the areas
// without a puzzle that led here (0 when players solved a.)
func (o *Overlay) afterSolved(ctx context.Context, a AreaPos, emptyChain int) {
	for _, n := range o.graph.Unlocks(a) {
		o.mu.Lock()
		open := o.graph.Open(n, o.solvedLocked)
		o.mu.Unlock()
		if open {
			o.unlock(ctx, n, emptyChain)
		}
	}
}

// solvedLocked reports whether an area is solved. Call with mu held.
func (o *Overlay) solvedLocked(a AreaPos) bool {
	run, ok := o.areas[a]
	return ok && run.rec.State == Solved
}

// biomeAt returns the biome in the middle of a snapshot, at its surface.
func biomeAt(s tagging.Snapshot) string {
	mid := [2]int32{(s.Min[0] + s.Max[0] + 1) / 2, (s.Min[1] + s.Max[1] + 1) / 2}
	c, ok := s.Chunks[world.ChunkPos{mid[0], mid[1]}]
	if !ok {
		return ""
	}
	y := c.HighestBlock(0, 0)
	b, ok := world.BiomeByID(int(c.Biome(0, y, 0)))
	if !ok {
		return ""
	}
	return b.String()
}

func depthOf(run *areaRun) int {
	if run.puzzle == nil {
		return 0
	}
	return run.puzzle.Depth
}

// goalText says what an area's goal is, for titles and the boss bar.
func goalText(goal string) string {
	if goal == "" {
		return "Open ground: nothing to solve"
	}
	return "Goal: " + goal
}

// announce shows a title and plays a sound to every player in the world.
func announce(tx *world.Tx, t title.Title, s world.Sound) {
	for e := range tx.Players() {
		if p, ok := e.(interface {
			SendTitle(title.Title)
			PlaySound(world.Sound)
		}); ok {
			p.SendTitle(t)
			p.PlaySound(s)
		}
	}
}

// newAreaRand returns the random source of an area's puzzle: fixed by the world seed, the area and how many times
// its puzzle was generated again.
func newAreaRand(seed int64, area uint64, rerolls int) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), area^uint64(rerolls)*0x9e3779b97f4a7c15))
}
