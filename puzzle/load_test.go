package puzzle

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const heistYAML = `items:
  Safe:    {isa: [Container], props: {locked: true}, look: {block: chest}}
  Badge:   {isa: [Key], props: {carryable: true}, look: {item: name_tag}}
  Well:    {isa: [WaterSource], area: [Field], props: {notSpawnable: true}}
rules: |       # one rule a line
  Gold Safe ::= Open Safe[locked: false]

  # a comment line
  Safe[locked: false] Key ::= Unlock Safe[locked: true] Key
failRules:
  - Alarm ::= Smash CarAlarm Crowbar
areas:
  - {name: Street, start: true, goals: [Disguise, Cake], maxDepth: 3, connects: [Lobby]}
  - {name: Lobby, goals: ["Safe[locked: false]"], maxDepth: 6}
world:
  - {id: 1, item: Well, area: Field, props: {deep: 3}}
`

// loadString loads a pack from text, failing the test on errors.
func loadString(t *testing.T, src string) *Pack {
	t.Helper()
	p, err := LoadBytes("pack.yaml", []byte(src))
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return p
}

// loadError loads a pack from text and returns its error text.
func loadError(t *testing.T, src string) string {
	t.Helper()
	p, err := LoadBytes("pack.yaml", []byte(src))
	if err == nil {
		t.Fatalf("no error loading:\n%s", src)
	}
	if p == nil {
		t.Fatal("no pack returned with the errors")
	}
	return err.Error()
}

func TestLoadBytes(t *testing.T) {
	p := loadString(t, heistYAML)
	if got := strings.Join(p.ItemOrder, " "); got != "Safe Badge Well" {
		t.Errorf("item order %s", got)
	}
	safe := p.Items["Safe"]
	if !slices.Equal(safe.Isa, []string{"Container"}) || safe.Props["locked"] != Bool(true) || safe.Look.Block != "chest" {
		t.Errorf("safe: %+v", safe)
	}
	if safe.Pos != (Pos{"pack.yaml", 2, 3}) || safe.Look.Pos != (Pos{"pack.yaml", 2, 54}) {
		t.Errorf("safe at %s, look at %s", safe.Pos, safe.Look.Pos)
	}
	if w := p.Items["Well"]; !slices.Equal(w.Areas, []string{"Field"}) || w.Spawnable() {
		t.Errorf("well: %+v", w)
	}
	if len(p.Rules) != 2 || p.Rules[0].Index != 0 || p.Rules[1].Index != 1 {
		t.Fatalf("rules: %v", p.Rules)
	}
	if got := p.Rules[1].Inputs[0]; got.Pos != (Pos{"pack.yaml", 9, 38}) || got.Props["locked"] != Bool(true) {
		t.Errorf("input term %s at %s", got, got.Pos)
	}
	if len(p.FailRules) != 1 || p.FailRules[0].Index != -1 || !p.FailRules[0].Fail || p.FailRules[0].Pos != (Pos{"pack.yaml", 11, 5}) {
		t.Errorf("fail rules: %+v", p.FailRules)
	}
	street, _ := p.Area("Street")
	lobby, _ := p.Area("Lobby")
	if !street.Start || street.MaxDepth != 3 || len(street.Goals) != 2 || street.Goals[1].Pos != (Pos{"pack.yaml", 13, 51}) {
		t.Errorf("street: %+v", street)
	}
	if !slices.Equal(lobby.Connects, []string{"Street"}) {
		t.Errorf("connections are two-way, but Lobby connects %v", lobby.Connects)
	}
	if g := lobby.Goals[0]; g.String() != "Safe[locked: false]" || g.Pos != (Pos{"pack.yaml", 14, 28}) {
		t.Errorf("quoted goal %s at %s", g, g.Pos)
	}
	if len(p.World) != 1 || !p.World[0].Props.Equal(Props{"notSpawnable": Bool(true), "deep": Int(3)}) {
		t.Errorf("world objects start with their item's properties: %+v", p.World)
	}
	if !slices.Equal(p.Files, []string{"pack.yaml"}) {
		t.Errorf("files %v", p.Files)
	}
}

// TestLoadBlockScalarPositions checks that an error on the third line of a literal block is reported at its real
// line and column in the file, whatever the block's indentation.
func TestLoadBlockScalarPositions(t *testing.T) {
	src := "items: {A: {}, B: {}}\n" +
		"rules: |2-\n" +
		"      A ::= Make B\n" +
		"\n" +
		"      B ::= Make A[x: 1,, y: 2]\n"
	if got, want := loadError(t, src), "pack.yaml:5:25: unexpected \",\", expected a property name"; got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
	src = "rules:\n  - A ::= Make B\n  - \"B ::= Make\\tA[x: ]\"\n  - 'C ::= Make A]'\n"
	want := "pack.yaml:3:5: unexpected \"]\", expected a value\npack.yaml:4:18: unexpected \"]\", expected an input term"
	if got := loadError(t, src); got != want {
		t.Errorf("list of rules: got\n%s\nwant\n%s", got, want)
	}
}

