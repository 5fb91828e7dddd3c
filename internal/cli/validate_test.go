package cli

import (
	"bytes"
	"os"
	"path/filepath"
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
