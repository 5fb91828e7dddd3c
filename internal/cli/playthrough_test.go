package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"riddlestone/puzzle"
)

const (
	heistPack   = "../../packs/examples/heist"
	defaultPack = "../../packs/default"
)

// runCmd runs an unexported command function with buffers and returns its exit code, stdout and stderr.
func runCmd(f func([]string, io.Writer, io.Writer) int, args ...string) (int, string, string) {
	var out, errOut bytes.Buffer
	code := f(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// keysOf returns the sorted keys of a decoded JSON object.
func keysOf(v any) []string {
	m, _ := v.(map[string]any)
	return slices.Sorted(maps.Keys(m))
}

// checkContract checks a decoded playthrough has exactly the fields of the CLI contract (issue 4), at every level.
func checkContract(t *testing.T, raw map[string]any) {
	t.Helper()
	want := func(what string, v any, keys ...string) {
		t.Helper()
		if got := keysOf(v); !slices.Equal(got, keys) {
			t.Fatalf("%s has keys %v, want %v", what, got, keys)
		}
	}
	obj := func(what string, v any) {
		t.Helper()
		want(what, v, "area", "id", "item", "props")
		if _, ok := v.(map[string]any)["props"].(map[string]any); !ok {
			t.Fatalf("%s: props is not an object: %v", what, v)
		}
	}
	want("playthrough", raw, "areas", "initial", "seed")
	for _, o := range raw["initial"].([]any) {
		obj("initial object", o)
	}
	for _, a := range raw["areas"].([]any) {
		want("area", a, "area", "depth", "goal", "solution", "spawned")
		for _, o := range a.(map[string]any)["spawned"].([]any) {
			obj("spawned object", o)
		}
		for _, st := range a.(map[string]any)["solution"].([]any) {
			want("step", st, "action", "inputs", "outputs", "rule")
			for _, o := range st.(map[string]any)["outputs"].([]any) {
				obj("output", o)
			}
		}
	}
}

// checkIDs checks that ids are unique over the whole playthrough: every spawned object and every output that is
// not a persisting input has an id never seen before, and every input has been seen.
func checkIDs(t *testing.T, res *puzzle.PlaythroughResult) {
	t.Helper()
	seen := map[int]bool{}
	fresh := func(id int, what string) {
		t.Helper()
		if seen[id] {
			t.Fatalf("seed %d: %s reuses id %d", res.Seed, what, id)
		}
		seen[id] = true
	}
	for _, o := range res.Initial {
		fresh(o.ID, "initial object")
	}
	for _, a := range res.Areas {
		for _, o := range a.Spawned {
			fresh(o.ID, a.Area+" spawned object")
		}
		for _, st := range a.Solution {
			for _, id := range st.Inputs {
				if !seen[id] {
					t.Fatalf("seed %d: %s %s uses unknown id %d", res.Seed, a.Area, st.Action, id)
				}
			}
			for _, o := range st.Outputs {
				if !slices.Contains(st.Inputs, o.ID) {
					fresh(o.ID, a.Area+" "+st.Action+" output")
				}
			}
		}
	}
}

// checkPlaythrough runs the playthrough command on a pack with a seed and checks its JSON: the contract's shape,
// ids unique over the playthrough, at least one solved area, and a replay by the game logic.
func checkPlaythrough(t *testing.T, pk *puzzle.Pack, path, seed string, layers ...string) {
	t.Helper()
	code, out, errOut := runCmd(playthrough, append(layers, path, "--seed", seed, "--json")...)
	if code != 0 {
		t.Fatalf("%s seed %s: exit %d: %s", path, seed, code, errOut)
	}
	var raw map[string]any
	if err := json.Unmarshal([]byte(out), &raw); err != nil {
		t.Fatalf("%s seed %s: %v\n%s", path, seed, err, out)
	}
	checkContract(t, raw)
	if fmt.Sprint(raw["seed"]) != seed {
		t.Errorf("%s: seed %v, want %s", path, raw["seed"], seed)
	}
	var res puzzle.PlaythroughResult
	dec := json.NewDecoder(strings.NewReader(out))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&res); err != nil {
		t.Fatal(err)
	}
	if len(res.Areas) == 0 || len(res.Areas[0].Solution) == 0 {
		t.Fatalf("%s seed %s: no solved area", path, seed)
	}
	checkIDs(t, &res)
	if err := puzzle.Replay(pk, &res); err != nil {
		t.Errorf("%s seed %s: replay: %v", path, seed, err)
	}
}

func TestPlaythroughJSONMatchesContractAndReplays(t *testing.T) {
	for _, path := range []string{heistPack, defaultPack} {
		pk, err := puzzle.Load(path)
		if err != nil {
			t.Fatal(err)
		}
		for _, seed := range []string{"1", "2", "3", "17", "42", "103"} { // 103: the vault's badge lies in the village
			checkPlaythrough(t, pk, path, seed)
		}
	}
}

// Every shipped pack plays through the command and replays over several seeds (puzzle's own tests take hundreds;
// this checks the command's JSON).
func TestPlaythroughEveryShippedPack(t *testing.T) {
	paths, _ := filepath.Glob("../../packs/examples/*")
	paths = append(paths, defaultPack)
	if len(paths) < 8 {
		t.Fatalf("shipped packs: %v", paths)
	}
	seeds := 10
	if testing.Short() {
		seeds = 3
	}
	for _, path := range paths {
		var under []string
		if filepath.Base(path) == "mod" { // the mod example layers on the default pack
			under = []string{defaultPack}
		}
		pk, err := puzzle.Load(append(under, path)...)
		if err != nil {
			t.Fatal(err)
		}
		for seed := range seeds {
			checkPlaythrough(t, pk, path, fmt.Sprint(seed), under...)
		}
	}
}

func TestPlaythroughIsDeterministic(t *testing.T) {
	outs := map[string]bool{}
	for _, seed := range []string{"5", "6", "7"} {
		_, a, _ := runCmd(playthrough, defaultPack, "--seed", seed, "--json")
		_, b, _ := runCmd(playthrough, "--json", "--seed", seed, defaultPack) // flags before the pack too
		if a == "" || a != b {
			t.Fatalf("seed %s: two runs differ:\n%s\n%s", seed, a, b)
		}
		outs[a] = true
	}
	if len(outs) < 2 {
		t.Errorf("three seeds gave %d distinct playthroughs", len(outs))
	}
}

func TestPlaythroughSummary(t *testing.T) {
	code, out, errOut := runCmd(playthrough, heistPack, "--seed", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"Bank: goal Gold, depth 4", "spawned: #1 ", "Unlock #", "5. Open #"} {
		if !strings.Contains(out, want) {
			t.Errorf("summary lacks %q:\n%s", want, out)
		}
	}
}

// goneYAML is valid, but the tower's goal needs the one gem the hall's puzzle uses up: generation fails there.
const goneYAML = `items:
  Gem: {props: {carryable: true, notSpawnable: true}}
  Crown: {props: {carryable: true}}
  Ring: {props: {carryable: true}}
rules: |
  Crown ::= Forge Gem
  Ring ::= Set Gem
areas:
  - {name: Hall, start: true, goals: [Crown], maxDepth: 1, connects: [Tower]}
  - {name: Tower, goals: [Ring], maxDepth: 1}
world:
  - {id: 1, item: Gem, area: Hall}
`

func TestPlaythroughErrors(t *testing.T) {
	dir := t.TempDir()
	gone := filepath.Join(dir, "gone.yaml")
	os.WriteFile(gone, []byte(goneYAML), 0o644)
	bad := filepath.Join(dir, "bad.yaml")
	os.WriteFile(bad, []byte("items:\n  Key: {}\nrules: |\n  Door ::= Open Key\n"), 0o644)
	for _, tc := range []struct {
		args []string
		code int
		msg  string
	}{
		{nil, 2, "Usage: riddlestone playthrough"},
		{[]string{heistPack, "--seed", "x"}, 2, "invalid value"},
		{[]string{heistPack, "--bogus"}, 2, "flag provided but not defined"},
		{[]string{filepath.Join(dir, "missing")}, 1, "missing"},
		{[]string{bad}, 1, bad + ":4:"},
		{[]string{gone, "--json"}, 1, "area Tower"},
		{[]string{"-h"}, 0, "-json"},
	} {
		code, out, errOut := runCmd(playthrough, tc.args...)
		if code != tc.code || !strings.Contains(errOut, tc.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d mentioning %q", tc.args, code, errOut, tc.code, tc.msg)
		}
		if code != 0 && out != "" {
			t.Errorf("%v: failed but printed %q", tc.args, out)
		}
	}
}

// --stats N plays N games and sums up each area's puzzles; a game that fails makes the exit status 1.
func TestPlaythroughStats(t *testing.T) {
	code, out, errOut := runCmd(playthrough, defaultPack, "--stats", "20")
	if code != 0 || !strings.HasPrefix(out, "20 playthroughs, 0 failed\n") || errOut != "" {
		t.Fatalf("exit %d\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"repeated", "duplicates", "herrings", "\nVillage ", "\nVault ", "\nall "} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in\n%s", want, out)
		}
	}
	gone := filepath.Join(t.TempDir(), "gone.yaml")
	os.WriteFile(gone, []byte(goneYAML), 0o644)
	code, out, _ = runCmd(playthrough, gone, "--stats", "3")
	if code != 1 || !strings.Contains(out, "3 playthroughs, 3 failed") || !strings.Contains(out, "failed: seed 0: ") {
		t.Errorf("exit %d\n%s", code, out)
	}
}
