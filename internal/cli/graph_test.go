package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"riddlestone/puzzle"
)

func TestGraphTree(t *testing.T) {
	code, dot, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.HasPrefix(dot, "digraph ") || !strings.HasSuffix(dot, "}\n") {
		t.Errorf("not a DOT digraph:\n%s", dot)
	}
	// The heist's tree: five rules as boxes, the goal Gold at the root.
	if n := strings.Count(dot, "shape=box"); n != 5 || !strings.Contains(dot, `Open\nGold`) {
		t.Errorf("%d rule boxes, want 5 with Open making Gold:\n%s", n, dot)
	}
	_, again, _ := runCmd(graph, "--area", "Bank", "--seed", "1", heistPack)
	if again != dot {
		t.Errorf("same seed, different DOT:\n%s\n%s", dot, again)
	}

	code, out, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank", "--json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errOut)
	}
	var tree struct {
		Area, Goal string
		Steps      int
		Tree       struct {
			Term, Action string
			Children     []json.RawMessage
		}
	}
	if err := json.Unmarshal([]byte(out), &tree); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if tree.Area != "Bank" || tree.Goal != "Gold" || tree.Steps != 5 || tree.Tree.Action != "Open" || len(tree.Tree.Children) != 1 {
		t.Errorf("tree JSON %+v", tree)
	}
}

// The graph of an area later in a playthrough is the puzzle the playthrough generated for it.
func TestGraphTreeMatchesPlaythrough(t *testing.T) {
	_, js, _ := runCmd(playthrough, defaultPack, "--seed", "4", "--json")
	var res puzzle.PlaythroughResult
	if err := json.Unmarshal([]byte(js), &res); err != nil {
		t.Fatal(err)
	}
	ar := res.Areas[len(res.Areas)-1]
	if len(ar.Solution) == 0 {
		t.Skip("the last area's goal was already satisfied")
	}
	code, dot, errOut := runCmd(graph, defaultPack, "--seed", "4", "--area", ar.Area)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if !strings.Contains(dot, ar.Area+": "+ar.Goal) {
		t.Errorf("the DOT of %s does not name its goal %s:\n%s", ar.Area, ar.Goal, dot)
	}
	// Every spawned leaf of the tree is an object the playthrough spawned for the area.
	spawned := map[string]bool{}
	for _, o := range ar.Spawned {
		spawned[strconv.Itoa(o.ID)] = true
	}
	leaves := regexp.MustCompile(`#(\d+) spawned`).FindAllStringSubmatch(dot, -1)
	for _, m := range leaves {
		if !spawned[m[1]] {
			t.Errorf("leaf #%s is not among the objects spawned for %s", m[1], ar.Area)
		}
	}
	if len(leaves) == 0 && len(ar.Spawned) > 0 {
		t.Errorf("no spawned leaf in the tree:\n%s", dot)
	}
}

func TestGraphSpace(t *testing.T) {
	code, dot, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank", "--space")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"digraph space {", "peripheries=2", `fillcolor="palegreen"`, `label="Steal", color="blue"`} {
		if !strings.Contains(dot, want) {
			t.Errorf("state space DOT lacks %s:\n%s", want, dot)
		}
	}
	code, out, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank", "--space", "--json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errOut)
	}
	var g puzzle.Graph
	if err := json.Unmarshal([]byte(out), &g); err != nil {
		t.Fatal(err)
	}
	// Trigger and CreateDisguise commute: two shortest solutions of five moves through seven states.
	onPath, goals := 0, 0
	for _, n := range g.Nodes {
		if n.OnSolution {
			onPath++
		}
		if n.Goal {
			goals++
		}
	}
	if g.Shortest != 5 || onPath != 7 || goals != 1 {
		t.Errorf("shortest %d, %d states on solutions, %d goals; want 5, 7, 1", g.Shortest, onPath, goals)
	}
	// Every rule of the pack: the fail rule needs a crowbar nobody has, so the space is the same size or larger.
	code, all, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank", "--space", "--all-rules")
	if code != 0 || strings.Count(all, "->") < strings.Count(dot, "->") {
		t.Errorf("all rules: exit %d, %d edges against %d: %s", code, strings.Count(all, "->"), strings.Count(dot, "->"), errOut)
	}
}

// Puzzles whose rules make objects without end still give a finite picture, cut at the depth horizon.
func TestGraphSpaceHorizon(t *testing.T) {
	for _, seed := range []string{"1", "3"} {
		code, dot, errOut := runCmd(graph, defaultPack, "--seed", seed, "--area", "Village", "--space", "--all-rules")
		if code != 0 {
			t.Fatalf("seed %s: exit %d: %s", seed, code, errOut)
		}
		if !strings.Contains(dot, "style=dashed") || !strings.Contains(dot, `color="blue"`) {
			t.Errorf("seed %s: no horizon or no solution marked:\n%s", seed, dot)
		}
	}
}

