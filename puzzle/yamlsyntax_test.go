package puzzle

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// Each broken pack of issue 16 and the other syntax mistakes an admin makes: the error is at the line and column
// of the mistake itself, with a hint. yaml.v3 alone names the line where the enclosing mapping starts.
func TestYAMLSyntaxErrorsPointAtTheMistake(t *testing.T) {
	for _, tc := range []struct {
		name, src, at, msg, hint string
	}{
		{"unclosed [ on line 4", "items:\n  Key: {props: {carryable: true}}\n  Door: {}\n  Box: {isa: [Container, Thing}\n",
			"4:14", "'[' is not closed", "close it with ']' before the '}' at 4:31"},
		{"unclosed { on line 2", "items:\n  Key: {props: {carryable: true}\n  Door: {}\nrules: |\n  Door ::= Open Key\n",
			"2:8", "'{' is not closed before line 3", "at the end of line 2"},
		{"key indented wrongly on line 6", "items:\n  Key:\n    props: {carryable: true}\n  Door:\n    props: {}\n     look: {block: stone}\n",
			"6:6", "indented 5 spaces, more than the line above it", "indent it 4 spaces, like line 5"},
		{"item indented 3 spaces on line 9", "items:\n  Key: {}\n  Door: {}\n  Box: {}\n  Lid: {}\n  Pot: {}\n  Pan: {}\n  Cup: {}\n   Mug: {}\n",
			"9:4", "indented 3 spaces", "indent it 2 spaces, like line 2"},
		{"unquoted bracketed goal", "areas:\n  - name: Hall\n    start: true\n    goals: [Door[open: true]]\n",
			"4:17", `unexpected '[' after "Door"`, `quote a term with properties: "Door[open: true]"`},
		{"unclosed quote", "items:\n  Key: {look: {item: \"iron_nugget}}\n  Door: {}\n", "2:22", "the quote \" is never closed", "close it with \""},
		{"tab in indentation", "items:\n\tKey: {}\n", "2:1", "a tab in the indentation", "spaces only"},
		{"value starting with @", "items:\n  Key: @x\n", "2:8", "a value cannot start with '@'", "quote"},
		{"extra closing brace", "items:\n  Key: {props: {}}}\n", "2:19", "unexpected '}'", "remove it"},
		{"list entry among keys", "items:\n  Key: {}\n  - Door\n", "3:3", "a list entry where a key was expected", ""},
		{"key under a plain value", "items:\n  Key: {}\n  Door: carry\n    look: {}\n", "4:5", "look is indented under Door (line 3), which already has a value", "indent look like Door"},
		{"two keys on a line", "areas:\n  - name: Hall: Big\n", "2:15", "a second ':' in the value of name", "quote the value"},
		{"dedent to no level", "areas:\n  - name: Hall\n    goals: [Door]\n   maxDepth: 2\n", "4:4", "lines up with no line above it", "indent it 4 spaces"},
		{"rules text less indented", "rules: |\n    Door ::= Open Key\n  Box ::= Open Lid\n", "3:3", "less than the text block above it", ""},
		{"missing comma", "areas:\n  - {name: Hall goals: [Door]}\n", "2:17", "expected ',' before goals", "put a ',' before goals"},
		{"double comma", "items:\n  Key: {isa: [A,, B]}\n", "2:17", "unexpected ','", "remove"},
		{"list on the key's line", "areas: - {name: Hall}\n", "1:8", "a list cannot start on the line of its key", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var doc yaml.Node
			if yaml.Unmarshal([]byte(tc.src), &doc) == nil {
				t.Fatalf("yaml.v3 accepts the broken pack:\n%s", tc.src)
			}
			_, err := LoadBytes("pack.yaml", []byte(tc.src))
			list, _ := err.(ErrorList)
			if len(list) != 1 {
				t.Fatalf("want one error, got %v", err)
			}
			e := list[0]
			if at := e.Pos.String(); at != "pack.yaml:"+tc.at || !strings.Contains(e.Msg, tc.msg) || !strings.Contains(e.Hint, tc.hint) {
				t.Errorf("got %s: %s (hint %q)\nwant %s: ...%s... (hint ...%s...)", at, e.Msg, e.Hint, tc.at, tc.msg, tc.hint)
			}
			if e.Source == "" {
				t.Errorf("no source line for the caret")
			}
		})
	}
}

