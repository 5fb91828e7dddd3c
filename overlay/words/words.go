package words

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"unicode"

	"riddlestone/puzzle"
)

// This file says names as words: items, states, terms and objects read as English, from
// the pack's words (puzzle.Words), the look's name, or else the item's name in words. No identifier reaches a
// player.

// engineProps are properties only the engine reads: players never see them.
var engineProps = []string{puzzle.PropCarryable, puzzle.PropNotSpawnable, puzzle.PropContains}

// Noun is a name in words with the article it reads with: "a" or "an" for one thing ("a loaf of bread"), "some"
// for a mass or a plural ("some wool", "some planks"), or "" to choose a or an by its first letter.
type Noun struct {
	Words   string
	Article string
}

// a says the noun with its article: "a lit campfire", "an unlocked gate", "some wool".
func (n Noun) a() string {
	if n.Words == "" || n.Article != "" {
		return strings.TrimSpace(n.Article + " " + n.Words)
	}
	if r := unicode.ToLower([]rune(n.Words)[0]); strings.ContainsRune("aeiou", r) {
		return "an " + n.Words
	}
	return "a " + n.Words
}

// the says the noun as a thing known: "the lit campfire".
func (n Noun) the() string { return "the " + n.Words }

// plain is words with an article chosen by their first letter.
func plain(s string) Noun { return Noun{Words: s} }

// NounOf is a name from its forms: the singular, else the mass noun, else the title, else the look's name, else
// the name in words ("FishingRod" is "fishing rod").
func NounOf(it *puzzle.Item, name string, f puzzle.Forms) Noun {
	switch {
	case f.One != "":
		return Noun{Words: f.One, Article: f.Article}
	case f.Some != "":
		return Noun{Words: f.Some, Article: "some"}
	case f.Title != "":
		return plain(LowerFirst(f.Title))
	case it != nil && it.Look.Name != "":
		return plain(LowerFirst(it.Look.Name))
	}
	return plain(Of(name))
}

// Item is how players read an item's (or a type's) name, bare: "loaf of bread", "fishing rod", "wool".
func Item(p *puzzle.Pack, item string) string { return itemNoun(p, item).Words }

// itemNoun is an item's (or a type's) name with its article.
func itemNoun(p *puzzle.Pack, item string) Noun {
	it, _ := lookup(p, item)
	return NounOf(it, item, formsOf(p, it, item))
}

// formsOf returns the forms the pack gives an item, or a type that is no item.
func formsOf(p *puzzle.Pack, it *puzzle.Item, typ string) puzzle.Forms {
	switch {
	case it != nil:
		return it.Words.Forms
	case p != nil:
		return p.TypeWords[typ]
	}
	return puzzle.Forms{}
}

// lookup finds an item of a pack, which may be nil.
func lookup(p *puzzle.Pack, item string) (*puzzle.Item, bool) {
	if p == nil {
		return nil, false
	}
	return p.Item(item)
}

// DisplayName is the name players see on an item's stacks, its menus and its people's name tags, as a title: the
// pack's title, the look's name, or the item's name in words with capitals ("BirchLog" is "Birch Log").
func DisplayName(it *puzzle.Item) string {
	switch {
	case it.Words.Title != "":
		return it.Words.Title
	case it.Look.Name != "":
		return it.Look.Name
	}
	return titleCase(NounOf(it, it.Name, it.Words.Forms).Words)
}

// Term says a term in words with an article: "a lit campfire", "an unlocked gate", "some wool".
func Term(p *puzzle.Pack, t puzzle.Term) string { return phrase(p, t.Type, t.Props).a() }

// Object says an object in words: "the lit campfire".
func Object(p *puzzle.Pack, obj puzzle.Object) string { return ObjectNoun(p, obj).the() }

// objectPhrase says an object in words without an article: "lit campfire", "bucket of water".
func objectPhrase(p *puzzle.Pack, obj puzzle.Object) string { return ObjectNoun(p, obj).Words }

// ObjectNoun says an object: its item's name, and the properties it has that its item has not.
func ObjectNoun(p *puzzle.Pack, obj puzzle.Object) Noun {
	it, _ := lookup(p, obj.Item)
	return phrase(p, obj.Item, changedProps(it, obj.Props))
}

// changedProps are the properties whose values differ from an item's own (all of them when there is no item).
func changedProps(it *puzzle.Item, props puzzle.Props) puzzle.Props {
	if it == nil {
		return props
	}
	changed := puzzle.Props{}
	for name, v := range props {
		if it.Props.Get(name) != v {
			changed[name] = v
		}
	}
	return changed
}

