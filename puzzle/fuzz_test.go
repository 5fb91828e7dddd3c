package puzzle

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// checkInside fails the test unless pos lies inside input, as read by the file name given: a line of it, and a
// column from 1 to one past the line's end.
func checkInside(t *testing.T, what string, pos Pos, file string, lines []string) {
	t.Helper()
	if pos.File != file || pos.Line < 1 || pos.Line > len(lines) || pos.Col < 1 || pos.Col > len(lines[pos.Line-1])+1 {
		t.Fatalf("%s at %s, outside the input (%d lines)", what, pos, len(lines))
	}
}

// checkErrors checks that err is an ErrorList or *Error whose every position lies inside the input.
func checkErrors(t *testing.T, err error, file string, lines []string) {
	t.Helper()
	if err == nil {
		return
	}
	var list ErrorList
	var one *Error
	switch {
	case errors.As(err, &list):
	case errors.As(err, &one):
		list = ErrorList{one}
	default:
		t.Fatalf("error of type %T: %v", err, err)
	}
	for _, e := range list {
		checkInside(t, "error "+e.Msg, e.Pos, file, lines)
	}
}

// FuzzParseRule checks that the rule parser never panics, that its errors point inside the input, and that a rule
// it accepts prints back to text that parses to the same rule.
func FuzzParseRule(f *testing.F) {
	for _, s := range []string{
		"Gold Safe ::= Open Safe[locked: false]",
		`Safe[locked: false] Key ::= Unlock Safe[locked: TRUE, code: -3, owner: "Bob \"B\""] Key # comment`,
		"Container[contains: Water] WaterSource ::= Fill WaterSource Container",
		"A ::= B\n  C[x: 1,\n y: 2]",
		"::= [ ] : , \"",
		"A[x: 99999999999999999999] ::= B",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := strings.Split(src, "\n")
		r, err := ParseRule(src, Pos{File: "f", Line: 1, Col: 1})
		checkErrors(t, err, "f", lines)
		if err != nil {
			return
		}
		checkInside(t, "rule", r.Pos, "f", lines)
		for _, term := range append(append([]Term{}, r.Outputs...), r.Inputs...) {
			checkInside(t, "term "+term.String(), term.Pos, "f", lines)
		}
		again, err := ParseRule(r.String(), Pos{})
		if err != nil || again.String() != r.String() {
			t.Fatalf("%q printed as %q, which reads back as %v, %v", src, r, again, err)
		}
	})
}

// FuzzLoad checks that loading and validating any file never panics and that every error and warning points
// inside the file.
func FuzzLoad(f *testing.F) {
	f.Add([]byte(heistYAML))
	f.Add([]byte(validPack))
	f.Add([]byte("rules: |2-\n      A ::= Make B\n\n      B ::= Make A[x: 1,, y: 2]\n"))
	f.Add([]byte("rules:\n  - \"B ::= Make\\tA[x: ]\"\n  - 'C ::= Make A]'\nareas: [{name: X, goals: ['Q[']}]\n"))
	f.Add([]byte("items: &a {A: *a}\n"))
	files, _ := filepath.Glob("../packs/*/*.yaml")
	more, _ := filepath.Glob("../packs/examples/*/*.yaml")
	for _, name := range append(files, more...) {
		if data, err := os.ReadFile(name); err == nil {
			f.Add(data)
		}
	}
	f.Add([]byte("items:\r\n  Ä: {isa: [ö]}\u2028rules: \"x ::= y\"\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		// A hang would stall the fuzzer without a report; crashing makes it save the input.
		watchdog := time.AfterFunc(10*time.Second, func() { panic(fmt.Sprintf("loading took over 10s: %q", data)) })
		defer watchdog.Stop()
		lines := yamlLines(string(data))
		p, err := LoadBytes("f.yaml", data)
		checkErrors(t, err, "f.yaml", lines)
		if p == nil {
			t.Fatal("no pack")
		}
		errs, warns := Validate(p)
		checkErrors(t, errs.Err(), "f.yaml", lines)
		checkErrors(t, warns.Err(), "f.yaml", lines)
	})
}
