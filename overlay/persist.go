package overlay

import (
	"fmt"

	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// restore rebuilds the owner's state from what the store holds at start, and keeps the work the store says is left.
func (o *Overlay) restore(s *state, saved store.Saved) error {
	o.staleAtStart = saved.Cleared
	o.intentsAtStart = saved.Intents
	if err := o.restoreState(s, saved); err != nil {
		return err
	}
	o.ownIDs(s, 0)
	return nil
}

// ownIDs makes a state's next object id this server's own in a network, where servers make objects at the same time
// and the store hands each a block of ids (store.IDBlocks): the first of the block, or prior, the next id the server
// had before, if higher. The state then holds other servers' objects, of higher ids maybe, which the next id must
// not follow. A store without blocks leaves the state's next id (one past the highest id, or the store's counter).
func (o *Overlay) ownIDs(s *state, prior int) {
	if blocks, ok := o.store.(store.IDBlocks); ok && blocks.FirstID() > 0 {
		s.game.State.NextID = max(prior, blocks.FirstID())
	}
}

// restoreState rebuilds a state from what the store holds.
func (o *Overlay) restoreState(s *state, saved store.Saved) error {
	var objs []puzzle.Object
	for id, rec := range saved.Objects {
		objs = append(objs, rec.Object)
		s.setWhere(id, rec.Where)
		s.setFeature(id, rec.Blocks)
	}
	state := puzzle.NewState(objs)
	state.NextID = max(state.NextID, saved.NextID)
	s.game = puzzle.NewManager(s.pack, state, o.opts.Mode, s.accessible)
	for pos, rec := range saved.Areas {
		if err := o.restoreArea(s, pos, rec); err != nil {
			return err
		}
	}
	return nil
}

// restoreArea rebuilds one area from its record: its template instance and its puzzle with the progress made.
func (o *Overlay) restoreArea(s *state, pos store.AreaPos, rec store.AreaRecord) error {
	run := &areaRun{rec: rec}
	s.areas.Set(pos, run)
	if rec.Template == "" {
		return nil
	}
	tmpl, ok := s.pack.Area(rec.Template)
	if !ok {
		o.opts.Log.Warn("overlay: area template is not in the pack any more; the area keeps its state but no puzzle",
			"area", pos.String(), "template", rec.Template)
		return nil
	}
	run.area = o.instance(s.pack, pos, tmpl)
	if rec.Puzzle == nil {
		return nil
	}
	pz, done, err := decodePuzzle(s.pack, run.area.Name, rec.Puzzle)
	if err != nil {
		o.opts.Log.Warn("overlay: saved puzzle does not fit the pack; an admin can reroll the area",
			"area", pos.String(), "err", err)
		return nil
	}
	if err := o.track(s, run, pz); err != nil {
		return fmt.Errorf("puzzle store: area %v: %w", pos, err)
	}
	if err := s.tracked(pos).Restore(done, rec.State == store.Solved); err != nil {
		return fmt.Errorf("puzzle store: area %v: %w", pos, err)
	}
	return nil
}

// track starts the manager tracking an area's puzzle. run must be the state's own (changeRun).
func (o *Overlay) track(s *state, run *areaRun, pz *puzzle.Puzzle) error {
	if _, err := s.game.TrackPuzzle(pz); err != nil {
		return err
	}
	run.puzzle = pz
	s.puzzles++
	return nil
}

// instance makes the engine's area for a grid area from its template, its bounds raised by the pack's ring for
// its distance from the start (puzzle.Pack.AtDistance).
func (o *Overlay) instance(p *puzzle.Pack, pos store.AreaPos, tmpl *puzzle.Area) *puzzle.Area {
	a := *p.AtDistance(tmpl, o.graph.Distance(pos))
	a.Name, a.Template, a.Start, a.Connects = areaName(pos), tmpl.Name, false, nil
	return &a
}
