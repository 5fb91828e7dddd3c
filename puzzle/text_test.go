package puzzle

import (
	"strings"
	"testing"
)

// textPack is a small pack with text; each test appends lines to its text section.
const textPack = `items:
  Farmer:  {look: {entity: villager_v2, name: Farmer}}
  Wheat:   {props: {carryable: true}, look: {item: wheat}}
  Emerald: {props: {carryable: true}, look: {item: emerald}}
  Well:    {props: {notSpawnable: true}, look: {block: water}}
rules: |
  Emerald Farmer ::= Sell Farmer Wheat
  Wheat Well ::= Sell Well
areas:
  - {name: Yard, start: true, goals: [Emerald], maxDepth: 3}
world:
  - {id: 1, item: Well, area: Yard}
text:
  Farmer: {say: "Morning, {player}. Fine weather for {the area}."}
`

// checkText checks textPack with one more line of text (line 15) and returns its problems.
func checkText(t *testing.T, line string) ErrorList {
	t.Helper()
	_, list := CheckBytes("t.yaml", []byte(textPack+line+"\n"))
	return list
}

func TestTextClean(t *testing.T) {
	list := checkText(t, `  Sell: {done: "{The npc} eyes your {input}: 'Fresh? {output}, then.'", ask: "Got {a input} for {the npc}, {player}?"}`)
	if len(list.Errors()) > 0 {
		t.Fatalf("errors in a good text: %v", list)
	}
	// The Well sells with no person: its done line falls back there, which is a warning; its ask line is never said.
	if len(list.Warnings()) != 1 || !strings.Contains(list.Warnings()[0].Error(), "t.yaml:15:") {
		t.Errorf("want one warning on line 15 for the rule that cannot fill {npc}, got %v", list)
	}
}

// TestTextErrors checks that each mistake in a text is reported at the character of the mistake.
func TestTextErrors(t *testing.T) {
	cases := []struct{ line, want string }{
		{`  Sell: {done: "x {inptu}."}`, "t.yaml:15:20: text Sell done: unknown placeholder {inptu}; did you mean input?"},
		{`  Sell: {done: "x {npc eyes you"}`, "t.yaml:15:19: text Sell done: '{' is not closed"},
		{`  Sell: {done: "x {npc {input}"}`, "t.yaml:15:19: text Sell done: '{' is not closed"},
		{`  Sell: {done: "x npc} eyes"}`, "t.yaml:15:22: text Sell done: '}' with no '{' before it"},
		{`  Sell: {done: "x {} eyes"}`, "t.yaml:15:20: text Sell done: empty placeholder {}"},
		{`  Sell: {done: "x {an inptu}"}`, "t.yaml:15:23: text Sell done: unknown placeholder {inptu}"},
		{`  Sell: {done: "x {npc2}"}`, "t.yaml:15:20: text Sell done: unknown placeholder {npc2}: only input and output are numbered, from 1"},
		{`  Sell: {done: "ok", ask: "x {some input}"}`, `t.yaml:15:31: text Sell ask: "some" is no article`},
		{`  Buy: {done: "Bought."}`, "t.yaml:15:3: text for Buy: no rule has the action Buy and no item is named so"},
		{`  Sell: {done: "x {input2}"}`, "t.yaml:15:20: {input2} has nothing to fill it: no rule of Sell has 2 inputs besides"},
		{`  Sell: {done: "x {output3}"}`, "t.yaml:15:20: {output3} has nothing to fill it: no rule of Sell has 3 outputs"},
		{`  Sell: {done: "x {item}"}`, "t.yaml:15:20: {item} is for an item's say line"},
		{`  Sell: {done: "x {the player}"}`, "t.yaml:15:20: {the player}: the player's name takes no article"},
		{`  Sell: {say: "x"}`, "t.yaml:15:10: say is the line of an item, but no item is named Sell"},
		{`  Wheat: {done: "x"}`, "t.yaml:15:11: done is a line of an action, but no rule has the action Wheat"},
		{`  Wheat: {say: "x {input}"}`, "t.yaml:15:20: {input} is for an action's lines, not the say line of the item Wheat"},
		{`  Farmer: {say: "again"}`, "t.yaml:15:3: duplicate key \"Farmer\" in text"},
		{`  Sell: {done: "x", story: "y"}`, "t.yaml:15:21: unknown key \"story\" in text Sell"},
	}
	for _, c := range cases {
		list := checkText(t, c.line)
		if len(list.Errors()) == 0 || !strings.HasPrefix(list.Errors()[0].Error(), c.want) {
			t.Errorf("%s\n got %v\nwant %s", c.line, list, c.want)
		}
	}
}

