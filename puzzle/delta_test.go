package puzzle

import (
	"math/rand/v2"
	"reflect"
	"testing"
)

// replayDelta applies a delta to a copy of objects by id, as a store of records would.
func replayDelta(objs map[int]Object, d Delta) {
	for _, o := range d.Removed {
		delete(objs, o.ID)
	}
	for _, o := range d.Objects() {
		objs[o.ID] = o
	}
}

func byID(s *State) map[int]Object {
	out := map[int]Object{}
	for _, o := range s.Objects() {
		out[o.ID] = o
	}
	return out
}

// TestPlayDeltaIsTheWholeChange walks the heist at random in all-rules mode: every delta, applied to the records of
// the state before, gives exactly the state after. A store that writes only deltas stays equal to memory.
func TestPlayDeltaIsTheWholeChange(t *testing.T) {
	p := heist(t)
	for seed := range uint64(50) {
		rng := rand.New(rand.NewPCG(seed, 1))
		m := NewManager(p, NewState(heistWorld()), AllRules, nil)
		if _, err := m.Track("Street", Term{Type: "Gold"}, heistTree(p)); err != nil {
			t.Fatal(err)
		}
		records := byID(m.State)
		for step := 0; step < 30; step++ {
			moves := m.Moves()
			if len(moves) == 0 {
				break
			}
			d, err := m.Play(moves[rng.IntN(len(moves))])
			if err != nil {
				t.Fatalf("seed %d step %d: %v", seed, step, err)
			}
			replayDelta(records, d)
			if got := byID(m.State); !reflect.DeepEqual(got, records) {
				t.Fatalf("seed %d step %d: records %v\nstate %v", seed, step, records, got)
			}
			if m.State.Failed != nil {
				t.Fatalf("seed %d: a failed attempt stayed in the state", seed)
			}
		}
	}
}

// TestCloneIsIndependent plays on a clone and checks the original did not move.
func TestCloneIsIndependent(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(heistWorld()), TreeRules, nil)
	tr, err := m.Track("Street", Term{Type: "Gold"}, heistTree(p))
	if err != nil {
		t.Fatal(err)
	}
	before := m.State.String()
	c := m.Clone(nil)
	if _, err := c.Play(Move{Rule: rule(p, "CreateDisguise"), Inputs: []int{4, 5}}); err != nil {
		t.Fatal(err)
	}
	if m.State.String() != before || tr.Done(4) {
		t.Fatalf("playing on the clone changed the original:\n%s", m.State)
	}
	if !c.Puzzles[0].Done(4) {
		t.Fatal("the clone did not record its own progress")
	}
	// And the other way: the original plays after the copy, which shares its tracked puzzle until then.
	d := m.Clone(nil)
	if _, err := m.Play(Move{Rule: rule(p, "CreateDisguise"), Inputs: []int{4, 5}}); err != nil {
		t.Fatal(err)
	}
	if d.Puzzles[0].Done(4) || d.Tracking("Street").Done(4) || tr.Done(4) {
		t.Fatal("playing on the original changed its copy's progress (or the Tracked the original shared)")
	}
	if now := m.Tracking("Street"); now == nil || !now.Done(4) || now == tr {
		t.Fatalf("the original tracks %v after its move, want a Tracked of its own with node 4 done", now)
	}
}

// TestAddAndRemove adds objects with and without ids and removes some.
func TestAddAndRemove(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(heistWorld()), TreeRules, nil)
	next := m.State.NextID
	d := m.Add(Object{Item: "Guard", Area: "Street"}, Object{ID: next + 5, Item: "Guard", Area: "Street"}, Object{ID: 1, Item: "Guard"})
	if len(d.Created) != 2 || d.Created[0].ID != next || m.State.NextID != next+6 {
		t.Fatalf("created %v, next id %d", d.Created, m.State.NextID)
	}
	d = m.Remove(func(o Object) bool { return o.ID >= next })
	if len(d.Removed) != 2 {
		t.Fatalf("removed %v", d.Removed)
	}
	if _, ok := m.State.Object(next); ok {
		t.Fatal("removed object still there")
	}
}

