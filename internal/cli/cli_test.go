package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"
)

func TestDispatch(t *testing.T) {
	var got []string
	var gotArgs [][]string
	cmd := func(name string) Command {
		return Command{Name: name, Summary: name + " things", Run: func(args []string) int {
			got = append(got, name)
			gotArgs = append(gotArgs, args)
			return len(args)
		}}
	}
	commands := []Command{cmd("serve"), cmd("validate")}
	var stderr bytes.Buffer
	for _, tc := range []struct {
		args     []string
		wantCmd  string
		wantArgs []string
		code     int
	}{
		{nil, "serve", nil, 0},
		{[]string{"-config", "x.toml"}, "serve", []string{"-config", "x.toml"}, 2},
		{[]string{"validate", "-h"}, "validate", []string{"-h"}, 1},
		{[]string{"serve"}, "serve", []string{}, 0},
	} {
		got, gotArgs = nil, nil
		if code := run(tc.args, "serve", commands, &stderr); code != tc.code {
			t.Errorf("%q: exit %d, want %d", tc.args, code, tc.code)
		}
		if len(got) != 1 || got[0] != tc.wantCmd || !slices.Equal(gotArgs[0], tc.wantArgs) {
			t.Errorf("%q: ran %q with %q", tc.args, got, gotArgs)
		}
	}
	got = nil
	stderr.Reset()
	if code := run([]string{"nope"}, "serve", commands, &stderr); code != 2 || got != nil {
		t.Errorf("unknown command: exit %d, ran %q", code, got)
	}
	if !strings.Contains(stderr.String(), `unknown command "nope"`) || !strings.Contains(stderr.String(), "validate things") {
		t.Errorf("unknown command output: %s", stderr.String())
	}
	stderr.Reset()
	if code := run([]string{"help"}, "serve", commands, &stderr); code != 0 || !strings.Contains(stderr.String(), "serve things") {
		t.Errorf("help: exit %d, output %s", code, stderr.String())
	}
}
