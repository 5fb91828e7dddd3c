package puzzle

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const baseLayer = `items:
  Safe:  {isa: [Container], props: {locked: true}}
  Gold:  {props: {carryable: true}}
  Badge: {isa: [Key], props: {carryable: true}}
  Well:  {props: {notSpawnable: true}}
rules: |
  Gold Safe ::= Open Safe[locked: false]
  Safe[locked: false] ::= Unlock Safe[locked: true] Key
tags:
  - {item: Well, block: water, maxCluster: 9}
areas:
  - {name: Vault, start: true, goals: [Gold], maxDepth: 2}
`

// writePack writes a pack file in its own directory and returns the directory.
func writePack(t *testing.T, name, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".yaml"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A later pack replaces and removes what an earlier one declared; rules are numbered afresh.
func TestLayersReplaceAndRemove(t *testing.T) {
	base := writePack(t, "base", baseLayer)
	mod := writePack(t, "mod", `items:
  Safe: {replace: true, isa: [Container], props: {locked: true, heavy: true}}
  Card: {isa: [Key], props: {carryable: true}}
rules: |
  Gold ::= Find Card
remove:
  rules: ["Gold   Safe ::= Open Safe[locked: false]"]
  tags: [Well]
areas:
  - {name: Vault, replace: true, start: true, goals: ["Safe[locked: false]"], maxDepth: 3}
`)
	p, err := Load(base, mod)
	if err != nil {
		t.Fatal(err)
	}
	if p.Items["Safe"].Props.Get("heavy") != Bool(true) || p.ItemOrder[0] != "Safe" {
		t.Errorf("Safe was not replaced in place: %+v, order %v", p.Items["Safe"], p.ItemOrder)
	}
	if len(p.Rules) != 2 || p.Rules[0].Action != "Unlock" || p.Rules[1].Action != "Find" || p.Rules[0].Index != 0 || p.Rules[1].Index != 1 {
		t.Errorf("rules after the removal: %v", p.Rules)
	}
	if len(p.Tags) != 0 {
		t.Errorf("tag rules after removing Well's: %v", p.Tags)
	}
	if len(p.Areas) != 1 || p.Areas[0].MaxDepth != 3 || p.Areas[0].Goals[0].String() != "Safe[locked: false]" {
		t.Errorf("Vault was not replaced: %+v", p.Areas)
	}
	if errs, _ := Validate(p); len(errs) > 0 {
		t.Errorf("the layered pack does not validate:\n%v", errs)
	}
}

// Layering mistakes are errors at their place: replacing or removing what no earlier pack declares, replacing
// within one pack, and a removal that leaves a reference dangling.
func TestLayersReportMistakes(t *testing.T) {
	base := writePack(t, "base", baseLayer)
	for _, tc := range []struct {
		name, src, want string
	}{
		{"replace nothing", "items:\n  Crown: {replace: true}\n", "mod.yaml:2:3: item Crown replaces nothing"},
		{"remove nothing", "remove:\n  items: [Crown]\n", `mod.yaml:2:11: remove: no earlier pack declares item "Crown"`},
		{"remove a rule that is not there", "remove:\n  rules: [\"Gold ::= Dig Sand\"]\n", `mod.yaml:2:11: remove: no earlier pack declares rule "Gold ::= Dig Sand"`},
		{"same pack", "items:\n  Crown: {}\n  Crown: {replace: true}\n", "mod.yaml:3:3"},
		{"dangling", "remove:\n  items: [Badge]\n", "base.yaml:8:"},
		{"unknown tag replace", "tags:\n  - {item: Gold, replace: true, block: gold_block}\n", "mod.yaml:2:5: tag rule for Gold replaces nothing"},
	} {
		mod := writePack(t, "mod", tc.src)
		p, err := Load(base, mod)
		if err == nil {
			errs, _ := Validate(p)
			err = errs.Err()
		}
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want an error containing %q", tc.name, err, tc.want)
		}
	}
}