func TestLoadErrors(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"yaml syntax", "items:\n  A: {isa: [B}\n", "pack.yaml:2:12: '[' is not closed; close it with ']' before the '}' at 2:14"},
		{"unknown top key", "items: {}\nrulez: |\n  A ::= B C\n", `pack.yaml:2:1: unknown key "rulez" in the pack; expected one of areas, failRules, items, remove, rings, rules, structures, tags, text, words, world`},
		{"unknown item key", "items:\n  A: {isa: [B], colour: red}\n", `pack.yaml:2:17: unknown key "colour" in item A; expected one of area, isa, look, props, replace, words`},
		{"duplicate key", "items:\n  A: {}\n  B: {}\n  A: {}\n", `pack.yaml:4:3: duplicate key "A" in items (first at pack.yaml:2:3)`},
		{"duplicate prop", "items:\n  A: {props: {x: 1, x: 2}}\n", `pack.yaml:2:21: duplicate key "x" in item A props (first at pack.yaml:2:15)`},
		{"bad item name", "items:\n  Iron Door: {}\n", `pack.yaml:2:3: item name "Iron Door" is not a name: use letters, digits and '_', starting with a letter`},
		{"Item declared", "items:\n  Item: {}\n", "pack.yaml:2:3: Item is the type of every item and cannot be declared"},
		{"float prop", "items:\n  A: {props: {weight: 1.5}}\n", "pack.yaml:2:23: property weight must be a boolean, an integer or a string"},
		{"items as list", "items: [A, B]\n", "pack.yaml:1:8: items must be a mapping from item names to items"},
		{"rules as mapping", "rules: {a: b}\n", "pack.yaml:1:8: rules must be a literal block (rules: |) or a list of strings"},
		{"folded rules", "rules: >\n  A ::= Make B\n  B ::= Make A\n", "pack.yaml:1:8: rules must be a literal block (|), not a folded one (>), which joins them into one line"},
		{"empty rule in list", "rules: ['']\n", "pack.yaml:1:10: empty rule"},
		{"bad goal", "areas:\n  - {name: A, goals: ['B[x']}\n", "pack.yaml:2:27: goal: unexpected end of input after property name x, expected ':'"},
		{"area without name", "areas:\n  - {goals: [A]}\n", "pack.yaml:2:5: area without a name"},
		{"depth not int", "areas:\n  - {name: A, maxDepth: deep}\n", "pack.yaml:2:25: maxDepth must be an integer"},
		{"start not bool", "areas:\n  - {name: A, start: yes}\n", "pack.yaml:2:22: start must be true or false"},
		{"inventory area", "areas:\n  - {name: inventory}\n", `pack.yaml:2:12: "inventory" names the players' inventories and cannot be an area`},
		{"duplicate area", "areas:\n  - {name: A}\n  - {name: A}\n", "pack.yaml:3:5: area A already declared at pack.yaml:2:5"},
		{"duplicate id", "world:\n  - {id: 1, item: A, area: X}\n  - {id: 1, item: B, area: X}\n", "pack.yaml:3:10: world object id 1 already used at pack.yaml:2:5"},
		{"object without item", "world:\n  - {id: 2, area: X}\n", "pack.yaml:2:5: world object needs an item"},
		{"negative id", "world:\n  - {id: -2, item: A, area: X}\n", "pack.yaml:2:10: id must be a positive integer"},
		{"two documents", "items: {}\n---\nitems: {}\n", "pack.yaml:2:1: a pack file holds one YAML document"},
		{"top not mapping", "- a\n", "pack.yaml:1:1: the pack must be a mapping"},
		{"look states", "items:\n  A: {look: {block: lever, states: [on]}}\n", "pack.yaml:2:36: item A look states must be a mapping of property names to values"},
		{"columns count bytes", "areas:\n  - {name: Äö, maxDepth: x}\n", "pack.yaml:2:28: maxDepth must be an integer"},
		{"CR line ends", "items: {}\r\rareas: [{name: A, start: 1}]\r", "pack.yaml:3:26: start must be true or false"},
		{"several errors sorted", "items:\n  A: {x: 1}\n  B: {y: 1}\n", "pack.yaml:2:7: unknown key \"x\" in item A; expected one of area, isa, look, props, replace, words\npack.yaml:3:7: unknown key \"y\" in item B; expected one of area, isa, look, props, replace, words"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := loadError(t, tc.src); got != tc.want {
				t.Errorf("got\n%s\nwant\n%s", got, tc.want)
			}
		})
	}
}

func TestLoadEmpty(t *testing.T) {
	for _, src := range []string{"", "# nothing\n", "items:\nrules:\nareas:\n"} {
		p := loadString(t, src)
		if len(p.Items)+len(p.Rules)+len(p.Areas) != 0 {
			t.Errorf("%q: got %+v", src, p)
		}
	}
}

