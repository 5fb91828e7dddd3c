package overlay

import (
	"fmt"
	"slices"
	"strings"
	"unicode"

	"riddlestone/puzzle"
)

// engineProps are properties only the engine reads: players never see them.
var engineProps = []string{puzzle.PropCarryable, puzzle.PropNotSpawnable, puzzle.PropContains}

// itemWords is how players read an item's name: the look's name, or the item's name in words ("FishingRod" is
// "fishing rod").
func itemWords(p *puzzle.Pack, item string) string {
	if it, ok := p.Item(item); ok && it.Look.Name != "" {
		return lowerFirst(it.Look.Name)
	}
	return strings.ToLower(spaced(item))
}

// termWords says a term in words with an article: "a lit campfire", "an unlocked gate", "a pond".
func termWords(p *puzzle.Pack, t puzzle.Term) string {
	return article(phrase(p, t.Type, t.Props))
}

// objectWords says an object in words: "the lit campfire".
func objectWords(p *puzzle.Pack, obj puzzle.Object) string { return "the " + objectPhrase(p, obj) }

// objectPhrase says an object in words without an article: "lit campfire", "bucket of water".
func objectPhrase(p *puzzle.Pack, obj puzzle.Object) string {
	it, ok := p.Item(obj.Item)
	if !ok {
		return itemWords(p, obj.Item)
	}
	changed := puzzle.Props{}
	for name, v := range obj.Props {
		if it.Props.Get(name) != v {
			changed[name] = v
		}
	}
	return phrase(p, obj.Item, changed)
}

// phrase is a name with its properties as adjectives before it, what it contains and other values after it: "lit
// campfire", "bucket of water".
func phrase(p *puzzle.Pack, typ string, props puzzle.Props) string {
	var adjectives, with []string
	names := make([]string, 0, len(props))
	for name := range props {
		if !slices.Contains(engineProps, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	for _, name := range names {
		v := props[name]
		if v.Kind == puzzle.KindBool {
			adjectives = append(adjectives, adjective(name, v.Bool))
			continue
		}
		with = append(with, fmt.Sprintf("%s %s", words(name), v.String()))
	}
	s := strings.Join(append(adjectives, itemWords(p, typ)), " ")
	if c := props.Get(puzzle.PropContains); c.Kind == puzzle.KindString && c.Str != "" {
		s += " of " + itemWords(p, c.Str)
	}
	if len(with) > 0 {
		s += " with " + strings.Join(with, " and ")
	}
	return s
}

// stateWords says, in words, how an object differs from its item as first made: "lit", "unlocked, with uses 2";
// "" when it does not.
func stateWords(it *puzzle.Item, obj puzzle.Object) string {
	var parts []string
	names := make([]string, 0, len(obj.Props))
	for name := range obj.Props {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		v := obj.Props[name]
		if slices.Contains(engineProps, name) || it.Props.Get(name) == v {
			continue
		}
		if v.Kind == puzzle.KindBool {
			parts = append(parts, adjective(name, v.Bool))
		} else {
			parts = append(parts, words(name)+" "+v.String())
		}
	}
	return strings.Join(parts, ", ")
}

// adjective says a boolean property: "lit" or "unlit", "locked" or "unlocked", "open" or "not open".
func adjective(name string, on bool) string {
	w := words(strings.TrimSuffix(name, "_bit"))
	switch {
	case on:
		return w
	case strings.HasSuffix(w, "ed") || w == "lit" || w == "tied" || w == "done":
		return "un" + w
	}
	return "not " + w
}

// words turns a property or type name into lower-case words: "open_bit" is "open bit", "isLit" is "is lit".
func words(name string) string {
	return strings.ToLower(strings.ReplaceAll(spaced(name), "_", " "))
}

// article puts "a" or "an" before a phrase.
func article(s string) string {
	if s == "" {
		return s
	}
	if r := unicode.ToLower(rune(s[0])); strings.ContainsRune("aeiou", r) {
		return "an " + s
	}
	return "a " + s
}

// lowerFirst writes a name as it reads within a sentence: each ordinary word in lower case ("Gold Key" is "gold
// key", "Guard's Badge" "guard's badge"); a word in capitals ("TNT") stays.
func lowerFirst(s string) string {
	r := []rune(s)
	for i := range r {
		start := i == 0 || r[i-1] == ' '
		if start && i+1 < len(r) && unicode.IsUpper(r[i]) && !unicode.IsUpper(r[i+1]) {
			r[i] = unicode.ToLower(r[i])
		}
	}
	return string(r)
}

// capital starts a sentence with a capital letter.
func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