func TestGraphErrors(t *testing.T) {
	dir := t.TempDir()
	gone := filepath.Join(dir, "gone.yaml")
	os.WriteFile(gone, []byte(goneYAML), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{heistPack}, 2, "Usage: riddlestone graph"},
		{[]string{"--area", "Bank"}, 2, "Usage: riddlestone graph"},
		{[]string{heistPack, "--area", "Bank", "--depth", "x"}, 2, "invalid value"},
		{[]string{heistPack, "--area", "Vault"}, 1, `unknown area "Vault"; the areas are: Bank`},
		{[]string{defaultPack, "--area", "Nowhere"}, 1, "Village, Farm"},
		{[]string{filepath.Join(dir, "missing"), "--area", "Bank"}, 1, "missing"},
		{[]string{gone, "--area", "Tower"}, 1, "area Tower"},
		{[]string{heistPack, "--area", "Bank", "--space", "--max-states", "3"}, 1, "more than 3 states"},
		{[]string{heistPack, "--area", "Bank", "--space", "--depth", "2"}, 1, "no solution within"},
	} {
		code, out, errOut := runCmd(graph, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.msg)
		}
		if out != "" {
			t.Errorf("%v: failed but printed %q", tc.args, out)
		}
	}
	// The hall's puzzle comes before the failure: its graph is still there.
	if code, _, errOut := runCmd(graph, gone, "--area", "Hall"); code != 0 {
		t.Errorf("hall: exit %d: %s", code, errOut)
	}
}

// doorYAML has a fail rule and, under every rule, a dead end: burning the key.
const doorYAML = `items:
  Door: {props: {locked: true}}
  Key: {props: {carryable: true}}
  Ash: {}
  Alarm: {props: {notSpawnable: true}}
rules: |
  Door[locked: false] Key ::= Unlock Door[locked: true] Key
  Ash ::= Burn Key
failRules: |
  Alarm ::= Kick Door[locked: true]
areas:
  - {name: Hall, start: true, goals: ["Door[locked: false]"], maxDepth: 1}
`

// The state space marks fail states and dead ends, under the tree's rules and under every rule.
func TestGraphSpaceFailStatesAndDeadEnds(t *testing.T) {
	door := filepath.Join(t.TempDir(), "door.yaml")
	os.WriteFile(door, []byte(doorYAML), 0o644)
	for _, tc := range []struct {
		all                        bool
		states, goals, fails, dead int
	}{
		{false, 3, 1, 1, 0}, // Unlock reaches the goal, Kick the alarm; Burn is not the tree's
		{true, 5, 1, 2, 1},  // burning the key leaves a locked door: a dead end, and kicking it still fails
	} {
		args := []string{door, "--area", "Hall", "--space"}
		if tc.all {
			args = append(args, "--all-rules")
		}
		code, out, errOut := runCmd(graph, append(args, "--json")...)
		if code != 0 {
			t.Fatalf("all rules %v: exit %d: %s", tc.all, code, errOut)
		}
		var g puzzle.Graph
		if err := json.Unmarshal([]byte(out), &g); err != nil {
			t.Fatal(err)
		}
		goals, fails, dead := 0, 0, 0
		for _, n := range g.Nodes {
			if n.Goal {
				goals++
			}
			if n.Fail {
				fails++
			}
			if n.DeadEnd {
				dead++
			}
		}
		if len(g.Nodes) != tc.states || goals != tc.goals || fails != tc.fails || dead != tc.dead {
			t.Errorf("all rules %v: %d states, %d goals, %d fails, %d dead ends; want %+v", tc.all, len(g.Nodes), goals, fails, dead, tc)
		}
		_, dot, _ := runCmd(graph, args...)
		if strings.Count(dot, `fillcolor="salmon"`) != tc.fails || strings.Count(dot, `fillcolor="lightgrey"`) != tc.dead {
			t.Errorf("all rules %v: the DOT does not show %d fail states and %d dead ends:\n%s", tc.all, tc.fails, tc.dead, dot)
		}
	}
}

// With -svg the tree and the state space are drawn as the web dashboard draws them, with no Graphviz.
func TestGraphSVG(t *testing.T) {
	code, tree, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank", "--svg")
	if code != 0 || !strings.HasPrefix(strings.TrimSpace(tree), "<svg") || !strings.Contains(tree, "Steal") {
		t.Fatalf("tree: exit %d: %s\n%s", code, errOut, tree)
	}
	code, space, errOut := runCmd(graph, heistPack, "--seed", "1", "--area", "Bank", "--space", "--svg")
	if code != 0 || !strings.HasPrefix(strings.TrimSpace(space), "<svg") || strings.Count(space, "<rect") < 7 {
		t.Fatalf("space: exit %d: %s\n%s", code, errOut, space)
	}
}
