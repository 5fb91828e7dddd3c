package puzzle

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// structureYAML is a pack with one item and one good structure around it.
const structureYAML = `items:
  Campfire: {isa: [Fire], look: {block: campfire}}
structures:
  Camp:
    for: [Fire]
    palette:
      "#": cobblestone
      L: {block: oak_log, states: {pillar_axis: y}}
    layout:
      - |
        ###
        ###
      - |
        L.-
        .@.
`

func TestLoadStructure(t *testing.T) {
	p := loadString(t, structureYAML)
	s, ok := p.Structure("Camp")
	if !ok {
		t.Fatal("no structure Camp")
	}
	if w, h, d := s.Size(); w != 3 || h != 2 || d != 2 {
		t.Errorf("size %d×%d×%d, want 3×2×2", w, h, d)
	}
	if s.Anchor != [3]int{1, 1, 1} {
		t.Errorf("anchor %v, want [1 1 1]", s.Anchor)
	}
	log := s.Palette['L']
	if log.Block != "oak_log" || log.States["pillar_axis"] != "y" || log.Pos.String() != "pack.yaml:8:18" ||
		log.StatePos["pillar_axis"].String() != "pack.yaml:8:49" {
		t.Errorf("palette L: %+v", log)
	}
	if got := s.Palette['#']; got.Block != "cobblestone" || got.Pos.String() != "pack.yaml:7:12" {
		t.Errorf("palette #: %+v", got)
	}
	if s.Cell(1, 0, 2) != KeepMark || s.Cell(0, 1, 0) != '#' {
		t.Errorf("cells %q %q", s.Cell(1, 0, 2), s.Cell(0, 1, 0))
	}
	if got := p.StructuresFor("Campfire"); len(got) != 1 || got[0] != s {
		t.Errorf("structures for Campfire: %v", got)
	}
	if got := p.StructuresFor("Fire"); len(got) != 0 {
		t.Errorf("structures for Fire, which is no item: %v", got)
	}
	if errs := structureProblems(p); len(errs) > 0 {
		t.Errorf("validate: %v", errs)
	}
}

func TestLoadStructureLayerAsListOfRows(t *testing.T) {
	p := loadString(t, `items:
  Campfire: {look: {block: campfire}}
structures:
  Camp:
    for: Campfire
    palette: {"#": stone}
    layout:
      - ["###"]
      - [".@."]
`)
	s, _ := p.Structure("Camp")
	if s.Anchor != [3]int{1, 0, 1} || !slices.Equal(s.Layers[1], []string{".@."}) {
		t.Errorf("structure %+v", s)
	}
}

// structureProblems returns the errors Validate finds in a pack's structures.
func structureProblems(p *Pack) ErrorList {
	errs, _ := Validate(p)
	var out ErrorList
	for _, e := range errs {
		if strings.Contains(e.Msg, "structure") {
			out = append(out, e)
		}
	}
	return out
}

// structureErrors loads text with structure errors and returns them, one a line.
func structureErrors(t *testing.T, src string) []string {
	t.Helper()
	return strings.Split(loadError(t, src), "\n")
}

func TestStructureErrorsAtTheCharacter(t *testing.T) {
	for _, tc := range []struct {
		name, layout, want string
	}{
		{"unknown character", "      - |\n        ###\n        #x#\n      - |\n        ...\n        .@.\n",
			`pack.yaml:8:10: structure Camp layout: unknown palette character "x"`},
		{"short row", "      - |\n        ###\n        ##\n      - |\n        ...\n        .@.\n",
			"pack.yaml:8:11: structure Camp layout: ragged row: 2 characters wide, the first row 3"},
		{"long row", "      - |\n        ###\n        ###\n      - |\n        ....\n        .@.\n",
			"pack.yaml:10:12: structure Camp layout: ragged row: 4 characters wide, the first row 3"},
		{"rows as list", "      - [\"###\", \"###\"]\n      - [\"...\", \".@y\"]\n",
			`pack.yaml:7:20: structure Camp layout: unknown palette character "y"`},
		{"no anchor", "      - |\n        ###\n      - |\n        ...\n",
			"pack.yaml:5:5: structure Camp layout has no anchor: mark where the object stands with @"},
		{"second anchor", "      - |\n        ###\n      - |\n        @.@\n",
			"pack.yaml:9:11: structure Camp layout: a second anchor (the first at pack.yaml:9:9); mark one place for the object"},
		{"anchor on the floor", "      - |\n        #@#\n      - |\n        ...\n",
			"pack.yaml:7:10: structure Camp layout: the anchor is in the bottom layer, the floor; put it in the layer above"},
		{"nothing under the anchor", "      - |\n        #.#\n      - |\n        .@.\n",
			"pack.yaml:7:10: structure Camp layout: the cell under the anchor must be a block the object stands on"},
		{"layers of different rows", "      - |\n        ###\n        ###\n      - |\n        .@.\n",
			"pack.yaml:10:9: structure Camp layout: layer 2 has 1 rows, the first layer 2"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := "items:\n  Campfire: {look: {block: campfire}}\nstructures:\n  Camp:\n    layout:\n" + tc.layout +
				"    for: [Campfire]\n    palette: {\"#\": stone}\n"
			errs := structureErrors(t, src)
			if !slices.Contains(errs, tc.want) {
				t.Errorf("errors:\n%s\nwant %s", strings.Join(errs, "\n"), tc.want)
			}
		})
	}
}

