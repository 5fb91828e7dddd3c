package puzzle

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"
)

// Load reads packs and layers them in order: later packs add items, rules, areas and world objects to earlier
// ones. A pack is a YAML file, or a directory whose *.yaml files are read in name order and merged. Rules are
// numbered from 0 in the order they were read.
//
// Every problem found is reported, in an ErrorList sorted by position. The returned pack holds whatever could be
// read even when there are errors, so that Validate can report on it too.
func Load(paths ...string) (*Pack, error) {
	p := emptyPack()
	var errs ErrorList
	for layer, path := range paths {
		files, err := packFiles(path)
		if err != nil {
			errs.Add(Pos{File: path}, "%s", err)
			continue
		}
		for _, file := range files {
			data, err := os.ReadFile(file)
			if err != nil {
				errs.Add(Pos{File: file}, "%s", errors.Unwrap(err))
				continue
			}
			p.mergeLayer(parseFile(file, data, &errs), layer, &errs)
		}
	}
	p.finishLoad()
	errs.Sort()
	errs.withSource(p.lines)
	return p, errs.Err()
}

// LoadBytes reads a pack from the contents of one YAML file; name is the file name used in positions.
func LoadBytes(name string, data []byte) (*Pack, error) {
	p := emptyPack()
	var errs ErrorList
	p.mergeLayer(parseFile(name, data, &errs), 0, &errs)
	p.finishLoad()
	errs.Sort()
	errs.withSource(p.lines)
	return p, errs.Err()
}

// packFiles returns the files of the pack at path: the file itself, or a directory's *.yaml files in name order.
func packFiles(path string) ([]string, error) {
	info, err := os.Stat(path)
	if err != nil {
		return nil, errors.Unwrap(err)
	}
	if !info.IsDir() {
		return []string{path}, nil
	}
	files, err := filepath.Glob(filepath.Join(path, "*.yaml"))
	if err != nil {
		return nil, err
	}
	if len(files) == 0 {
		return nil, fmt.Errorf("no *.yaml files in the directory")
	}
	sort.Strings(files)
	return files, nil
}

func emptyPack() *Pack { return &Pack{Items: map[string]*Item{}, src: newSources()} }

// mergeLayer adds q, read from a later file, to p. layer counts the packs given to Load: files of one pack are
// one layer. A later layer may remove earlier items, rules, tag rules and areas, and replace earlier items,
// areas and tag rules (by their item); within one layer every name is declared once. Rules are renumbered from 0
// in the final order when loading ends. This is the one place where packs are layered.
func (p *Pack) mergeLayer(q *Pack, layer int, errs *ErrorList) {
	p.applyRemovals(q.removals, layer, errs)
	for _, name := range q.ItemOrder {
		it := q.Items[name]
		old, exists := p.Items[name]
		var oldPos *Pos
		if exists {
			oldPos = &old.Pos
		}
		if !p.admit(errs, declaration{"item " + name, "declared", "declares"}, it.Pos, it.Replace, oldPos, layer) {
			continue
		}
		if !exists {
			p.ItemOrder = append(p.ItemOrder, name)
		}
		p.Items[name] = it
		p.src.items[name] = q.src.items[name]
	}
	p.Rules = append(p.Rules, q.Rules...)
	p.mergeStructures(q, layer, errs)
	p.FailRules = append(p.FailRules, q.FailRules...)
	p.mergeTexts(q, layer, errs)
	p.mergeTypeWords(q)
	p.mergeRings(q, layer, errs)
	for _, t := range q.Tags {
		if t.Replace {
			before := len(p.Tags)
			p.Tags = slices.DeleteFunc(p.Tags, func(old TagRule) bool { return old.Item == t.Item && p.src.layer[old.Pos.File] < layer })
			if len(p.Tags) == before {
				errs.AddHint(t.Pos, fmt.Sprintf("tag rule for %s replaces nothing: no earlier pack has a tag rule for it", t.Item), HintLayered)
			}
		}
	}
	p.Tags = append(p.Tags, q.Tags...)
	for pos, at := range q.src.tags {
		p.src.tags[pos] = at
	}
	for _, a := range q.Areas {
		old, exists := p.Area(a.Name)
		var oldPos *Pos
		if exists {
			oldPos = &old.Pos
		}
		if !p.admit(errs, declaration{"area " + a.Name, "declared", "declares"}, a.Pos, a.Replace, oldPos, layer) {
			continue
		}
		if exists {
			p.Areas[slices.Index(p.Areas, old)] = a
		} else {
			p.Areas = append(p.Areas, a)
		}
		p.src.areas[a] = q.src.areas[a]
	}
	for i, o := range q.World {
		at := q.src.world[i]
		if j := slices.IndexFunc(p.World, func(w Object) bool { return w.ID == o.ID }); j >= 0 {
			errs.Add(at.id, "world object id %d already used at %s", o.ID, p.src.world[j].pos)
			continue
		}
		p.World = append(p.World, o)
		p.src.world = append(p.src.world, at)
	}
	if p.src.areasKey.Line == 0 {
		p.src.areasKey = q.src.areasKey
	}
	p.src.syntax = p.src.syntax || q.src.syntax
	p.src.badRules = p.src.badRules || q.src.badRules
	p.Files = append(p.Files, q.Files...)
	for _, f := range q.Files {
		p.src.layer[f] = layer
		p.src.text[f] = q.src.text[f]
	}
}

