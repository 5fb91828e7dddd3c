package puzzle

import (
	"fmt"
	"strings"
	"testing"
)

func TestTrackedRestore(t *testing.T) {
	r := &Rule{Action: "A", Outputs: []Term{{Type: "X"}}, Inputs: []Term{{Type: "Y"}}}
	m := NewManager(&Pack{}, NewState(nil), TreeRules, nil)
	tr, err := m.Track("Hall", Term{Type: "X"}, []TreeRule{{Rule: r, Parent: -1}, {Rule: r, Parent: 0}})
	if err != nil {
		t.Fatal(err)
	}
	if got := tr.Leaves(); len(got) != 1 || got[0] != 1 {
		t.Fatalf("leaves %v, want [1]", got)
	}
	if err := tr.Restore([]int{1}, false); err != nil {
		t.Fatal(err)
	}
	if !tr.Done(1) || tr.Done(0) || tr.Done(7) {
		t.Errorf("done: %v %v %v", tr.Done(0), tr.Done(1), tr.Done(7))
	}
	if got := tr.Leaves(); len(got) != 1 || got[0] != 0 {
		t.Errorf("leaves after restore %v, want [0]", got)
	}
	if err := tr.Restore([]int{2}, false); err == nil {
		t.Error("restoring node 2 of 2 gave no error")
	}
}

// Goals belong to their areas: an object achieving one area's goal does not achieve another's in a different area.
func TestGoalAchievedIsPerArea(t *testing.T) {
	p := &Pack{Items: map[string]*Item{"Chest": {Name: "Chest"}, "Coin": {Name: "Coin", Props: Props{PropCarryable: Bool(true)}}}}
	s := NewState([]Object{{ID: 1, Item: "Chest", Area: "A", Props: Props{"open": Bool(true)}}, {ID: 2, Item: "Coin", Area: Inventory}})
	open := Term{Type: "Chest", Props: Props{"open": Bool(true)}}
	if !p.GoalAchieved(s, "A", open) || p.GoalAchieved(s, "B", open) {
		t.Error("the open chest in A must achieve A's goal and not B's")
	}
	if !p.GoalAchieved(s, "B", Term{Type: "Coin"}) {
		t.Error("a coin in the inventory achieves a coin goal anywhere")
	}
}

// Areas made from one template share rules: a move in one area completes a leaf of that area's puzzle only, and in
// tree mode a rule that is a leaf elsewhere is not offered here.
func TestManagerMarksTheMovesOwnArea(t *testing.T) {
	p := &Pack{Items: map[string]*Item{"Crate": {Name: "Crate"}, "Key": {Name: "Key", Props: Props{PropCarryable: Bool(true)}}}}
	open := &Rule{Index: 0, Action: "Open", Outputs: []Term{{Type: "Crate", Props: Props{"open": Bool(true)}}},
		Inputs: []Term{{Type: "Crate"}, {Type: "Key"}}}
	p.Rules = []*Rule{open}
	s := NewState([]Object{{ID: 1, Item: "Crate", Area: "A"}, {ID: 2, Item: "Key", Area: "A"}, {ID: 3, Item: "Crate", Area: "B"}})
	m := NewManager(p, s, TreeRules, nil)
	goal := Term{Type: "Crate", Props: Props{"open": Bool(true)}}
	a, _ := m.Track("A", goal, []TreeRule{{Rule: open, Parent: -1}})
	b, _ := m.Track("B", goal, []TreeRule{{Rule: open, Parent: -1}})
	if _, achieved, err := m.Do(Move{Rule: open, Inputs: []int{1, 2}}); err != nil || len(achieved) != 1 || achieved[0] != "A" {
		t.Fatalf("open in A: achieved %v, %v", achieved, err)
	}
	if !a.Done(0) || b.Done(0) || b.Achieved {
		t.Errorf("after opening A's crate: A done %v, B done %v, B achieved %v", a.Done(0), b.Done(0), b.Achieved)
	}
}

// MovesIn offers the moves of one area, with moves made only of carried objects made in that area even when the
// pack does not declare it (in game, areas are instances of templates).
func TestMovesInOneArea(t *testing.T) {
	p := &Pack{Items: map[string]*Item{
		"Crate": {Name: "Crate"},
		"Key":   {Name: "Key", Props: Props{PropCarryable: Bool(true)}},
		"Stone": {Name: "Stone"},
	}, Areas: []*Area{{Name: "Yard"}}}
	open := &Rule{Action: "Open", Outputs: []Term{{Type: "Crate", Props: Props{"open": Bool(true)}}}, Inputs: []Term{{Type: "Crate"}, {Type: "Key"}}}
	drop := &Rule{Index: 1, Action: "Drop", Outputs: []Term{{Type: "Stone"}}, Inputs: []Term{{Type: "Key"}}}
	p.Rules = []*Rule{open, drop}
	s := NewState([]Object{{ID: 1, Item: "Crate", Area: "3,4"}, {ID: 2, Item: "Key", Area: Inventory}, {ID: 3, Item: "Crate", Area: "9,9"}})
	m := NewManager(p, s, AllRules, nil)
	var got []string
	for _, mv := range m.MovesIn("3,4") {
		got = append(got, fmt.Sprintf("%s %v %s", mv.Rule.Action, mv.Inputs, mv.Area))
	}
	want := []string{"Open [1 2] ", "Drop [2] 3,4", "PutDown [2] 3,4"}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("moves in 3,4: %q, want %q", got, want)
	}
}
