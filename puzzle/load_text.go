package puzzle

import (
	"cmp"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"
)

// texts reads the text section: a mapping from action and item names to their lines, as
//
//	text:
//	  Sell: {done: "{the npc} eyes your {input}.", ask: "Got {a input}? I pay in {output}s."}
//	  Farmer: {say: "Morning! Fine weather for the fields."}
func (l *fileLoader) texts(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "text must be a mapping from action and item names to their lines")
		return
	}
	if l.pack.Texts == nil {
		l.pack.Texts = map[string]*Text{}
	}
	l.pairs(n, "text", func(key, val *yaml.Node) {
		name, ok := l.word(key, "text name")
		if !ok {
			return
		}
		t := &Text{Name: name, Pos: l.pos(key), keys: map[string]Pos{}}
		line := func(field **Template, what string) func(k, v *yaml.Node) {
			return func(k, v *yaml.Node) {
				t.keys[what] = l.pos(k)
				*field = l.template(v, "text "+name+" "+what)
			}
		}
		l.fields(val, "text "+name, map[string]func(key, val *yaml.Node){
			"done": func(k, v *yaml.Node) {
				t.keys["done"] = l.pos(k)
				t.Done = l.templates(v, "text "+name+" done")
			},
			"ask":     line(&t.Ask, "ask"),
			"say":     line(&t.Say, "say"),
			"wants":   line(&t.Wants, "wants"),
			"replace": func(_, v *yaml.Node) { t.Replace, _ = l.boolean(v, "replace") },
		})
		l.pack.Texts[name] = t
	})
}

// templates reads one line of text or a list of them (an action's done lines, one chosen for each step).
func (l *fileLoader) templates(n *yaml.Node, what string) []*Template {
	n = yamlDeref(n)
	elems := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		elems = n.Content
		if len(elems) == 0 {
			l.errorf(n, "%s is an empty list: give a line, or a list of lines", what)
		}
	}
	var out []*Template
	for _, e := range elems {
		if t := l.template(e, what); t != nil {
			out = append(out, t)
		}
	}
	return out
}

// template reads a line of text with placeholders. Positions inside it are exact when the line is written as it
// reads, on one line; otherwise mistakes are reported at the value's start.
func (l *fileLoader) template(n *yaml.Node, what string) *Template {
	s, ok := l.scalar(n, what)
	if !ok {
		return nil
	}
	line := textLine{text: s, at: l.pos(n)}
	if n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
		line = l.textLines(n)[0]
	} else {
		line.text = strings.TrimRight(s, "\n")
	}
	if strings.TrimSpace(line.text) == "" {
		l.errorf(n, "%s is empty", what)
		return nil
	}
	t, err := ParseTemplate(line.text, line.at)
	if err != nil {
		e := err.(*Error)
		l.errs.AddHint(line.clamp(e.Pos), what+": "+e.Msg, e.Hint)
		return nil
	}
	if !line.exact {
		for i := range t.Parts {
			t.Parts[i].Slot.Pos, t.Parts[i].Slot.At = line.at, line.at
		}
	}
	return t
}

// mergeTexts adds the text section of q, read from a later file, to p, as mergeLayer does items: a later layer
// replaces an earlier layer's text of a name only with replace: true, and within one layer a name has one text.
func (p *Pack) mergeTexts(q *Pack, layer int, errs *ErrorList) {
	for _, name := range sortedTextNames(q) {
		t := q.Texts[name]
		old, exists := p.Texts[name]
		var oldPos *Pos
		if exists {
			oldPos = &old.Pos
		}
		if !p.admit(errs, declaration{"text for " + name, "given", "gives"}, t.Pos, t.Replace, oldPos, layer) {
			continue
		}
		if p.Texts == nil {
			p.Texts = map[string]*Text{}
		}
		p.Texts[name] = t
	}
}

// sortedTextNames returns the names of a pack's texts in the order they were written.
func sortedTextNames(p *Pack) []string {
	names := make([]string, 0, len(p.Texts))
	for name := range p.Texts {
		names = append(names, name)
	}
	sortByPos(names, func(name string) Pos { return p.Texts[name].Pos })
	return names
}

// sortByPos sorts names by where each was written.
func sortByPos(names []string, at func(string) Pos) {
	slices.SortFunc(names, func(a, b string) int {
		x, y := at(a), at(b)
		return cmp.Or(cmp.Compare(x.File, y.File), cmp.Compare(x.Line, y.Line), cmp.Compare(x.Col, y.Col), cmp.Compare(a, b))
	})
}

// removeText takes away the text of a name that an earlier layer gave, and reports whether there was one.
func (p *Pack) removeText(name string, earlier func(Pos) bool) bool {
	if t, ok := p.Texts[name]; ok && earlier(t.Pos) {
		delete(p.Texts, name)
		return true
	}
	return false
}