// finishLoad completes a merged pack: connections become two-way, and world objects start with their item's
// properties under the ones they set themselves.
func (p *Pack) finishLoad() {
	for i, r := range p.Rules {
		r.Index = i
	}
	type link struct {
		to   *Area
		from string
		at   Pos
	}
	var links []link
	for _, a := range p.Areas {
		at := p.areaSource(a).connects
		for i, name := range a.Connects {
			if b, ok := p.Area(name); ok && !slices.Contains(b.Connects, a.Name) {
				links = append(links, link{b, a.Name, at[i]})
			}
		}
	}
	for _, l := range links {
		if !slices.Contains(l.to.Connects, l.from) {
			l.to.Connects = append(l.to.Connects, l.from)
			if s := p.src.areas[l.to]; s != nil {
				s.connects = append(s.connects, l.at)
			}
		}
	}
	for i := range p.World {
		o := &p.World[i]
		if it, ok := p.Items[o.Item]; ok {
			props := it.Props.Clone()
			if props == nil {
				props = Props{}
			}
			for name, v := range o.Props {
				props[name] = v
			}
			o.Props = props
		}
	}
}

// fileLoader reads one pack file into a pack of its own, collecting errors.
type fileLoader struct {
	file  string
	lines []string
	errs  *ErrorList
	pack  *Pack
}

// yamlLine finds the line number in a yaml.v3 error message, which has no column.
var yamlLine = regexp.MustCompile(`^(?:yaml: )?line (\d+): (.*)$`)

// parseFile reads one YAML pack file.
func parseFile(name string, data []byte, errs *ErrorList) *Pack {
	l := &fileLoader{file: name, lines: yamlLines(string(data)), errs: errs, pack: emptyPack()}
	l.pack.Files = []string{name}
	l.pack.src.text[name] = l.lines
	var doc yaml.Node
	dec := yaml.NewDecoder(bytes.NewReader(data))
	if err := dec.Decode(&doc); err != nil {
		if err != io.EOF {
			l.yamlError(err)
		}
		return l.pack
	}
	var extra yaml.Node
	if err := dec.Decode(&extra); err == nil {
		l.errorf(&extra, "a pack file holds one YAML document")
	} else if err != io.EOF {
		l.yamlError(err)
	}
	if len(doc.Content) > 0 {
		l.top(doc.Content[0])
	}
	return l.pack
}

