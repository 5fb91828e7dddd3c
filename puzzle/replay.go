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
	if want := NewState(p.World); !sameObjects(state.Objects, want.Objects) {
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
			open = slices.Delete(open, i, i+1)
			if err := spawn(p, state, ar); err != nil {
				return &ReplayError{Area: ar.Area, Err: err}
			}
			if ar.Depth == 0 {
				// An area whose goal was already satisfied: achieved at once, after picking up the object that
				// satisfies it if it lay in another area.
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
		s.Objects = append(s.Objects, obj)
		s.NextID = obj.ID + 1
	}
	return nil
}

// replaySteps executes an area's solution, comparing each step with the record.
func replaySteps(p *Pack, s *State, ar *AreaResult, accessible func(string) bool) error {
	a, _ := p.Area(ar.Area)
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
		mv := Move{Rule: r, Inputs: st.Inputs, Area: ar.Area}
		for _, o := range st.Outputs {
			mv.Items = append(mv.Items, o.Item)
		}
		if err := p.Legal(s, mv, accessible); err != nil {
			return fail("%v", err)
		}
		out, err := p.Apply(s, mv)
		if err != nil {
			return fail("%v", err)
		}
		want := make([]Object, 0, len(st.Outputs))
		for _, o := range st.Outputs {
			obj, err := o.object()
			if err != nil {
				return fail("%v", err)
			}
			want = append(want, obj)
		}
		if !sameObjects(out, want) {
			return fail("outputs %v, recorded %v", out, want)
		}
		if last := i == len(ar.Solution)-1; goalMet(p, s, ar) != last && r != PickUp {
			return fail("goal %s achieved: %v, expected only after the last step", ar.Goal, !last)
		}
	}
	if !goalMet(p, s, ar) {
		return &ReplayError{Area: a.Name, Step: len(ar.Solution), Err: fmt.Errorf("goal %s not achieved", ar.Goal)}
	}
	return nil
}

// goalMet reports whether an object in an area or an inventory satisfies the recorded goal of an area, which must
// be one of the area's goals.
func goalMet(p *Pack, s *State, ar *AreaResult) bool {
	a, _ := p.Area(ar.Area)
	for _, t := range a.Goals {
		if t.String() == ar.Goal {
			return p.GoalAchieved(s, ar.Area, t)
		}
	}
	return false
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
