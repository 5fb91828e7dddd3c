package overlay

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/title"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/particle"
	"github.com/df-mc/dragonfly/server/world/sound"
	"riddlestone/puzzle"
)

// errNotHeld is returned for a move that uses an item another player holds.
var errNotHeld = errors.New("another player holds an item this needs")

// act runs a move a player chose. On the world goroutine and under mu it checks the move against the current
// state, applies it in memory and works out the store change and the world changes; the overlay's goroutine then
// commits the change and only then shows it, so what players see is always in the store. at is where outputs
// that take no destroyed input's place appear.
func (o *Overlay) act(p *player.Player, mv puzzle.Move, at cube.Pos) error {
	o.mu.Lock()
	job, err := o.actLocked(p, mv, at)
	o.mu.Unlock()
	if err != nil {
		return err
	}
	o.enqueue(job)
	return nil
}

func (o *Overlay) actLocked(p *player.Player, mv puzzle.Move, at cube.Pos) (func(context.Context), error) {
	if o.closed {
		return nil, errClosed
	}
	state := o.game.State
	before := map[int]Where{}
	for _, id := range mv.Inputs {
		w, ok := o.where[id]
		if !ok {
			return nil, fmt.Errorf("object %d is gone", id)
		}
		if w.Kind == InInventory && w.Player != p.UUID() {
			return nil, errNotHeld
		}
		before[id] = w
	}
	if mv.Area == "" {
		mv.Area = areaName(AreaOfBlock(at, int32(o.opts.AreaSize)))
	}
	ids := map[int]string{} // every object before the move, with its item
	for _, obj := range state.Objects {
		ids[obj.ID] = obj.Item
	}
	var inputs []ObjectAt
	for _, id := range mv.Inputs {
		obj, _ := state.Object(id)
		inputs = append(inputs, ObjectAt{Object: *obj, Where: before[id]})
	}
	outputs, achieved, err := o.game.Do(mv)
	if err != nil {
		return nil, err
	}
	var change Change
	var ops []op
	// Destroyed inputs leave the world; their places are where new outputs appear.
	var freed []cube.Pos
	for id, item := range ids {
		if _, still := state.Object(id); still {
			continue
		}
		w := o.where[id]
		if w.Kind == AtBlock || w.Kind == AtEntity {
			freed = append(freed, w.Block)
		}
		if cl, ok := o.cleared(item, w); ok {
			change.Cleared = append(change.Cleared, cl)
		}
		ops = append(ops, o.hide(id, item, w))
		o.clearWhere(id)
		change.Removed = append(change.Removed, id)
	}
	slices.SortFunc(freed, func(a, b cube.Pos) int { return a[1] - b[1] })
	for _, out := range outputs {
		obj, _ := state.Object(out.ID)
		old, existed := o.where[out.ID]
		var w Where
		switch {
		case obj.Area == puzzle.Inventory:
			w = Where{Kind: InInventory, Player: p.UUID()}
		case obj.Area == puzzle.InContainer:
			w = Where{Kind: Nowhere}
		case existed && old.Kind != InInventory && old.Kind != Nowhere:
			w = old // a persisting object keeps its place
		default:
			spot := at
			if len(freed) > 0 {
				spot, freed = freed[0], freed[1:]
			}
			w = o.placement(*obj, spot)
		}
		if existed && (old.Kind != w.Kind || old.Entity != w.Entity || old.Player != w.Player) {
			ops = append(ops, o.hide(out.ID, out.Item, old))
		} else if existed && w.Kind == InInventory {
			ops = append(ops, o.hide(out.ID, out.Item, old)) // the stack's lore shows the properties: give it anew
		}
		o.setWhere(out.ID, w)
		ops = append(ops, o.show(*obj, w))
		change.Objects = append(change.Objects, ObjectRecord{Object: *obj, Where: w})
	}
	// Inputs that went inside a container leave the world too.
	for id, w := range before {
		if obj, ok := state.Object(id); ok && obj.Area == puzzle.InContainer && w.Kind != Nowhere {
			ops = append(ops, o.hide(id, obj.Item, w))
			o.setWhere(id, Where{Kind: Nowhere})
			change.Objects = append(change.Objects, ObjectRecord{Object: *obj, Where: Where{Kind: Nowhere}})
		}
	}
	change.NextID = state.NextID
	o.version++

	name := p.Name()
	holder := p.H()
	fx := at.Vec3Centre()
	var failed *puzzle.Rule
	if state.Failed != nil {
		// A fail state ends this attempt at the area's puzzle, not the game: the area is generated again.
		failed, state.Failed = state.Failed, nil
	}
	var solved []AreaPos
	for _, name := range achieved {
		if a, err := ParseAreaPos(name); err == nil {
			if run, ok := o.areas[a]; ok {
				run.rec.State = Solved
				solved = append(solved, a)
			}
		}
	}
	for _, run := range o.areas {
		if run.tracked != nil && run.rec.State != Locked {
			if raw, err := encodePuzzle(run.puzzle, run.tracked); err == nil {
				run.rec.Puzzle = raw
			}
			if run.area.Name == mv.Area || slices.Contains(achieved, run.area.Name) || touches(run, mv.Inputs) {
				change.Areas = append(change.Areas, run.rec)
			}
		}
	}
	failArea := AreaOfBlock(at, int32(o.opts.AreaSize))
	action, rule := mv.Rule.Action, mv.Rule
	var outs []ObjectAt
	for _, out := range outputs {
		if obj, ok := state.Object(out.ID); ok {
			outs = append(outs, ObjectAt{Object: *obj, Where: o.where[out.ID]})
		}
	}
	return func(ctx context.Context) {
		if err := o.store.Commit(change); err != nil {
			o.opts.Log.Error("overlay: commit move", "player", name, "action", action, "err", err)
			return
		}
		o.do(func(tx *world.Tx) {
			for _, f := range ops {
				f(tx)
			}
			tx.PlaySound(fx, sound.Click{})
			tx.AddParticle(fx, particle.HugeExplosion{})
			var pl *player.Player
			if e, ok := holder.Entity(tx); ok {
				if pl, ok = e.(*player.Player); ok {
					pl.Message("§a" + action + "§r done.")
					o.refreshHUD(pl)
				}
			}
			o.runActions(ActionContext{Tx: tx, Player: pl, Rule: rule, Inputs: inputs, Outputs: outs, At: at})
			for _, a := range solved {
				announce(tx, title.New("§a"+a.String()+" solved!").WithSubtitle(name+" achieved the goal"), sound.LevelUp{})
			}
			if failed != nil {
				announce(tx, title.New("§cThe attempt failed").WithSubtitle(failed.Action+": the puzzle starts over"), sound.Deny{})
			}
		})
		for _, a := range solved {
			o.afterSolved(ctx, a, 0)
		}
		if failed != nil {
			o.reroll(ctx, failArea)
		}
	}, nil
}