// yamlError reports an error from the YAML parser. yaml.v3 names the line where the enclosing mapping or list
// starts rather than the mistake, and no column, so yamlSyntax looks for the mistake itself; when it finds none
// the error is reported at the start of the line yaml.v3 names.
func (l *fileLoader) yamlError(err error) {
	l.pack.src.syntax = true
	if e := yamlSyntax(l.file, l.lines); e != nil {
		l.errs.AddHint(e.Pos, e.Msg, e.Hint)
		return
	}
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 1
	if m := yamlLine.FindStringSubmatch(msg); m != nil {
		if n, err := strconv.Atoi(m[1]); err == nil {
			line = n
		}
		msg = m[2]
		if yamlParserError(msg) {
			line++ // the parser counts its lines from 0, the scanner from 1
		}
	}
	line = max(1, min(line, len(l.lines)))
	col := len(l.lines[line-1]) - len(strings.TrimLeft(l.lines[line-1], " ")) + 1
	l.errs.Add(Pos{File: l.file, Line: line, Col: col}, "%s", msg)
}

// yamlParserError reports whether a yaml.v3 message comes from its parser rather than its scanner.
func yamlParserError(msg string) bool {
	for _, prefix := range []string{"did not find expected", "found duplicate", "found incompatible", "found undefined tag"} {
		if strings.HasPrefix(msg, prefix) {
			return true
		}
	}
	return false
}

// pos returns the position of a node. yaml.v3 counts columns in characters; positions count bytes.
func (l *fileLoader) pos(n *yaml.Node) Pos {
	line := max(1, min(n.Line, len(l.lines)))
	text := l.lines[line-1]
	col := 1
	for i := range text {
		if col == n.Column {
			return Pos{File: l.file, Line: line, Col: i + 1}
		}
		col++
	}
	return Pos{File: l.file, Line: line, Col: len(text) + 1}
}

// yamlLines splits a file into lines where the YAML parser counts them: at CR LF, CR, LF, and the Unicode line
// and paragraph separators and NEL.
func yamlLines(s string) []string {
	var lines []string
	start := 0
	for i := 0; i < len(s); {
		n := 0
		switch {
		case strings.HasPrefix(s[i:], "\r\n"):
			n = 2
		case s[i] == '\n' || s[i] == '\r':
			n = 1
		case strings.HasPrefix(s[i:], "\u0085"):
			n = 2
		case strings.HasPrefix(s[i:], "\u2028") || strings.HasPrefix(s[i:], "\u2029"):
			n = 3
		}
		if n == 0 {
			i++
			continue
		}
		lines = append(lines, s[start:i])
		i += n
		start = i
	}
	return append(lines, s[start:])
}

// errorf reports an error at node n.
func (l *fileLoader) errorf(n *yaml.Node, format string, args ...any) {
	l.errs.Add(l.pos(n), format, args...)
}

// yamlDeref follows an alias to the node it names.
func yamlDeref(n *yaml.Node) *yaml.Node {
	for n.Kind == yaml.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	return n
}

// yamlNull reports whether n is an empty value, as in "props:" with nothing after it.
func yamlNull(n *yaml.Node) bool { return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null" }

// fields calls each key's function for the pairs of mapping n, reporting duplicate and unknown keys. what names
// the mapping in messages.
func (l *fileLoader) fields(n *yaml.Node, what string, keys map[string]func(key, val *yaml.Node)) {
	n = yamlDeref(n)
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "%s must be a mapping", what)
		return
	}
	l.pairs(n, what, func(key, val *yaml.Node) {
		f, ok := keys[key.Value]
		if !ok {
			l.errorf(key, "unknown key %q in %s; expected one of %s", key.Value, what, strings.Join(slices.Sorted(maps.Keys(keys)), ", "))
			return
		}
		f(key, val)
	})
}

