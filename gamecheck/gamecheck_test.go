package gamecheck_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"riddlestone/gamecheck"
	"riddlestone/overlay"
	"riddlestone/puzzle"
)

// basePack uses every kind of name the game checks: a block look with states, an item look, an NPC look, and tag
// rules with a block, states, blocks above and below, and an entity.
const basePack = `items:
  Lever: {props: {on: false}, look: {block: lever, states: {lever_direction: up_north_south}, when: [{if: {on: true}, states: {open_bit: true}, sound: click}]}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
  Guard: {look: {entity: villager_v2, name: Guard}}
  Tree:  {props: {notSpawnable: true}, look: {block: oak_log}}
  Mill:  {look: {block: grindstone}}
rules: |
  Lever[on: true] Key ::= Pull Lever[on: false] Key
  Key Guard ::= Ask Guard Tree
  Key Mill ::= Grind Mill Tree
tags:
  - {item: Tree, block: oak_log, states: {pillar_axis: y}, above: [oak_leaves], below: [grass_block]}
  - {item: Guard, entity: riddlestone:npc/villager_v2}
areas:
  - {name: Yard, start: true, goals: ["Lever[on: true]", Key], maxDepth: 3}
world:
  - {id: 1, item: Tree, area: Yard}
structures:
  Shed: {for: [Mill], palette: {"#": cobblestone, L: {block: oak_log, states: {pillar_axis: x}}}, layout: [["#L"], ["@."]]}
  Store: {for: [Mill], palette: {"#": cobblestone, C: {block: chest, items: {bread: 3, shears: 1}}}, layout: [["#C"], ["@."]]}
`

// Each check of the game, one at a time: the validator reports the mistake at the name or state at fault with a
// hint, and the server's start (overlay.New, which checks looks and tag rules before it opens anything) refuses
// the pack too; the same pack without the mistake validates and starts. So what validates always starts.
func TestEveryGameCheckValidatesWhatStarts(t *testing.T) {
	w := testWorld(t)
	checkStarts(t, w, basePack, true)
	for _, tc := range []struct {
		name, old, new, at, msg, hint string
	}{
		{"unknown block look", "block: grindstone", "block: grind_stone", "6:25", `item Mill: look: unknown block "grind_stone"`, "did you mean grindstone?"},
		{"unknown state of a block look", "states: {lever_direction:", "states: {lever_dir:", "2:72", "item Lever: look: block lever has no state lever_dir", "did you mean lever_direction?"},
		{"a state value a block never has", "lever_direction: up_north_south", "lever_direction: sideways", "2:78", "state lever_direction of block lever is never sideways", "its values are"},
		{"unknown state in a case", "states: {open_bit: true}", "states: {opened: true}", "2:136", "item Lever: look: case 1: block lever has no state opened", "open_bit"},
		{"unknown sound", "sound: click", "sound: clack", "2:152", `item Lever: look: case 1: unknown sound "clack"`, "did you mean click?"},
		{"holds in a block with no place", "sound: click}", "sound: click, holds: book}", "2:166", `block "lever" holds no item`, "lectern"},
		{"unknown item look", "item: emerald", "item: coal_lump", "3:50", `item Key: look: unknown item "coal_lump"`, "did you mean coal?"},
		{"unknown NPC model", "entity: villager_v2", "entity: villager_v3", "4:26", `entity "villager_v3" is not a model NPCs can have`, "did you mean villager_v2?"},
		{"unknown tag block", "block: oak_log, states", "block: oak_logg, states", "12:25", `tag rule for Tree: unknown block "oak_logg"`, "did you mean oak_log?"},
		{"unknown tag state", "states: {pillar_axis: y}", "states: {axis: y}", "12:49", "block oak_log has no state axis", "its states are pillar_axis ("},
		{"unknown block above", "above: [oak_leaves]", "above: [oak_leafs]", "12:68", `tag rule for Tree: above: unknown block "oak_leafs"`, "did you mean oak_leaves?"},
		{"unknown structure block", "cobblestone", "cobblestome", "19:38", `structure Shed: palette #: unknown block "cobblestome"`, "did you mean cobblestone?"},
		{"unknown structure state", "pillar_axis: x", "pillar_axis: w", "19:93", "state pillar_axis of block oak_log is never w", "its values are"},
		{"unknown item in a chest", "bread: 3", "bred: 3", "20:78", `structure Store: palette C: unknown item "bred"`, "bread"},
		{"more than stack", "shears: 1", "shears: 2", "20:96", "structure Store: palette C: shears stacks to 1, not 2", ""},
		{"items in no container", "block: chest", "block: stone", "20:63", `structure Store: palette C: block "stone" holds no items`, ""},
		{"unknown block below", "below: [grass_block]", "below: [grass]", "12:89", `tag rule for Tree: below: unknown block "grass"`, "grass_block"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			src := strings.Replace(basePack, tc.old, tc.new, 1)
			if src == basePack {
				t.Fatalf("%q is not in the pack", tc.old)
			}
			_, list := load(t, src)
			errs := list.Errors()
			if len(errs) != 1 {
				t.Fatalf("want one error, got:\n%v", list)
			}
			e := errs[0]
			if !strings.HasSuffix(e.Pos.String(), ":"+tc.at) || !strings.Contains(e.Msg, tc.msg) || !strings.Contains(e.Hint, tc.hint) || e.Source == "" {
				t.Errorf("got %v (hint %q)\nwant at %s: %s (hint %s)", e, e.Hint, tc.at, tc.msg, tc.hint)
			}
			checkStarts(t, w, src, false)
		})
	}
}

