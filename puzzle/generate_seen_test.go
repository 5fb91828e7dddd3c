package puzzle

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
)

// Seen, which finds what generation looks at through the state's indexes, answers what going through every object
// with Sees answers (and keeps the extra objects asked for), in a game of many areas played at random, with and
// without the indexes: objects of the area, in the inventory, carryable in unlocked areas, in containers, and
// neither.
func TestSeenIsWhatSeesAccepts(t *testing.T) {
	p := heist(t)
	g := NewGenerator(p)
	var objs []Object
	for a := range 60 {
		objs = append(objs, heistIn(a, fmt.Sprintf("A%d", a))...)
		objs = append(objs, Object{ID: a*10 + 6, Item: "Gold", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}},
			Object{ID: a*10 + 7, Item: "Basket", Area: fmt.Sprintf("A%d", a), Props: Props{"carryable": Bool(true)}, Contained: a*10 + 8},
			Object{ID: a*10 + 8, Item: "Eggs", Area: InContainer, Props: Props{"carryable": Bool(true)}},
			Object{ID: a*10 + 9, Item: "Unknown", Area: fmt.Sprintf("A%d", a)})
	}
	objs = append(objs, Object{ID: 1000, Item: "CarAlarm", Area: Inventory, Props: Props{}}) // carried, not carryable
	m := NewManager(p, NewState(objs), AllRules, nil)
	plain := withoutIndex(func() *State { return NewState(objs) })
	if m.State.byItem == nil || plain.byItem != nil {
		t.Fatal("the test needs one state with the indexes and one without")
	}
	rng := rand.New(rand.NewPCG(7, 8))
	unlocked := func(area string) bool { return area == "A3" || area == "A40" || area == "A55" } // A55: ids past the first range
	pauses := 0                                                                                  // how often Seen called its pause: long work gives way there
	for step := range 60 {
		if moves := m.MovesIn(fmt.Sprintf("A%d", rng.IntN(60))); len(moves) > 0 {
			if _, err := m.Play(moves[rng.IntN(len(moves))]); err != nil {
				t.Fatalf("step %d: %v", step, err)
			}
			m.State.Failed = nil
		}
		area := fmt.Sprintf("A%d", rng.IntN(60))
		extra := []int{rng.IntN(700), 3, 48, 9999}
		want := seenScan(g, area, unlocked, m.State, extra)
		if len(want) == 0 {
			t.Fatalf("step %d: nothing seen in %s: the test tries nothing", step, area)
		}
		plain := withoutIndex(func() *State { return NewState(m.State.Objects()) })
		if plain.byItem != nil {
			t.Fatal("the plain state has an index")
		}
		for which, s := range map[string]*State{"indexed": m.State, "plain": plain} {
			if got := g.Seen(area, unlocked, s, extra, func() { pauses++ }); !slices.EqualFunc(got, want, sameObject) {
				t.Fatalf("step %d, %s state, area %s: seen %v, want %v", step, which, area, ids(got), ids(want))
			}
		}
	}
	if pauses == 0 {
		t.Errorf("Seen looked at over %d objects at a time and never paused", seenPauseEvery)
	}
}

// Seen reads the objects of each carryable item through the ranges of ids that item has objects in, so ids handed
// out from a network server's block (from 2^32 up, and here 2^40) cost what small ids cost. Before, it looked up
// every range of 512 ids up to the last id: 2^31 look-ups per item here, which never ended.
func TestSeenReadsIdsFarUp(t *testing.T) {
	p := heist(t)
	g := NewGenerator(p)
	const base = 1 << 40
	var objs []Object
	for a := range 60 {
		for _, o := range heistIn(a, fmt.Sprintf("A%d", a)) {
			o.ID += base
			objs = append(objs, o)
		}
	}
	m := NewManager(p, NewState(objs), AllRules, nil)
	checkAreaIndex(t, "ids from 2^40", m.State)
	unlocked := func(area string) bool { return area == "A3" }
	want := seenScan(g, "A7", unlocked, m.State, nil)
	if got := g.Seen("A7", unlocked, m.State, nil, nil); !slices.EqualFunc(got, want, sameObject) || len(want) == 0 {
		t.Fatalf("seen %v, want %v", ids(got), ids(want))
	}
}

// seenScan is Seen by going through every object.
func seenScan(g *Generator, area string, unlocked func(string) bool, s *State, extra []int) []Object {
	var out []Object
	for o := range s.All() {
		if slices.Contains(extra, o.ID) || g.Sees(area, unlocked, o) {
			out = append(out, o)
		}
	}
	return out
}

func sameObject(a, b Object) bool { return a.ID == b.ID && a.Area == b.Area && a.Item == b.Item }

func ids(objs []Object) []int {
	var out []int
	for _, o := range objs {
		out = append(out, o.ID)
	}
	return out
}
