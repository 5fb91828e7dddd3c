package words

import (
	"regexp"
	"slices"
	"testing"

	"riddlestone/puzzle"
)

// Every line of the default pack fills for every rule of its action and reads as words: no engine syntax, no
// placeholder left, no type name written as one word.
func TestDefaultPackTextReadsAsWords(t *testing.T) {
	p, err := puzzle.Load("../../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	engine := regexp.MustCompile(`[\[\]{}]|notSpawnable|carryable|[a-z][A-Z]|\b(the|an?) [a-z']+ [A-Z]`)
	check := func(what, line string, ok bool) {
		t.Helper()
		if !ok || line == "" || engine.MatchString(line) {
			t.Errorf("%s reads %q (filled: %v)", what, line, ok)
		}
	}
	lines := 0
	for _, r := range slices.Concat(p.Rules, p.FailRules) {
		n := TermNarration(p, r, nil, nil)
		n.Area, n.Player = "village", "Alex"
		line, ok := n.Say(TextOf(p, r.Action).DoneFor(p, r, 0))
		check(r.String()+" done", line, ok)
		if ask := TextOf(p, r.Action).Ask; ask != nil && n.NPC.Words != "" {
			line, ok := n.Say(ask)
			check(r.String()+" ask", line, ok)
		}
		lines++
	}
	for name, txt := range p.Texts {
		if txt.Say != nil {
			line, ok := Narration{Item: itemNoun(p, name), Area: "village", Player: "Alex"}.Say(txt.Say)
			check(name+" say", line, ok)
			lines++
		}
	}
	if lines < 60 {
		t.Errorf("checked %d lines of the default pack, want every rule's and every say line", lines)
	}
}