// The error shows the source line with a caret under the mistake, and its hint.
func TestYAMLSyntaxErrorPrint(t *testing.T) {
	_, err := LoadBytes("pack.yaml", []byte("areas:\n  - name: Hall\n    goals: [Door[open: true]]\n"))
	var b strings.Builder
	err.(ErrorList).Print(&b)
	want := "pack.yaml:3:17: unexpected '[' after \"Door\": expected ',' or ']'\n" +
		"        goals: [Door[open: true]]\n" +
		"                    ^\n" +
		"    hint: quote a term with properties: \"Door[open: true]\"\n"
	if b.String() != want {
		t.Errorf("got\n%s\nwant\n%s", b.String(), want)
	}
}

// When the syntax pass finds nothing, yaml.v3's own message stands, at the line it names counted from 1: its parser
// counts from 0.
func TestYAMLParserLineCountedFromOne(t *testing.T) {
	lines := yamlLines("a: 1\n? b\n: 2\n[x\n")
	if e := yamlSyntax("f", lines); e != nil {
		t.Fatalf("the syntax pass models complex keys: %v", e)
	}
	l := &fileLoader{file: "f", lines: lines, errs: &ErrorList{}, pack: emptyPack()}
	l.yamlError(&yaml.TypeError{Errors: []string{"x"}}) // a message without a line: the start of the file
	if got := (*l.errs)[0].Pos; got.Line != 1 || got.Col != 1 {
		t.Errorf("no line: at %v", got)
	}
	*l.errs = nil
	l.yamlError(errorString("yaml: line 2: did not find expected ',' or ']'"))
	if got := (*l.errs)[0].Pos; got.Line != 3 {
		t.Errorf("parser line 2 (from 0) reported at %v, want line 3", got)
	}
}

type errorString string

func (e errorString) Error() string { return string(e) }

// The syntax pass finds no mistake in YAML that yaml.v3 accepts: every shipped pack, the committed fuzz corpus and
// the YAML of the docs.
func TestYAMLSyntaxAcceptsValidYAML(t *testing.T) {
	var files []string
	for _, glob := range []string{"../packs/*/*.yaml", "../packs/examples/*/*.yaml", "testdata/fuzz/FuzzLoad/*"} {
		m, _ := filepath.Glob(glob)
		files = append(files, m...)
	}
	if len(files) < 10 {
		t.Fatalf("found only %v", files)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(data)
		if strings.HasPrefix(f, "testdata/fuzz") {
			src = fuzzString(src)
		}
		checkYAMLSyntaxAgrees(t, f, src)
	}
}

// checkYAMLSyntaxAgrees fails when the syntax pass reports a mistake in text yaml.v3 reads.
func checkYAMLSyntaxAgrees(t *testing.T, name, src string) {
	t.Helper()
	var doc yaml.Node
	dec := yaml.NewDecoder(strings.NewReader(src))
	for {
		if err := dec.Decode(&doc); err != nil {
			if err.Error() != "EOF" {
				return // yaml.v3 fails too
			}
			break
		}
	}
	if e := yamlSyntax(name, yamlLines(src)); e != nil {
		t.Errorf("%s: valid YAML reported as %v:\n%s", name, e, src)
	}
}

// fuzzString returns the first string argument of a go test fuzz corpus file.
func fuzzString(corpus string) string {
	for _, line := range strings.Split(corpus, "\n") {
		if strings.HasPrefix(line, "string(") || strings.HasPrefix(line, "[]byte(") {
			arg := line[strings.Index(line, "(")+1 : len(line)-1]
			if s, err := strconv.Unquote(arg); err == nil {
				return s
			}
		}
	}
	return ""
}

// FuzzYAMLSyntax checks that the syntax pass never panics, never reports a mistake in YAML that yaml.v3 reads,
// and reports positions inside the input.
func FuzzYAMLSyntax(f *testing.F) {
	for _, src := range []string{validPack, heistYAML, "a: [1, {b: c}]\n", "a:\n- b\n- c: |\n    text\n"} {
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src string) {
		lines := yamlLines(src)
		e := yamlSyntax("f", lines)
		if e != nil && (e.Pos.Line < 1 || e.Pos.Line > len(lines) || e.Pos.Col < 1 || e.Pos.Col > len(lines[e.Pos.Line-1])+1) {
			t.Fatalf("position %v outside the input", e.Pos)
		}
		checkYAMLSyntaxAgrees(t, "f", src)
	})
}

// A key indented into the rules block is text of the block, not YAML: the rule it makes does not parse, and the
// hint says why.
func TestKeyIndentedIntoRulesBlock(t *testing.T) {
	_, err := LoadBytes("pack.yaml", []byte("items: {Door: {}, Key: {}}\nrules: |\n  Door ::= Open Key\n   areas:\n"))
	list, _ := err.(ErrorList)
	if len(list) != 1 || list[0].Pos.Line != 4 || !strings.Contains(list[0].Hint, "indented into the rules text block") {
		t.Errorf("got %v", err)
	}
}
