package overlay

import (
	"context"
	"errors"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/title"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/particle"
	"github.com/df-mc/dragonfly/server/world/sound"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// errNotHeld is returned for a move that uses an item another player holds.
var errNotHeld = errors.New("another player holds an item this needs")

// mover is the player who makes a move, as the owner knows them: a handle valid across transactions.
type mover struct {
	h    *world.EntityHandle
	name string
	id   uuid.UUID
	feet cube.Pos // where they stood when they chose the move
	// toFeet are the outputs of the move that go at their feet rather than into their full inventory (handOver).
	toFeet []int
}

func moverOf(p *player.Player) mover {
	return mover{h: p.H(), name: p.Name(), id: p.UUID(), feet: groundAt(p)}
}

// withPlayer runs f with the mover if they are still online, on the world goroutine.
func (m mover) withPlayer(tx *world.Tx, f func(p *player.Player)) {
	if m.h == nil {
		return
	}
	if e, ok := m.h.Entity(tx); ok {
		if p, ok := e.(*player.Player); ok {
			f(p)
		}
	}
}

// act asks the owner to make a move a player chose and returns at once: the world goroutine never waits for the
// owner. The player hears that it is done once the store has it, or why it could not be done. at is where outputs
// that take no destroyed input's place appear; props are properties computed from the world (Mods.Property) when
// the player's menu was built, set before the move.
func (o *Overlay) act(p *player.Player, mv puzzle.Move, at cube.Pos, props map[int]puzzle.Props) *Reply {
	who := moverOf(p)
	return o.post(&request{name: "move", area: store.AreaOfBlock(at, int32(o.opts.AreaSize)),
		run: func(_ context.Context, s *state) (result, error) { return o.move(s, who, mv, at, props) },
		fail: func(s *state) {
			back := o.putBack(s, mv) // on the owner, against its state: the world goroutine only runs the ops
			o.toWorld(append([]op{func(tx *world.Tx) {
				who.withPlayer(tx, func(p *player.Player) { p.Message("§cThat could not be done; nothing changed.") })
			}}, back...))
		}})
}

// move makes a move on the owner's state and returns its change and what to show. A move the state no longer
// allows (a stale menu, a stack someone else took) changes nothing: the player is told, and objects the world
// already moved (a stack picked up) are put back where the store has them.
func (o *Overlay) move(s *state, who mover, mv puzzle.Move, at cube.Pos, props map[int]puzzle.Props) (result, error) {
	var res result
	var inputs []ObjectAt
	for _, id := range mv.Inputs {
		rec, ok := s.record(id)
		if !ok {
			return o.refuse(s, who, mv, errors.New("an item it needs is gone")), nil
		}
		if rec.Where.Kind == store.InInventory && rec.Where.Player != who.id {
			return o.refuse(s, who, mv, errNotHeld), nil
		}
		inputs = append(inputs, objectAt(rec))
	}
	if mv.Area == "" {
		mv.Area = areaName(store.AreaOfBlock(at, int32(o.opts.AreaSize)))
	}
	if a, ok := o.changedElsewhere(store.AreaOfBlock(at, int32(o.opts.AreaSize)), inputs); ok {
		return o.refuse(s, who, mv, elsewhere(a)), nil
	}
	for id, set := range props {
		d, err := s.game.SetProps(id, set)
		if err != nil {
			continue
		}
		o.record(s, &res.change, d)
	}
	d, err := s.game.Play(mv)
	if err != nil {
		refused := o.refuse(s, who, mv, err)
		refused.change = res.change // the properties computed for the menu are set: they are committed too
		return refused, nil
	}
	o.handOver(s, &d, &who, mv)
	ops := o.placeDelta(s, &res.change, d, who, at)
	o.reach(phaseEngine)
	res.change.NextID = s.game.State.NextID
	s.version++
	solved := o.progress(s, &res.change, d)
	failArea := store.AreaOfBlock(at, int32(o.opts.AreaSize))
	if d.Failed != nil {
		res.change.Intents = append(res.change.Intents, store.Intent{Kind: store.NewPuzzle, Area: failArea})
	}
	outs := outputsAt(s, d)
	text := moveText{done: doneLine(s.pack, mv.Rule, inputs, outs, areaKind(s, failArea), who.name, lineKey(failArea, mv.Rule))}
	for _, a := range solved {
		text.solved = append(text.solved, solvedLine(s, a, who.name))
	}
	ops = append(ops, changeSounds(s.pack, inputs, outs), o.moveDone(who, mv.Rule, text, inputs, outs, at, solved, d.Failed), o.atFeet(s, who))
	res.ops = append(ops, o.sweepSpent(s, &res.change, mv, d)...) // after the words, which name what was made
	res.after = o.resumeAll(res.change.Intents)
	return res, nil
}

// outputsAt returns a move's outputs where the state has them.
func outputsAt(s *state, d puzzle.Delta) []ObjectAt {
	var outs []ObjectAt
	for _, out := range d.Outputs {
		if rec, ok := s.record(out.ID); ok {
			outs = append(outs, objectAt(rec))
		}
	}
	return outs
}

// refuse answers a move that cannot be made: the player is told why, and anything the world moved ahead of the
// store is put back.
func (o *Overlay) refuse(s *state, who mover, mv puzzle.Move, why error) result {
	back := o.putBack(s, mv)
	return result{refused: why, ops: append(back, func(tx *world.Tx) {
		who.withPlayer(tx, func(p *player.Player) { p.Message("§cThat can no longer be done: " + why.Error()) })
	})}
}

// putBack returns the ops that show a move's inputs where the state has them, taking stray stacks from the
// players who do not hold them: a pick-up the world allowed before the owner refused it is undone.
func (o *Overlay) putBack(s *state, mv puzzle.Move) []op {
	var ops []op
	for _, id := range mv.Inputs {
		rec, ok := s.record(id)
		if !ok {
			continue
		}
		if rec.Where.Kind != store.InInventory {
			ops = append(ops, o.takeFromEveryone(id))
		}
		ops = append(ops, o.show(s.pack, rec.Object, rec.Where))
	}
	return ops
}

// takeFromEveryone returns the op that removes an object's stacks from every online player's inventory.
func (o *Overlay) takeFromEveryone(id int) op {
	return func(tx *world.Tx) {
		for e := range tx.Players() {
			if p, ok := e.(*player.Player); ok {
				takeStacks(p, id)
			}
		}
	}
}

// record adds the objects a delta wrote to a change, as they are in the state.
func (o *Overlay) record(s *state, c *store.Change, d puzzle.Delta) {
	for _, obj := range d.Objects() {
		if rec, ok := s.record(obj.ID); ok {
			c.Objects = append(c.Objects, rec)
		}
	}
}

// placeDelta decides where the objects a move changed are, records them in the change and returns the ops that
// show them: destroyed inputs leave the world and free their places for new outputs; persisting objects keep
// theirs; carried ones are in the mover's inventory; contained ones are nowhere.
func (o *Overlay) placeDelta(s *state, c *store.Change, d puzzle.Delta, who mover, at cube.Pos) []op {
	var ops []op
	var freed []cube.Pos
	for _, obj := range d.Removed {
		w := s.where.At(obj.ID)
		if w.Kind == store.AtBlock || w.Kind == store.AtEntity {
			freed = append(freed, w.Block)
		}
		if cl, ok := o.cleared(s, obj.Item, w); ok {
			c.Cleared = append(c.Cleared, cl)
		}
		ops = append(ops, o.takeOut(s, obj, w))
		s.forget(obj.ID)
		c.Removed = append(c.Removed, obj.ID)
	}
	slices.SortFunc(freed, func(a, b cube.Pos) int { return a[1] - b[1] })
	for _, obj := range d.Outputs {
		old, existed := s.where.Get(obj.ID)
		w := placeOutput(s.pack, obj, old, existed, who, at, &freed)
		if existed && (old.Kind != w.Kind || old.Entity != w.Entity || old.Player != w.Player || w.Kind == store.InInventory) {
			ops = append(ops, o.hide(obj.ID, obj.Item, old)) // an inventory stack's lore shows properties: give it anew
		}
		s.setWhere(obj.ID, w)
		ops = append(ops, o.show(s.pack, obj, w))
		c.Objects = append(c.Objects, store.ObjectRecord{Object: obj, Where: w})
	}
	for _, obj := range d.Changed {
		old := s.where.At(obj.ID)
		w := old
		if obj.Area == puzzle.InContainer && old.Kind != store.Nowhere {
			ops = append(ops, o.hide(obj.ID, obj.Item, old))
			w = store.Where{Kind: store.Nowhere}
			s.setWhere(obj.ID, w)
		}
		c.Objects = append(c.Objects, store.ObjectRecord{Object: obj, Where: w})
	}
	return ops
}

// takeOut returns the op that takes an object the puzzle destroyed out of the world: a tagged terrain feature
// whole (a felled tree, a drained pond), anything else as it was shown.
func (o *Overlay) takeOut(s *state, obj puzzle.Object, w store.Where) op {
	if blocks := s.features.At(obj.ID); w.Tagged && len(blocks) > 0 {
		return fell(blocks)
	}
	return o.hide(obj.ID, obj.Item, w)
}

// placeOutput is where an output of a move goes.
func placeOutput(p *puzzle.Pack, obj puzzle.Object, old store.Where, existed bool, who mover, at cube.Pos, freed *[]cube.Pos) store.Where {
	switch {
	case obj.Area == puzzle.Inventory:
		return store.Where{Kind: store.InInventory, Player: who.id}
	case obj.Area == puzzle.InContainer:
		return store.Where{Kind: store.Nowhere}
	case slices.Contains(who.toFeet, obj.ID):
		return placement(p, obj, who.feet) // made for a player whose inventory is full
	case existed && old.Kind != store.InInventory && old.Kind != store.Nowhere:
		return old // a persisting object keeps its place
	}
	spot := at
	if len(*freed) > 0 {
		spot, *freed = (*freed)[0], (*freed)[1:]
	}
	return placement(p, obj, spot)
}

// progress records the areas whose puzzles a move advanced or solved: their saved trees, their states, and the
// areas their solving opens (as intents, committed with the solve). It returns the areas solved.
func (o *Overlay) progress(s *state, c *store.Change, d puzzle.Delta) []store.AreaPos {
	var solved []store.AreaPos
	for _, name := range d.Achieved {
		if a, err := store.ParseAreaPos(name); err == nil {
			if run, ok := s.areas.Get(a); ok && run.rec.State == store.Active {
				s.changeRun(a).rec.State = store.Solved
				solved = append(solved, a)
			}
		}
	}
	for _, name := range append(d.Progressed, d.Achieved...) {
		a, err := store.ParseAreaPos(name)
		tr := s.tracked(a)
		if err != nil || tr == nil || slices.ContainsFunc(c.Areas, func(r store.AreaRecord) bool { return r.Pos == a }) {
			continue
		}
		run := s.changeRun(a)
		if raw, err := encodePuzzle(run.puzzle, tr); err == nil {
			run.rec.Puzzle = raw
		}
		c.Areas = append(c.Areas, run.rec)
	}
	for _, a := range solved {
		c.Intents = append(c.Intents, o.opening(s, a, 0)...)
	}
	return solved
}

// opening returns the intents to open the areas a solved area is a key to whose keys are now all solved.
func (o *Overlay) opening(s *state, a store.AreaPos, chain int) []store.Intent {
	var out []store.Intent
	for _, n := range o.graph.Unlocks(a) {
		if !s.open(n) && o.graph.Open(n, s.solved) {
			out = append(out, store.Intent{Kind: store.OpenArea, Area: n, Chain: chain})
		}
	}
	return out
}

// moveDone returns the op that tells the world a move was made: the mover's message and HUD, sound and
// particles, the mods' actions, and titles and lines (text, in words) for solved areas and failed attempts.
func (o *Overlay) moveDone(who mover, rule *puzzle.Rule, text moveText, inputs, outs []ObjectAt, at cube.Pos, solved []store.AreaPos, failed *puzzle.Rule) op {
	fx := at.Vec3Centre()
	return func(tx *world.Tx) {
		tx.PlaySound(fx, sound.Click{})
		tx.AddParticle(fx, particle.HugeExplosion{})
		var pl *player.Player
		who.withPlayer(tx, func(p *player.Player) {
			pl = p
			p.Message(text.done)
			o.refreshHUD(p)
		})
		o.runActions(ActionContext{Tx: tx, Player: pl, Rule: rule, Inputs: inputs, Outputs: outs, At: at})
		for i, a := range solved {
			announce(tx, title.New("§a"+a.String()+" solved!").WithSubtitle(who.name+" achieved the goal"), sound.LevelUp{})
			tellAll(text.solved[i])(tx)
		}
		if failed != nil {
			announce(tx, title.New("§cThe attempt failed").WithSubtitle(failedLine(failed)), sound.Deny{})
		}
	}
}

// runActions runs the Go actions registered for a rule's action; a panicking action is logged, not fatal.
func (o *Overlay) runActions(ctx ActionContext) {
	for _, f := range o.opts.Mods.actionsOf(ctx.Rule.Action) {
		func() {
			defer func() {
				if r := recover(); r != nil {
					o.opts.Log.Error("overlay: a mod action panicked", "action", ctx.Rule.Action, "panic", r)
				}
			}()
			f(ctx)
		}()
	}
}

// clearPuzzle takes an area's puzzle away: the objects lying in the area leave the game (and, through the ops
// returned, the world), except tagged ones, which belong to the terrain; held objects stay held. run must be the
// state's own (changeRun).
func (o *Overlay) clearPuzzle(s *state, a store.AreaPos, run *areaRun) (store.Change, []op) {
	var change store.Change
	var ops []op
	var ids []int
	for _, obj := range s.game.State.InAreas(areaName(a)) {
		if !s.where.At(obj.ID).Tagged {
			ids = append(ids, obj.ID)
		}
	}
	d := s.game.RemoveIDs(ids...)
	ops = o.removeAll(s, &change, d)
	s.untrack(a)
	run.puzzle = nil
	return change, ops
}
