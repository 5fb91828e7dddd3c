package puzzle

import (
	"fmt"
	"slices"
)

// ReplayError is the first invalid part of a playthrough: an area's spawned objects (Step 0) or one of its steps
// (from 1).
type ReplayError struct {
	Area string
	Step int
	Err  error
}

func (e *ReplayError) Error() string {
	if e.Step == 0 {
		return fmt.Sprintf("area %s: %v", e.Area, e.Err)
	}
	return fmt.Sprintf("area %s step %d: %v", e.Area, e.Step, e.Err)
}

func (e *ReplayError) Unwrap() error { return e.Err }

// Replay checks a playthrough against a pack by executing it again with the game logic, and returns the first
// invalid part as a *ReplayError, or nil. It checks that the initial objects are the pack's world; that each area
// comes once unlocked by forward progression, spawning objects with fresh ids in its own area; that every
// step is legal in the state reached (co-located, matching inputs, the area accessible) and has exactly the
// recorded outputs; and that each area's goal is achieved by its last step and not before.
func Replay(p *Pack, r *PlaythroughResult) error {
	var initial []Object
	for _, o := range r.Initial {
		obj, err := o.object()
		if err != nil {
			return &ReplayError{Area: "initial", Err: err}
		}
		initial = append(initial, obj)
	}
	state := NewState(initial)
	if want := NewState(p.World); !sameObjects(state.Objects(), want.Objects()) {
		return &ReplayError{Area: "initial", Err: fmt.Errorf("initial objects are not the pack's world")}
	}
	pr := &progress{pack: p}
	start, err := pr.start()
	if err != nil {
		return &ReplayError{Area: "initial", Err: err}
	}
	pr.unlock(start.Name)
	open := []string{start.Name} // unlocked areas whose entry is still to come
	next := 0                    // the next area entry to spawn
	var pending []int            // entries spawned and not yet solved
	for next < len(r.Areas) || len(pending) > 0 {
		for next < len(r.Areas) {
			ar := &r.Areas[next]
			i := slices.Index(open, ar.Area)
			if i < 0 {
				if len(pending) > 0 {
					break // unlocked by a puzzle still to solve
				}
				return &ReplayError{Area: ar.Area, Err: fmt.Errorf("the area is not unlocked when its puzzle comes")}
			}
			if len(pending) > 0 && len(ar.Spawned) > 0 && ar.Spawned[0].ID != state.NextID {
				break // generated after a later solve: a puzzle in progress was to satisfy its goal
			}
			if len(pending) > 0 && ar.Depth == 0 && replaySteps(p, state.Clone(), ar, pr.accessible) != nil {
				break // achieved without a puzzle only after a later solve, which made its goal
			}
			open = slices.Delete(open, i, i+1)
			if err := spawn(p, state, ar); err != nil {
				return &ReplayError{Area: ar.Area, Err: err}
			}
			if ar.Depth == 0 {
				// No puzzle: the goal was already satisfied, or is by picking up an object. Achieved at once.
				if err := replaySteps(p, state, ar, pr.accessible); err != nil {
					return err
				}
				open = append(open, names(pr.achieve(ar.Area))...)
			} else {
				pending = append(pending, next)
			}
			next++
		}
		if len(pending) == 0 {
			break
		}
		ar := &r.Areas[pending[0]]
		pending = pending[1:]
		if err := replaySteps(p, state, ar, pr.accessible); err != nil {
			return err
		}
		open = append(open, names(pr.achieve(ar.Area))...)
	}
	return nil
}

// spawn adds an area's spawned objects to the state, checking their ids are fresh and they lie in the area.
func spawn(p *Pack, s *State, ar *AreaResult) error {
	if _, ok := p.Area(ar.Area); !ok {
		return fmt.Errorf("no such area")
	}
	for _, o := range ar.Spawned {
		obj, err := o.object()
		if err != nil {
			return err
		}
		if _, ok := p.Items[obj.Item]; !ok {
			return fmt.Errorf("spawned object %d: no item %s", obj.ID, obj.Item)
		}
		if obj.ID < s.NextID || obj.Area != ar.Area {
			return fmt.Errorf("spawned object %d in %s: ids must be fresh and objects in the area", obj.ID, obj.Area)
		}
		s.insert(obj)
		s.NextID = obj.ID + 1
	}
	return nil
}

