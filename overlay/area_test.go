package overlay

import (
	"encoding/json"
	"slices"
	"testing"

	"riddlestone/puzzle"
)

const toolPack = `items:
  Tool:   {}
  Hammer: {isa: [Tool], props: {carryable: true}}
  Saw:    {isa: [Tool], props: {carryable: true}}
  Iron:   {props: {carryable: true}}
  Log:    {props: {carryable: true}}
  Plank:  {}
rules: |
  Tool ::= Forge Iron
  Plank ::= Cut Log Saw
areas:
  - {name: Shed, start: true, goals: [Plank], minDepth: 2, maxDepth: 3}
`

// A saved puzzle keeps the items its tree chose for each rule's outputs, so that after a restart Forge still makes
// the Saw the puzzle needs rather than a plain Tool; a save from before outputs were kept still loads.
func TestSavedPuzzleKeepsTheTreesItems(t *testing.T) {
	p, err := puzzle.LoadBytes("tools.yaml", []byte(toolPack))
	if err != nil {
		t.Fatal(err)
	}
	a, _ := p.Area("Shed")
	pz, err := puzzle.NewGenerator(p).Generate(a, &puzzle.World{}, puzzle.NewRand(1))
	if err != nil {
		t.Fatal(err)
	}
	nodes := pz.TreeRules()
	if len(nodes) != 2 || !slices.Equal(nodes[0].Items, []string{"Saw"}) {
		t.Fatalf("tree %+v: want Forge to make a Saw", nodes)
	}
	raw, err := encodePuzzle(pz, nil)
	if err != nil {
		t.Fatal(err)
	}
	back, _, err := decodePuzzle(p, "Shed", raw)
	if err != nil {
		t.Fatal(err)
	}
	again := back.TreeRules()
	if len(again) != 2 || !slices.Equal(again[0].Items, []string{"Saw"}) {
		t.Fatalf("after a reload the tree is %+v", again)
	}
	var old map[string]any
	if err := json.Unmarshal(raw, &old); err != nil {
		t.Fatal(err)
	}
	for _, n := range old["nodes"].([]any) {
		delete(n.(map[string]any), "outputs")
	}
	raw, _ = json.Marshal(old)
	if back, _, err = decodePuzzle(p, "Shed", raw); err != nil || back.Root.Rule == nil {
		t.Fatalf("a save without outputs: %v", err)
	}
}
