package puzzle

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
)

// lanternPack lets a Lantern be taken apart into the Torch it is made of: the make, unmake, make.
const lanternPack = `items:
  Torch:   {props: {carryable: true}}
  Nugget:  {props: {carryable: true}}
  Lantern: {props: {carryable: true}}
  Key:     {props: {carryable: true}}
  Smith:   {}
rules: |
  Lantern ::= Combine Torch Nugget
  Torch Nugget ::= Dismantle Lantern
  Key Smith ::= Request Smith Lantern
areas:
  - {name: Mine, start: true, goals: [Key], minDepth: MIN, maxDepth: 3}
`

// No path of a puzzle makes an item below a node that makes it (issue 16): a Key for a Lantern combined from a
// Torch taken apart from a Lantern is never generated, so a 3-deep puzzle cannot be: minDepth 3 gives way first
// (Relaxation: difficulty before coherence), and the 2-deep puzzle says so. Shallower ones never repeat.
func TestGenerateNeverRepeatsAnItemOnAPath(t *testing.T) {
	p := loadString(t, strings.Replace(lanternPack, "MIN", "3", 1))
	g := NewGenerator(p)
	for seed := range uint64(20) {
		pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
		if err != nil || pz.Depth != 2 || pz.Relaxed != RelaxedMinDepth || pz.RepeatedPath() != nil {
			t.Fatalf("seed %d: %v, %+v; solution %s", seed, err, pz, solutionActions(pz))
		}
	}
	p = loadString(t, strings.Replace(lanternPack, "MIN", "1", 1))
	g = NewGenerator(p)
	for seed := range uint64(50) {
		pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		if path := pz.RepeatedPath(); path != nil {
			t.Fatalf("seed %d: %s repeats %s", seed, solutionActions(pz), path[0].Item)
		}
	}
}

// litLanternPack lights a Lantern only by combining a Torch, which is never spawned and comes only from taking a
// Lantern apart: the one puzzle is 3 deep and makes a Lantern below the Lantern it makes.
const litLanternPack = `items:
  Torch:   {props: {carryable: true, notSpawnable: true}}
  Nugget:  {props: {carryable: true}}
  Lantern: {props: {carryable: true, lit: false}}
  Key:     {props: {carryable: true}}
  Smith:   {}
rules: |
  Lantern[lit: true] ::= Combine Torch Nugget
  Torch Nugget ::= Dismantle Lantern
  Key Smith ::= Request Smith Lantern[lit: true]
areas:
  - {name: Mine, start: true, goals: [Key], minDepth: MIN, maxDepth: MAX}
`

// Where only a repeating path makes a puzzle, Generate relaxes the constraints in their documented order and the
// puzzle says which gave way: within maxDepth 3 repetition is allowed (minDepth 1 has nothing to give); within
// maxDepth 2 nothing can be made even so, and maxDepth gives way last. Without the relaxations both areas get no
// puzzle.
func TestGenerateRelaxesInOrder(t *testing.T) {
	for _, tc := range []struct {
		min, max string
		want     Relaxation
		why      string
	}{
		{"1", "3", RelaxedRepetition, "no puzzle of 1 to 3 rules could be made here without making an item again below a step that makes it, so this one may"},
		{"1", "2", RelaxedMaxDepth, "no puzzle within maxDepth 2 could be made here, so this one is 3 rules deep with 3 steps"},
		{"3", "3", RelaxedRepetition, "no puzzle of 3 to 3 rules could be made here without making an item again below a step that makes it, so this one may"},
	} {
		p := loadString(t, strings.NewReplacer("MIN", tc.min, "MAX", tc.max).Replace(litLanternPack))
		g := NewGenerator(p)
		for seed := range uint64(10) {
			pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
			if err != nil {
				t.Fatalf("depth %s to %s, seed %d: %v", tc.min, tc.max, seed, err)
			}
			if pz.Relaxed != tc.want || pz.Depth != 3 || pz.RepeatedPath() == nil {
				t.Fatalf("depth %s to %s: relaxed %v, depth %d, solution %s", tc.min, tc.max, pz.Relaxed, pz.Depth, solutionActions(pz))
			}
			if why := pz.Relaxed.Explain(p.Areas[0].Bounds(), pz); why != tc.why {
				t.Errorf("explained %q", why)
			}
		}
	}
	// A goal no rule makes at any depth is still infeasible: the relaxations end.
	p := loadString(t, strings.NewReplacer("MIN", "1", "MAX", "3", "goals: [Key]", "goals: [Smith]").Replace(litLanternPack))
	if _, err := NewGenerator(p).Generate(p.Areas[0], &World{}, seedRNG(1)); !errors.Is(err, ErrInfeasible) {
		t.Errorf("Smith: %v", err)
	}
}

// A rule marked "; repeat" may make its item again below itself.
func TestARuleMayAllowRepeating(t *testing.T) {
	src := strings.Replace(lanternPack, "MIN", "3", 1)
	src = strings.Replace(src, "Lantern ::= Combine Torch Nugget", "Lantern ::= Combine Torch Nugget ; repeat", 1)
	p := loadString(t, src)
	if !p.Rules[0].Repeat || p.Rules[0].String() != "Lantern ::= Combine Torch Nugget ; repeat" {
		t.Fatalf("rule %v", p.Rules[0])
	}
	pz, err := NewGenerator(p).Generate(p.Areas[0], &World{}, seedRNG(1))
	if err != nil || solutionActions(pz) != "Dismantle Combine Request" {
		t.Fatalf("%v: %s", err, solutionActions(pz))
	}
	if pz.RepeatedPath() != nil {
		t.Error("a repeat the rule allows is counted as a repeated path")
	}
}

