package puzzle

import (
	"strings"
	"testing"
)

func TestParseRule(t *testing.T) {
	r, err := ParseRule(`Safe[locked: false] Key ::= Unlock Safe[locked: TRUE, code: -42, owner: "Bob Jr", kind: Iron] Key # c`, Pos{File: "f", Line: 7, Col: 3})
	if err != nil {
		t.Fatal(err)
	}
	if got, want := r.String(), `Safe[locked: false] Key ::= Unlock Safe[code: -42, kind: Iron, locked: true, owner: "Bob Jr"] Key`; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	if r.Action != "Unlock" || len(r.Outputs) != 2 || len(r.Inputs) != 2 {
		t.Errorf("wrong shape: %+v", r)
	}
	for _, tc := range []struct {
		term Term
		col  int
	}{{r.Outputs[0], 3}, {r.Outputs[1], 23}, {r.Inputs[0], 38}, {r.Inputs[1], 97}} {
		if tc.term.Pos != (Pos{File: "f", Line: 7, Col: tc.col}) {
			t.Errorf("%s at %s, want column %d", tc.term, tc.term.Pos, tc.col)
		}
	}
	if v := r.Inputs[0].Props["code"]; v != Int(-42) {
		t.Errorf("code = %v", v)
	}
	if r.Pos != r.Outputs[0].Pos {
		t.Errorf("rule at %s, want its first term's position", r.Pos)
	}
}

func TestParseRuleErrors(t *testing.T) {
	for _, tc := range []struct{ src, want string }{
		{"", "f:1:5: empty rule"},
		{"  # only a comment", "f:1:5: empty rule"},
		{"Gold Safe Open Safe", "f:1:24: unexpected end of input, expected an output term or ::="},
		{"::= Open Safe", "f:1:5: unexpected \"::=\", expected a type"},
		{"Gold ::= [Safe]", "f:1:14: unexpected \"[\", expected an action"},
		{"Gold ::= Open Safe[locked true]", "f:1:31: unexpected \"true\" after property name locked, expected ':'"},
		{"Gold ::= Open Safe[locked: true", "f:1:36: unexpected end of input, expected ',' or ']'"},
		{"Gold ::= Open Safe[a: 1, a: 2]", "f:1:30: property a given twice"},
		{"Gold ::= Open Safe[a: 1,]", "f:1:29: unexpected \"]\", expected a property name"},
		{"Gold ::= Open Safe[]", "f:1:24: unexpected \"]\", expected a property name"},
		{`Gold ::= Open Safe[a: "x]`, "f:1:27: unterminated string"},
		{"Gold ::= Open Safe[a: 12x]", "f:1:27: bad number \"12x\""},
		{"Gold ::= Open Safe[a: 99999999999999999999]", "f:1:27: integer 99999999999999999999 out of range"},
		{"Gold ::= Open Safe[a: -]", "f:1:27: '-' must be followed by digits"},
		{"Gold ::= Open Saf€", "f:1:22: unexpected character '€'"},
		{"Gold ::= Open Safe ]", "f:1:24: unexpected \"]\", expected an input term"},
	} {
		_, err := ParseRule(tc.src, Pos{File: "f", Line: 1, Col: 5})
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got error %v, want %s", tc.src, err, tc.want)
		}
	}
}

func TestParseRuleWithoutInputsParses(t *testing.T) {
	r, err := ParseRule("Gold ::= Wish", Pos{})
	if err != nil || len(r.Inputs) != 0 {
		t.Fatalf("got %v, %v; validation reports rules without inputs, not the parser", r, err)
	}
}

func TestParseRuleAcrossLines(t *testing.T) {
	_, err := ParseRule("Gold ::= Open\n  Safe[x: ?]", Pos{File: "f", Line: 4, Col: 9})
	if err == nil || err.Error() != "f:5:11: unexpected character '?'" {
		t.Errorf("got %v", err)
	}
}

func TestParseTerm(t *testing.T) {
	term, err := ParseTerm(`Safe[locked: False, n: 3]`, Pos{File: "g", Line: 2, Col: 4})
	if err != nil {
		t.Fatal(err)
	}
	if term.Type != "Safe" || term.Props["locked"] != Bool(false) || term.Props["n"] != Int(3) || term.Pos != (Pos{"g", 2, 4}) {
		t.Errorf("got %+v", term)
	}
	for _, tc := range []struct{ src, want string }{
		{"", "g:2:4: empty term"},
		{"Safe Key", `g:2:9: unexpected "Key" after the term, expected end of input`},
		{"Safe[", "g:2:9: unexpected end of input, expected a property name"},
	} {
		if _, err := ParseTerm(tc.src, Pos{File: "g", Line: 2, Col: 4}); err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
		}
	}
}

// TestParseRoundTrip checks that a parsed rule prints back to text that parses to the same rule.
func TestParseRoundTrip(t *testing.T) {
	for _, src := range []string{
		"A ::= B C",
		`Container[contains: Water] WaterSource ::= Fill WaterSource Container[contains: "", n: 0]`,
		`Note[text: "say \"hi\"\n"] ::= Write Paper[flag: true]`,
	} {
		r, err := ParseRule(src, Pos{})
		if err != nil {
			t.Fatal(err)
		}
		again, err := ParseRule(r.String(), Pos{})
		if err != nil || again.String() != r.String() {
			t.Errorf("%q printed as %q, read back as %v (%v)", src, r, again, err)
		}
		if strings.Contains(src, "\\n") && again.Outputs[0].Props["text"] != String("say \"hi\"\n") {
			t.Errorf("string escapes lost: %v", again.Outputs[0].Props)
		}
	}
}
