package overlay

import (
	"riddlestone/puzzle"
)

// narration is what fills the placeholders of a pack's text (puzzle.Template): the words of a rule's items, the
// item a say line belongs to, the area's kind and the player's name. Item words are bare phrases ("lit
// campfire"); a placeholder's article is added when it is filled. An empty value fills nothing.
type narration struct {
	npc     string
	inputs  []string // the inputs besides the npc, in order
	outputs []string
	item    string
	area    string
	player  string
}

// slot fills one placeholder, or reports false when the narration has nothing for it.
func (n narration) slot(s puzzle.Slot) (string, bool) {
	var w string
	switch s.Name {
	case "npc":
		w = n.npc
	case "input":
		w = nth(n.inputs, s.N)
	case "output":
		w = nth(n.outputs, s.N)
	case "item":
		w = n.item
	case "area":
		w = n.area
	case "player":
		return n.player, n.player != ""
	}
	if w == "" {
		return "", false
	}
	switch s.Article {
	case "a":
		w = article(w)
	case "the":
		w = "the " + w
	}
	if s.Capital {
		w = capital(w)
	}
	return w, true
}

// nth returns the n-th word of a list, from 1, or "".
func nth(words []string, n int) string {
	if n < 1 || n > len(words) {
		return ""
	}
	return words[n-1]
}

// say fills a template as a sentence, or reports false when there is no template or something to fill it lacks.
func (n narration) say(t *puzzle.Template) (string, bool) {
	if t == nil {
		return "", false
	}
	s, ok := t.Fill(n.slot)
	return capital(s), ok
}

// textOf returns the pack's text for an action or item, or an empty one.
func textOf(p *puzzle.Pack, name string) *puzzle.Text {
	if t := p.Texts[name]; t != nil {
		return t
	}
	return &puzzle.Text{Name: name}
}

// moveNarration is the narration of a move that was made: its inputs as they were and its outputs as they are.
func moveNarration(p *puzzle.Pack, r *puzzle.Rule, ins, outs []puzzle.Object) narration {
	var n narration
	if len(ins) != len(r.Inputs) {
		return n
	}
	npc, others := p.TextRoles(r)
	if npc >= 0 {
		n.npc = objectPhrase(p, ins[npc])
	}
	for _, i := range others {
		n.inputs = append(n.inputs, objectPhrase(p, ins[i]))
	}
	for _, o := range outs {
		n.outputs = append(n.outputs, objectPhrase(p, o))
	}
	return n
}

// termNarration is the narration of a rule from terms rather than objects: the inputs it asks for (typed as a
// puzzle tree bound them, when ins has one term for each input) and the items it makes (items, when given, name
// the item of each output).
func termNarration(p *puzzle.Pack, r *puzzle.Rule, ins []puzzle.Term, items []string) narration {
	if len(ins) != len(r.Inputs) {
		ins = r.Inputs
	}
	var n narration
	npc, others := p.TextRoles(r)
	if npc >= 0 {
		n.npc = termPhrase(p, ins[npc])
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

// termPhrase says a term in words without an article, leaving out the properties its item has anyway: a story
// says "the guard", not "the undistracted guard", as it would of the object.
func termPhrase(p *puzzle.Pack, t puzzle.Term) string {
	it, ok := p.Item(t.Type)
	if !ok {
		return phrase(p, t.Type, t.Props)
	}
	changed := puzzle.Props{}
	for name, v := range t.Props {
		if it.Props.Get(name) != v {
			changed[name] = v
		}
	}
	return phrase(p, t.Type, changed)
}
