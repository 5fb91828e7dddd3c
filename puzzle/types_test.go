package puzzle

import "testing"

func testPack() *Pack {
	p := &Pack{Items: map[string]*Item{}}
	add := func(name string, isa ...string) {
		p.Items[name] = &Item{Name: name, Isa: isa}
		p.ItemOrder = append(p.ItemOrder, name)
	}
	add("PineTree", "Tree", "Plant")
	add("Oak", "Tree", "Plant")
	add("Safe", "Container")
	add("GoldSafe", "Safe")
	add("Barrel", "Container")
	return p
}

func TestTypesFollowIsaThroughItems(t *testing.T) {
	p := testPack()
	for _, tc := range []struct {
		item, typ string
		want      bool
	}{
		{"GoldSafe", "GoldSafe", true},
		{"GoldSafe", "Safe", true},
		{"GoldSafe", "Container", true},
		{"GoldSafe", TypeItem, true},
		{"Safe", "GoldSafe", false},
		{"PineTree", "Container", false},
		{"Nothing", TypeItem, false},
	} {
		if got := p.IsA(tc.item, tc.typ); got != tc.want {
			t.Errorf("IsA(%s, %s) = %v, want %v", tc.item, tc.typ, got, tc.want)
		}
	}
}

func TestSubTypeOfGenericTypes(t *testing.T) {
	p := testPack()
	for _, tc := range []struct {
		sub, super string
		want       bool
	}{
		{"Tree", "Plant", true}, // every tree is a plant
		{"Plant", "Tree", true}, // and here every plant is a tree too
		{"PineTree", "Tree", true},
		{"Tree", "PineTree", false},
		{"Tree", TypeItem, true},
		{"Unicorn", "Tree", false}, // no item is a unicorn
		{"Container", "Safe", false},
	} {
		if got := p.SubType(tc.sub, tc.super); got != tc.want {
			t.Errorf("SubType(%s, %s) = %v, want %v", tc.sub, tc.super, got, tc.want)
		}
	}
}

func TestMatchesTreatsMissingBooleanAsFalse(t *testing.T) {
	p := testPack()
	term := Term{Type: "Safe", Props: Props{"locked": Bool(false)}}
	if !p.Matches("GoldSafe", nil, term) {
		t.Error("an item without 'locked' should match locked: false")
	}
	if p.Matches("GoldSafe", Props{"locked": Bool(true)}, term) {
		t.Error("a locked safe matched locked: false")
	}
	if p.Matches("Oak", nil, term) {
		t.Error("an oak matched a Safe term")
	}
}

func TestRuleString(t *testing.T) {
	r := &Rule{
		Outputs: []Term{{Type: "Safe", Props: Props{"locked": Bool(false)}}, {Type: "Badge"}},
		Action:  "Unlock",
		Inputs:  []Term{{Type: "Safe", Props: Props{"locked": Bool(true)}}, {Type: "Badge"}},
	}
	if got, want := r.String(), "Safe[locked: false] Badge ::= Unlock Safe[locked: true] Badge"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	if got := String("two words").String(); got != `"two words"` {
		t.Errorf("quoted string: got %s", got)
	}
}
