package puzzle

import (
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"slices"
	"testing"
)

// The indexes by area and by item stay equal to the objects' areas and items through moves, additions, removals and copies, and a copy
// keeps its own: a game of many areas played at random in all-rules mode, checked after every step.
func TestAreaIndexFollowsTheState(t *testing.T) {
	p := heist(t)
	var objs []Object
	for a := range 80 {
		objs = append(objs, heistIn(a, fmt.Sprintf("A%d", a))...)
		objs = append(objs, Object{ID: a*10 + 6, Item: "Eggs", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}},
			Object{ID: a*10 + 7, Item: "Basket", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}},
			Object{ID: a*10 + 8, Item: "Badge", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}})
	}
	m := NewManager(p, NewState(objs), AllRules, nil)
	rng := rand.New(rand.NewPCG(3, 4))
	var copies []*State
	var frozen []string // what each copy held when made
	for step := range 400 {
		switch k := rng.IntN(20); {
		case k == 0:
			m.Add(Object{Item: "Gold", Area: fmt.Sprintf("A%d", rng.IntN(90)), Props: Props{"carryable": Bool(true)}})
		case k == 1:
			area := fmt.Sprintf("A%d", rng.IntN(80))
			m.Remove(func(o Object) bool { return o.Area == area && o.Item == "Eggs" })
		case k == 2:
			c := m.State.Clone()
			copies = append(copies, c)
			frozen = append(frozen, c.String())
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
			checkChunks(t, fmt.Sprintf("step %d, state %d", step, i), s)
			if i < len(frozen) && s.String() != frozen[i] {
				t.Fatalf("step %d: copy %d changed with the state it was copied from", step, i)
			}
		}
	}
}

// heistIn returns the heist's leaves (heistWorld) as the a-th copy of them, in area: ids a*10+1 to a*10+5, the
// carried ones in the inventory.
func heistIn(a int, area string) []Object {
	objs := heistWorld()
	for i := range objs {
		objs[i].ID += a * 10
		if objs[i].Area != Inventory {
			objs[i].Area = area
		}
	}
	return objs
}

// checkChunks fails unless s's chunks hold its objects in id order, none empty, as many as it counts.
func checkChunks(t *testing.T, where string, s *State) {
	t.Helper()
	n, last := 0, 0
	for _, c := range s.chunks {
		if len(c.objs) == 0 || len(c.objs) >= 2*stateChunk {
			t.Fatalf("%s: a chunk of %d objects", where, len(c.objs))
		}
		for _, o := range c.objs {
			if o.ID <= last {
				t.Fatalf("%s: object %d after %d", where, o.ID, last)
			}
			last = o.ID
			n++
		}
	}
	if n != s.Len() {
		t.Fatalf("%s: %d objects in the chunks, %d counted", where, n, s.Len())
	}
	for o := range s.All() {
		if got, ok := s.Object(o.ID); !ok || got.ID != o.ID {
			t.Fatalf("%s: object %d not found", where, o.ID)
		}
	}
}

// checkAreaIndex fails unless s's indexes by area and by item list exactly the ids of the objects in each area and
// of each item's range of ids, in id order.
func checkAreaIndex(t *testing.T, where string, s *State) {
	t.Helper()
	byArea, byItem := map[string][]int{}, map[itemBucket][]int{}
	for _, o := range s.Objects() {
		byArea[o.Area] = append(byArea[o.Area], o.ID)
		byItem[bucketOf(o)] = append(byItem[bucketOf(o)], o.ID)
	}
	if s.byArea == nil || s.byItem == nil {
		t.Fatalf("%s: no index kept for %d objects", where, s.Len())
	}
	if got := maps.Collect(s.byArea.all()); !maps.EqualFunc(got, byArea, slices.Equal) {
		t.Fatalf("%s: index by area %v, want %v", where, got, byArea)
	}
	if got := maps.Collect(s.byItem.buckets.all()); !maps.EqualFunc(got, byItem, slices.Equal) {
		t.Fatalf("%s: index by item %v, want %v", where, got, byItem)
	}
	spans := map[string][]int{}
	for _, b := range slices.SortedFunc(maps.Keys(byItem), func(a, b itemBucket) int { return a.span - b.span }) {
		spans[b.item] = append(spans[b.item], b.span)
	}
	if got := maps.Collect(s.byItem.spans.all()); !maps.EqualFunc(got, spans, slices.Equal) {
		t.Fatalf("%s: the ranges of ids each item has objects in %v, want %v", where, got, spans)
	}
}

