package puzzle

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// shippedPacks returns the directories of the packs in packs/: the default pack and each example.
func shippedPacks(t *testing.T) []string {
	t.Helper()
	examples, err := filepath.Glob("../packs/examples/*")
	if err != nil {
		t.Fatal(err)
	}
	packs := append([]string{"../packs/default"}, examples...)
	if len(packs) < 8 {
		t.Fatalf("expected the default pack and seven examples, found %v", packs)
	}
	return packs
}

// layers returns the packs to load for a shipped pack: the mod example layers on the default pack.
func layers(dir string) []string {
	if filepath.Base(dir) == "mod" {
		return []string{filepath.Join(filepath.Dir(filepath.Dir(dir)), "default"), dir}
	}
	return []string{dir}
}

func TestShippedPacksValidateClean(t *testing.T) {
	for _, dir := range shippedPacks(t) {
		t.Run(filepath.Base(dir), func(t *testing.T) {
			p, err := Load(layers(dir)...)
			if err != nil {
				t.Fatal(err)
			}
			errs, warns := Validate(p)
			if len(errs) > 0 || len(warns) > 0 {
				t.Errorf("errors:\n%v\nwarnings:\n%v", errs, warns)
			}
			for _, name := range p.ItemOrder {
				if it := p.Items[name]; it.Look.Empty() {
					t.Errorf("%s: item %s has no look", it.Pos, name)
				}
			}
		})
	}
}

func TestDefaultPackSize(t *testing.T) {
	p, err := Load("../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Items) < 60 || len(p.Rules) < 50 {
		t.Errorf("the default pack has %d items and %d rules; at least 60 and 50 are promised", len(p.Items), len(p.Rules))
	}
	files, _ := filepath.Glob("../packs/default/*.yaml")
	if len(p.Files) != len(files) || len(files) < 2 {
		t.Errorf("read %v of %v", p.Files, files)
	}
	var entities, containers, changes, notSpawnable int
	for _, it := range p.Items {
		if it.Look.Entity != "" {
			entities++
		}
		if !it.Spawnable() {
			notSpawnable++
		}
	}
	for _, r := range p.Rules {
		if _, ok := r.Main().Props[PropContains]; ok {
			containers++
		}
		for _, in := range r.Inputs {
			if in.Type == r.Main().Type && len(in.Props) > 0 {
				changes++
			}
		}
	}
	// World features (notSpawnable items with areas) each have a world object, so offline runs can use them.
	for _, it := range p.Items {
		if !it.Spawnable() && len(it.Areas) > 0 && !slices.ContainsFunc(p.World, func(o Object) bool { return o.Item == it.Name }) {
			t.Errorf("%s: no world object of %s", it.Pos, it.Name)
		}
	}
	if entities < 5 || containers < 5 || changes < 5 || notSpawnable < 5 {
		t.Errorf("%d entities, %d container rules, %d property changes, %d notSpawnable items, %d world objects",
			entities, containers, changes, notSpawnable, len(p.World))
	}
	if a, _ := p.Area("Village"); a == nil || !a.Start || len(a.Connects) < 3 {
		t.Errorf("the Village is the start and branches: %+v", a)
	}
}

// TestHeistIsTheDissertations checks the heist example against rules 3.4 to 3.8 of the dissertation.
func TestHeistIsTheDissertations(t *testing.T) {
	p, err := Load("../packs/examples/heist")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"Gold Safe ::= Open Safe[locked: false]",
		"Safe[locked: false] Badge ::= Unlock Safe[locked: true] Badge",
		"Badge Security ::= Steal Security[distracted: true] Disguise",
		"Security[distracted: true] ::= Trigger CarAlarm Security[distracted: false]",
		"Disguise ::= CreateDisguise Glasses FakeMoustache",
	}
	var got []string
	for _, r := range p.Rules {
		got = append(got, r.String())
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s", strings.Join(got, "\n"))
	}
}

// TestEveryPackFileLoadsAlone checks that each file of the default pack is a well-formed pack file by itself, so
// that errors in one file are reported against that file.
func TestEveryPackFileLoadsAlone(t *testing.T) {
	files, _ := filepath.Glob("../packs/default/*.yaml")
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := LoadBytes(f, data); err != nil {
			t.Errorf("%v", err)
		}
	}
}
