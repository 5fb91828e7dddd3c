package puzzle

// The setting model: an area's Setting names what belongs in it. A puzzle uses only what belongs where it stands
// or what the player carries in: a person, animal or block (anything not carryable) stands only in an area whose
// setting has it, and a carryable thing is spawned (lies about) only there, though it may be made anywhere and
// carried anywhere. An area without a setting takes anything.

// Belongs reports whether an item belongs in an area's setting: the setting names the item or one of its types,
// or the area has no setting.
func (p *Pack) Belongs(item string, a *Area) bool {
	if len(a.Setting) == 0 {
		return true
	}
	for _, typ := range a.Setting {
		if p.IsA(item, typ) {
			return true
		}
	}
	return false
}

// Stands reports whether an object of the item stands where it is rather than being carried: a person, an animal
// or a block. What stands must belong in the area's setting.
func (p *Pack) Stands(item string) bool {
	it, ok := p.Items[item]
	return ok && !it.Carryable()
}