// A goal, the moves and the places are the same whether the state keeps an index by area or not.
func TestAreaIndexAnswersAsAScan(t *testing.T) {
	p := heist(t)
	var objs []Object
	for a := range 60 {
		objs = append(objs, heistIn(a, fmt.Sprintf("A%d", a%7))...)
	}
	big := NewManager(p, NewState(objs), AllRules, nil)
	small := NewManager(p, withoutIndex(func() *State { return NewState(objs) }), AllRules, nil)
	if big.State.byArea == nil || small.State.byArea != nil {
		t.Fatal("the test needs one state with an index and one without")
	}
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
	for i := range s.Objects() {
		if o := &s.Objects()[i]; o.Area == Inventory || slices.Contains(places, o.Area) {
			out = append(out, o)
		}
	}
	return out
}

func goalScan(p *Pack, s *State, area string, goal Term) bool {
	for _, o := range s.Objects() {
		if (o.Area == area || o.Area == Inventory) && p.Matches(o.Item, o.Props, goal) {
			return true
		}
	}
	return false
}

// movesScan returns the manager's moves, made on a state without an index by area.
func movesScan(m *Manager) []Move {
	return m.Moves()
}

// withoutIndex returns the state make makes while states keep no index by area.
func withoutIndex(make func() *State) *State {
	defer func(n int) { indexFrom = n }(indexFrom)
	indexFrom = math.MaxInt
	return make()
}

// A state's chunks split as they grow and go as they empty, keep the objects in id order, and are copied before a
// change while a copy shares them: random additions, removals and changes checked against a plain list.
func TestStateChunksFollowAList(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	s, want := NewState(nil), map[int]Object{}
	var copies []*State
	var frozen []string
	for step := range 6000 {
		id := 1 + rng.IntN(3000)
		o := Object{ID: id, Item: "Rock", Area: fmt.Sprintf("A%d", rng.IntN(9))}
		switch _, ok := want[id]; {
		case !ok:
			s.insert(o)
			want[id] = o
		case rng.IntN(2) == 0:
			s.remove(id)
			delete(want, id)
		default:
			s.replace(o)
			want[id] = o
		}
		if step%500 == 0 {
			copies, frozen = append(copies, s.Clone()), append(frozen, s.String())
		}
	}
	checkChunks(t, "end", s)
	checkAreaIndex(t, "end", s)
	if len(want) != s.Len() {
		t.Fatalf("%d objects, want %d", s.Len(), len(want))
	}
	for id, o := range want {
		if got, ok := s.Object(id); !ok || got.String() != o.String() {
			t.Fatalf("object %d: %v, want %v", id, got, o)
		}
	}
	for i, c := range copies {
		checkChunks(t, fmt.Sprint("copy ", i), c)
		if c.String() != frozen[i] {
			t.Fatalf("copy %d changed with the state", i)
		}
	}
	if len(s.chunks) < 3 {
		t.Fatalf("%d chunks for %d objects: the test does not make them split", len(s.chunks), s.Len())
	}
	checkInAreas(t, s, want, "A1")
	checkInAreas(t, s, want, "A2", "A7", "A2")
	gone := s.removeIf(func(o Object) bool { return o.Area != "A0" })
	checkChunks(t, "after removeIf", s)
	checkAreaIndex(t, "after removeIf", s)
	for o := range s.All() {
		if o.Area != "A0" {
			t.Fatalf("%v kept", o)
		}
	}
	if len(gone)+s.Len() != len(want) {
		t.Fatalf("removed %d, kept %d of %d", len(gone), s.Len(), len(want))
	}
}

// checkInAreas checks that inAreas yields exactly the objects of want lying in areas, each once, in id order.
func checkInAreas(t *testing.T, s *State, want map[int]Object, areas ...string) {
	t.Helper()
	var got, ids []int
	for o := range s.inAreas(areas...) {
		got = append(got, o.ID)
	}
	for id, o := range want {
		if slices.Contains(areas, o.Area) {
			ids = append(ids, id)
		}
	}
	slices.Sort(ids)
	if !slices.Equal(got, ids) {
		t.Fatalf("objects in %v: %v, want %v", areas, got, ids)
	}
}
