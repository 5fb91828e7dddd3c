package puzzle

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"testing"
)

// scaleShapes are the generated grammars the generator must scale to (issue 24): 300 and 1 000 rules, 16 and 50
// areas, depths up to 12, the same bounds everywhere or each area its own.
var scaleShapes = []synthShape{
	{items: 200, rules: 300, levels: 16, areas: 16, maxDepth: 12},
	{items: 200, rules: 300, levels: 16, areas: 50, maxDepth: 12, varied: true},
	{items: 600, rules: 1000, levels: 16, areas: 16, maxDepth: 12, varied: true},
	{items: 600, rules: 1000, levels: 16, areas: 50, maxDepth: 12},
}

// scaleGrammars is how many grammars of each shape the seeds share (seed i plays grammar i mod it): 4, or 2 under
// the race detector, where building a 1 000-rule generator takes seconds.
func scaleGrammars() int {
	if raceEnabled {
		return 2
	}
	return 4
}

// scaleSeeds is the number of games per shape: RIDDLESTONE_GEN_SEEDS, else 100 (10 under the race detector or
// with -short).
func scaleSeeds(t *testing.T) int {
	if v := os.Getenv("RIDDLESTONE_GEN_SEEDS"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 1 {
			t.Fatalf("RIDDLESTONE_GEN_SEEDS=%q: want a positive number", v)
		}
		return n
	}
	if raceEnabled || testing.Short() {
		return 10
	}
	return 100
}

// scaleWorld is a grammar of a shape whose areas form a binary tree from the start, A0. A random grammar may give an
// area goals that no rule can make at any depth (the pack's fault, which validate reports): those areas get the
// first goals that can be made instead, from the top level down, so that each area can have a puzzle.
func scaleWorld(sh synthShape) (*Pack, *Generator) {
	pk := synthGrammar(sh)
	g := NewGenerator(pk)
	replaced := false
	var makeable []Term
	for i := len(pk.ItemOrder) - 1; i >= 0 && len(makeable) < 3; i-- {
		if t := mkTerm(pk.ItemOrder[i]); g.Feasible(pk.Areas[0], t, 1, maxTableDepth) {
			makeable = append(makeable, t)
		}
	}
	for _, a := range pk.Areas {
		if !slices.ContainsFunc(a.Goals, func(t Term) bool { return g.Feasible(a, t, 1, maxTableDepth) }) {
			a.Goals, replaced = slices.Clone(makeable), true
		}
	}
	for i, a := range pk.Areas {
		if i > 0 {
			parent := pk.Areas[(i-1)/2]
			parent.Connects = append(parent.Connects, a.Name)
		}
	}
	pk.Areas[0].Start = true
	if replaced {
		g = NewGenerator(pk)
	}
	return pk, g
}

// Every area of every game on generated grammars gets a puzzle (or finds its goal already met): the generator
// never fails where the grammar allows a puzzle at some depth. Games are whole playthroughs, so later areas are
// generated in a world full of earlier areas' objects and beside puzzles in progress; each puzzle is solved by the
// game logic. The relaxations used are counted (they are allowed; a failure is not).
func TestGenerateScalesToGeneratedGrammars(t *testing.T) {
	seeds := scaleSeeds(t)
	for _, sh := range scaleShapes {
		name := fmt.Sprintf("%d rules, %d areas, depth %d", sh.rules, sh.areas, sh.maxDepth)
		if sh.varied {
			name += " varied"
		}
		t.Run(name, func(t *testing.T) {
			var packs []*Pack
			var gens []*Generator
			for i := range scaleGrammars() {
				sh.seed = uint64(i)
				pk, g := scaleWorld(sh)
				packs, gens = append(packs, pk), append(gens, g)
			}
			relaxed := map[Relaxation]int{}
			puzzles, failed, first := 0, 0, ""
			for seed := range seeds {
				pk, g := packs[seed%len(packs)], gens[seed%len(packs)]
				res, err := playthrough(g, pk, int64(seed), nil)
				if err == nil && len(res.Areas) != len(pk.Areas) {
					err = fmt.Errorf("%d of %d areas done", len(res.Areas), len(pk.Areas))
				}
				if err != nil {
					if failed++; first == "" {
						first = fmt.Sprintf("grammar %d, seed %d: %v", seed%len(packs), seed, err)
					}
					continue
				}
				for _, a := range res.Areas {
					relaxed[relaxationOf(a.Relaxed)]++
					puzzles++
				}
			}
			if failed > 0 {
				t.Errorf("%d of %d games failed; the first: %s", failed, seeds, first)
			}
			t.Logf("%d games, %d areas: relaxed %v", seeds, puzzles, relaxed)
		})
	}
}

// relaxationOf reads a relaxation by its name.
func relaxationOf(name string) Relaxation {
	for _, r := range relaxations {
		if r.String() == name {
			return r
		}
	}
	return Strict
}
