package puzzle

import (
	"strings"
	"testing"
)

func TestSettingErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"unknown item in a setting", edit(t, "goals: [Badge], maxDepth: 3}", "goals: [Badge], maxDepth: 3, setting: [Well, Gaurd]}"),
			"pack.yaml:18:63: area Yard setting: unknown item or type Gaurd: no item is of that type"},
		{"a setting that is no list of names", edit(t, "goals: [Badge], maxDepth: 3}", "goals: [Badge], maxDepth: 3, setting: [{a: b}]}"),
			"pack.yaml:18:57: item or type of the setting must be a single value"},
		{"a world object outside its setting", edit(t, "goals: [Badge], maxDepth: 3}", "goals: [Badge], maxDepth: 3, setting: [Guard, Container]}"),
			"pack.yaml:20:31: world object 1: item Well does not belong in the setting of area Yard"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p, errs := CheckBytes("pack.yaml", []byte(tc.src))
			_ = p
			if !strings.Contains(errs.Error(), tc.want) {
				t.Errorf("want %q in:\n%s", tc.want, errs.Error())
			}
		})
	}
}

// TestSettingHoldsInGeneration generates the Yard's puzzle many times: with the guard out of its setting, no puzzle
// has a guard, and none spawns a bucket, which may be carried in but not lie about; with both in, both appear.
func TestSettingHoldsInGeneration(t *testing.T) {
	count := func(setting string) (guards, buckets, puzzles int) {
		src := edit(t, "goals: [Badge], maxDepth: 3}", "goals: [Badge, Gold], maxDepth: 3, setting: ["+setting+"]}")
		p, errs := CheckBytes("pack.yaml", []byte(src))
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		g := NewGenerator(p)
		yard, _ := p.Area("Yard")
		for seed := range int64(50) {
			pz, err := g.Generate(yard, &World{Objects: p.World, Unlocked: []string{"Hall"}}, NewRand(seed))
			if err != nil {
				continue
			}
			puzzles++
			for _, o := range pz.Spawned {
				guards += boolInt(o.Item == "Guard")
				buckets += boolInt(o.Item == "Bucket")
			}
		}
		return
	}
	if g, b, n := count("Well, Safe, Badge, Gold"); g+b != 0 || n == 0 {
		t.Errorf("without guard and bucket in the setting: %d puzzles spawned %d guards and %d buckets", n, g, b)
	}
	if g, b, n := count("Well, Safe, Badge, Gold, Guard, Bucket"); g == 0 || b == 0 {
		t.Errorf("with guard and bucket in the setting: %d puzzles spawned %d guards and %d buckets, want some of each", n, g, b)
	}
	p := loadString(t, edit(t, "goals: [Badge], maxDepth: 3}", "goals: [Badge], maxDepth: 3, setting: [Container, Well]}"))
	yard, _ := p.Area("Yard")
	hall, _ := p.Area("Hall")
	if !p.Belongs("Safe", yard) || !p.Belongs("Bucket", yard) || p.Belongs("Guard", yard) || !p.Belongs("Guard", hall) {
		t.Error("Belongs: a type names its items, and an area without a setting takes anything")
	}
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