// A state a rule reaches that shows as the item first does is a warning, with the case to add; a case marked
// same silences it. A carried item the game has an item of, shown as another, is an error that names the game's.
func TestStatesAndCarriedItemsShowAsTheySay(t *testing.T) {
	src := strings.Replace(basePack, ", when: [{if: {on: true}, states: {open_bit: true}, sound: click}]", "", 1)
	_, list := load(t, src)
	if len(list) != 1 || !list[0].Warning || !strings.Contains(list[0].Msg, "item Lever: on: true (the rule at line 8) shows as the item first does") ||
		!strings.Contains(list[0].Hint, "{if: {on: true}, same: true}") || list[0].Pos.Line != 2 {
		t.Fatalf("got %v", list)
	}
	src = strings.Replace(basePack, "states: {open_bit: true}, sound: click", "same: true", 1)
	if _, list := load(t, src); len(list) != 0 {
		t.Fatalf("a state marked same is still reported: %v", list)
	}
	src = strings.Replace(basePack, "Key:   {props: {carryable: true}, look: {item: emerald}}",
		"Key:   {props: {carryable: true}, look: {item: emerald}}\n  Map: {props: {carryable: true}, look: {item: paper}}", 1)
	_, list = load(t, src)
	if errs := list.Errors(); len(errs) != 1 || !strings.Contains(errs[0].Msg, "item Map: look: Map shows as paper, but the game has its own") ||
		!strings.Contains(errs[0].Hint, "empty_map") {
		t.Fatalf("got %v", list)
	}
}

// An entity tag rule no entity of the world can match is a warning: the server starts, and the rule finds nothing.
func TestEntityTagNoEntityHasIsAWarning(t *testing.T) {
	src := strings.Replace(basePack, "entity: riddlestone:npc/villager_v2", "entity: villager_v2", 1)
	_, list := load(t, src)
	if len(list) != 1 || !list[0].Warning || !strings.Contains(list[0].Msg, "no entity of type minecraft:villager_v2") ||
		!strings.Contains(list[0].Hint, "riddlestone:npc/villager_v2") {
		t.Fatalf("got %v", list)
	}
	checkStarts(t, testWorld(t), src, true)
}

// Every shipped pack, and the mod example on the default pack, validates with no problem at all and starts.
func TestShippedPacksValidateAndStart(t *testing.T) {
	w := testWorld(t)
	packs := [][]string{{"../packs/default"}, {"../packs/default", "../packs/examples/mod"}}
	dirs, _ := filepath.Glob("../packs/examples/*")
	for _, d := range dirs {
		if filepath.Base(d) != "mod" {
			packs = append(packs, []string{d})
		}
	}
	for _, paths := range packs {
		p, list := gamecheck.Load(paths...)
		if len(list) > 0 {
			t.Errorf("%v:\n%v", paths, list)
			continue
		}
		start(t, w, p)
	}
}

// The NPC models the validator accepts are the ones the overlay registers.
func TestNPCModelsAreTheOverlays(t *testing.T) {
	if !slices.Equal(gamecheck.NPCModels, overlay.NPCModels) {
		t.Errorf("gamecheck.NPCModels %v\noverlay.NPCModels %v", gamecheck.NPCModels, overlay.NPCModels)
	}
}

// load writes a pack to a file and loads it as the server does.
func load(t *testing.T, src string) (*puzzle.Pack, puzzle.ErrorList) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "pack.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return gamecheck.Load(path)
}

// checkStarts checks that the validator passes a pack exactly when the overlay starts with it.
func checkStarts(t *testing.T, w *world.World, src string, want bool) {
	t.Helper()
	p, list := load(t, src)
	if valid := len(list.Errors()) == 0; valid != want {
		t.Fatalf("validates: %v, want %v:\n%v", valid, want, list)
	}
	err := start(t, w, p)
	if (err == nil) != want {
		t.Errorf("the overlay starts: %v, want %v (%v)", err == nil, want, err)
	}
}

// start opens an overlay on the world with a pack, as the server's start does after loading the packs, and closes
// it again.
func start(t *testing.T, w *world.World, p *puzzle.Pack) error {
	t.Helper()
	o, err := overlay.New(w, overlay.Options{Pack: p, Seed: 1, AreaSize: 1, StoreDir: t.TempDir()})
	if err == nil {
		_ = o.Close()
	}
	return err
}

// testWorld is a flat world in memory with the entity types the server registers.
func testWorld(t *testing.T) *world.World {
	t.Helper()
	world.DefaultBlockRegistry.Finalize()
	reg := entity.DefaultRegistry.Config().New(append(entity.DefaultRegistry.Types(), overlay.EntityTypes()...))
	w := world.Config{
		Generator: generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Bedrock{}}),
		Entities:  reg,
	}.New()
	w.SetSpawn(cube.Pos{8, -61, 8})
	t.Cleanup(func() { _ = w.Close() })
	return w
}
