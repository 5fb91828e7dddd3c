package puzzle

import (
	"strings"
	"testing"
)

// A mistake in the shape of one value does not hide the checks of the others (issue 16, point 3): the load error
// of maxDepth and the validation error of carryable come together, in line order, and nothing that only follows
// from the first (a maxDepth below 1, a goal too deep for it) is reported.
func TestCheckReportsEveryProblemOnce(t *testing.T) {
	src := edit(t,
		"maxDepth: 4,", "maxDepth: four,",
		"Badge:  {props: {carryable: true}", `Badge:  {props: {carryable: "yes"}`)
	_, list := CheckBytes("pack.yaml", []byte(src))
	want := "pack.yaml:4:31: property carryable must be a boolean, not a string\n" +
		"pack.yaml:17:56: maxDepth must be an integer"
	if got := list.Error(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Errors and warnings come in one list, in file and line order, warnings marked.
func TestCheckSortsErrorsAndWarnings(t *testing.T) {
	src := edit(t,
		"Badge:  {props: {carryable: true}", `Badge:  {props: {carryable: "yes"}`,
		"connects: [Yard]}", "connects: [Yard, Hall]}")
	_, list := CheckBytes("pack.yaml", []byte(src))
	if len(list) != 2 || list[0].Warning || !list[1].Warning || list.Summary() != "1 error, 1 warning" {
		t.Fatalf("got %v (%s)", list, list.Summary())
	}
	if !strings.Contains(list[1].Error(), "pack.yaml:17:76: warning: area Hall connects to itself") {
		t.Errorf("warning %q", list[1].Error())
	}
}

// A rule that does not parse is missing from the pack: what depends on every rule (reach, use) is not reported,
// as it would only say that the rule is missing.
func TestCheckLeavesOutWhatFollowsFromABrokenRule(t *testing.T) {
	src := edit(t, "Gold Safe ::= Open Safe[locked: false]", "Gold Safe ::= Open Safe[locked: false")
	_, list := CheckBytes("pack.yaml", []byte(src))
	if len(list) != 1 || !strings.HasPrefix(list[0].Error(), "pack.yaml:10:40:") {
		t.Errorf("got\n%v", list)
	}
}

// A file with a YAML syntax error is not validated: nothing of it was read.
func TestCheckStopsAtASyntaxError(t *testing.T) {
	_, list := CheckBytes("pack.yaml", []byte("items:\n  Key: {isa: [A}\n"))
	if len(list) != 1 || !strings.Contains(list[0].Msg, "'[' is not closed") {
		t.Errorf("got\n%v", list)
	}
}

// An area whose items cannot make a puzzle as deep as its minDepth gets shallower ones (generation gives way):
// validate warns with the deepest it can make (the type-level check, which ignores item areas, passes it).
func TestValidateWarnsOfAnUnreachableMinDepth(t *testing.T) {
	src := "items:\n  L0: {}\n  L1: {}\n  L2: {}\n  Ore: {area: [Mine]}\n" +
		"rules: |\n  L2 ::= Step L1\n  L1 ::= Step L0\n  L0 ::= Dig Ore\n" +
		"areas:\n  - {name: Tower, start: true, goals: [L2], minDepth: 3, maxDepth: 3, connects: [Mine]}\n" +
		"  - {name: Mine, goals: [L2], minDepth: 3, maxDepth: 3}\n"
	_, list := CheckBytes("pack.yaml", []byte(src))
	want := "pack.yaml:11:5: warning: area Tower: with the items the area may use, its deepest puzzle is 2 rules deep, " +
		"less than its minDepth 3, so its puzzles are shallower than that"
	if list.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", list, want)
	}
}

// An area's herrings is a count.
func TestValidateNegativeHerrings(t *testing.T) {
	src := edit(t, "maxDepth: 3}", "maxDepth: 3, herrings: -1}")
	_, list := CheckBytes("pack.yaml", []byte(src))
	if len(list) != 1 || list[0].Msg != "area Yard: minDepth, breadth and herrings cannot be negative" {
		t.Errorf("got %v", list)
	}
}
