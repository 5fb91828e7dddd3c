package puzzle

import (
	"slices"
	"testing"
)

// TestDefaultPackHasText checks that every action of the default pack has a done line, that every action done
// with a person has an ask line or the person a say line, and that every person and animal has a say line.
func TestDefaultPackHasText(t *testing.T) {
	p, err := Load("../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	if errs, warns := Validate(p); len(errs)+len(warns) > 0 {
		t.Fatalf("the default pack's text does not validate:\n%v\n%v", errs, warns)
	}
	for _, r := range slices.Concat(p.Rules, p.FailRules) {
		if txt := p.Texts[r.Action]; txt == nil || len(txt.Done) == 0 {
			t.Errorf("%s: the action %s has no done line", r.Pos, r.Action)
		}
	}
	people := 0
	for _, name := range p.ItemOrder {
		if !p.IsA(name, "NPC") && !p.Creature(name) {
			continue
		}
		people++
		if txt := p.Texts[name]; txt == nil || txt.Say == nil {
			t.Errorf("%s: %s says nothing: give it a say line", p.Items[name].Pos, name)
		}
	}
	if people < 7 {
		t.Errorf("found %d people and animals in the default pack, want at least the 7 NPCs", people)
	}
}
