package puzzle

// Fits reports whether every placeholder of an action's line has something to fill it in rule r.
func (p *Pack) Fits(r *Rule, line *Template) bool {
	for _, s := range line.Slots() {
		if !p.CanFill(r, s) {
			return false
		}
	}
	return true
}

// NamesAll reports whether an action's line names every input of rule r that the player carries in (an
// ingredient, a tool): "At the crafting table, {the input2} and {the input3} become {the output}" names both
// ingredients of a pickaxe; a line leaving out the stick does not.
func (p *Pack) NamesAll(r *Rule, line *Template) bool {
	_, others := p.TextRoles(r)
	named := map[int]bool{}
	for _, s := range line.Slots() {
		if s.Name == "input" && s.N <= len(others) {
			named[others[s.N-1]] = true
		}
	}
	for _, i := range others {
		if p.Carried(r.Inputs[i].Type) && !named[i] {
			return false
		}
	}
	return true
}

// Carried reports whether every item of type typ, and at least one, can be carried.
func (p *Pack) Carried(typ string) bool {
	found := false
	for _, name := range p.ItemOrder {
		if p.IsA(name, typ) {
			if !p.Items[name].Carryable() {
				return false
			}
			found = true
		}
	}
	return found
}

// DoneFor chooses the line told when a step of rule r is done, among the action's done lines: one that names
// every carried input if any does, else one every placeholder of which rule r fills; key chooses among them (the
// overlay derives it from the area and the rule, so that the same step always reads the same, in the chat and in
// the story, and other areas and worlds read otherwise). It is nil when no line fits.
func (t *Text) DoneFor(p *Pack, r *Rule, key uint64) *Template {
	if t == nil {
		return nil
	}
	var fit, full []*Template
	for _, line := range t.Done {
		if p.Fits(r, line) {
			fit = append(fit, line)
			if p.NamesAll(r, line) {
				full = append(full, line)
			}
		}
	}
	if len(full) > 0 {
		fit = full
	}
	if len(fit) == 0 {
		return nil
	}
	return fit[key%uint64(len(fit))]
}