// pairs calls f for each key and value of mapping n, reporting keys that are not scalars or appear twice.
func (l *fileLoader) pairs(n *yaml.Node, what string, f func(key, val *yaml.Node)) {
	seen := map[string]*yaml.Node{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key, val := yamlDeref(n.Content[i]), yamlDeref(n.Content[i+1])
		if key.Kind != yaml.ScalarNode {
			l.errorf(key, "%s: a key must be a plain value", what)
			continue
		}
		if old, dup := seen[key.Value]; dup {
			l.errorf(key, "duplicate key %q in %s (first at %s)", key.Value, what, l.pos(old))
			continue
		}
		seen[key.Value] = key
		f(key, val)
	}
}

// scalar returns the text of scalar node n, reporting an error when it is not one.
func (l *fileLoader) scalar(n *yaml.Node, what string) (string, bool) {
	if n.Kind != yaml.ScalarNode || yamlNull(n) {
		l.errorf(n, "%s must be a single value", what)
		return "", false
	}
	return n.Value, true
}

// word returns the text of n, which must be one word of the rule notation (a type name).
func (l *fileLoader) word(n *yaml.Node, what string) (string, bool) {
	s, ok := l.scalar(n, what)
	if ok && !isWord(s) {
		l.errorf(n, "%s %q is not a name: use letters, digits and '_', starting with a letter", what, s)
		return "", false
	}
	return s, ok
}

// list returns the values of a sequence of scalars, or of a single scalar, with their positions.
func (l *fileLoader) list(n *yaml.Node, what string, check func(*yaml.Node, string) (string, bool)) ([]string, []Pos) {
	if yamlNull(n) {
		return nil, nil
	}
	elems := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		elems = n.Content
	}
	var vals []string
	var at []Pos
	for _, e := range elems {
		e = yamlDeref(e)
		if s, ok := check(e, what); ok {
			vals = append(vals, s)
			at = append(at, l.pos(e))
		}
	}
	return vals, at
}

// integer returns the value of integer node n.
func (l *fileLoader) integer(n *yaml.Node, what string) (int, bool) {
	var i int
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!int" || n.Decode(&i) != nil {
		l.errorf(n, "%s must be an integer", what)
		return 0, false
	}
	return i, true
}

// boolean returns the value of boolean node n.
func (l *fileLoader) boolean(n *yaml.Node, what string) (bool, bool) {
	var b bool
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" || n.Decode(&b) != nil {
		l.errorf(n, "%s must be true or false", what)
		return false, false
	}
	return b, true
}

// value returns the property value of node n: a boolean, an integer or a string.
func (l *fileLoader) value(n *yaml.Node, what string) (Value, bool) {
	if n.Kind == yaml.ScalarNode {
		switch n.ShortTag() {
		case "!!bool":
			if b, ok := l.boolean(n, what); ok {
				return Bool(b), true
			}
			return Value{}, false
		case "!!int":
			var i int64
			if n.Decode(&i) == nil {
				return Int(i), true
			}
		case "!!str":
			return String(n.Value), true
		}
	}
	l.errorf(n, "%s must be a boolean, an integer or a string", what)
	return Value{}, false
}

// props reads a mapping of properties, returning them and where each value was written.
func (l *fileLoader) props(n *yaml.Node, what string) (Props, map[string]Pos) {
	if yamlNull(n) {
		return nil, nil
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "%s must be a mapping of property names to values", what)
		return nil, nil
	}
	props, at := Props{}, map[string]Pos{}
	l.pairs(n, what, func(key, val *yaml.Node) {
		name, ok := l.word(key, "property name")
		if !ok {
			return
		}
		if v, ok := l.value(val, "property "+name); ok {
			props[name] = v
			at[name] = l.pos(val)
		}
	})
	return props, at
}

