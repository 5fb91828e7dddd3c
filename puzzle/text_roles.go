package puzzle

// Creature reports whether every item of type typ, and at least one, is a creature: shown as an entity and not
// carried. A creature input of a rule is the person or animal its action is done with, the {npc} of its text.
func (p *Pack) Creature(typ string) bool {
	found := false
	for _, name := range p.ItemOrder {
		if !p.IsA(name, typ) {
			continue
		}
		it := p.Items[name]
		if it.Look.Entity == "" || it.Carryable() {
			return false
		}
		found = true
	}
	return found
}

// TextRoles splits a rule's inputs as its text names them: npc is the index of the first input that is a creature
// (-1 when none), and others are the indices of the other inputs in order, which {input}, {input2}, ... name.
func (p *Pack) TextRoles(r *Rule) (npc int, others []int) {
	npc = -1
	for i, t := range r.Inputs {
		if npc < 0 && p.Creature(t.Type) {
			npc = i
			continue
		}
		others = append(others, i)
	}
	return npc, others
}

// CanFill reports whether a placeholder of an action's text has something to fill it in rule r.
func (p *Pack) CanFill(r *Rule, s Slot) bool {
	npc, others := p.TextRoles(r)
	switch s.Name {
	case "npc":
		return npc >= 0
	case "input":
		return s.N <= len(others)
	case "output":
		return s.N <= len(r.Outputs)
	case "area", "player":
		return true
	}
	return false
}
