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

// Over returns f with the forms o gives written over it. The singular and the mass noun go together: a case that
// gives one of them drops the other's (a lectern's "some lecterns" does not outlive "a lectern holding a book").
func (f Forms) Over(o Forms) Forms {
	if o.One != "" || o.Some != "" {
		f.One, f.Article, f.Some = o.One, o.Article, o.Some
	}
	if o.Title != "" {
		f.Title = o.Title
	}
	return f
}

// WordsCase is how an item reads in the states that have the properties of If ("lectern holding a book" for a
// lectern with hasBook true). The properties of If are then not said as adjectives.
type WordsCase struct {
	If Props
	Forms
}

// Words are the forms of an item (`words:` in a pack), and the forms of other states than the one it is made in
// (When), as a look has its cases.
type Words struct {
	Forms
	When []WordsCase
}

// For returns how an item in a state reads: its forms with every case of When whose If the properties have
// (a missing boolean reading as false) written over them in order, and the properties those cases say.
func (w Words) For(props Props) (Forms, []string) {
	f, said := w.Forms, []string(nil)
	for _, c := range w.When {
		if props.Has(c.If) {
			f = f.Over(c.Forms)
			for name := range c.If {
				said = append(said, name)
			}
		}
	}
	return f, said
}
