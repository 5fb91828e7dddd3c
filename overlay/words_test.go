package overlay

import (
	"testing"

	"riddlestone/puzzle"
)

// Players read terms and objects as words, never engine syntax: no brackets, no engine-only properties.
func TestTermsReadAsWords(t *testing.T) {
	p, err := puzzle.LoadBytes("words.yaml", []byte(`items:
  Campfire: {props: {lit: false}}
  OakDoor:  {props: {locked: true, open_bit: false}, look: {block: wooden_door, name: oak door}}
  FishingRod: {props: {carryable: true}}
  Apple: {props: {carryable: true, notSpawnable: true}}
rules: |
  FishingRod ::= Make Apple
areas:
  - {name: A, start: true, goals: ["Campfire[lit: true]"]}
`))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		term string
		want string
	}{
		{"Campfire[lit: true]", "a lit campfire"},
		{"Campfire[lit: false]", "an unlit campfire"},
		{"OakDoor[locked: false]", "an unlocked oak door"},
		{"OakDoor[open_bit: true]", "an open oak door"},
		{"FishingRod", "a fishing rod"},
		{"Apple[carryable: true]", "an apple"},
	} {
		term, err := puzzle.ParseTerm(c.term, puzzle.Pos{})
		if err != nil {
			t.Fatal(err)
		}
		if got := termWords(p, term); got != c.want {
			t.Errorf("%s reads %q, want %q", c.term, got, c.want)
		}
	}
	door := puzzle.Object{ID: 1, Item: "OakDoor", Props: puzzle.Props{"locked": puzzle.Bool(false), "open_bit": puzzle.Bool(false)}}
	if got := objectWords(p, door); got != "the unlocked oak door" {
		t.Errorf("the door reads %q", got)
	}
}
