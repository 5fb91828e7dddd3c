package puzzle

import (
	"maps"
	"slices"
)

// checkWords checks an item's words: each state's properties are the item's, of the kind the item gives them,
// and some rule or the item itself gives them a value.
func (v *validator) checkWords(it *Item) {
	for _, s := range it.Words.States {
		for name, val := range s.When {
			own, declared := it.Props[name]
			switch {
			case declared && own.Kind != val.Kind:
				v.errorf(s.Pos, "item %s words: state %s: the item's %s is %s, not %s", it.Name, s.When, name, kindName(own.Kind), kindName(val.Kind))
			case !declared && !v.ruleSets(it.Name, name):
				v.warnf(s.Pos, "item %s words: state %s: neither the item nor a rule gives it the property %s", it.Name, s.When, name)
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