// top reads the top-level mapping of a pack file.
func (l *fileLoader) top(n *yaml.Node) {
	l.fields(n, "the pack", map[string]func(key, val *yaml.Node){
		"items":     func(_, val *yaml.Node) { l.items(val) },
		"rules":     func(_, val *yaml.Node) { l.rules(val, false) },
		"failRules": func(_, val *yaml.Node) { l.rules(val, true) },
		"areas": func(key, val *yaml.Node) {
			l.pack.src.areasKey = l.pos(key)
			l.areas(val)
		},
		"world":      func(_, val *yaml.Node) { l.world(val) },
		"tags":       func(_, val *yaml.Node) { l.tags(val) },
		"remove":     func(_, val *yaml.Node) { l.removals(val) },
		"structures": func(_, val *yaml.Node) { l.structures(val) },
		"text":       func(_, val *yaml.Node) { l.texts(val) },
		"words":      func(_, val *yaml.Node) { l.typeWords(val) },
		"rings":      func(key, val *yaml.Node) { l.rings(key, val) },
	})
}

// marking returns a function that sets *bad if errors were reported between the call and its own.
func (l *fileLoader) marking(bad *bool) func() {
	before := len(*l.errs)
	return func() { *bad = *bad || len(*l.errs) > before }
}

// items reads the items mapping: item name to its description.
func (l *fileLoader) items(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "items must be a mapping from item names to items")
		return
	}
	l.pairs(n, "items", func(key, val *yaml.Node) {
		name, ok := l.word(key, "item name")
		if !ok {
			return
		}
		if name == TypeItem {
			l.errorf(key, "%s is the type of every item and cannot be declared", TypeItem)
			return
		}
		it := &Item{Name: name, Pos: l.pos(key)}
		src := &itemSource{look: map[string]Pos{}}
		what := "item " + name
		l.fields(val, what, map[string]func(key, val *yaml.Node){
			"isa":     func(_, v *yaml.Node) { it.Isa, src.isa = l.list(v, "isa type", l.word) },
			"replace": func(_, v *yaml.Node) { it.Replace, _ = l.boolean(v, "replace") },
			"area":    func(_, v *yaml.Node) { it.Areas, src.areas = l.list(v, "area", l.scalar) },
			"props":   func(_, v *yaml.Node) { it.Props, src.props = l.props(v, what+" props") },
			"look":    func(k, v *yaml.Node) { it.Look = l.look(k, v, what, src.look) },
			"words":   func(k, v *yaml.Node) { it.Words = l.words(k, v, what) },
		})
		l.pack.Items[name] = it
		l.pack.ItemOrder = append(l.pack.ItemOrder, name)
		l.pack.src.items[name] = src
	})
}

// look reads an item's look.
func (l *fileLoader) look(key, n *yaml.Node, what string, at map[string]Pos) Look {
	look := l.lookFields(key, n, what+" look", at, map[string]func(key, val *yaml.Node){})
	return look
}

// lookFields reads the fields of a look, or of a case of its when (extra holds the case's own keys), recording
// where each part was written in at.
func (l *fileLoader) lookFields(key, n *yaml.Node, what string, at map[string]Pos, extra map[string]func(key, val *yaml.Node)) Look {
	look := Look{Pos: l.pos(key)}
	str := func(field *string, name string) func(_, v *yaml.Node) {
		return func(_, v *yaml.Node) {
			*field, _ = l.scalar(v, what+" "+name)
			at[name] = l.pos(v)
		}
	}
	keys := map[string]func(key, val *yaml.Node){
		"block":  str(&look.Block, "block"),
		"item":   str(&look.Item, "item"),
		"entity": str(&look.Entity, "entity"),
		"name":   str(&look.Name, "name"),
		"holds":  str(&look.Holds, "holds"),
		"states": func(_, v *yaml.Node) { look.States = l.states(v, what+" states", at) },
		"flags": func(_, v *yaml.Node) {
			look.Flags, _ = l.list(v, what+" flag", l.scalar)
			look.Flags = nonNil(look.Flags)
			at["flags"] = l.pos(v)
		},
		"variant": func(_, v *yaml.Node) {
			look.Variant, _ = l.integer(v, what+" variant")
			at["variant"] = l.pos(v)
		},
	}
	if len(extra) == 0 {
		keys["when"] = func(_, v *yaml.Node) { look.When = l.lookCases(v, what, at) }
	} else {
		keys["sound"] = str(&look.Sound, "sound")
	}
	maps.Copy(keys, extra)
	l.fields(n, what, keys)
	return look
}