func TestStructurePaletteErrors(t *testing.T) {
	errs := structureErrors(t, `items:
  Campfire: {look: {block: campfire}}
structures:
  Camp:
    for: [Campfire]
    palette: {"@": stone, ab: dirt, "#": {states: {x: 1}}}
    layout: ["###", ".@."]
`)
	for _, want := range []string{
		`pack.yaml:6:15: structure Camp palette: "@" is a built-in mark (@ anchor, . air, - keep the world's block)`,
		`pack.yaml:6:27: structure Camp palette: "ab" is not one character`,
		`pack.yaml:6:42: structure Camp palette # needs a block`,
		`pack.yaml:7:14: structure Camp layout: a layer must be a literal block (- |) or a list of rows`,
	} {
		if !slices.Contains(errs, want) {
			t.Errorf("errors:\n%s\nwant %s", strings.Join(errs, "\n"), want)
		}
	}
}

func TestValidateStructureFor(t *testing.T) {
	p, err := LoadBytes("pack.yaml", []byte(strings.Replace(structureYAML, "for: [Fire]", "for: [Fire, Campfir]", 1)))
	if err != nil {
		t.Fatal(err)
	}
	errs := structureProblems(p)
	want := "pack.yaml:5:17: structure Camp: unknown item or type Campfir; did you mean Campfire?"
	if len(errs) != 1 || errs[0].Error() != want {
		t.Errorf("errors %v, want %s", errs, want)
	}
}

// writeFile writes a file into dir and returns its path.
func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestStructureLayers(t *testing.T) {
	dir := t.TempDir()
	base := writeFile(t, dir, "base.yaml", structureYAML)
	same := writeFile(t, dir, "same.yaml", `structures:
  Camp: {for: [Campfire], palette: {"#": stone}, layout: [["#"], ["@"]]}
`)
	_, err := Load(base, same)
	if err == nil || !strings.Contains(err.Error(), "same.yaml:2:3: structure Camp already declared at "+base+":4:3 (to replace it, say replace: true)") {
		t.Errorf("error %v", err)
	}
	repl := writeFile(t, dir, "repl.yaml", `structures:
  Camp: {replace: true, for: [Campfire], palette: {"#": stone}, layout: [["#"], ["@"]]}
`)
	p, err := Load(base, repl)
	if err != nil {
		t.Fatal(err)
	}
	if s, _ := p.Structure("Camp"); len(p.Structures) != 1 || s.Pos.File != repl {
		t.Errorf("structures %v", p.Structures)
	}
	rm := writeFile(t, dir, "rm.yaml", "remove: {structures: [Camp]}\n")
	if p, err := Load(base, rm); err != nil || len(p.Structures) != 0 {
		t.Errorf("after removing: %v, %v", p.Structures, err)
	}
}