// TestTextAskNeedsAPerson checks that an ask line of an action no one is asked for is an error at its key.
func TestTextAskNeedsAPerson(t *testing.T) {
	src := strings.Replace(textPack, "Emerald Farmer ::= Sell Farmer Wheat\n", "", 1)
	_, list := CheckBytes("t.yaml", []byte(src+`  Sell: {ask: "Buy?"}`+"\n"))
	want := "t.yaml:14:10: ask is said by the person or animal an action is done with, but no rule of Sell has one"
	if !strings.Contains(list.Error(), want) {
		t.Errorf("got %v\nwant %s", list, want)
	}
}

// TestTextFill checks placeholders and braces as written, and that a missing value fills nothing.
func TestTextFill(t *testing.T) {
	tm, err := ParseTemplate("{{{the npc}}} gives {a output} to {player}", Pos{Line: 1, Col: 1})
	if err != nil {
		t.Fatal(err)
	}
	fill := func(s Slot) (string, bool) {
		switch s.Name {
		case "npc":
			return s.Article + " farmer", true
		case "output":
			return s.Article + " emerald", true
		}
		return "", false
	}
	if _, ok := tm.Fill(fill); ok {
		t.Error("filled a template whose {player} has no value")
	}
	got, ok := tm.Fill(func(s Slot) (string, bool) {
		if s.Name == "player" {
			return "Alex", true
		}
		return fill(s)
	})
	if want := "{the farmer} gives a emerald to Alex"; !ok || got != want {
		t.Errorf("filled %q, want %q", got, want)
	}
	if s := tm.Slots(); len(s) != 3 || s[0].Pos.Col != 8 || s[0].At.Col != 3 || s[1].String() != "{a output}" {
		t.Errorf("slots %+v", s)
	}
}

// TestTextLayers checks that a later layer replaces text only with replace: true, as it does items.
func TestTextLayers(t *testing.T) {
	base, err := LoadBytes("base.yaml", []byte(textPack))
	if err != nil {
		t.Fatal(err)
	}
	later := func(src string) ErrorList {
		p := emptyPack()
		var errs ErrorList
		p.mergeLayer(base, 0, &errs)
		p.mergeLayer(parseFile("mod.yaml", []byte(src), &errs), 1, &errs)
		return errs
	}
	if errs := later("text:\n  Farmer: {say: \"Hello.\"}\n"); len(errs) != 1 || !strings.Contains(errs[0].Error(), "mod.yaml:2:3: text for Farmer already given at base.yaml:14:3 (to replace it, say replace: true)") {
		t.Errorf("replacing without replace: %v", errs)
	}
	if errs := later("text:\n  Farmer: {replace: true, say: \"Hello.\"}\n"); len(errs) != 0 {
		t.Errorf("replacing with replace: %v", errs)
	}
	if errs := later("text:\n  Wheat: {replace: true, say: \"Hello.\"}\n"); len(errs) != 1 || errs[0].Hint != HintLayered {
		t.Errorf("replacing nothing: %v", errs)
	}
	if errs := later("remove:\n  text: [Farmer]\ntext:\n  Farmer: {say: \"Hello.\"}\n"); len(errs) != 0 {
		t.Errorf("removing and giving anew: %v", errs)
	}
	if errs := later("remove:\n  text: [Wheat]\n"); len(errs) != 1 || !strings.Contains(errs[0].Error(), `mod.yaml:2:10: remove: no earlier pack declares text "Wheat"`) {
		t.Errorf("removing nothing: %v", errs)
	}
}

// FuzzParseTemplate checks that any line parses, or fails at a place inside it, and that a parsed line has one
// placeholder for each '{' that is not a written brace.
func FuzzParseTemplate(f *testing.F) {
	for _, s := range []string{"{The npc} eyes your {input}.", "{{x}}", "{a input2} {", "}", "{ the  output3 }", "{}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tm, err := ParseTemplate(src, Pos{Line: 1, Col: 1})
		if err != nil {
			if e := err.(*Error); e.Pos.Col < 1 || e.Pos.Col > len(src)+1 {
				t.Fatalf("%q: error at column %d", src, e.Pos.Col)
			}
			return
		}
		open := 0
		for i := 0; i < len(src); i++ {
			switch {
			case strings.HasPrefix(src[i:], "{{") || strings.HasPrefix(src[i:], "}}"):
				i++
			case src[i] == '{':
				open++
			}
		}
		if len(tm.Slots()) != open {
			t.Fatalf("%q has %d placeholders, want %d", src, len(tm.Slots()), open)
		}
	})
}