// lookCases reads a look's when: a list of cases, each an if (properties) with the look of those states or same.
// Where the parts of case I were written goes into at as "when.I.PART".
func (l *fileLoader) lookCases(n *yaml.Node, what string, at map[string]Pos) []LookCase {
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "%s when must be a list of cases, each {if: {property: value}, ...}", what)
		return nil
	}
	var cases []LookCase
	for i, e := range n.Content {
		e = yamlDeref(e)
		c := LookCase{Pos: l.pos(e)}
		own := map[string]Pos{}
		caseWhat := fmt.Sprintf("%s when case %d", what, i+1)
		c.Look = l.lookFields(e, e, caseWhat, own, map[string]func(key, val *yaml.Node){
			"if":   func(_, v *yaml.Node) { c.If, _ = l.props(v, caseWhat+" if"); own["if"] = l.pos(v) },
			"same": func(_, v *yaml.Node) { c.Same, _ = l.boolean(v, caseWhat+" same"); own["same"] = l.pos(v) },
		})
		c.Look.Pos = c.Pos
		for part, pos := range own {
			at[fmt.Sprintf("when.%d.%s", i, part)] = pos
		}
		if len(c.If) == 0 {
			l.errorf(e, "%s has no if: say which properties it is the look of", caseWhat)
			continue
		}
		cases = append(cases, c)
	}
	return cases
}

// states reads block states: names to booleans, integers or strings. Where the states and each state's value
// were written goes into at, as "states" and "states.NAME".
func (l *fileLoader) states(n *yaml.Node, what string, at map[string]Pos) map[string]any {
	at["states"] = l.pos(n)
	props, where := l.props(n, what)
	if props == nil {
		return nil
	}
	states := make(map[string]any, len(props))
	for name, v := range props {
		at["states."+name] = where[name]
		switch v.Kind {
		case KindBool:
			states[name] = v.Bool
		case KindInt:
			states[name] = int(v.Int)
		default:
			states[name] = v.Str
		}
	}
	return states
}

// rules reads rules: a literal block with one rule a line, or a list of strings.
func (l *fileLoader) rules(n *yaml.Node, fail bool) {
	if yamlNull(n) {
		return
	}
	elems := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		elems = n.Content
	}
	for _, e := range elems {
		e = yamlDeref(e)
		if e.Kind != yaml.ScalarNode {
			l.errorf(e, "rules must be a literal block (rules: |) or a list of strings")
			l.pack.src.badRules = true
			continue
		}
		if e.Style&yaml.FoldedStyle != 0 {
			l.errorf(e, "rules must be a literal block (|), not a folded one (>), which joins them into one line")
			l.pack.src.badRules = true
			continue
		}
		for _, line := range l.textLines(e) {
			r, err := parseRule(line.text, line.at)
			if err == nil && r == nil && n.Kind == yaml.SequenceNode && !strings.Contains(e.Value, "\n") {
				err = &Error{Pos: line.at, Msg: "empty rule"}
			}
			if err != nil {
				l.errs.AddHint(line.clamp(err.(*Error).Pos), err.(*Error).Msg, yamlInBlock(line.text))
				l.pack.src.badRules = true
				continue
			}
			if r == nil {
				continue
			}
			line.flatten(r)
			if fail {
				r.Index, r.Fail = -1, true
				l.pack.FailRules = append(l.pack.FailRules, r)
			} else {
				r.Index = len(l.pack.Rules)
				l.pack.Rules = append(l.pack.Rules, r)
			}
		}
	}
}