// The rule options: only "repeat", after a ';'.
func TestParseRuleOptions(t *testing.T) {
	for src, want := range map[string]string{
		"A ::= Make B ; repeat":  "",
		"A ::= Make B ; again":   "1:16: unknown rule option again; the only option is repeat",
		"A ::= Make B ; [":       `1:16: unexpected "[", expected a rule option (repeat)`,
		"A ::= Make B ;":         "",
		"A ::= Make ; repeat":    "",
		"A ::= Make B ; repeat;": `1:22: unexpected ";", expected a rule option (repeat)`,
	} {
		_, err := ParseRule(src, Pos{})
		if got := fmt.Sprint(err); want == "" && err != nil || want != "" && got != want {
			t.Errorf("%q: %v, want %q", src, err, want)
		}
	}
}

// workshopPack needs its crafting table twice; neither use takes it up.
const workshopPack = `items:
  CraftingTable: {}
  Log:   {props: {carryable: true}}
  Plank: {props: {carryable: true}}
  Stick: {props: {carryable: true}}
rules: |
  Plank CraftingTable ::= Craft CraftingTable Log
  Stick CraftingTable ::= Craft CraftingTable Plank
areas:
  - {name: Shed, start: true, goals: [Stick], minDepth: 2, maxDepth: 2}
`

// No redundant duplicate spawns (issue 16): the two nodes that use a crafting table without using it up share one,
// and the game solves the puzzle with it.
func TestGenerateSharesWhatNoRuleUsesUp(t *testing.T) {
	p := loadString(t, workshopPack)
	pz, err := NewGenerator(p).Generate(p.Areas[0], &World{}, seedRNG(1))
	if err != nil {
		t.Fatal(err)
	}
	var tables []int
	for _, l := range pz.Leaves() {
		if l.Item == "CraftingTable" {
			tables = append(tables, l.Object)
		}
	}
	if len(tables) != 2 || tables[0] != tables[1] || len(pz.Spawned) != 2 || pz.Duplicates() != 0 {
		t.Fatalf("tables %v, spawned %v, duplicates %d", tables, pz.Spawned, pz.Duplicates())
	}
	if pz.Spawned[1].ID != pz.Spawned[0].ID+1 {
		t.Errorf("spawned ids %v, want them numbered without a gap", pz.Spawned)
	}
	res, err := Playthrough(p, 1)
	if err != nil || Replay(p, res) != nil {
		t.Fatalf("playthrough: %v; replay: %v", err, Replay(p, res))
	}
}

// An area's herrings: each puzzle of it spawns that many red herrings, which no leaf uses and no rule makes.
func TestAreaHerrings(t *testing.T) {
	src := strings.Replace(workshopPack, "  Stick: {props: {carryable: true}}\n", "  Stick: {props: {carryable: true}}\n  Pebble: {props: {carryable: true}}\n  Feather: {props: {carryable: true}}\n", 1)
	src = strings.Replace(src, "maxDepth: 2}", "maxDepth: 2, herrings: 2}", 1)
	p := loadString(t, src)
	if p.Areas[0].Herrings != 2 {
		t.Fatalf("herrings %d", p.Areas[0].Herrings)
	}
	pz, err := NewGenerator(p).Generate(p.Areas[0], &World{}, seedRNG(3))
	if err != nil {
		t.Fatal(err)
	}
	var items []string
	for _, o := range pz.Spawned[len(pz.Spawned)-len(pz.Herrings):] {
		items = append(items, o.Item)
	}
	if len(pz.Herrings) != 2 || !strings.Contains(strings.Join(items, " "), "Pebble") || !strings.Contains(strings.Join(items, " "), "Feather") {
		t.Errorf("herrings %v of %v", pz.Herrings, pz.Spawned)
	}
	// Exports show them as such.
	if dot := pz.DOT(); strings.Count(dot, "red herring") != 2 || !strings.Contains(dot, "style=dotted") {
		t.Errorf("DOT:\n%s", dot)
	}
}

// The shipped packs over many seeds (issue 16: 1 000): every playthrough succeeds, and no puzzle has a repeated
// path, a redundant duplicate, a depth below its area's minDepth or a single step.
func TestShippedPacksHaveNoFaults(t *testing.T) {
	seeds := 1000
	if testing.Short() || raceEnabled {
		seeds = 40
	}
	packs := [][]string{{"../packs/default"}, {"../packs/default", "../packs/examples/mod"}}
	dirs, _ := filepath.Glob("../packs/examples/*")
	for _, d := range dirs {
		if filepath.Base(d) != "mod" {
			packs = append(packs, []string{d})
		}
	}
	for _, paths := range packs {
		p, err := Load(paths...)
		if err != nil {
			t.Fatal(err)
		}
		st := PlaythroughStats(p, seeds)
		oneStep, belowMin, repeated, duplicates := st.Faults()
		if len(st.Failed) > 0 || oneStep+belowMin+repeated+duplicates > 0 {
			var b strings.Builder
			st.Write(&b)
			t.Errorf("%v over %d seeds:\n%s", paths, seeds, b.String())
		}
	}
}
