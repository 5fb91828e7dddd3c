package puzzle

import (
	"strings"
	"testing"
)

// validPack is a small pack that validates with no errors and no warnings; the tests below change it to trigger
// one check at a time.
const validPack = `items:
  Gold:   {props: {carryable: true}, look: {item: gold_ingot}}
  Safe:   {isa: [Container], props: {locked: true}, look: {block: chest}}
  Badge:  {props: {carryable: true}, look: {item: name_tag}}
  Guard:  {look: {entity: villager_v2, name: Guard}}
  Bucket: {isa: [Container], props: {carryable: true}, look: {item: bucket}}
  Water:  {props: {notSpawnable: true}, look: {block: water}}
  Well:   {isa: [WaterSource], area: [Yard], props: {notSpawnable: true}, look: {block: cauldron, states: {fill_level: 6}}}
rules: |
  Gold Safe ::= Open Safe[locked: false]
  Safe[locked: false] Badge ::= Unlock Safe[locked: true] Badge
  Badge Guard ::= Bribe Guard Container[contains: Water]
  Container[contains: Water] WaterSource ::= Fill WaterSource Container
failRules: |
  Water ::= Spill Container[contains: Water]
areas:
  - {name: Hall, start: true, goals: [Gold], maxDepth: 4, connects: [Yard]}
  - {name: Yard, goals: [Badge], maxDepth: 3}
world:
  - {id: 1, item: Well, area: Yard}
`

// validateString loads and validates a pack, failing on load errors, and returns its errors and warnings.
func validateString(t *testing.T, src string) (errs, warnings string) {
	t.Helper()
	p := loadString(t, src)
	e, w := Validate(p)
	return e.Error(), strings.ReplaceAll(w.Error(), ": warning: ", ": ")
}

// edit returns validPack with each old text replaced by the new one that follows it.
func edit(t *testing.T, pairs ...string) string {
	t.Helper()
	src := validPack
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(src, pairs[i]) {
			t.Fatalf("edit: %q not in the pack", pairs[i])
		}
		src = strings.Replace(src, pairs[i], pairs[i+1], 1)
	}
	return src
}

func TestValidateCleanPack(t *testing.T) {
	if errs, warns := validateString(t, validPack); errs != "" || warns != "" {
		t.Errorf("errors:\n%s\nwarnings:\n%s", errs, warns)
	}
}