func TestStructureTurns(t *testing.T) {
	p := loadString(t, strings.Replace(structureYAML, "    for: [Fire]\n", "    for: [Fire]\n    turns: [1, 3]\n", 1))
	if s, _ := p.Structure("Camp"); !slices.Equal(s.Rotations(), []int{1, 3}) {
		t.Errorf("turns %v", s.Rotations())
	}
	if s, _ := loadString(t, structureYAML).Structure("Camp"); !slices.Equal(s.Rotations(), []int{0, 1, 2, 3}) {
		t.Errorf("turns without turns: %v", s.Rotations())
	}
	errs := structureErrors(t, strings.Replace(structureYAML, "    for: [Fire]\n", "    for: [Fire]\n    turns: [0, 4]\n", 1))
	want := "pack.yaml:6:16: structure Camp: a turn is 0 to 3 quarter turns clockwise, not 4"
	if !slices.Contains(errs, want) {
		t.Errorf("errors:\n%s\nwant %s", strings.Join(errs, "\n"), want)
	}
}

func TestStructureNeedsForAndLayout(t *testing.T) {
	errs := structureErrors(t, `items:
  Campfire: {look: {block: campfire}}
structures:
  Camp: {palette: {"#": stone}}
`)
	for _, want := range []string{
		"pack.yaml:4:3: structure Camp needs for: the items or types whose objects it goes around",
		"pack.yaml:4:3: structure Camp needs a layout",
	} {
		if !slices.Contains(errs, want) {
			t.Errorf("errors:\n%s\nwant %s", strings.Join(errs, "\n"), want)
		}
	}
}

// hutYAML is a pack with a structure built on water: a deck on log posts, a chest on it.
const hutYAML = `items:
  Guard: {look: {entity: villager_v2}}
structures:
  Hut:
    for: [Guard]
    on: water
    palette:
      P: oak_planks
      L: {block: oak_log, post: true}
      C: {block: chest, items: {bread: 3, torch: 8}}
    layout:
      - [LPL, PPP, LPL]
      - [C.., .@., ...]
`

func TestLoadWaterStructure(t *testing.T) {
	p := loadString(t, hutYAML)
	s, _ := p.Structure("Hut")
	if !s.Water || !s.Posts() || !s.Palette['L'].Post || s.Palette['P'].Post {
		t.Errorf("structure %+v", s)
	}
	items := s.Palette['C'].Items
	if len(items) != 2 || items[0].Name != "bread" || items[0].Count != 3 || items[1].Name != "torch" ||
		items[1].Count != 8 || items[0].Pos.String() != "pack.yaml:10:33" || items[1].CountPos.String() != "pack.yaml:10:50" {
		t.Errorf("chest items %+v", items)
	}
	if ground, _ := loadString(t, structureYAML).Structure("Camp"); ground.Water {
		t.Error("a structure without on is built on water")
	}
}

func TestWaterStructureErrorsAtTheMistake(t *testing.T) {
	for _, tc := range []struct{ name, from, to, want string }{
		{"unknown surface", "on: water", "on: lava",
			`pack.yaml:6:9: structure Hut: on is ground or water, not "lava"`},
		{"no posts", "post: true", "post: false",
			"pack.yaml:4:3: structure Hut is built on water and needs posts: a palette block with post: true in its bottom layer"},
		{"post not a boolean", "post: true", "post: 2",
			"pack.yaml:9:33: structure Hut palette L post must be true or false"},
		{"anchor above the deck", "      - [C.., .@., ...]\n", "      - [C.., ..., ...]\n      - [..., .@., ...]\n",
			"pack.yaml:14:16: structure Hut layout: on water the object stands on the deck, the bottom layer: put the anchor in the second layer"},
		{"count too big", "torch: 8", "torch: 65",
			"pack.yaml:10:50: structure Hut palette C items: a count is 1 to 64, not 65"},
		{"count zero", "bread: 3", "bread: 0",
			"pack.yaml:10:40: structure Hut palette C items: a count is 1 to 64, not 0"},
		{"count not a number", "bread: 3", "bread: many",
			"pack.yaml:10:40: structure Hut palette C items bread count must be an integer"},
		{"items as a list", "items: {bread: 3, torch: 8}", `items: ["bread 3"]`,
			`pack.yaml:10:32: structure Hut palette C items must be a mapping from item names to counts, like {bread: 3}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			errs := structureErrors(t, strings.Replace(hutYAML, tc.from, tc.to, 1))
			if !slices.Contains(errs, tc.want) {
				t.Errorf("errors:\n%s\nwant %s", strings.Join(errs, "\n"), tc.want)
			}
		})
	}
}
