package overlay

import (
	"fmt"
	"strings"

	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Step is one step of the remaining solution of an area: an action and the objects it takes, in input order.
type Step struct {
	Action string
	Inputs []StepInput
}

// StepInput is an object a step takes and where it is now; MadeBy is the number (from 1) of the earlier step that
// makes it, for an object that does not exist yet.
type StepInput struct {
	ID     int
	Item   string
	Where  store.Where
	MadeBy int
}

// maxPlanSteps bounds a plan, which is simulated move by move.
const maxPlanSteps = 128

// Plan returns the remaining steps of an area's puzzle in one valid order, simulated with the engine's game logic
// on a copy of the state: picking up what must be carried in, then running the tree's rules as they become leaves.
func (o *Overlay) Plan(a store.AreaPos) ([]Step, error) {
	v := o.view()
	run, ok := v.areas.Get(a)
	tracked := v.tracked(a)
	switch {
	case !ok || run.rec.State == store.Locked:
		return nil, fmt.Errorf("area %v is locked", a)
	case run.rec.State == store.Solved:
		return nil, nil
	case tracked == nil:
		return nil, fmt.Errorf("area %v has no puzzle", a)
	}
	sim := puzzle.NewManager(v.pack, v.game.State.Clone(), puzzle.TreeRules, v.accessible)
	tr, err := sim.Track(tracked.Area, tracked.Goal, tracked.Nodes)
	if err != nil {
		return nil, err
	}
	var done []int
	for i := range tracked.Nodes {
		if tracked.Done(i) {
			done = append(done, i)
		}
	}
	if err := tr.Restore(done, false); err != nil {
		return nil, err
	}
	madeBy := map[int]int{}
	var steps []Step
	for len(steps) < maxPlanSteps && !tr.Achieved {
		mv, ok := nextMove(sim, run.area.Name)
		if !ok {
			return steps, fmt.Errorf("area %v: no step can be made now (an item may be held by another player)", a)
		}
		step := Step{Action: mv.Rule.Action}
		for _, id := range mv.Inputs {
			obj, _ := sim.State.Object(id)
			step.Inputs = append(step.Inputs, StepInput{ID: id, Item: obj.Item, Where: v.where.At(id), MadeBy: madeBy[id]})
		}
		outs, _, err := sim.Do(mv)
		if err != nil {
			return steps, err
		}
		steps = append(steps, step)
		for _, out := range outs {
			if _, existed := v.where.Get(out.ID); !existed || mv.Rule == puzzle.PickUp {
				madeBy[out.ID] = len(steps)
			}
		}
	}
	return steps, nil
}

// nextMove picks the next move of a simulated game: a rule of the tree that can run, with its inputs in the area or
// the inventory; failing that, picking up a carryable object from another area that a leaf rule needs.
func nextMove(sim *puzzle.Manager, area string) (puzzle.Move, bool) {
	for _, mv := range sim.MovesIn(area) {
		if mv.Rule != puzzle.PickUp && mv.Rule != puzzle.PutDown && !mv.Rule.Fail {
			return mv, true
		}
	}
	moves := sim.Moves() // the whole world, only when something must be fetched from another area
	needed := map[string]bool{}
	for _, r := range sim.Rules() {
		for _, in := range r.Inputs {
			needed[in.Type] = true
		}
	}
	for _, mv := range moves {
		if mv.Rule != puzzle.PickUp {
			continue
		}
		obj, _ := sim.State.Object(mv.Inputs[0])
		for typ := range needed {
			if sim.Pack.IsA(obj.Item, typ) {
				return mv, true
			}
		}
	}
	return puzzle.Move{}, false
}

// String formats a step as /puzzle plan prints it: "Unlock: Safe #12 at 3,64,-2; Key #7 held by 1f0...".
func (s Step) String() string {
	parts := make([]string, len(s.Inputs))
	for i, in := range s.Inputs {
		parts[i] = fmt.Sprintf("%s #%d %s", in.Item, in.ID, in.place())
	}
	return s.Action + ": " + strings.Join(parts, "; ")
}

func (in StepInput) place() string {
	if in.MadeBy > 0 {
		return fmt.Sprintf("from step %d", in.MadeBy)
	}
	switch in.Where.Kind {
	case store.AtBlock:
		return fmt.Sprintf("block at %d,%d,%d", in.Where.Block[0], in.Where.Block[1], in.Where.Block[2])
	case store.AtEntity:
		return fmt.Sprintf("entity at %d,%d,%d", in.Where.Block[0], in.Where.Block[1], in.Where.Block[2])
	case store.InInventory:
		return "held by " + in.Where.Player.String()
	}
	return "nowhere"
}
