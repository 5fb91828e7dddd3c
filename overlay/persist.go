package overlay

import (
	"fmt"

	"riddlestone/puzzle"
)

// restore rebuilds the overlay's memory from what the store holds.
func (o *Overlay) restore(saved Saved) error {
	o.staleAtStart = saved.Cleared
	var objs []puzzle.Object
	for id, rec := range saved.Objects {
		objs = append(objs, rec.Object)
		o.setWhere(id, rec.Where)
	}
	state := puzzle.NewState(objs)
	state.NextID = max(state.NextID, saved.NextID)
	o.game = puzzle.NewManager(o.opts.Pack, state, o.opts.Mode, o.accessible)
	for pos, rec := range saved.Areas {
		run := &areaRun{rec: rec}
		o.areas[pos] = run
		if rec.Template == "" {
			continue
		}
		tmpl, ok := o.opts.Pack.Area(rec.Template)
		if !ok {
			o.opts.Log.Warn("overlay: area template is not in the pack any more; the area keeps its state but no puzzle",
				"area", pos.String(), "template", rec.Template)
			continue
		}
		run.area = o.instance(pos, tmpl)
		if rec.Puzzle == nil {
			continue
		}
		pz, done, err := decodePuzzle(o.opts.Pack, run.area.Name, rec.Puzzle)
		if err != nil {
			o.opts.Log.Warn("overlay: saved puzzle does not fit the pack; an admin can reroll the area",
				"area", pos.String(), "err", err)
			continue
		}
		if err := o.track(run, pz); err != nil {
			return fmt.Errorf("puzzle store: area %v: %w", pos, err)
		}
		if err := run.tracked.Restore(done, rec.State == Solved); err != nil {
			return fmt.Errorf("puzzle store: area %v: %w", pos, err)
		}
	}
	return nil
}

// track starts the manager tracking an area's puzzle.
func (o *Overlay) track(run *areaRun, pz *puzzle.Puzzle) error {
	rules, _ := treeRules(pz)
	tr, err := o.game.Track(run.area.Name, pz.Goal, rules)
	if err != nil {
		return err
	}
	run.puzzle, run.tracked = pz, tr
	return nil
}

// instance makes the engine's area for a grid area from its template.
func (o *Overlay) instance(pos AreaPos, tmpl *puzzle.Area) *puzzle.Area {
	a := *tmpl
	a.Name, a.Template, a.Start, a.Connects = areaName(pos), tmpl.Name, false, nil
	return &a
}

// setWhere records where an object is, indexing its block or entity. Call with mu held.
func (o *Overlay) setWhere(id int, w Where) {
	o.clearWhere(id)
	o.where[id] = w
	switch w.Kind {
	case AtBlock:
		o.byBlock[w.Block] = id
	case AtEntity:
		o.byEntity[w.Entity] = id
	}
}

// clearWhere forgets where an object is. Call with mu held.
func (o *Overlay) clearWhere(id int) {
	w, ok := o.where[id]
	if !ok {
		return
	}
	delete(o.where, id)
	if w.Kind == AtBlock && o.byBlock[w.Block] == id {
		delete(o.byBlock, w.Block)
	}
	if w.Kind == AtEntity && o.byEntity[w.Entity] == id {
		delete(o.byEntity, w.Entity)
	}
}

// record returns the store's record of an object as memory holds it. Call with mu held.
func (o *Overlay) record(id int) (ObjectRecord, bool) {
	obj, ok := o.game.State.Object(id)
	if !ok {
		return ObjectRecord{}, false
	}
	return ObjectRecord{Object: *obj, Where: o.where[id]}, true
}