// replaySteps executes an area's solution, comparing each step with the record. The goal must not be achieved
// before the last step and must be after it; since only a step's outputs change, they are all that is checked.
func replaySteps(p *Pack, s *State, ar *AreaResult, accessible func(string) bool) error {
	goal, ok := recordedGoal(p, ar)
	if !ok {
		return &ReplayError{Area: ar.Area, Err: fmt.Errorf("goal %s is not one of the area's", ar.Goal)}
	}
	achieved := p.GoalAchieved(s, ar.Area, goal)
	if achieved && len(ar.Solution) > 0 && ar.Depth > 0 {
		return &ReplayError{Area: ar.Area, Err: fmt.Errorf("goal %s is achieved before the puzzle starts", ar.Goal)}
	}
	var mv Move
	for i, st := range ar.Solution {
		fail := func(format string, args ...any) error {
			return &ReplayError{Area: ar.Area, Step: i + 1, Err: fmt.Errorf("%s: "+format, append([]any{st.Action}, args...)...)}
		}
		var r *Rule
		switch {
		case st.Rule == -1 && st.Action == PickUp.Action:
			r = PickUp
		case st.Rule >= 0 && st.Rule < len(p.Rules) && p.Rules[st.Rule].Action == st.Action:
			r = p.Rules[st.Rule]
		default:
			return fail("no rule %d with this action", st.Rule)
		}
		mv = Move{Rule: r, Inputs: st.Inputs, Area: ar.Area, Items: mv.Items[:0]}
		for _, o := range st.Outputs {
			mv.Items = append(mv.Items, o.Item)
		}
		// Apply checks everything Legal does but accessibility; checking that here saves resolving the move twice.
		for _, id := range mv.Inputs {
			if o, ok := s.Object(id); ok && !p.reachable(*o, accessible) {
				return fail("object %d in %s is out of reach", id, o.Area)
			}
		}
		out, err := p.Apply(s, mv)
		if err != nil {
			return fail("%v", err)
		}
		if len(out) != len(st.Outputs) {
			return fail("%d outputs, recorded %d", len(out), len(st.Outputs))
		}
		for j, o := range out {
			if !o.sameAs(st.Outputs[j]) {
				return fail("output %v, recorded %v", o, st.Outputs[j])
			}
			if (o.Area == ar.Area || o.Area == Inventory) && p.Matches(o.Item, o.Props, goal) {
				achieved = true
			}
		}
		if last := i == len(ar.Solution)-1; achieved && !last {
			return fail("achieves the goal %s before the last step", ar.Goal)
		}
	}
	if !achieved {
		return &ReplayError{Area: ar.Area, Step: len(ar.Solution), Err: fmt.Errorf("goal %s not achieved", ar.Goal)}
	}
	return nil
}

// recordedGoal returns the goal of the area a playthrough recorded.
func recordedGoal(p *Pack, ar *AreaResult) (Term, bool) {
	if a, ok := p.Area(ar.Area); ok {
		for _, t := range a.Goals {
			if t.String() == ar.Goal {
				return t, true
			}
		}
	}
	return Term{}, false
}

// sameAs reports whether an object is the one a playthrough shows, without converting it.
func (o Object) sameAs(j Obj) bool {
	if o.ID != j.ID || o.Item != j.Item || o.Area != j.Area || len(o.Props) != len(j.Props) {
		return false
	}
	for name, v := range o.Props {
		w, ok := j.Props[name]
		if !ok {
			return false
		}
		switch w := w.(type) {
		case bool:
			ok = v.Kind == KindBool && v.Bool == w
		case string:
			ok = v.Kind == KindString && v.Str == w
		case int64:
			ok = v.Kind == KindInt && v.Int == w
		case int:
			ok = v.Kind == KindInt && v.Int == int64(w)
		case float64:
			ok = v.Kind == KindInt && float64(v.Int) == w
		default:
			ok = false
		}
		if !ok {
			return false
		}
	}
	return true
}

// sameObjects reports whether two lists hold the same objects in the same order (ids, items, places, properties).
func sameObjects(a, b []Object) bool {
	return slices.EqualFunc(a, b, func(x, y Object) bool {
		return x.ID == y.ID && x.Item == y.Item && x.Area == y.Area && sameProps(x.Props, y.Props)
	})
}

func names(areas []*Area) []string {
	out := make([]string, len(areas))
	for i, a := range areas {
		out[i] = a.Name
	}
	return out
}
