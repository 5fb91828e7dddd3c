package puzzle

import (
	"maps"
	"slices"
	"strings"
)

// checkWords checks an item's words: each state's properties are the item's, of the kind the item gives them,
// and some rule or the item itself gives them a value; and a boolean property named as several words (hasBook)
// has words for its states, since it reads as no adjective.
func (v *validator) checkWords(it *Item) {
	for _, name := range slices.Sorted(maps.Keys(it.Props)) {
		if it.Props[name].Kind == KindBool && severalWords(name) && !it.Words.says(name) && name != PropNotSpawnable {
			v.warnf(v.p.itemSource(it).props[name], "item %s: property %s is several words, which players would read as its name split, not as an adjective; give words for its states: words: {when: [{if: {%s: true}, a: ...}]}",
				it.Name, name, name)
		}
	}
	for _, c := range it.Words.When {
		for name, val := range c.If {
			own, declared := it.Props[name]
			switch {
			case declared && own.Kind != val.Kind:
				v.errorf(c.Pos, "item %s words: case %s: the item's %s is %s, not %s", it.Name, c.If, name, kindName(own.Kind), kindName(val.Kind))
			case !declared && !v.ruleSets(it.Name, name):
				v.warnf(c.Pos, "item %s words: case %s: neither the item nor a rule gives it the property %s", it.Name, c.If, name)
			}
		}
	}
}

// checkTypeWords checks the words section: each name is a type some item is, and no item's name (an item's words
// are written with the item).
func (v *validator) checkTypeWords() {
	for _, name := range slices.Sorted(maps.Keys(v.p.TypeWords)) {
		f := v.p.TypeWords[name]
		switch _, isItem := v.p.Items[name]; {
		case isItem:
			v.errorf(f.Pos, "words of %s: %s is an item: give its words with the item (words: under items: %s)", name, name, name)
		case !v.knownType(name):
			v.errorf(f.Pos, "words of %s: no item is of type %s", name, name)
		}
	}
}

// severalWords reports whether a property's name is several words run together (hasBook, is_open), not counting
// Bedrock's _bit ending.
func severalWords(name string) bool {
	name = strings.TrimSuffix(name, "_bit")
	return strings.ContainsRune(name[1:], '_') || strings.ToLower(name[1:]) != name[1:]
}

// says reports whether some case of the words names a property.
func (w Words) says(prop string) bool {
	return slices.ContainsFunc(w.When, func(c WordsCase) bool { _, ok := c.If[prop]; return ok })
}

// ruleSets reports whether a rule's term of a type item is has the property name.
func (v *validator) ruleSets(item, name string) bool {
	for _, r := range slices.Concat(v.p.Rules, v.p.FailRules) {
		for _, t := range slices.Concat(r.Outputs, r.Inputs) {
			if _, ok := t.Props[name]; ok && v.p.IsA(item, t.Type) {
				return true
			}
		}
	}
	return false
}

// kindName names a kind of property value for messages.
func kindName(k Kind) string {
	switch k {
	case KindBool:
		return "a boolean"
	case KindInt:
		return "an integer"
	}
	return "a string"
}
