package puzzle

// Pack is a loaded rule set: the puzzle items, the grammar, the areas and the objects that exist before any puzzle.
type Pack struct {
	Items     map[string]*Item // by name
	ItemOrder []string         // names in the order they were declared
	Rules     []*Rule          // numbered from 0 in file order
	FailRules []*Rule
	Areas     []*Area
	World     []Object  // objects that exist before any puzzle (offline runs; in game, tagging finds them)
	Tags      []TagRule // which blocks and entities already in the world are puzzle items
	// Structures are the built settings placed objects stand in, in the order they were declared.
	Structures []*Structure
	Files      []string         // the files it was read from, in order
	Texts      map[string]*Text // lines for players by action or item name (see Text); nil when none
	// TypeWords are the forms of types that are no item's name (Fuel, Currency), by type; nil when none.
	TypeWords map[string]Forms
	// Rings raise the depth and step bounds of areas by their distance from the start (Pack.AtDistance), in
	// increasing From; nil when none.
	Rings []Ring

	src      *sources  // where each part was written; nil for a pack built in Go
	removals []removal // what a file read as a later layer removes from earlier ones
}

// Item returns the item with the given name.
func (p *Pack) Item(name string) (*Item, bool) {
	it, ok := p.Items[name]
	return it, ok
}

// Area returns the area with the given name.
func (p *Pack) Area(name string) (*Area, bool) {
	for _, a := range p.Areas {
		if a.Name == name {
			return a, true
		}
	}
	return nil, false
}
