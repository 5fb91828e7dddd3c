package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestValidateReportsPositionsAndExitStatus(t *testing.T) {
	dir := t.TempDir()
	good := filepath.Join(dir, "good.yaml")
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(good, []byte("items:\n  Key: {props: {carryable: true}}\n  Door: {}\nrules: |\n  Door[open: true] ::= Unlock Door Key\nareas:\n  - {name: Hall, start: true, goals: [\"Door[open: true]\"], maxDepth: 2}\n"), 0o644)
	os.WriteFile(bad, []byte("items:\n  Key: {}\nrules: |\n  Door ::= Open Key\n  Key ::=\n"), 0o644)

	var out, errOut bytes.Buffer
	if code := validate([]string{good}, &out, &errOut); code != 0 {
		t.Fatalf("good pack: exit %d\n%s%s", code, out.String(), errOut.String())
	}
	out.Reset()
	code := validate([]string{good, bad}, &out, &errOut)
	if code != 1 {
		t.Fatalf("bad pack: exit %d, want 1", code)
	}
	if !strings.Contains(out.String(), bad+":5:") {
		t.Errorf("output does not point at line 5 of the bad pack:\n%s", out.String())
	}
	if code := validate([]string{filepath.Join(dir, "missing")}, &out, &errOut); code != 1 {
		t.Errorf("missing pack: exit %d, want 1", code)
	}
	if code := validate(nil, &out, &errOut); code != 2 {
		t.Errorf("no pack: exit %d, want 2", code)
	}
}

// What the server refuses at start, validate refuses too (issue 16, point 2): a look naming an unknown block, item
// or NPC model, shown with the source line, a caret under the name and a hint.
func TestValidateChecksNamesAgainstTheGame(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "pack.yaml")
	os.WriteFile(pack, []byte("items:\n  Mill: {look: {block: grind_stone}}\n  Coal: {props: {carryable: true}, look: {item: coal_lump}}\n"+
		"  Smith: {look: {entity: villager_v3}}\nrules: |\n  Coal Mill ::= Grind Mill Smith\n"+
		"areas:\n  - {name: Yard, start: true, goals: [Coal], maxDepth: 1}\n"), 0o644)
	code, out, errOut := runCmd(validate, pack)
	want := pack + ":2:24: item Mill: look: unknown block \"grind_stone\"\n" +
		"      Mill: {look: {block: grind_stone}}\n" +
		"                           ^\n" +
		"    hint: did you mean grindstone?\n"
	if code != 1 || !strings.HasPrefix(out, want) {
		t.Errorf("exit %d, output\n%s\nwant it to start with\n%s", code, out, want)
	}
	for _, w := range []string{"did you mean coal?", "did you mean villager_v2?"} {
		if !strings.Contains(out, w) {
			t.Errorf("no %q in\n%s", w, out)
		}
	}
	if !strings.HasSuffix(errOut, ": 3 errors, 0 warnings\n") {
		t.Errorf("summary %q", errOut)
	}
}

// One kind of problem does not hide another (issue 16, point 3): a value of the wrong shape and a property of the
// wrong kind are both reported, with the warnings, in line order.
func TestValidateReportsEveryProblemInLineOrder(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "pack.yaml")
	os.WriteFile(pack, []byte("items:\n  Key: {props: {carryable: \"yes\"}}\n  Door: {}\n  Junk: {}\n"+
		"rules: |\n  Door[open: true] ::= Unlock Door Key\n"+
		"areas:\n  - {name: Hall, start: true, goals: [\"Door[open: true]\"], maxDepth: four}\n"), 0o644)
	code, out, errOut := runCmd(validate, pack)
	var heads []string
	for _, line := range strings.Split(out, "\n") {
		if strings.HasPrefix(line, pack) {
			heads = append(heads, strings.TrimPrefix(line, pack))
		}
	}
	want := []string{
		":2:28: property carryable must be a boolean, not a string",
		":4:3: warning: item Junk is never used: no rule, goal or contains value names any of its types",
		":8:70: maxDepth must be an integer",
	}
	if code != 1 || !slices.Equal(heads, want) {
		t.Errorf("exit %d, problems\n%s\nwant\n%s", code, strings.Join(heads, "\n"), strings.Join(want, "\n"))
	}
	if !strings.HasSuffix(errOut, ": 2 errors, 1 warning\n") {
		t.Errorf("summary %q", errOut)
	}
}

// Packs given without -layered are checked one by one; a later one that changes what an earlier one declares gets
// a hint to layer them (issue 16, point 4).
func TestValidateSuggestsLayered(t *testing.T) {
	code, _, errOut := runCmd(validate, defaultPack, "../../packs/examples/mod")
	if code != 1 || !strings.Contains(errOut, "did you mean -layered?") {
		t.Errorf("exit %d, stderr\n%s", code, errOut)
	}
	code, out, errOut := runCmd(validate, "-layered", defaultPack, "../../packs/examples/mod")
	if code != 0 || out != "" || strings.Contains(errOut, "-layered?") {
		t.Errorf("layered: exit %d\n%s%s", code, out, errOut)
	}
}
