package puzzle

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// ringsPack is a chain L0 .. L10 in six areas in a line, each with the same bounds, and rings raising them.
const ringsPack = `items:
  L0: {}
  L1: {}
  L2: {}
  L3: {}
  L4: {}
  L5: {}
  L6: {}
  L7: {}
  L8: {}
  L9: {}
  L10: {}
rules: |
  L1 ::= Step L0
  L2 ::= Step L1
  L3 ::= Step L2
  L4 ::= Step L3
  L5 ::= Step L4
  L6 ::= Step L5
  L7 ::= Step L6
  L8 ::= Step L7
  L9 ::= Step L8
  L10 ::= Step L9
areas:
  - {name: A0, start: true, goals: [L10], maxDepth: 2, connects: [A1]}
  - {name: A1, goals: [L10], maxDepth: 2, connects: [A2]}
  - {name: A2, goals: [L10], maxDepth: 2, connects: [A3]}
  - {name: A3, goals: [L10], maxDepth: 2, connects: [A4]}
  - {name: A4, goals: [L10], maxDepth: 2, connects: [A5]}
  - {name: A5, goals: [L10], maxDepth: 2}
rings:
  - {from: 2, minDepth: 3, maxDepth: 4}
  - {from: 4, minDepth: 6, maxDepth: 8, minSteps: 7}
`

// Difficulty grows with the distance from the start: the rings raise each area's bounds by its distance, so the
// near areas are 1 or 2 steps, the middle ones 3 or 4, the far ones 7 or 8, on every seed; none is relaxed.
// Without the rings every area would be 1 or 2 steps.
func TestRingsRaiseDifficultyWithDistance(t *testing.T) {
	p := loadString(t, ringsPack)
	want := map[string][2]int{"A0": {1, 2}, "A1": {1, 2}, "A2": {3, 4}, "A3": {3, 4}, "A4": {7, 8}, "A5": {7, 8}}
	for seed := range int64(40) {
		res, err := Playthrough(p, seed)
		if err != nil {
			t.Fatal(err)
		}
		for _, a := range res.Areas {
			if w := want[a.Area]; a.Depth < w[0] || a.Depth > w[1] || a.Relaxed != "" {
				t.Fatalf("seed %d: %s is %d deep (relaxed %q), want %d to %d", seed, a.Area, a.Depth, a.Relaxed, w[0], w[1])
			}
		}
	}
}

// A ring raises an area's bounds and never lowers them; a limit never falls below its floor; without a ring for
// the distance the area is itself.
func TestAtDistance(t *testing.T) {
	p := &Pack{Rings: []Ring{{From: 1, MinDepth: 2, MaxDepth: 3}, {From: 3, MinDepth: 5, MinSteps: 6, MaxSteps: 4}}}
	a := &Area{Name: "X", MinDepth: 1, MaxDepth: 4, MaxSteps: 9}
	if p.AtDistance(a, 0) != a {
		t.Error("distance 0 has no ring")
	}
	for _, tc := range []struct {
		distance int
		want     Bounds
	}{
		{1, Bounds{MinDepth: 2, MaxDepth: 4, MaxSteps: 9}},
		{2, Bounds{MinDepth: 2, MaxDepth: 4, MaxSteps: 9}},
		{7, Bounds{MinDepth: 5, MaxDepth: 5, MinSteps: 6, MaxSteps: 9}},
	} {
		if got := p.AtDistance(a, tc.distance).Bounds(); got != tc.want {
			t.Errorf("distance %d: %+v, want %+v", tc.distance, got, tc.want)
		}
	}
	if a.MinDepth != 1 || a.MaxDepth != 4 {
		t.Error("the template changed")
	}
}

