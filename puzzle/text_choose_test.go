package puzzle

import (
	"strings"
	"testing"
)

// doneListPack has a craft with one ingredient and one with two, told by a list of lines.
const doneListPack = `items:
  Table: {look: {block: crafting_table}}
  Stick: {props: {carryable: true}, look: {item: stick}}
  Coal:  {props: {carryable: true}, look: {item: coal}}
  Torch: {props: {carryable: true}, look: {item: torch}}
  Plank: {props: {carryable: true}, look: {item: oak_planks}}
  Cat:   {look: {entity: cat}}
rules: |
  Torch Table ::= Craft Table Coal Stick
  Stick Table ::= Craft Table Plank
  Coal Cat ::= Trade Cat Plank
areas:
  - {name: Hall, start: true, goals: [Torch], maxDepth: 2}
text:
  Craft:
    done:
      - "At the table, {the input2} becomes {the output}."
      - "At the table, {the input2} and {the input3} become {the output}."
  Cat: {say: "The cat purrs.", wants: "The cat sniffs for fish in {the area}."}
`

func TestDoneListsChooseALineNamingEveryInput(t *testing.T) {
	p, errs := CheckBytes("pack.yaml", []byte(doneListPack))
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	txt := p.Texts["Craft"]
	if len(txt.Done) != 2 || p.Texts["Cat"].Wants == nil {
		t.Fatalf("want two done lines and a wants line: %+v", txt)
	}
	torch, stick := p.Rules[0], p.Rules[1]
	for key := range uint64(4) {
		if got := txt.DoneFor(p, torch, key); got != txt.Done[1] {
			t.Errorf("key %d: the torch's line is %q, want the one naming coal and stick", key, got.Src)
		}
		if got := txt.DoneFor(p, stick, key); got != txt.Done[0] {
			t.Errorf("key %d: the stick's line is %q, want the one line it fills", key, got.Src)
		}
	}
	if !p.NamesAll(torch, txt.Done[1]) || p.NamesAll(torch, txt.Done[0]) {
		t.Error("NamesAll: the first line leaves out the stick, the second names both")
	}
}

func TestDoneListErrors(t *testing.T) {
	for _, tc := range []struct{ name, old, new, want string }{
		{"a line no rule fits", `"At the table, {the input2} becomes {the output}."`, `"At the table, {the input4} becomes {the output}."`,
			"pack.yaml:17:29: {the input4} has nothing to fill it: no rule of Craft has 4 inputs"},
		{"an empty list", "    done:\n      - \"At the table, {the input2} becomes {the output}.\"\n      - \"At the table, {the input2} and {the input3} become {the output}.\"", "    done: []",
			"pack.yaml:16:11: text Craft done is an empty list"},
		{"wants of an action", "  Craft:\n    done:", "  Craft:\n    wants: \"x\"\n    done:", "wants is the line of an item, but no item is named Craft"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if !strings.Contains(doneListPack, tc.old) {
				t.Fatalf("%q not in the pack", tc.old)
			}
			_, errs := CheckBytes("pack.yaml", []byte(strings.Replace(doneListPack, tc.old, tc.new, 1)))
			if !strings.Contains(errs.Error(), tc.want) {
				t.Errorf("want %q in:\n%v", tc.want, errs)
			}
		})
	}
}
