package puzzle

import (
	"strings"
	"testing"
)

// forkPack makes a Medal two steps deep either from a woven Ribbon or by joining a Frame and a Pin, each crafted
// from its own material: one chain, or two chains in parallel.
const forkPack = `items:
  Ribbon: {}
  Frame: {}
  Pin: {}
  Wood: {}
  Wire: {}
  Thread: {}
  Medal: {}
rules: |
  Medal ::= Award Ribbon
  Medal ::= Join Frame Pin
  Frame ::= Carve Wood
  Pin ::= Bend Wire
  Ribbon ::= Weave Thread
areas:
  - {name: Hall, start: true, goals: [Medal], minDepth: 2, maxDepth: 2}
`

// A puzzle gets parallel sub-goals where the grammar allows them: of the two rules for the Medal, the one whose two
// inputs are each made by a chain comes first until the tree has a fork, so every puzzle joins a carved Frame and a
// bent Pin (a coin would choose it half the time). An area whose breadth leaves no room for a fork is not pushed.
func TestGenerateParallelSubGoals(t *testing.T) {
	p := loadString(t, forkPack)
	g := NewGenerator(p)
	for seed := range uint64(40) {
		pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		if pz.Forks() != 1 || solutionActions(pz) != "Carve Bend Join" && solutionActions(pz) != "Bend Carve Join" {
			t.Fatalf("seed %d: %s, %d forks", seed, solutionActions(pz), pz.Forks())
		}
	}
	p = loadString(t, strings.Replace(forkPack, "maxDepth: 2}", "maxDepth: 2, breadth: 1}", 1))
	g = NewGenerator(p)
	awards := 0
	for seed := range uint64(40) {
		pz, err := g.Generate(p.Areas[0], &World{}, seedRNG(seed))
		if err != nil {
			t.Fatal(err)
		}
		if solutionActions(pz) == "Weave Award" {
			awards++
		}
	}
	if awards == 0 {
		t.Error("breadth 1: the fork was forced on every seed")
	}
}
