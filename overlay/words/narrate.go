package words

import (
	"riddlestone/puzzle"
)

// Narration is what fills the placeholders of a pack's text (puzzle.Template): the words of a rule's items, the
// item a say line belongs to, the area's kind and the player's name. Item words are nouns ("lit campfire", read
// with "a"; "wool", read with "some"); a placeholder's article is added when it is filled. An empty value fills
// nothing.
type Narration struct {
	NPC     Noun
	inputs  []Noun // the inputs besides the npc, in order
	outputs []Noun
	Item    Noun
	Area    string
	Player  string
}

// slot fills one placeholder, or reports false when the narration has nothing for it.
func (n Narration) slot(s puzzle.Slot) (string, bool) {
	var w Noun
	switch s.Name {
	case "npc":
		w = n.NPC
	case "input":
		w = nth(n.inputs, s.N)
	case "output":
		w = nth(n.outputs, s.N)
	case "item":
		w = n.Item
	case "area":
		w = plain(n.Area)
	case "player":
		return n.Player, n.Player != ""
	}
	if w.Words == "" {
		return "", false
	}
	return slotWords(w, s), true
}

// slotWords says a noun as a placeholder asks: with its article, or "the", capitalised to start a sentence.
func slotWords(w Noun, s puzzle.Slot) string {
	text := w.Words
	switch s.Article {
	case "a":
		text = w.a()
	case "the":
		text = w.the()
	}
	if s.Capital {
		text = Capital(text)
	}
	return text
}

// nth returns the n-th noun of a list, from 1, or none.
func nth(nouns []Noun, n int) Noun {
	if n < 1 || n > len(nouns) {
		return Noun{}
	}
	return nouns[n-1]
}

// Say fills a template as a sentence, or reports false when there is no template or something to fill it lacks.
func (n Narration) Say(t *puzzle.Template) (string, bool) {
	if t == nil {
		return "", false
	}
	s, ok := t.Fill(n.slot)
	return Capital(s), ok
}

// TextOf returns the pack's text for an action or item, or an empty one.
func TextOf(p *puzzle.Pack, name string) *puzzle.Text {
	if t := p.Texts[name]; t != nil {
		return t
	}
	return &puzzle.Text{Name: name}
}

// MoveNarration is the narration of a move that was made: its inputs as they were and its outputs as they are.
func MoveNarration(p *puzzle.Pack, r *puzzle.Rule, ins, outs []puzzle.Object) Narration {
	var n Narration
	if len(ins) != len(r.Inputs) {
		return n
	}
	npc, others := p.TextRoles(r)
	if npc >= 0 {
		n.NPC = ObjectNoun(p, ins[npc])
	}
	for _, i := range others {
		n.inputs = append(n.inputs, ObjectNoun(p, ins[i]))
	}
	for _, o := range outs {
		n.outputs = append(n.outputs, ObjectNoun(p, o))
	}
	return n
}

// TermNarration is the narration of a rule from terms rather than objects: the inputs it asks for (typed as a
// puzzle tree bound them, when ins has one term for each input) and the items it makes (items, when given, name
// the item of each output).
func TermNarration(p *puzzle.Pack, r *puzzle.Rule, ins []puzzle.Term, items []string) Narration {
	if len(ins) != len(r.Inputs) {
		ins = r.Inputs
	}
	var n Narration
	npc, others := p.TextRoles(r)
	if npc >= 0 {
		n.NPC = termPhrase(p, ins[npc])
	}
	for _, i := range others {
		n.inputs = append(n.inputs, termPhrase(p, ins[i]))
	}
	for i, t := range r.Outputs {
		if i < len(items) && items[i] != "" {
			t.Type = items[i]
		}
		n.outputs = append(n.outputs, termPhrase(p, t))
	}
	return n
}

// termPhrase says a term in words, leaving out the properties its item has anyway: a story says "the guard", not
// "the undistracted guard", as it would of the object.
func termPhrase(p *puzzle.Pack, t puzzle.Term) Noun {
	it, _ := lookup(p, t.Type)
	return phrase(p, t.Type, changedProps(it, t.Props))
}