// yamlKeyLine matches a line of YAML that a literal block took in as text: a key, or a list entry.
var yamlKeyLine = regexp.MustCompile(`^\s*(\w+:(\s|$)|- )`)

// yamlInBlock returns a hint for a rule that does not parse because it is YAML indented into the rules block.
func yamlInBlock(text string) string {
	if !yamlKeyLine.MatchString(text) {
		return ""
	}
	return "this line is YAML, but it is indented into the rules text block (rules: |): start a key after the block at the start of its line"
}

// textLine is a line of text from a YAML scalar with the place it starts in the file. When the scalar's text is
// not written verbatim in the file (escapes, folding), positions inside it cannot be known and all of them are
// the scalar's own.
type textLine struct {
	text  string
	at    Pos
	exact bool
}

// clamp returns pos, or the line's start when positions inside the line are not exact.
func (t textLine) clamp(pos Pos) Pos {
	if t.exact {
		return pos
	}
	return t.at
}

// flatten moves the positions of a rule parsed from t to t's start when they are not exact.
func (t textLine) flatten(r *Rule) {
	r.Pos = t.clamp(r.Pos)
	for _, terms := range [][]Term{r.Outputs, r.Inputs} {
		for i := range terms {
			terms[i].Pos = t.clamp(terms[i].Pos)
		}
	}
}

// textLines splits scalar n into lines with their positions in the file. Lines of a literal block are found in
// the file by their text; a one-line plain or quoted scalar starts just after its opening quote.
func (l *fileLoader) textLines(n *yaml.Node) []textLine {
	if n.Style&yaml.LiteralStyle != 0 {
		var lines []textLine
		for i, text := range strings.Split(n.Value, "\n") {
			line := n.Line + 1 + i
			raw := ""
			if line <= len(l.lines) {
				raw = l.lines[line-1]
			}
			if line > len(l.lines) || !strings.HasSuffix(raw, text) {
				lines = append(lines, textLine{text, l.pos(n), false})
				continue
			}
			lines = append(lines, textLine{text, Pos{File: l.file, Line: line, Col: len(raw) - len(text) + 1}, true})
		}
		return lines
	}
	at := l.pos(n)
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		at.Col++
	}
	exact := false
	if at.Line <= len(l.lines) && at.Col-1 <= len(l.lines[at.Line-1]) {
		exact = strings.HasPrefix(l.lines[at.Line-1][at.Col-1:], n.Value) && !strings.Contains(n.Value, "\n")
	}
	if !exact {
		at = l.pos(n)
	}
	return []textLine{{n.Value, at, exact}}
}