// Tracking finds each area's puzzle by its index, kept up to date as puzzles are tracked and untracked, on a
// manager and on its copies, and finds none for an area without one.
func TestTrackingFollowsTrackAndUntrack(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(heistWorld()), TreeRules, nil)
	var tracked []*Tracked
	for _, area := range []string{"A", "B", "C"} {
		tr, err := m.Track(area, Term{Type: "Gold"}, heistTree(p))
		if err != nil {
			t.Fatal(err)
		}
		tracked = append(tracked, tr)
	}
	if m.Tracking("B") != tracked[1] || m.Tracking("D") != nil {
		t.Fatalf("Tracking B: %v, D: %v", m.Tracking("B"), m.Tracking("D"))
	}
	c := m.Clone(nil)
	m.Untrack(tracked[0])
	if m.Tracking("A") != nil || m.Tracking("C") != tracked[2] {
		t.Fatalf("after untracking A: A %v, C %v", m.Tracking("A"), m.Tracking("C"))
	}
	if c.Tracking("A") != tracked[0] || c.Tracking("C") != tracked[2] {
		t.Fatal("untracking on the original changed what its copy tracks")
	}
	if _, err := c.Track("D", Term{Type: "Gold"}, heistTree(p)); err != nil {
		t.Fatal(err)
	}
	if c.Tracking("D") == nil || m.Tracking("D") != nil {
		t.Fatalf("D tracked on the copy: copy %v, original %v", c.Tracking("D"), m.Tracking("D"))
	}
}

// An object added with its item's properties shares the item's map; one with other properties keeps its own.
func TestAddSharesTheItemsProperties(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(nil), TreeRules, nil)
	var item *Item
	for _, it := range p.Items {
		if len(it.Props) > 0 {
			item = it
			break
		}
	}
	if item == nil {
		t.Fatal("the heist pack has no item with properties")
	}
	d := m.Add(Object{Item: item.Name, Area: "Street", Props: item.Props.Clone()},
		Object{Item: item.Name, Area: "Street", Props: item.Props.With(Props{"odd": Bool(true)})})
	same := func(a, b Props) bool { return reflect.ValueOf(a).Pointer() == reflect.ValueOf(b).Pointer() }
	if len(d.Created) != 2 || !same(d.Created[0].Props, item.Props) || same(d.Created[1].Props, item.Props) {
		t.Fatalf("created %v: the first should share %s's map, the second keep its own", d.Created, item.Name)
	}
}

// Put replaces an object through the state: a copy made before keeps the old object, and the index by area follows
// the object's new place; an object the game does not have is added.
func TestPutReplacesThroughTheState(t *testing.T) {
	p := heist(t)
	objs := heistWorld()
	for i := range indexFrom { // enough objects for the state to keep its index by area
		objs = append(objs, Object{ID: 1000 + i, Item: "Guard", Area: "Far"})
	}
	m := NewManager(p, NewState(objs), TreeRules, nil)
	c := m.Clone(nil)
	moved := objs[0]
	moved.Area = "Elsewhere"
	m.Put(moved)
	if got, _ := c.State.Object(moved.ID); got.Area != objs[0].Area {
		t.Fatalf("the copy's object moved with the original's: %v", got)
	}
	if ids := m.State.InAreas("Elsewhere"); len(ids) != 1 || ids[0].ID != moved.ID {
		t.Fatalf("the index by area has %v in Elsewhere, want object %d", ids, moved.ID)
	}
	m.Put(Object{ID: 5000, Item: "Guard", Area: "Far"})
	if _, ok := m.State.Object(5000); !ok || m.State.NextID != 5001 {
		t.Fatalf("Put of a new object: next id %d", m.State.NextID)
	}
}

// RemoveIDs takes out the objects of the ids given, once each, reports them in id order, and ignores unknown ids.
func TestRemoveIDs(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(heistWorld()), TreeRules, nil)
	before := m.State.Len()
	d := m.RemoveIDs(3, 1, 3, 999)
	if len(d.Removed) != 2 || d.Removed[0].ID != 1 || d.Removed[1].ID != 3 || m.State.Len() != before-2 {
		t.Fatalf("removed %v, %d objects left of %d", d.Removed, m.State.Len(), before)
	}
	if _, ok := m.State.Object(1); ok {
		t.Fatal("object 1 is still there")
	}
}
