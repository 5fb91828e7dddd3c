package main

import (
	"slices"
	"testing"
)

// The binary registers every tool of the README's Tools section, once each.
func TestCommandsRegistered(t *testing.T) {
	var names []string
	for _, c := range commands {
		if c.Run == nil || c.Summary == "" {
			t.Errorf("command %q has no Run or no summary", c.Name)
		}
		names = append(names, c.Name)
	}
	for _, want := range []string{"serve", "validate", "playthrough", "graph", "map"} {
		if slices.Index(names, want) < 0 {
			t.Errorf("no %q command in %v", want, names)
		}
	}
	if names[0] != "serve" {
		t.Errorf("the first command, run with no arguments, is %q", names[0])
	}
	slices.Sort(names)
	if len(slices.Compact(names)) != len(commands) {
		t.Errorf("duplicate command names")
	}
}