// writeFiles writes files into a new temporary directory and returns it.
func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		path := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestLoadDirectoryInNameOrder(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"b.yaml":     "items: {B: {}}\nrules: |\n  B ::= MakeB A\n",
		"a.yaml":     "items: {A: {}}\nrules: |\n  A ::= MakeA B\n  A ::= MakeA2 B\n",
		"notes.txt":  "not a pack",
		"c.yaml":     "areas:\n  - {name: X, start: true, goals: [A], maxDepth: 2}\n",
		"sub/d.yaml": "items: {D: {}}\n",
	})
	p, err := Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	var actions []string
	for i, r := range p.Rules {
		if r.Index != i {
			t.Errorf("rule %s numbered %d, want %d", r, r.Index, i)
		}
		actions = append(actions, r.Action)
	}
	if got := strings.Join(actions, " "); got != "MakeA MakeA2 MakeB" {
		t.Errorf("rules read as %s, want name order of files", got)
	}
	if got := strings.Join(p.ItemOrder, " "); got != "A B" {
		t.Errorf("items %s", got)
	}
	if len(p.Files) != 3 || filepath.Base(p.Files[2]) != "c.yaml" {
		t.Errorf("files %v", p.Files)
	}
	if r := p.Rules[2]; r.Pos.File != filepath.Join(dir, "b.yaml") || r.Pos.Line != 3 {
		t.Errorf("rule from b.yaml at %s", r.Pos)
	}
}

func TestLoadLayers(t *testing.T) {
	base := writeFiles(t, map[string]string{"base.yaml": "items: {A: {}, B: {}}\nrules: |\n  A ::= Make B\nareas:\n  - {name: X, start: true, goals: [A], maxDepth: 2}\n"})
	extra := writeFiles(t, map[string]string{"extra.yaml": "items: {C: {}}\nrules: |\n  B ::= Make C\nareas:\n  - {name: Y, goals: [B], maxDepth: 2, connects: [X]}\n"})
	p, err := Load(filepath.Join(base, "base.yaml"), extra)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Rules) != 2 || p.Rules[1].Index != 1 || p.Rules[1].Action != "Make" || len(p.Items) != 3 {
		t.Errorf("layered pack: %v %v", p.Rules, p.ItemOrder)
	}
	if x, _ := p.Area("X"); !slices.Equal(x.Connects, []string{"Y"}) {
		t.Errorf("a later pack's connection is two-way: X connects %v", x.Connects)
	}
	clash := writeFiles(t, map[string]string{"clash.yaml": "items:\n  A: {}\nareas:\n  - {name: X}\n"})
	_, err = Load(base, clash)
	want := clash + "/clash.yaml:2:3: item A already declared at " + base + "/base.yaml:1:9 (to replace it, say replace: true)\n" +
		clash + "/clash.yaml:4:5: area X already declared at " + base + "/base.yaml:5:5 (to replace it, say replace: true)"
	if err == nil || err.Error() != want {
		t.Errorf("got\n%v\nwant\n%s", err, want)
	}
}

func TestLoadMissing(t *testing.T) {
	dir := t.TempDir()
	_, err := Load(filepath.Join(dir, "nope.yaml"), dir)
	if err == nil || !strings.Contains(err.Error(), "nope.yaml: no such file or directory") || !strings.Contains(err.Error(), dir+": no *.yaml files in the directory") {
		t.Errorf("got %v", err)
	}
}

func TestLoadTagRulesAndAreaTemplates(t *testing.T) {
	src := `items:
  Tree: {props: {notSpawnable: true}}
tags:
  - {item: Tree, block: oak_log, above: [oak_leaves], minCluster: 3}
  - {item: Guard, entity: villager_v2}
  - {item: Lever, block: lever, states: {open_bit: true}}
  - {item: Broken, block: stone, entity: cow}
areas:
  - {name: Wood, start: true, goals: [Tree], biomes: [forest, birch_forest], minDistance: 1, maxDistance: 4}
`
	p, err := LoadBytes("tags.yaml", []byte(src))
	if err == nil || !strings.Contains(err.Error(), "tags.yaml:7:5: tag rule needs a block or an entity, not both") {
		t.Fatalf("err = %v, want the broken rule at tags.yaml:7:5", err)
	}
	p, err = LoadBytes("tags.yaml", []byte(strings.Replace(src, "  - {item: Broken, block: stone, entity: cow}\n", "", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Tags) != 3 {
		t.Fatalf("tags = %+v", p.Tags)
	}
	tree := p.Tags[0]
	if tree.Item != "Tree" || tree.Block != "oak_log" || tree.MinCluster != 3 || len(tree.Above) != 1 || tree.Pos.Line != 4 {
		t.Errorf("tree rule = %+v", tree)
	}
	if p.Tags[1].Entity != "villager_v2" || p.Tags[2].States["open_bit"] != true {
		t.Errorf("rules = %+v", p.Tags)
	}
	a := p.Areas[0]
	if len(a.Biomes) != 2 || a.MinDistance != 1 || a.MaxDistance != 4 {
		t.Errorf("area = %+v", a)
	}
}