func TestValidateErrors(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want string
	}{
		{"unknown type", edit(t, "Open Safe[locked: false]", "Open Vault"),
			"pack.yaml:10:22: unknown type Vault: no item is of that type"},
		{"nothing produces a term", edit(t, "Open Safe[locked: false]", "Open Safe[open: true]"),
			"pack.yaml:10:22: nothing can produce Safe[open: true]: no item matches it and no rule makes it"},
		{"rule without input", edit(t, "Badge Guard ::= Bribe Guard Container[contains: Water]", "Badge ::= Wish"),
			"pack.yaml:12:3: rule 2 (Wish) has no input: an item would be made from nothing"},
		{"main output is an input", edit(t, "Badge Guard ::= Bribe Guard", "Badge Guard ::= Bribe Guard Badge[carryable: false]"),
			"pack.yaml:12:31: rule 2 (Bribe): the main output Badge is also an input, so generation would loop"},
		{"unknown connected area", edit(t, "connects: [Yard]", "connects: [Yard, Roof]"),
			"pack.yaml:17:76: area Hall connects to unknown area Roof"},
		{"unreachable area", edit(t, ", connects: [Yard]", ""),
			"pack.yaml:18:5: area Yard cannot be reached from the start area Hall through connects"},
		{"no start area", edit(t, "start: true", "start: false"),
			"pack.yaml:16:1: no start area: mark one area start: true"},
		{"two start areas", edit(t, "{name: Yard,", "{name: Yard, start: true,"),
			"pack.yaml:18:5: area Yard is a second start area; Hall is the start already"},
		{"no areas", "items: {A: {}, B: {}}\nrules: |\n  A ::= Make B\n",
			"pack.yaml:1:1: the pack has no areas: puzzles are generated for areas"},
		{"area without goals", edit(t, "goals: [Badge], ", ""),
			"pack.yaml:18:5: area Yard has no goals"},
		{"maxDepth missing", edit(t, ", maxDepth: 3}", "}"),
			"pack.yaml:18:5: area Yard needs a maxDepth of at least 1"},
		{"minDepth above maxDepth", edit(t, "maxDepth: 3}", "maxDepth: 3, minDepth: 4}"),
			"pack.yaml:18:5: area Yard: minDepth 4 is more than maxDepth 3"},
		{"goal nothing produces", edit(t, "goals: [Badge]", "goals: [Guard]"),
			"pack.yaml:18:26: goal Guard: no rule produces it"},
		{"goal deeper than maxDepth", edit(t, "maxDepth: 4", "maxDepth: 1"),
			"pack.yaml:17:39: goal Gold needs a puzzle at least 2 rules deep, but area Hall has maxDepth 1"},
		{"goal never reached", "items: {A: {props: {notSpawnable: true}}, B: {props: {notSpawnable: true}}}\n" +
			"rules: |\n  A ::= MakeA B\n  B ::= MakeB A\nareas:\n  - {name: X, start: true, goals: [A], maxDepth: 5}\n",
			"pack.yaml:6:36: goal A can never be reached: every rule that makes it needs something that can never be had"},
		{"notSpawnable needed where none exists", edit(t, "  - {id: 1, item: Well, area: Yard}\n", ""),
			"pack.yaml:13:51: WaterSource can only be filled by notSpawnable items (Well) and the world holds none of them"},
		{"isa cycle", edit(t, "Gold:   {props:", "Gold:   {isa: [Coin], props:", "Badge:  {props:", "Badge:  {isa: [Gold], props:", "rules:", "  Coin: {isa: [Badge]}\nrules:"),
			"pack.yaml:4:18: isa cycle: Gold → Coin → Badge → Gold"},
		{"isa itself", edit(t, "Gold:   {props:", "Gold:   {isa: [Gold], props:"),
			"pack.yaml:2:18: isa cycle: Gold is a Gold"},
		{"unknown item area", edit(t, "area: [Yard]", "area: [Yard, Lake]"),
			"pack.yaml:8:45: item Well: unknown area Lake"},
		{"look with two kinds", edit(t, "{item: bucket}", "{item: bucket, block: cauldron}"),
			"pack.yaml:6:56: item Bucket: a look needs exactly one of block, item and entity, not 2"},
		{"empty look", edit(t, "{item: bucket}", "{}"),
			"pack.yaml:6:56: item Bucket: a look needs exactly one of block, item and entity, not 0"},
		{"states on an item look", edit(t, "{item: bucket}", "{item: bucket, states: {x: 1}}"),
			"pack.yaml:6:56: item Bucket: look states apply only to a block"},
		{"carryable not a boolean", edit(t, "Gold:   {props: {carryable: true}", "Gold:   {props: {carryable: 1}"),
			"pack.yaml:2:31: property carryable must be a boolean, not an integer"},
		{"contains not a type", edit(t, "Gold:   {props: {carryable: true}", "Gold:   {props: {carryable: true, contains: Unicorn}"),
			"pack.yaml:2:47: contains: unknown type Unicorn: no item is of that type"},
		{"contains in a rule not a type", edit(t, "Bribe Guard Container[contains: Water]", "Bribe Guard Container[contains: 3]"),
			"pack.yaml:12:31: property contains must name a type, not be an integer"},
		{"property of two kinds", edit(t, "props: {locked: true}", "props: {locked: 1}"),
			"pack.yaml:10:22: property locked is a boolean here but an integer at pack.yaml:3:46"},
		{"isa in a term", edit(t, "Open Safe[locked: false]", "Open Safe[locked: false, isa: Box]"),
			"pack.yaml:10:22: a term cannot have an isa property: a term has one type, and rules ignore areas"},
		{"area as a property", edit(t, "Gold:   {props: {carryable: true}", "Gold:   {props: {carryable: true, area: Hall}"),
			"pack.yaml:2:43: area is written as the item's own key, not as a property"},
		{"world object of unknown item", edit(t, "item: Well, area: Yard}", "item: Spring, area: Yard}"),
			"pack.yaml:20:19: world object 1: unknown item Spring"},
		{"world object in unknown area", edit(t, "item: Well, area: Yard}", "item: Well, area: Moon}"),
			"pack.yaml:20:31: world object 1: unknown area Moon"},
		{"world object where its item may not be", edit(t, "item: Well, area: Yard}", "item: Well, area: Hall}"),
			"pack.yaml:20:31: world object 1: item Well may not be in area Hall (its areas are Yard)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs, _ := validateString(t, tc.src)
			if !strings.Contains(errs+"\n", tc.want+"\n") {
				t.Errorf("want\n%s\ngot\n%s", tc.want, errs)
			}
		})
	}
}

