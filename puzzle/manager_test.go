package puzzle

import (
	"slices"
	"testing"
)

// heistTree is figure 3.2: Open ← Unlock ← Steal ← {Trigger, CreateDisguise}.
func heistTree(p *Pack) []TreeRule {
	return []TreeRule{
		{Rule: rule(p, "Open"), Parent: -1},
		{Rule: rule(p, "Unlock"), Parent: 0},
		{Rule: rule(p, "Steal"), Parent: 1},
		{Rule: rule(p, "Trigger"), Parent: 2},
		{Rule: rule(p, "CreateDisguise"), Parent: 2},
	}
}

func ruleActions(rules []*Rule) []string {
	var s []string
	for _, r := range rules {
		s = append(s, r.Action)
	}
	return s
}

func TestManagerTreeModeOffersLeavesOnly(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(heistWorld()), TreeRules, nil)
	tr, err := m.Track("Street", Term{Type: "Gold"}, heistTree(p))
	if err != nil {
		t.Fatal(err)
	}
	if got := ruleActions(m.Rules()); !slices.Equal(got, []string{"Trigger", "CreateDisguise", "Smash"}) {
		t.Fatalf("rules at start: %v", got)
	}
	// Gather is a pack rule but not in the tree: refused in tree mode.
	if _, _, err := m.Do(Move{Rule: rule(p, "Steal"), Inputs: []int{2, 4}}); err == nil {
		t.Error("ran Steal before its children")
	}
	do := func(action string, ids ...int) []string {
		t.Helper()
		_, achieved, err := m.Do(Move{Rule: rule(p, action), Inputs: ids})
		if err != nil {
			t.Fatalf("%s: %v", action, err)
		}
		return achieved
	}
	do("CreateDisguise", 4, 5) // disguise 6
	if got := ruleActions(m.Rules()); !slices.Equal(got, []string{"Trigger", "Smash"}) {
		t.Fatalf("after the disguise: %v", got)
	}
	do("Trigger", 3, 2)
	if got := tr.Leaves(); !slices.Equal(got, []int{2}) {
		t.Fatalf("leaves %v, want Steal", got)
	}
	do("Steal", 2, 6) // badge 7
	do("Unlock", 1, 7)
	if achieved := do("Open", 1); !slices.Equal(achieved, []string{"Street"}) || !tr.Achieved {
		t.Fatalf("achieved %v", achieved)
	}
	if got := ruleActions(m.Rules()); !slices.Equal(got, []string{"Smash"}) {
		t.Errorf("a finished puzzle offers %v", got)
	}
}

func TestManagerAllRulesMode(t *testing.T) {
	p := heist(t)
	world := append(heistWorld(), Object{ID: 9, Item: "Eggs", Area: "Street", Props: Props{"carryable": Bool(true)}},
		Object{ID: 10, Item: "Basket", Area: "Street", Props: Props{"carryable": Bool(true)}})
	m := NewManager(p, NewState(world), AllRules, nil)
	m.Track("Street", Term{Type: "Gold"}, heistTree(p))
	if _, _, err := m.Do(Move{Rule: rule(p, "Gather"), Inputs: []int{9, 10}}); err != nil {
		t.Fatalf("a rule outside the tree is refused in all-rules mode: %v", err)
	}
	if _, _, err := m.Do(Move{Rule: rule(p, "Steal"), Inputs: []int{2, 4}}); err == nil {
		t.Error("an illegal move ran")
	}
	if _, _, err := m.Do(Move{Rule: p.FailRules[0], Inputs: []int{1}}); err != nil {
		t.Fatal(err)
	}
	if m.Failed() == nil || len(m.Moves()) != 0 {
		t.Errorf("after a fail rule: failed=%v moves=%v", m.Failed(), m.Moves())
	}
}

func TestManagerRejectsBadTree(t *testing.T) {
	p := heist(t)
	m := NewManager(p, NewState(nil), TreeRules, nil)
	if _, err := m.Track("Street", Term{Type: "Gold"}, []TreeRule{{Rule: p.Rules[0], Parent: 3}}); err == nil {
		t.Error("accepted a parent out of range")
	}
}
