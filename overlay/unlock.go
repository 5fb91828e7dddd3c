package overlay

import (
	"context"
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player/title"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/sound"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// maxTagged bounds the objects tagging adds to an area, so that a forest does not flood the puzzle state.
const maxTagged = 48

// maxEmptyChain bounds how far areas that got no puzzle open one another: such an area counts as solved, but
// a run of them must not unlock the whole world.
const maxEmptyChain = 1

// resumeAll returns the work that carries out intents, to run once the change deciding them is committed.
func (o *Overlay) resumeAll(intents []store.Intent) []func() {
	out := make([]func(), 0, len(intents))
	for _, in := range intents {
		out = append(out, func() { o.resume(in, nil) })
	}
	return out
}

// resume starts the work of an intent; r, if not nil, is answered when it is done.
func (o *Overlay) resume(in store.Intent, r *Reply) {
	switch in.Kind {
	case store.OpenArea:
		o.post(o.begin(in, r, "open area", o.prepareOpen))
	case store.NewPuzzle:
		o.post(o.begin(in, r, "new puzzle", o.prepareNewPuzzle))
	}
}

// begin is the first step of an intent's work, on the owner: unless the work is done or under way, it marks the
// area busy and starts prepare off the owner, which copies the area from the world and posts the last step.
func (o *Overlay) begin(in store.Intent, r *Reply, name string, prepare func(ctx context.Context, in store.Intent, r *Reply, ids int)) *request {
	a := in.Area
	return &request{name: name, area: a, reply: r, run: func(_ context.Context, s *state) (result, error) {
		switch {
		case !o.opts.Changes(a): // the intent stays in the store for the server that changes the area
			return result{refused: elsewhere(a)}, nil
		case in.Kind == store.OpenArea && s.open(a):
			return result{change: store.Change{Resolved: []store.Intent{in}}, text: []string{fmt.Sprintf("Area %v is open.", a)}}, nil
		case in.Kind == store.NewPuzzle && !s.open(a):
			return result{change: store.Change{Resolved: []store.Intent{in}}, refused: fmt.Errorf("area %v is not open", a)}, nil
		case s.pending[a]:
			return result{text: []string{fmt.Sprintf("Area %v is already being worked on.", a)}}, nil
		}
		s.pending[a] = true
		ids := reserveIDs(s)
		work := func() {
			o.goSafely(name, a, func(ctx context.Context) { prepare(ctx, in, r, ids) },
				func() { o.post(o.abandon(in, r, fmt.Errorf("%s of area %v failed; see the log", name, a))) })
		}
		return result{change: store.Change{NextID: s.game.State.NextID}, later: true, after: []func(){work}}, nil
	}}
}

// abandon is the last step of work that failed off the owner: the area is no longer busy. The intent stays in the
// store, so the work is tried again at the next start.
func (o *Overlay) abandon(in store.Intent, r *Reply, err error) *request {
	return &request{name: "abandon", area: in.Area, reply: r, run: func(_ context.Context, s *state) (result, error) {
		delete(s.pending, in.Area)
		return result{}, err
	}, fail: func(s *state) { delete(s.pending, in.Area) }}
}

// areaCopy is what an area's work learns from the world off the owner: its tagged objects, biome and free spots.
type areaCopy struct {
	found []tagging.Found
	biome string
	spots []cube.Pos
	rng   *rand.Rand
	src   rand.PCG          // the random source where ground planning left it: generation draws from here
	snap  *tagging.Snapshot // the area's blocks, which structures are planned on
	steps site.Steps        // the steps that join the spots to where players arrive, if they must (site/steps.go)
}

// copyArea snapshots an area's chunks and entities and tags them, off the owner and the world goroutine.
func (o *Overlay) copyArea(ctx context.Context, a store.AreaPos, rerolls int) (areaCopy, error) {
	lo, hi := a.Chunks(int32(o.opts.AreaSize))
	snap, err := snapshot(ctx, o.w, lo, hi, o.do)
	if err != nil {
		return areaCopy{}, err
	}
	tagger := o.view().tagger // a reload may replace it
	src := newAreaSource(o.opts.Seed, o.graph.hash(a), rerolls)
	c := areaCopy{found: append(tagger.Scan(snap), o.opts.Mods.match(snap)...), biome: biomeAt(snap),
		rng: rand.New(src), snap: &snap}
	g := site.PlanGround(snap, c.rng, o.arrivals(a), stepsAvoid(o.view(), a, c.found))
	c.spots, c.steps, c.src = g.Spots, g.Steps, *src
	return c, nil
}

// withFreshRand returns the copy with a random source of its own that starts where ground planning left off, so
// that work planned again draws the same numbers.
func (c areaCopy) withFreshRand() areaCopy {
	src := c.src
	c.rng = rand.New(&src)
	return c
}

// prepareOpen copies a locked area from the world, plans its opening on a copy of the state with the object ids
// reserved for it, and posts the step that hands the opening to the owner.
func (o *Overlay) prepareOpen(ctx context.Context, in store.Intent, r *Reply, ids int) {
	c, err := o.copyArea(ctx, in.Area, 0)
	if err != nil {
		o.post(o.abandon(in, r, fmt.Errorf("open area %v: %w", in.Area, err)))
		return
	}
	o.planAndPost(areaWork{name: "open area", in: in, reply: r, copy: c, ids: ids, finish: o.finishOpen})
}

// finishOpen opens an area on the owner: its tagged objects and generated puzzle join the state, the intent is
// resolved, and an area that got no puzzle opens the areas beyond it (within maxEmptyChain).
func (o *Overlay) finishOpen(s *state, in store.Intent, c areaCopy) (result, error) {
	a := in.Area
	delete(s.pending, a)
	if s.open(a) {
		return result{change: store.Change{Resolved: []store.Intent{in}}}, nil
	}
	run, change, ops, err := o.openArea(s, a, c)
	if err != nil {
		return result{}, fmt.Errorf("open area %v: %w", a, err)
	}
	change.Resolved = append(change.Resolved, in)
	change.Intents = append(change.Intents, o.openedByNoPuzzle(s, run, in.Chain)...)
	goal := goalText(s.pack, run.rec.Goal)
	ops = append(ops, func(tx *world.Tx) {
		announce(tx, title.New("§6Area "+a.String()+" unlocked").WithSubtitle(goal), sound.LevelUp{})
	})
	ops = append(ops, tellAll("§6Area "+a.String()+" is open.§r "+goalSentence(s, a)))
	// Logged once the opening is committed: work planned on a copy may be planned again (longwork.go).
	logged := func() {
		o.opts.Log.Info("overlay: area unlocked", "area", a.String(), "template", run.rec.Template, "goal", run.rec.Goal,
			"tagged", len(c.found), "depth", depthOf(run))
	}
	text := fmt.Sprintf("Area %v is open: %s.", a, goal)
	return result{change: change, ops: ops, text: []string{text}, after: append(o.resumeAll(change.Intents), logged)}, nil
}

// prepareNewPuzzle copies an open area from the world, plans its new puzzle on a copy of the state with the object
// ids reserved for it, and posts the step that hands the puzzle to the owner.
func (o *Overlay) prepareNewPuzzle(ctx context.Context, in store.Intent, r *Reply, ids int) {
	rerolls := 0
	if run, ok := o.view().areas.Get(in.Area); ok {
		rerolls = run.rec.Rerolls + 1
	}
	c, err := o.copyArea(ctx, in.Area, rerolls)
	if err != nil {
		o.post(o.abandon(in, r, fmt.Errorf("new puzzle for area %v: %w", in.Area, err)))
		return
	}
	o.planAndPost(areaWork{name: "new puzzle", in: in, reply: r, copy: c, ids: ids, finish: o.finishNewPuzzle})
}

// finishNewPuzzle generates an area's puzzle again on the owner: the objects its puzzle spawned that still lie in
// the area go, and a new puzzle is generated against the world as it is now. Objects in inventories and tagged
// objects stay.
func (o *Overlay) finishNewPuzzle(s *state, in store.Intent, c areaCopy) (result, error) {
	a := in.Area
	delete(s.pending, a)
	run, ok := s.areas.Get(a)
	if !ok || run.area == nil || run.rec.State == store.Locked {
		return result{change: store.Change{Resolved: []store.Intent{in}}, refused: fmt.Errorf("area %v is not open", a)}, nil
	}
	run = s.changeRun(a)
	change, ops := o.clearPuzzle(s, a, run)
	run.rec.Rerolls++
	// Spots taken by objects that stay are not free.
	spots := slices.DeleteFunc(c.spots, func(p cube.Pos) bool { _, taken := s.byBlock.Get(p); return taken })
	g, err := o.generateInto(s, run, spots, c)
	if err != nil {
		return result{}, err
	}
	s.version++
	change.Add(g.change)
	change.Areas = []store.AreaRecord{run.rec}
	change.NextID = s.game.State.NextID
	change.Resolved = append(change.Resolved, in)
	change.Intents = append(change.Intents, o.openedByNoPuzzle(s, run, in.Chain)...)
	goal := goalText(s.pack, run.rec.Goal)
	ops = append(ops, g.ops...)
	ops = append(ops, func(tx *world.Tx) {
		announce(tx, title.New("§6"+a.String()+": a new puzzle").WithSubtitle(goal), sound.Note{})
	})
	ops = append(ops, tellAll("§6Area "+a.String()+" has a new puzzle.§r "+goalSentence(s, a)))
	return result{change: change, ops: ops, text: []string{fmt.Sprintf("Area %v has a new puzzle: %s.", a, goal)},
		after: o.resumeAll(change.Intents)}, nil
}

// openedByNoPuzzle is the one rule for an area that got no puzzle, when it opened or when it was to get a new
// one: it counts as solved, so it opens the areas it is a key to (within maxEmptyChain of areas opened so), as a
// solve does.
func (o *Overlay) openedByNoPuzzle(s *state, run *areaRun, chain int) []store.Intent {
	if run.rec.State != store.Solved || chain >= maxEmptyChain {
		return nil
	}
	return o.opening(s, run.rec.Pos, chain+1)
}

// openArea adds an area's tagged objects and generated puzzle to the state and returns what to commit and show.
func (o *Overlay) openArea(s *state, a store.AreaPos, c areaCopy) (*areaRun, store.Change, []op, error) {
	var change store.Change
	tmpl, err := chooseTemplate(s.pack, o.graph.Distance(a), c.biome, o.graph.hash(a)>>8)
	if err != nil {
		return nil, change, nil, err
	}
	inst := o.instance(s.pack, a, tmpl)
	o.addTagged(s, &change, inst.Name, c.found)
	run := &areaRun{rec: store.AreaRecord{Pos: a, State: store.Active, Template: tmpl.Name}, area: inst}
	g, err := o.generateInto(s, run, c.spots, c)
	if err != nil {
		return nil, change, nil, err
	}
	// The chosen template can make no puzzle here: try the others that suit the distance before giving up.
	for _, other := range templatesFor(s.pack, o.graph.Distance(a), "", 0) {
		if run.puzzle != nil {
			break
		}
		if other == tmpl {
			continue
		}
		run.area, run.rec.Template = o.instance(s.pack, a, other), other.Name
		if g, err = o.generateInto(s, run, c.spots, c); err != nil {
			return nil, change, nil, err
		}
	}
	change.Add(g.change)
	s.areas.Set(a, run)
	s.version++
	change.Areas = append(change.Areas, run.rec)
	change.NextID = s.game.State.NextID
	return run, change, g.ops, nil
}

// addTagged adds the objects tagging found in an area to the state and the change.
func (o *Overlay) addTagged(s *state, change *store.Change, area string, found []tagging.Found) {
	for i, f := range found {
		if i == maxTagged {
			break
		}
		it, ok := s.pack.Item(f.Item)
		if !ok {
			continue
		}
		d := s.game.Add(puzzle.Object{Item: f.Item, Area: area, Props: it.Props})
		if len(d.Created) == 0 {
			continue
		}
		obj := d.Created[0]
		w := store.Where{Kind: store.AtBlock, Block: f.Top, Tagged: true}
		if f.Entity != [16]byte{} {
			w = store.Where{Kind: store.AtEntity, Block: f.Pos, Entity: f.Entity, Tagged: true}
		}
		s.setWhere(obj.ID, w)
		s.setFeature(obj.ID, f.Blocks)
		change.Objects = append(change.Objects, store.ObjectRecord{Object: obj, Where: w, Blocks: f.Blocks})
	}
}

// generated is what generating a puzzle adds: objects to commit and ops to show them.
type generated struct {
	change store.Change
	ops    []op
}

// generateInto generates an area's puzzle with the copy's random source, adds its spawned objects to the state at
// the given spots (the copy's, or fewer), records the copy's steps, plans the structures the objects stand in on
// the copy's blocks and starts tracking it. An area whose template can make no puzzle here is open ground: it
// counts as solved, so progress goes on.
func (o *Overlay) generateInto(s *state, run *areaRun, spots []cube.Pos, c areaCopy) (generated, error) {
	var g generated
	pz, err := o.timedGenerate(s, run, c.rng)
	if err != nil {
		o.opts.Log.Warn("overlay: no puzzle for area; it opens solved", "area", run.rec.Pos.String(), "err", err)
		run.rec.State, run.rec.Goal, run.rec.Puzzle, run.rec.NoPuzzle, run.rec.Relaxed = store.Solved, "", nil, err.Error(), ""
		return g, nil
	}
	if len(pz.Spawned) > len(spots) {
		return g, fmt.Errorf("area %v has no free ground for %d objects", run.rec.Pos, len(pz.Spawned))
	}
	d := s.game.Add(pz.Spawned...)
	spots = site.Spread(s.pack, d.Created, spots, c.snap)
	st, ops := o.siteWithSteps(s, run, c.snap, spots, c.steps)
	g.ops = append(g.ops, ops...)
	for i, obj := range d.Created {
		w := placement(s.pack, obj, spots[i])
		s.setWhere(obj.ID, w)
		g.change.Objects = append(g.change.Objects, store.ObjectRecord{Object: obj, Where: w})
		g.ops = append(g.ops, o.structureAround(s, run, st, obj, spots[i], i)...)
		g.ops = append(g.ops, o.show(s.pack, obj, w))
	}
	run.rec.State, run.rec.Goal, run.rec.NoPuzzle = store.Active, pz.Goal.String(), ""
	run.rec.Relaxed = pz.Relaxed.Explain(run.area.Bounds(), pz)
	if run.rec.Relaxed != "" {
		o.opts.Log.Info("overlay: the area's puzzle gave way on its bounds", "area", run.rec.Pos.String(), "why", run.rec.Relaxed)
	}
	if err := o.track(s, run, pz); err != nil {
		return g, err
	}
	run.rec.Puzzle, err = encodePuzzle(pz, s.game.Tracking(pz.Area))
	return g, err
}

// pauseEvery is how many areas long work goes through between two pause points (giveway.go): a few tens of
// microseconds of work.
const pauseEvery = 64

// generatorWorld is what the generator sees: the objects it may build on, the open areas and the puzzles in
// progress. Objects another unfinished puzzle still needs are left out: the generator reserves the leaves of puzzles
// in progress itself, but not what their rules have made so far (a key forged and not yet used), and a new puzzle
// built on such an object would leave the other one unsolvable once it is used. Of the rest, only the objects
// generation looks at are copied (puzzle.Generator.Sees, and the leaves of the puzzles in progress): in a world of
// a thousand areas, a few of its objects, found through the state's indexes (puzzle.Generator.Seen).
func (o *Overlay) generatorWorld(s *state, area string) *puzzle.World {
	w := &puzzle.World{NextID: s.game.State.NextID}
	unlocked := map[string]bool{}
	leaves := map[int]bool{}
	n := 0
	for pos, run := range s.areas.All() {
		if n++; n%pauseEvery == 0 {
			s.pausePoint()
		}
		if run.rec.State == store.Locked {
			continue
		}
		w.Unlocked = append(w.Unlocked, areaName(pos))
		unlocked[areaName(pos)] = true
		if run.rec.State == store.Active && run.puzzle != nil && run.area.Name != area {
			w.InProgress = append(w.InProgress, run.puzzle)
			for _, l := range run.puzzle.Leaves() {
				leaves[l.Object] = true
			}
		}
	}
	needed := o.stillNeeded(s, area)
	reach := func(a string) bool { return unlocked[a] }
	for _, obj := range s.gen.Seen(area, reach, s.game.State, slices.Collect(maps.Keys(leaves)), s.pausePoint) {
		if !needed(obj) {
			w.Objects = append(w.Objects, obj)
		}
	}
	return w
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

// goalText says what an area's goal is in words, for titles and the boss bar: "Goal: a lit campfire".
func goalText(p *puzzle.Pack, goal string) string {
	if goal == "" {
		return "Open ground: nothing to solve"
	}
	return "Goal: " + goalWords(p, goal)
}

// goalWords says a goal, kept in rule notation, in words.
func goalWords(p *puzzle.Pack, goal string) string {
	t, err := puzzle.ParseTerm(goal, puzzle.Pos{})
	if err != nil {
		return goal
	}
	return words.Term(p, t)
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

// newAreaSource returns the random source of an area's puzzle: fixed by the world seed, the area and how many
// times its puzzle was generated again.
func newAreaSource(seed int64, area uint64, rerolls int) *rand.PCG {
	return rand.NewPCG(uint64(seed), area^uint64(rerolls)*0x9e3779b97f4a7c15)
}

// stillNeeded returns a test of whether an object may be an input of a rule another area's unfinished puzzle has
// still to run: it lies in that area or is carried, and matches an input of one of its rules not yet run.
func (o *Overlay) stillNeeded(s *state, area string) func(puzzle.Object) bool {
	type need struct {
		area  string
		terms []puzzle.Term
	}
	var needs []need
	for run, t := range s.trackedRuns() {
		if run.rec.State != store.Active || run.area.Name == area {
			continue
		}
		n := need{area: run.area.Name}
		for i, node := range t.Nodes {
			if !t.Done(i) {
				n.terms = append(n.terms, node.Rule.Inputs...)
			}
		}
		needs = append(needs, n)
	}
	return func(obj puzzle.Object) bool {
		for _, n := range needs {
			if obj.Area != n.area && obj.Area != puzzle.Inventory {
				continue
			}
			for _, t := range n.terms {
				if s.pack.Matches(obj.Item, obj.Props, t) {
					return true
				}
			}
		}
		return false
	}
}

// arrivals are where players come into an area, so that its objects stand on ground they can walk to from there:
// the spawn in the start area, else the edge the area shares with each of its keys.
func (o *Overlay) arrivals(a store.AreaPos) []cube.Pos {
	if a == o.graph.Start() {
		return []cube.Pos{o.w.Spawn()}
	}
	return site.BorderColumns(a, o.graph.Keys(a), int(o.opts.AreaSize))
}