// phrase is a name in the state props describe: the forms the pack gives that state, else the name with the
// properties as adjectives before it, what it contains and other values after it: "lectern holding a book", "lit
// campfire", "bucket of water", "lever with uses 2".
func phrase(p *puzzle.Pack, typ string, props puzzle.Props) Noun {
	it, _ := lookup(p, typ)
	n, rest := stateNoun(it, typ, formsOf(p, it, typ), props)
	adjectives, with := describe(rest)
	if len(adjectives) > 0 {
		n.Words = strings.Join(adjectives, " ") + " " + n.Words
		if n.Article != "some" {
			n.Article = ""
		}
	}
	if c := props.Get(puzzle.PropContains); c.Kind == puzzle.KindString && c.Str != "" {
		n.Words += " of " + Item(p, c.Str)
	}
	if len(with) > 0 {
		n.Words += " with " + strings.Join(with, " and ")
	}
	return n
}

// stateNoun is the name of an item in a state, and the properties the name leaves to say: the forms of the
// pack's words in that state (the item's own properties under props), without the properties their cases say;
// for a type that is no item, its forms and all of props.
func stateNoun(it *puzzle.Item, typ string, forms puzzle.Forms, props puzzle.Props) (Noun, puzzle.Props) {
	if it == nil {
		return NounOf(nil, typ, forms), props
	}
	full := it.Props.Clone()
	if full == nil {
		full = puzzle.Props{}
	}
	maps.Copy(full, props)
	forms, said := it.Words.For(full)
	rest := props.Clone()
	for _, name := range said {
		delete(rest, name)
	}
	return NounOf(it, typ, forms), rest
}

// describe says properties: booleans as adjectives ("lit", "unlocked") and other values as "name value", leaving
// out the engine's own.
func describe(props puzzle.Props) (adjectives, with []string) {
	for _, name := range slices.Sorted(maps.Keys(props)) {
		v := props[name]
		switch {
		case slices.Contains(engineProps, name):
		case v.Kind == puzzle.KindBool:
			adjectives = append(adjectives, adjective(name, v.Bool))
		default:
			with = append(with, fmt.Sprintf("%s %s", Of(name), v.String()))
		}
	}
	return adjectives, with
}

// State says, in words, how an object differs from its item as first made: "sheared", "bucket of water",
// "lectern holding a book"; "" when it does not.
func State(it *puzzle.Item, obj puzzle.Object) string {
	changed := changedProps(it, obj.Props)
	if len(changed) == 0 {
		return ""
	}
	return phrase(nil, it.Name, changed).Words
}

// objectTitle is an object's name as a title: "Sheared Sheep", "Farmer".
func objectTitle(it *puzzle.Item, obj puzzle.Object) string {
	if st := State(it, obj); st != "" {
		return titleCase(st)
	}
	return DisplayName(it)
}

// adjective says a boolean property: "lit" or "unlit", "locked" or "unlocked", "open" or "not open".
func adjective(name string, on bool) string {
	w := Of(strings.TrimSuffix(name, "_bit"))
	switch {
	case on:
		return w
	case strings.HasSuffix(w, "ed") || w == "lit" || w == "tied" || w == "done":
		return "un" + w
	}
	return "not " + w
}

// Of turns a property, type or action name into lower-case words: "open_bit" is "open bit", "ChopDown" is
// "chop down"; a word in capitals ("TNT") stays.
func Of(name string) string {
	return LowerFirst(strings.ReplaceAll(spaced(name), "_", " "))
}

// spaced puts a space before each capital that starts a word in a name written as one (PickUp, CreateDisguise,
// TNTBarrel is "TNT Barrel").
func spaced(name string) string {
	r := []rune(name)
	var b strings.Builder
	for i, c := range r {
		if i > 0 && unicode.IsUpper(c) && r[i-1] != '_' &&
			(!unicode.IsUpper(r[i-1]) || i+1 < len(r) && unicode.IsLower(r[i+1])) {
			b.WriteByte(' ')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// LowerFirst writes a name as it reads within a sentence: each ordinary word in lower case ("Gold Key" is "gold
// key", "Guard's Badge" "guard's badge"); a word in capitals ("TNT") stays.
func LowerFirst(s string) string {
	r := []rune(s)
	for i := range r {
		start := i == 0 || r[i-1] == ' '
		if start && i+1 < len(r) && unicode.IsUpper(r[i]) && !unicode.IsUpper(r[i+1]) {
			r[i] = unicode.ToLower(r[i])
		}
	}
	return string(r)
}

// minorWords stay in lower case inside a title.
var minorWords = []string{"a", "an", "and", "at", "by", "for", "in", "of", "on", "or", "the", "to", "with"}

// titleCase writes words as a title: "loaf of bread" is "Loaf of Bread".
func titleCase(s string) string {
	parts := strings.Split(s, " ")
	for i, w := range parts {
		if i == 0 || !slices.Contains(minorWords, w) {
			parts[i] = Capital(w)
		}
	}
	return strings.Join(parts, " ")
}

// Capital starts a sentence with a capital letter.
func Capital(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}

// NPCName is an NPC's name tag: its name in its state, as a title ("Farmer", "Sheared Sheep").
func NPCName(it *puzzle.Item, obj puzzle.Object) string { return "§e" + objectTitle(it, obj) }
