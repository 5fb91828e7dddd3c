package words

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
		if got := Term(p, term); got != c.want {
			t.Errorf("%s reads %q, want %q", c.term, got, c.want)
		}
	}
	door := puzzle.Object{ID: 1, Item: "OakDoor", Props: puzzle.Props{"locked": puzzle.Bool(false), "open_bit": puzzle.Bool(false)}}
	if got := Object(p, door); got != "the unlocked oak door" {
		t.Errorf("the door reads %q", got)
	}
}

// wordsPack has items with the pack's words: a singular with its article, a mass noun, a plural noun, a state's
// own phrase, and items with none.
const wordsPack = `items:
  Bread:     {props: {carryable: true}, words: {a: loaf of bread, some: loaves of bread}}
  Wool:      {props: {carryable: true}, words: {some: wool}}
  Planks:    {props: {carryable: true}, words: {some: planks}}
  Lectern:
    props: {hasBook: false}
    words: {when: [{if: {hasBook: true}, a: lectern holding a book}]}
  BirchLog:  {props: {carryable: true}}
  WanderingTrader: {look: {entity: wandering_trader}}
  Sheep:     {props: {sheared: false}, look: {entity: sheep}}
  Bucket:    {props: {carryable: true}}
  Water:     {words: {some: water}}
  TNTBarrel: {}
rules: |
  Lectern[hasBook: true] ::= Place Lectern BirchLog
areas:
  - {name: A, start: true, goals: [Bread]}
`

// Names read as English: the pack's forms with their articles, a state's own phrase, and names derived from
// identifiers.
func TestNamesReadAsEnglish(t *testing.T) {
	p, err := puzzle.LoadBytes("words.yaml", []byte(wordsPack))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ term, want string }{
		{"Bread", "a loaf of bread"},
		{"Wool", "some wool"},
		{"Planks", "some planks"},
		{"Lectern[hasBook: true]", "a lectern holding a book"},
		{"Lectern", "a lectern"},
		{"BirchLog", "a birch log"},
		{"WanderingTrader", "a wandering trader"},
		{"Sheep[sheared: true]", "a sheared sheep"},
		{"Bucket[contains: Water]", "a bucket of water"},
		{"TNTBarrel", "a TNT barrel"},
	} {
		term, err := puzzle.ParseTerm(c.term, puzzle.Pos{})
		if err != nil {
			t.Fatal(err)
		}
		if got := Term(p, term); got != c.want {
			t.Errorf("%s reads %q, want %q", c.term, got, c.want)
		}
	}
	for item, want := range map[string]string{"BirchLog": "Birch Log", "WanderingTrader": "Wandering Trader",
		"Bread": "Loaf of Bread", "Wool": "Wool", "TNTBarrel": "TNT Barrel"} {
		if got := DisplayName(p.Items[item]); got != want {
			t.Errorf("%s is named %q, want %q", item, got, want)
		}
	}
	sheep := puzzle.Object{ID: 1, Item: "Sheep", Props: puzzle.Props{"sheared": puzzle.Bool(true)}}
	if got := NPCName(p.Items["Sheep"], sheep); got != "§eSheared Sheep" {
		t.Errorf("a sheared sheep's name tag is %q", got)
	}
	trader := puzzle.Object{ID: 2, Item: "WanderingTrader", Props: puzzle.Props{}}
	if got := NPCName(p.Items["WanderingTrader"], trader); got != "§eWandering Trader" {
		t.Errorf("the trader's name tag is %q", got)
	}
	lectern := puzzle.Object{ID: 3, Item: "Lectern", Props: puzzle.Props{"hasBook": puzzle.Bool(true)}}
	if got := Object(p, lectern); got != "the lectern holding a book" {
		t.Errorf("the lectern reads %q", got)
	}
}
