package puzzle

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Text is what a pack gives players to read for one name of its text section: an action's lines, an item's line,
// or both when an action and an item share the name. Nil templates were not given.
type Text struct {
	Name string
	// Done are the lines one of which is said to the player when a step with the action is done, and is the
	// step's line in the story (see DoneFor).
	Done []*Template
	// Ask is said by the person the action is done with when a player turns to them: what they want.
	Ask *Template
	// Say is said by the item (a person, or a thing described) when a player turns to it.
	Say *Template
	// Wants is said by a person or animal that has no step of its area's puzzle to ask for (a red herring): what
	// it would like, which belongs to the place but opens nothing.
	Wants *Template
	// Replace says that a later pack's text takes the place of the earlier pack's text of the same name.
	Replace bool
	Pos     Pos
	keys    map[string]Pos // where done, ask and say were written
}

// Template is a line of text with placeholders in braces, filled from the items of a rule when it is said:
// "{the npc} eyes your {input}". A placeholder is a slot name, optionally after an article ("a", "an" or "the");
// "{{" and "}}" are braces.
type Template struct {
	Src   string
	Parts []TextPart
	Pos   Pos
}

// TextPart is literal text, or a placeholder when Slot.Name is set.
type TextPart struct {
	Lit  string
	Slot Slot
}

// Slot is a placeholder of a template.
type Slot struct {
	Name    string // one of SlotNames
	N       int    // which input or output, from 1
	Article string // "", "a" (written "a" or "an") or "the"
	Capital bool   // the article was written with a capital: "{The npc}"
	Pos     Pos    // where the slot's name is written
	At      Pos    // where its '{' is written
}

// SlotNames are the placeholders templates may use: the person or animal an action is done with (npc), the
// action's other inputs in order (input, input2, ...), its outputs (output, output2, ...), the item a say line
// belongs to (item), the area's kind (area) and the player's name (player).
var SlotNames = []string{"npc", "input", "output", "item", "area", "player"}

// String writes the placeholder as it is written in a template.
func (s Slot) String() string {
	name := s.Name
	if s.N > 1 {
		name += strconv.Itoa(s.N)
	}
	if art := s.Article; art != "" {
		if s.Capital {
			art = strings.ToUpper(art[:1]) + art[1:]
		}
		name = art + " " + name
	}
	return "{" + name + "}"
}

// Slots returns the placeholders of the template in order.
func (t *Template) Slots() []Slot {
	var out []Slot
	for _, p := range t.Parts {
		if p.Slot.Name != "" {
			out = append(out, p.Slot)
		}
	}
	return out
}

// Fill writes the template with each placeholder replaced by what fill says for it. It reports false, and
// nothing, when fill has nothing for one of them.
func (t *Template) Fill(fill func(Slot) (string, bool)) (string, bool) {
	var b strings.Builder
	for _, p := range t.Parts {
		if p.Slot.Name == "" {
			b.WriteString(p.Lit)
			continue
		}
		s, ok := fill(p.Slot)
		if !ok {
			return "", false
		}
		b.WriteString(s)
	}
	return b.String(), true
}

// ParseTemplate parses a line of text with placeholders; at is where src starts. Errors are *Error at the
// character of the mistake: an unclosed '{', a '}' with no '{', an empty or unknown placeholder.
func ParseTemplate(src string, at Pos) (*Template, error) {
	t := &Template{Src: src, Pos: at}
	posAt := func(i int) Pos { return Pos{File: at.File, Line: at.Line, Col: at.Col + i} }
	var lit strings.Builder
	for i := 0; i < len(src); i++ {
		switch {
		case strings.HasPrefix(src[i:], "{{") || strings.HasPrefix(src[i:], "}}"):
			lit.WriteByte(src[i])
			i++
		case src[i] == '}':
			return nil, &Error{Pos: posAt(i), Msg: "'}' with no '{' before it", Hint: "write '}}' for a brace"}
		case src[i] == '{':
			end := strings.IndexAny(src[i+1:], "{}")
			if end < 0 || src[i+1+end] == '{' {
				return nil, &Error{Pos: posAt(i), Msg: "'{' is not closed", Hint: "close the placeholder with '}', or write '{{' for a brace"}
			}
			slot, err := parseSlot(src[i+1:i+1+end], posAt(i+1))
			if err != nil {
				return nil, err
			}
			slot.At = posAt(i)
			if lit.Len() > 0 {
				t.Parts = append(t.Parts, TextPart{Lit: lit.String()})
				lit.Reset()
			}
			t.Parts = append(t.Parts, TextPart{Slot: slot})
			i += end + 1
		default:
			lit.WriteByte(src[i])
		}
	}
	if lit.Len() > 0 {
		t.Parts = append(t.Parts, TextPart{Lit: lit.String()})
	}
	return t, nil
}

// parseSlot parses the inside of a placeholder, which starts at at.
func parseSlot(in string, at Pos) (Slot, error) {
	body := strings.TrimLeft(in, " ")
	at.Col += len(in) - len(body)
	body = strings.TrimRight(body, " ")
	if body == "" {
		return Slot{}, &Error{Pos: at, Msg: "empty placeholder {}", Hint: "name one of " + slotList()}
	}
	s := Slot{Pos: at}
	if art, rest, ok := strings.Cut(body, " "); ok {
		s.Capital = art != strings.ToLower(art)
		switch strings.ToLower(art) {
		case "a", "an":
			s.Article = "a"
		case "the":
			s.Article = "the"
		default:
			return Slot{}, &Error{Pos: at, Msg: fmt.Sprintf("%q is no article: a placeholder is a name, or a, an or the and a name", art)}
		}
		trimmed := strings.TrimLeft(rest, " ")
		s.Pos.Col += len(body) - len(trimmed)
		body = trimmed
	}
	name := strings.TrimRight(body, "0123456789")
	s.Name, s.N = name, 1
	if digits := body[len(name):]; digits != "" {
		n, err := strconv.Atoi(digits)
		if err != nil || n < 1 || name != "input" && name != "output" {
			return Slot{}, &Error{Pos: s.Pos, Msg: fmt.Sprintf("unknown placeholder {%s}: only input and output are numbered, from 1", body)}
		}
		s.N = n
	}
	if !slices.Contains(SlotNames, name) {
		msg := fmt.Sprintf("unknown placeholder {%s}", body)
		return Slot{}, &Error{Pos: s.Pos, Msg: msg, Hint: cmp.Or(DidYouMean(name, SlotNames), "expected one of "+slotList())}
	}
	return s, nil
}

// slotList lists the placeholders for messages: "{npc}, {input}, ...".
func slotList() string {
	var b strings.Builder
	for i, n := range SlotNames {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString("{" + n + "}")
	}
	return b.String()
}
