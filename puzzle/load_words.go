package puzzle

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// words reads an item's words, as
//
//	words: {a: loaf of bread, some: loaves of bread}
//	words: {some: wool}
//	words: {a: lectern, when: [{if: {hasBook: true}, a: lectern holding a book}]}
func (l *fileLoader) words(key, n *yaml.Node, what string) Words {
	var w Words
	what += " words"
	w.Forms = l.forms(key, n, what, map[string]func(k, v *yaml.Node){
		"when": func(_, v *yaml.Node) { w.When = l.wordsCases(v, what+" when") },
	})
	return w
}

// wordsCases reads the forms of an item's states: a list of forms, each with the properties of its state (if).
func (l *fileLoader) wordsCases(n *yaml.Node, what string) []WordsCase {
	if yamlNull(n) {
		return nil
	}
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "%s must be a list of forms, each with its state: [{if: {lit: true}, a: lit lamp}]", what)
		return nil
	}
	var out []WordsCase
	for _, e := range n.Content {
		e = yamlDeref(e)
		var c WordsCase
		c.Forms = l.forms(e, e, what, map[string]func(k, v *yaml.Node){
			"if": func(_, v *yaml.Node) { c.If, _ = l.props(v, what+" if") },
		})
		switch {
		case e.Kind != yaml.MappingNode:
		case len(c.If) == 0:
			l.errorf(e, "%s: a case needs if: the properties of its state, as {hasBook: true}", what)
		case c.Forms.Empty():
			l.errorf(e, "%s: a case needs a form: a, an, some or title", what)
		default:
			out = append(out, c)
		}
	}
	return out
}

// forms reads the forms of a name: a or an (the singular, read with that article), some (the plural, or alone the
// mass noun) and title, and any extra keys.
func (l *fileLoader) forms(key, n *yaml.Node, what string, extra map[string]func(k, v *yaml.Node)) Forms {
	f := Forms{Pos: l.pos(key)}
	phrase := func(field *string, article string) func(k, v *yaml.Node) {
		return func(k, v *yaml.Node) {
			s, ok := l.phrase(v, what+" "+k.Value)
			switch {
			case !ok:
			case article != "" && f.Article != "":
				l.errorf(k, "%s: give a or an, not both", what)
			default:
				*field = s
				if article != "" {
					f.Article = article
				}
			}
		}
	}
	keys := map[string]func(k, v *yaml.Node){
		"a": phrase(&f.One, "a"), "an": phrase(&f.One, "an"), "some": phrase(&f.Some, ""), "title": phrase(&f.Title, ""),
	}
	for k, fn := range extra {
		keys[k] = fn
	}
	l.fields(n, what, keys)
	return f
}

// articles are the words a form must not start with: its article is the key it is written under.
var articles = []string{"a", "an", "some", "the"}

// phrase reads the words of one form: not empty, and without an article of its own.
func (l *fileLoader) phrase(n *yaml.Node, what string) (string, bool) {
	s, ok := l.scalar(n, what)
	if !ok {
		return "", false
	}
	s = strings.TrimSpace(s)
	if s == "" {
		l.errorf(n, "%s is empty", what)
		return "", false
	}
	if first, _, more := strings.Cut(s, " "); more && !strings.HasSuffix(what, "title") {
		for _, a := range articles {
			if strings.EqualFold(first, a) {
				l.errs.AddHint(l.pos(n), what+": the words start with an article, "+first,
					"write them without it: the key says the article, as in a: loaf of bread")
				return "", false
			}
		}
	}
	return s, true
}

// typeWords reads the words section: the forms of types that are no item's name, as
//
//	words:
//	  Fuel: {some: fuel}
//	  Currency: {a: coin, some: coins}
func (l *fileLoader) typeWords(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "words must be a mapping from type names to their forms")
		return
	}
	if l.pack.TypeWords == nil {
		l.pack.TypeWords = map[string]Forms{}
	}
	l.pairs(n, "words", func(key, val *yaml.Node) {
		if name, ok := l.word(key, "type name"); ok {
			l.pack.TypeWords[name] = l.forms(key, val, "words of "+name, nil)
		}
	})
}

// mergeTypeWords adds the words section of q, read from a later file, to p: a later file's forms of a type take
// the place of an earlier file's.
func (p *Pack) mergeTypeWords(q *Pack) {
	for name, f := range q.TypeWords {
		if p.TypeWords == nil {
			p.TypeWords = map[string]Forms{}
		}
		p.TypeWords[name] = f
	}
}
