package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the golden files of the documented commands")

// Every command the README and the docs show is run, so that they cannot drift from the program (issue 16): each
// tool command (riddlestone ..., go run . ...) runs against the built binary in the repository, and the shape of
// what it prints (exit status, JSON keys, DOT, a PNG, text with numbers left out) must match its golden file in
// testdata/docs; each go test command must name packages that exist and patterns that match tests, benchmarks or
// fuzz targets in them. Run with -update to rewrite the golden files.
func TestDocumentedCommands(t *testing.T) {
	cmds := documentedCommands(t)
	if len(cmds) < 15 {
		t.Fatalf("found only %d commands in the docs: %q", len(cmds), cmds)
	}
	bin := filepath.Join(t.TempDir(), "riddlestone")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range cmds {
		t.Run(c, func(t *testing.T) {
			switch args := strings.Fields(c); {
			case args[0] == "go" && args[1] == "test":
				checkGoTest(t, c, args[2:])
			case args[0] == "go" && args[1] == "build":
				if c != "go build -o riddlestone ." {
					t.Errorf("the README builds the binary as %q", c)
				}
			default:
				runDocumented(t, bin, c)
			}
		})
	}
}

// commandPattern finds commands in code blocks and in inline code: the tools and the go commands.
var commandPattern = regexp.MustCompile("(?m)(?:^    |^|`)((?:riddlestone|go run \\.|go test|go build)(?: [^`\\n]*)?)")

// documentedCommands returns the commands of README.md and docs/*.md, each once, in order, with what is not part
// of the command (a pipe into another program, a redirection, a comment) left out. Placeholders (PACK, <tool>)
// and the server itself (go run . with no tool) are not run.
func documentedCommands(t *testing.T) []string {
	files, _ := filepath.Glob("docs/*.md")
	var out []string
	for _, f := range append([]string{"README.md"}, files...) {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range commandPattern.FindAllStringSubmatch(string(data), -1) {
			c := m[1]
			for _, cut := range []string{" \\|", " |", " >", " #"} {
				c, _, _ = strings.Cut(c, cut)
			}
			c = strings.TrimSpace(c)
			switch {
			case c == "go run ." || c == "riddlestone" || strings.ContainsAny(c, "<") || slices.Contains(strings.Fields(c), "...") ||
				regexp.MustCompile(`\b[A-Z]{3,}\b`).MatchString(c):
			case !slices.Contains(out, c):
				out = append(out, c)
			}
		}
	}
	return out
}

// runDocumented runs a tool command with the built binary in the repository and compares the shape of its output
// with the golden file. A map command writes its picture into a temporary folder; it is skipped with -short. A load
// command only has its flags checked.
func runDocumented(t *testing.T, bin, c string) {
	args := strings.Fields(c)
	if args[0] == "go" {
		args = args[3:] // go run . ARGS
	} else {
		args = args[1:]
	}
	var png string
	for i := range args {
		if i > 0 && args[i-1] == "--out" {
			png = filepath.Join(t.TempDir(), filepath.Base(args[i]))
			args[i] = png
		}
	}
	if png != "" && testing.Short() {
		t.Skip("renders a map")
	}
	if args[0] == "load" {
		// A load run takes minutes (internal/load's tests run the harness): the flags are checked, then -h stops it.
		args = append(args, "-h")
	}
	cmd := exec.Command(bin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	if exit, ok := err.(*exec.ExitError); ok {
		code = exit.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Dir(png)
	clean := func(s string) string {
		if png != "" {
			s = strings.ReplaceAll(s, tmp, "TMP")
		}
		return shape(s)
	}
	got := fmt.Sprintf("exit %d\nstdout:\n%sstderr:\n%s", code, clean(stdout.String()), clean(stderr.String()))
	if png != "" {
		data, err := os.ReadFile(png)
		got += fmt.Sprintf("file: png %v\n", err == nil && bytes.HasPrefix(data, []byte("\x89PNG")))
	}
	golden(t, c, got)
}

// number is a number in a command's output.
var number = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// shape is what a command's output must keep: the keys of JSON, the kind of a DOT graph, the lines of text with
// numbers other than 0 and the spaces that align them left out, and progress bars at their end, at most 40
// lines.
func shape(s string) string {
	switch {
	case s == "":
		return ""
	case strings.HasPrefix(s, "{"):
		var v any
		if json.Unmarshal([]byte(s), &v) != nil {
			return "invalid JSON\n"
		}
		return "json " + jsonShape(v) + "\n"
	case strings.HasPrefix(s, "digraph"):
		return fmt.Sprintf("dot %s\n", strings.SplitN(s, "\n", 2)[0])
	}
	var lines []string
	for _, line := range strings.Split(strings.TrimRight(s, "\n"), "\n") {
		if i := strings.LastIndexByte(line, '\r'); i >= 0 {
			line = line[i+1:] // the end of a progress bar
		}
		line = number.ReplaceAllStringFunc(line, func(n string) string {
			if n == "0" {
				return n // none is a shape: "0 errors"
			}
			return "N"
		})
		lines = append(lines, strings.Join(strings.Fields(line), " "))
	}
	if len(lines) > 40 {
		lines = append(lines[:40], fmt.Sprintf("... (%d lines)", len(lines)))
	}
	return strings.Join(lines, "\n") + "\n"
}

// jsonShape writes the keys of a JSON value, nested: objects as {a,b:...}, arrays by their first element.
func jsonShape(v any) string {
	switch v := v.(type) {
	case map[string]any:
		var parts []string
		for _, k := range slices.Sorted(maps.Keys(v)) {
			if inner := jsonShape(v[k]); inner != "" {
				parts = append(parts, k+":"+inner)
			} else {
				parts = append(parts, k)
			}
		}
		return "{" + strings.Join(parts, ",") + "}"
	case []any:
		if len(v) == 0 {
			return "[]"
		}
		return "[" + jsonShape(v[0]) + "]"
	}
	return ""
}

// golden compares got with the golden file of a command, or writes it with -update.
func golden(t *testing.T, c, got string) {
	t.Helper()
	name := regexp.MustCompile(`[^a-zA-Z0-9]+`).ReplaceAllString(c, "_")
	path := filepath.Join("testdata", "docs", strings.Trim(name, "_")+".golden")
	if *update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run TestDocumentedCommands -update . to write it)", err)
	}
	if got != string(want) {
		t.Errorf("%s: the output's shape changed:\n%s\nwant (%s):\n%s", c, got, path, want)
	}
}

