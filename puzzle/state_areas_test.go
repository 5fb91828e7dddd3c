package puzzle

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"slices"
	"testing"
)

// The index by area stays equal to the objects' areas through moves, additions, removals and copies, and a copy
// keeps its own: a game of many areas played at random in all-rules mode, checked after every step.
func TestAreaIndexFollowsTheState(t *testing.T) {
	p := heist(t)
	var objs []Object
	for a := range 80 {
		for _, o := range heistWorld() {
			o.ID += a * 10
			if o.Area != Inventory {
				o.Area = fmt.Sprintf("A%d", a)
			}
			objs = append(objs, o)
		}
		objs = append(objs, Object{ID: a*10 + 6, Item: "Eggs", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}},
			Object{ID: a*10 + 7, Item: "Basket", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}},
			Object{ID: a*10 + 8, Item: "Badge", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}})
	}
	m := NewManager(p, NewState(objs), AllRules, nil)
	rng := rand.New(rand.NewPCG(3, 4))
	var copies []*State
	for step := range 400 {
		switch k := rng.IntN(20); {
		case k == 0:
			m.Add(Object{Item: "Gold", Area: fmt.Sprintf("A%d", rng.IntN(90)), Props: Props{"carryable": Bool(true)}})
		case k == 1:
			area := fmt.Sprintf("A%d", rng.IntN(80))
			m.Remove(func(o Object) bool { return o.Area == area && o.Item == "Eggs" })
		case k == 2:
			copies = append(copies, m.State.Clone())
		default:
			moves := m.MovesIn(fmt.Sprintf("A%d", rng.IntN(80)))
			if len(moves) == 0 {
				continue
			}
			if _, err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			m.State.Failed = nil
		}
		for i, s := range append(copies, m.State) {
			checkAreaIndex(t, fmt.Sprintf("step %d, state %d", step, i), s)
		}
	}
}

// checkAreaIndex fails unless s's index by area lists exactly the ids of the objects in each area, in id order.
func checkAreaIndex(t *testing.T, where string, s *State) {
	t.Helper()
	want := map[string][]int{}
	for _, o := range s.Objects {
		want[o.Area] = append(want[o.Area], o.ID)
	}
	x := s.byArea
	if x == nil || x.n != len(s.Objects) {
		t.Fatalf("%s: no index kept for %d objects", where, len(s.Objects))
	}
	if !maps.EqualFunc(x.ids, want, slices.Equal) {
		t.Fatalf("%s: index %v, want %v", where, x.ids, want)
	}
}

// A goal, the moves and the places are the same whether the state keeps an index by area or not.
func TestAreaIndexAnswersAsAScan(t *testing.T) {
	p := heist(t)
	var objs []Object
	for a := range 60 {
		for _, o := range heistWorld() {
			o.ID += a * 10
			if o.Area != Inventory {
				o.Area = fmt.Sprintf("A%d", a%7)
			}
			objs = append(objs, o)
		}
	}
	big := NewManager(p, NewState(objs), AllRules, nil)
	small := NewManager(p, NewState(objs), AllRules, nil)
	for _, area := range []string{"A0", "A3", "Nowhere", Inventory} {
		want := usableInScan(small.State, []string{area})
		if got := usableIn(big.State, []string{area}); !slices.EqualFunc(got, want, func(a, b *Object) bool { return a.ID == b.ID }) {
			t.Errorf("usable in %s: %d objects, want %d", area, len(got), len(want))
		}
		for _, goal := range []Term{{Type: "Safe"}, {Type: "Glasses"}, {Type: "Gold"}} {
			if got, want := p.GoalAchieved(big.State, area, goal), goalScan(p, small.State, area, goal); got != want {
				t.Errorf("goal %s in %s: %v, want %v", goal, area, got, want)
			}
		}
	}
	if got, want := fmt.Sprint(big.Moves()), fmt.Sprint(movesScan(small)); got != want {
		t.Errorf("moves differ:\n%s\nwant\n%s", got, want)
	}
}

// usableInScan, goalScan and movesScan answer as the engine did before the index: by going through every object.
func usableInScan(s *State, places []string) []*Object {
	var out []*Object
	for i := range s.Objects {
		if o := &s.Objects[i]; o.Area == Inventory || slices.Contains(places, o.Area) {
			out = append(out, o)
		}
	}
	return out
}

func goalScan(p *Pack, s *State, area string, goal Term) bool {
	for _, o := range s.Objects {
		if (o.Area == area || o.Area == Inventory) && p.Matches(o.Item, o.Props, goal) {
			return true
		}
	}
	return false
}

// movesScan returns the manager's moves as the engine makes them without an index by area.
func movesScan(m *Manager) []Move {
	defer func(n int) { indexFrom = n }(indexFrom)
	indexFrom = len(m.State.Objects) + 1
	return m.Moves()
}
