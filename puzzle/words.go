package puzzle

// Forms are how a name reads to players: with an article in a sentence, in the plural, and as a title. Every
// field may be empty; the overlay then derives the form from the others, the look's name or the item's name.
type Forms struct {
	One     string // the singular without its article: "loaf of bread"; "" for a mass noun
	Article string // "a" or "an" before One, as the pack wrote it; "" to choose by One's first letter
	Some    string // the plural ("loaves of bread"), or the mass noun when One is "" ("wool", "planks")
	Title   string // the name on item stacks, name tags and menus: "Loaf of Bread"
	Pos     Pos    // where the forms were written
}

// Empty reports whether no form is given.
func (f Forms) Empty() bool { return f.One == "" && f.Some == "" && f.Title == "" }

// StateForms are the forms of an item in a state: when its properties have the values of When ("lectern holding
// a book" for a lectern with hasBook true). The properties of When are then not said as adjectives.
type StateForms struct {
	When Props
	Forms
}

// Words are the forms of an item (`words:` in a pack), and the forms of some of its states.
type Words struct {
	Forms
	States []StateForms
}

// State returns the forms of the state that props are in: the state whose When has the most properties, all with
// the values of props (a missing boolean reading as false), the first written on a tie.
func (w Words) State(props Props) (StateForms, bool) {
	best, found := StateForms{}, false
	for _, s := range w.States {
		if (!found || len(s.When) > len(best.When)) && props.Has(s.When) {
			best, found = s, true
		}
	}
	return best, found
}