// checkGoTest checks a documented go test command: its packages exist, and its -run, -bench and -fuzz patterns
// each match a test, benchmark or fuzz target of them (a pattern that matches nothing, like '^$', must say so).
func checkGoTest(t *testing.T, c string, args []string) {
	var pkgs []string
	patterns := map[string]string{}
	for i := 0; i < len(args); i++ {
		a := strings.Trim(args[i], "'")
		switch {
		case a == "-run" || a == "-bench" || a == "-fuzz":
			patterns[a] = strings.Trim(args[i+1], "'")
			i++
		case strings.HasPrefix(a, "-"):
			if !strings.Contains(a, "=") && i+1 < len(args) && !strings.HasPrefix(args[i+1], "-") && !strings.HasPrefix(args[i+1], ".") {
				i++ // a flag's value: -benchtime 3s, -count 5
			}
		default:
			pkgs = append(pkgs, a)
		}
	}
	if len(pkgs) == 0 {
		pkgs = []string{"."}
	}
	funcs := testFuncs(t, pkgs)
	for flagName, pat := range patterns {
		if pat == "^$" {
			continue
		}
		re, err := regexp.Compile(pat)
		if err != nil {
			t.Errorf("%s %s: %v", flagName, pat, err)
			continue
		}
		prefix := map[string]string{"-run": "Test", "-bench": "Benchmark", "-fuzz": "Fuzz"}[flagName]
		if !slices.ContainsFunc(funcs, func(f string) bool { return strings.HasPrefix(f, prefix) && re.MatchString(f) }) {
			t.Errorf("%s: %s %q matches no %s function in %v", c, flagName, pat, prefix, pkgs)
		}
	}
}

// testFuncs returns the names of the Test, Benchmark and Fuzz functions in the packages (./... for every one).
func testFuncs(t *testing.T, pkgs []string) []string {
	var dirs []string
	for _, p := range pkgs {
		p = strings.TrimSuffix(strings.TrimPrefix(p, "./"), "/")
		if p == "..." {
			dirs = append(dirs, "./...")
			continue
		}
		if info, err := os.Stat(p); err != nil || !info.IsDir() {
			t.Errorf("package %s does not exist", p)
			continue
		}
		dirs = append(dirs, p)
	}
	var files []string
	for _, d := range dirs {
		if d == "./..." {
			filepath.WalkDir(".", func(path string, _ os.DirEntry, _ error) error {
				if strings.HasSuffix(path, "_test.go") {
					files = append(files, path)
				}
				return nil
			})
			continue
		}
		m, _ := filepath.Glob(filepath.Join(d, "*_test.go"))
		files = append(files, m...)
	}
	var names []string
	decl := regexp.MustCompile(`(?m)^func ((?:Test|Benchmark|Fuzz)\w*)\(`)
	for _, f := range files {
		data, _ := os.ReadFile(f)
		for _, m := range decl.FindAllStringSubmatch(string(data), -1) {
			names = append(names, m[1])
		}
	}
	return names
}