// An area's minSteps is kept where the grammar allows it: with two inputs each made by a chain, a 3-deep puzzle
// has 3 to 5 steps, and minSteps 5 makes it 5.
func TestGenerateMinSteps(t *testing.T) {
	src := strings.Replace(ringsPack, "rings:\n  - {from: 2, minDepth: 3, maxDepth: 4}\n  - {from: 4, minDepth: 6, maxDepth: 8, minSteps: 7}\n", "", 1)
	src = strings.Replace(src, "  L1 ::= Step L0\n", "  L1 ::= Step L0\n  Pair ::= Join L2 L2\n", 1)
	src = strings.Replace(src, "  L10: {}\n", "  L10: {}\n  Pair: {}\n", 1)
	src = strings.Replace(src, "{name: A0, start: true, goals: [L10], maxDepth: 2,", "{name: A0, start: true, goals: [Pair], minDepth: 3, maxDepth: 3, minSteps: 5,", 1)
	p := loadString(t, src)
	g := NewGenerator(p)
	for seed := range uint64(30) {
		pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
		if err != nil || pz.Steps != 5 || pz.Relaxed != Strict {
			t.Fatalf("seed %d: %v, %d steps, relaxed %v", seed, err, pz.Steps, pz.Relaxed)
		}
	}
	// More than the grammar can give: the floor gives way, and the puzzle says so.
	p.Areas[0].MinSteps = 9
	pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(1))
	if err != nil || pz.Relaxed != RelaxedMinDepth || !strings.Contains(pz.Relaxed.Explain(p.Areas[0].Bounds(), pz), "with at least 9 steps") {
		t.Fatalf("%v %+v", err, pz)
	}
}

// The rings key: read in order of distance; each mistake reported at its place.
func TestLoadRings(t *testing.T) {
	p := loadString(t, ringsPack)
	if len(p.Rings) != 2 || p.Rings[1] != (Ring{From: 4, MinDepth: 6, MaxDepth: 8, MinSteps: 7, Pos: p.Rings[1].Pos}) || p.Rings[1].Pos.Line != 33 {
		t.Errorf("rings %+v", p.Rings)
	}
	base := strings.SplitAfter(ringsPack, "rings:\n")[0]
	for _, tc := range []struct{ rings, want string }{
		{"  - {from: 1, deep: 3}", `pack.yaml:32:15: unknown key "deep" in ring; expected one of from, maxDepth, maxSteps, minDepth, minSteps`},
		{"  - {from: 1, minDepth: three}", "pack.yaml:32:25: minDepth must be an integer"},
		{"  - {from: -1}", "pack.yaml:32:12: from cannot be negative"},
		{"  - {minDepth: 2}", "pack.yaml:32:5: ring needs from: the least distance from the start it applies at (the start is 0)"},
		{"  - {from: 1, minDepth: 4, maxDepth: 3}", "pack.yaml:32:5: ring from 1: minDepth 4 is more than maxDepth 3"},
		{"  - {from: 1, minSteps: 4, maxSteps: 3}", "pack.yaml:32:5: ring from 1: minSteps 4 is more than maxSteps 3"},
		{"  - {from: 1}\n  - {from: 1, minDepth: 2}", "pack.yaml:33:5: two rings from distance 1 (the other at pack.yaml:32:5)"},
		{"  {from: 1}", "pack.yaml:32:3: rings must be a list of rings, each {from: distance, minDepth, maxDepth, minSteps, maxSteps}"},
	} {
		_, err := LoadBytes("pack.yaml", []byte(base+tc.rings+"\n"))
		if got := fmt.Sprint(err); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s:\ngot  %v\nwant %s", tc.rings, err, tc.want)
		}
	}
	// An area's step bounds are checked as its depths are.
	_, list := CheckBytes("pack.yaml", []byte(strings.Replace(base, "maxDepth: 2}", "maxDepth: 2, minSteps: 3, maxSteps: 2}", 1)))
	if got := fmt.Sprint(list); !strings.Contains(got, "pack.yaml:30:5: area A5: minSteps 3 is more than maxSteps 2") {
		t.Errorf("area steps: %v", list)
	}
}

// A later layer's rings replace the earlier ones; two files of one pack may not both give rings.
func TestLayeredRings(t *testing.T) {
	base := writePack(t, "base", ringsPack)
	mod := writePack(t, "mod", "rings:\n  - {from: 1, minDepth: 2}\n")
	p, err := Load(base, mod)
	if err != nil || len(p.Rings) != 1 || p.Rings[0].From != 1 {
		t.Fatalf("%v %+v", err, p.Rings)
	}
	if err := os.WriteFile(filepath.Join(base, "more.yaml"), []byte("rings:\n  - {from: 3, minDepth: 2}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = Load(base)
	if got := fmt.Sprint(err); !strings.Contains(got, "more.yaml:1:1: rings are given twice in one pack (first at ") {
		t.Errorf("got %v", err)
	}
}