func TestValidateWarnings(t *testing.T) {
	for _, tc := range []struct {
		name string
		src  string
		want string
	}{
		{"unused item", edit(t, "rules:", "  Lamp: {look: {block: lantern}}\nrules:"),
			"pack.yaml:9:3: item Lamp is never used: no rule, goal or contains value names any of its types"},
		{"unused generic type", edit(t, "Badge:  {props:", "Badge:  {isa: [Token], props:"),
			"pack.yaml:4:18: type Token is used by no rule or goal and no other item"},
		{"isa Item", edit(t, "Badge:  {props:", "Badge:  {isa: [Item], props:"),
			"pack.yaml:4:18: every item is an Item already"},
		{"fail rule that never runs", edit(t, "Water ::= Spill Container[contains: Water]", "Water ::= Spill Container[contains: Gold]"),
			"pack.yaml:15:19: fail rule Spill can never run: nothing produces Container[contains: Gold]"},
		{"rule never used", edit(t, "rules: |\n", "  Egg: {props: {notSpawnable: true}, look: {item: egg}}\n  Hen: {props: {notSpawnable: true}, look: {entity: chicken}}\nrules: |\n  Egg ::= Lay Hen\n  Hen ::= Hatch Egg\n"),
			"pack.yaml:12:3: rule 0 (Lay) can never be used: its inputs can never all be had"},
		{"look name not an identifier", edit(t, "{block: chest}", "{block: Chest Block}"),
			`pack.yaml:3:53: item Safe: look block "Chest Block" is not a Bedrock identifier (lower case, as in minecraft:oak_door)`},
		{"self connection", edit(t, "connects: [Yard]", "connects: [Yard, Hall]"),
			"pack.yaml:17:76: area Hall connects to itself"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs, warns := validateString(t, tc.src)
			if errs != "" {
				t.Errorf("a warning case has errors:\n%s", errs)
			}
			if !strings.Contains(warns+"\n", tc.want+"\n") {
				t.Errorf("want\n%s\ngot\n%s", tc.want, warns)
			}
		})
	}
}

func TestValidateTagsAndTemplates(t *testing.T) {
	p, err := LoadBytes("t.yaml", []byte(`items:
  Tree: {props: {notSpawnable: true}, look: {block: oak_log}}
rules: |
  Apple ::= Shake Tree
tags:
  - {item: Tree, block: oak_log}
  - {item: Bush, block: azalea}
  - {item: Tree, block: water, minCluster: 9, maxCluster: 3}
areas:
  - {name: A, start: true, goals: [Tree], minDistance: 4, maxDistance: 2}
`))
	if err != nil {
		t.Fatal(err)
	}
	errs, _ := Validate(p)
	for _, want := range []string{
		"t.yaml:7:5: tag rule makes unknown item Bush",
		"t.yaml:8:5: tag rule for Tree: maxCluster 3 is below minCluster 9",
		"t.yaml:10:5: area A: maxDistance 2 is below minDistance 4",
	} {
		if !strings.Contains(errs.Error(), want) {
			t.Errorf("errors\n%v\nlack %q", errs, want)
		}
	}
}

func TestValidateSharedCategoryNeedsNoUse(t *testing.T) {
	src := edit(t, "Gold:   {props:", "Gold:   {isa: [Treasure], props:", "Badge:  {props:", "Badge:  {isa: [Treasure], props:")
	if errs, warns := validateString(t, src); errs != "" || warns != "" {
		t.Errorf("a type two items share is a category, not a typo:\n%s\n%s", errs, warns)
	}
}

func TestValidateFailRuleWithoutInput(t *testing.T) {
	errs, _ := validateString(t, edit(t, "Water ::= Spill Container[contains: Water]", "Water ::= Spill"))
	if want := "pack.yaml:15:3: fail rule Spill has no input: an item would be made from nothing"; !strings.Contains(errs, want) {
		t.Errorf("want %s, got\n%s", want, errs)
	}
}