// areas reads the list of areas.
func (l *fileLoader) areas(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "areas must be a list")
		return
	}
	for _, e := range n.Content {
		e = yamlDeref(e)
		a := &Area{Pos: l.pos(e)}
		src := &areaSource{}
		done := l.marking(&src.bad)
		l.fields(e, "area", map[string]func(key, val *yaml.Node){
			"name": func(_, v *yaml.Node) {
				a.Name, _ = l.scalar(v, "area name")
				if a.Name == Inventory {
					l.errorf(v, "%q names the players' inventories and cannot be an area", Inventory)
				}
			},
			"start":    func(_, v *yaml.Node) { a.Start, _ = l.boolean(v, "start") },
			"replace":  func(_, v *yaml.Node) { a.Replace, _ = l.boolean(v, "replace") },
			"goals":    func(_, v *yaml.Node) { a.Goals = l.goals(v) },
			"minDepth": func(_, v *yaml.Node) { a.MinDepth, _ = l.integer(v, "minDepth") },
			"maxDepth": func(_, v *yaml.Node) {
				a.MaxDepth, _ = l.integer(v, "maxDepth")
				src.maxDepth = l.pos(v)
			},
			"minSteps":     func(_, v *yaml.Node) { a.MinSteps, _ = l.integer(v, "minSteps") },
			"maxSteps":     func(_, v *yaml.Node) { a.MaxSteps, _ = l.integer(v, "maxSteps") },
			"breadth":      func(_, v *yaml.Node) { a.Breadth, _ = l.integer(v, "breadth") },
			"herrings":     func(_, v *yaml.Node) { a.Herrings, _ = l.integer(v, "herrings") },
			"alternatives": func(_, v *yaml.Node) { a.Alternatives, _ = l.boolean(v, "alternatives") },
			"connects":     func(_, v *yaml.Node) { a.Connects, src.connects = l.list(v, "connected area", l.scalar) },
			"biomes":       func(_, v *yaml.Node) { a.Biomes, _ = l.list(v, "biome", l.word) },
			"setting":      func(_, v *yaml.Node) { a.Setting, src.setting = l.list(v, "item or type of the setting", l.word) },
			"minDistance":  func(_, v *yaml.Node) { a.MinDistance, _ = l.integer(v, "minDistance") },
			"maxDistance":  func(_, v *yaml.Node) { a.MaxDistance, _ = l.integer(v, "maxDistance") },
		})
		done()
		if a.Name == "" {
			if e.Kind == yaml.MappingNode {
				l.errorf(e, "area without a name")
			}
			continue
		}
		l.pack.Areas = append(l.pack.Areas, a)
		l.pack.src.areas[a] = src
	}
}

// goals reads an area's goals: terms written as strings.
func (l *fileLoader) goals(n *yaml.Node) []Term {
	var goals []Term
	texts, _ := l.list(n, "goal", l.scalar)
	elems := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		elems = n.Content
	}
	if len(texts) != len(elems) {
		return nil // the list reported its own errors
	}
	for _, e := range elems {
		line := l.textLines(yamlDeref(e))[0]
		t, err := ParseTerm(line.text, line.at)
		if err != nil {
			l.errs.Add(line.clamp(err.(*Error).Pos), "goal: %s", err.(*Error).Msg)
			continue
		}
		t.Pos = line.clamp(t.Pos)
		goals = append(goals, t)
	}
	return goals
}

// world reads the list of objects that exist before any puzzle.
func (l *fileLoader) world(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "world must be a list of objects")
		return
	}
	for _, e := range n.Content {
		e = yamlDeref(e)
		var o Object
		src := objectSource{pos: l.pos(e)}
		l.fields(e, "world object", map[string]func(key, val *yaml.Node){
			"id": func(_, v *yaml.Node) {
				o.ID, _ = l.integer(v, "id")
				src.id = l.pos(v)
				if o.ID <= 0 {
					l.errorf(v, "id must be a positive integer")
				}
			},
			"item": func(_, v *yaml.Node) {
				o.Item, _ = l.word(v, "item")
				src.item = l.pos(v)
			},
			"area": func(_, v *yaml.Node) {
				o.Area, _ = l.scalar(v, "area")
				src.area = l.pos(v)
			},
			"props": func(_, v *yaml.Node) { o.Props, src.props = l.props(v, "world object props") },
		})
		if e.Kind != yaml.MappingNode {
			continue
		}
		for _, need := range []struct {
			name  string
			given Pos
		}{{"an id", src.id}, {"an item", src.item}, {"an area", src.area}} {
			if need.given.Line == 0 {
				l.errorf(e, "world object needs %s", need.name)
			}
		}
		if o.ID <= 0 || o.Item == "" || o.Area == "" {
			continue
		}
		l.pack.World = append(l.pack.World, o)
		l.pack.src.world = append(l.pack.src.world, src)
	}
}

// nonNil returns s, or an empty list for nil: a case's flags: [] clears the look's flags.
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