// touches reports whether an area's puzzle uses one of the objects, so its record changes.
func touches(run *areaRun, ids []int) bool {
	if run.puzzle == nil {
		return false
	}
	for _, l := range run.puzzle.Leaves() {
		if slices.Contains(ids, l.Object) {
			return true
		}
	}
	return false
}

// reroll generates an area's puzzle again: the objects its puzzle spawned that still lie in the area go, and a new
// puzzle is generated against the world as it is now. Objects in inventories and tagged objects stay.
func (o *Overlay) reroll(ctx context.Context, a AreaPos) error {
	lo, hi := a.Chunks(int32(o.opts.AreaSize))
	snap, err := snapshot(ctx, o.w, lo, hi, o.do)
	if err != nil {
		return err
	}
	o.mu.Lock()
	run, ok := o.areas[a]
	if !ok || run.area == nil || run.rec.State == Locked {
		o.mu.Unlock()
		return fmt.Errorf("area %v is not open", a)
	}
	change, ops := o.clearPuzzle(a, run)
	state := o.game.State
	run.rec.Rerolls++
	rng := newAreaRand(o.opts.Seed, o.graph.hash(a), run.rec.Rerolls)
	spots := surfaceSpots(snap, rng)
	// Spots taken by objects that stay are not free.
	spots = slices.DeleteFunc(spots, func(p cube.Pos) bool { _, taken := o.byBlock[p]; return taken })
	g, err := o.generateInto(run, spots, rng)
	if err == nil {
		o.version++
	}
	change.Objects = append(change.Objects, g.change.Objects...)
	change.Areas = []AreaRecord{run.rec}
	change.NextID = state.NextID
	goal := run.rec.Goal
	o.mu.Unlock()
	if err != nil {
		return err
	}
	if err := o.store.Commit(change); err != nil {
		return err
	}
	o.do(func(tx *world.Tx) {
		for _, f := range append(ops, g.ops...) {
			f(tx)
		}
		announce(tx, title.New("§6"+a.String()+": a new puzzle").WithSubtitle(goalText(goal)), sound.Note{})
	})
	return nil
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

// clearPuzzle takes an area's puzzle away: the objects lying in the area leave memory (and, through the ops
// returned, the world), except tagged ones, which belong to the terrain; held objects stay held. Call with mu
// held.
func (o *Overlay) clearPuzzle(a AreaPos, run *areaRun) (Change, []op) {
	var change Change
	var ops []op
	state := o.game.State
	kept := state.Objects[:0]
	for _, obj := range state.Objects {
		w := o.where[obj.ID]
		if obj.Area == areaName(a) && !w.Tagged {
			if cl, ok := o.cleared(obj.Item, w); ok {
				change.Cleared = append(change.Cleared, cl)
			}
			ops = append(ops, o.hide(obj.ID, obj.Item, w))
			o.clearWhere(obj.ID)
			change.Removed = append(change.Removed, obj.ID)
			continue
		}
		kept = append(kept, obj)
	}
	state.Objects = kept
	o.game.Puzzles = slices.DeleteFunc(o.game.Puzzles, func(t *puzzle.Tracked) bool { return t == run.tracked })
	run.puzzle, run.tracked = nil, nil
	return change, ops
}