// TestValidatePackBuiltInGo checks that a pack made in Go, without the positions a loaded pack keeps, validates
// with its items' and areas' own positions standing in.
func TestValidatePackBuiltInGo(t *testing.T) {
	at := Pos{File: "go", Line: 1, Col: 1}
	p := &Pack{
		Items: map[string]*Item{
			"Gold": {Name: "Gold", Isa: []string{"Gold"}, Props: Props{"carryable": Int(1)}, Pos: at},
			"Ore":  {Name: "Ore", Pos: at},
		},
		ItemOrder: []string{"Gold", "Ore"},
		Rules:     []*Rule{{Outputs: []Term{{Type: "Gold", Pos: at}}, Action: "Smelt", Inputs: []Term{{Type: "Ore", Pos: at}}, Pos: at}},
		Areas:     []*Area{{Name: "A", Start: true, Goals: []Term{{Type: "Gold", Pos: at}}, MaxDepth: 2, Connects: []string{"B"}, Pos: at}},
		World:     []Object{{ID: 1, Item: "Ore", Area: "C"}},
	}
	errs, _ := Validate(p)
	want := []string{
		"go:1:1: isa cycle: Gold is a Gold",
		"go:1:1: property carryable must be a boolean, not an integer",
		"go:1:1: area A connects to unknown area B",
		"world object 1: unknown area C",
	}
	for _, w := range want {
		if !strings.Contains(errs.Error(), w) {
			t.Errorf("want %s in\n%s", w, errs)
		}
	}
}

func TestValidateFollowsYAMLAliases(t *testing.T) {
	src := edit(t, "Gold:   {props: {carryable: true}", "Gold:   {props: &carry {carryable: true}", "Badge:  {props: {carryable: true}", "Badge:  {props: *carry")
	if errs, warns := validateString(t, src); errs != "" || warns != "" {
		t.Errorf("%s\n%s", errs, warns)
	}
}

func TestValidateMinDepth(t *testing.T) {
	src := "items: {A: {}, B: {}, C: {}}\nrules: |\n  A ::= Make B\n  C ::= Make A\nareas:\n  - {name: X, start: true, goals: [A, C], minDepth: 3, maxDepth: 3}\n"
	errs, warns := validateString(t, src)
	if want := "pack.yaml:6:5: area X: no goal can make a puzzle minDepth 3 rules deep"; errs != want {
		t.Errorf("errors: got\n%s\nwant\n%s", errs, want)
	}
	want := "pack.yaml:6:36: goal A: no puzzle for it is minDepth 3 rules deep (at most 1)\n" +
		"pack.yaml:6:39: goal C: no puzzle for it is minDepth 3 rules deep (at most 2)"
	if warns != want {
		t.Errorf("warnings: got\n%s\nwant\n%s", warns, want)
	}
	errs, warns = validateString(t, strings.Replace(src, "minDepth: 3", "minDepth: 2", 1))
	if errs != "" || warns != "pack.yaml:6:36: goal A: no puzzle for it is minDepth 2 rules deep (at most 1)" {
		t.Errorf("goal C can be 2 deep, so the area is fine:\n%s\n%s", errs, warns)
	}
}

// TestValidateEarlyItemMatching checks that a generic input term counts as produced by rules for the items that
// match it, since generation gives the term a matching item's type before looking for a rule.
func TestValidateEarlyItemMatching(t *testing.T) {
	src := `items:
  OakLog:  {isa: [Log], props: {notSpawnable: true}}
  Planks:  {}
  OakTree: {}
rules: |
  Planks ::= Saw Log
  OakLog ::= Chop OakTree
areas:
  - {name: Camp, start: true, goals: [Planks], minDepth: 2, maxDepth: 2}
`
	if errs, warns := validateString(t, src); errs != "" || warns != "" {
		t.Errorf("%s\n%s", errs, warns)
	}
	errs, _ := validateString(t, strings.Replace(src, "  OakLog ::= Chop OakTree\n", "", 1))
	if want := "pack.yaml:6:18: Log can only be filled by notSpawnable items (OakLog) and the world holds none of them"; !strings.Contains(errs, want) {
		t.Errorf("want %s in\n%s", want, errs)
	}
}
