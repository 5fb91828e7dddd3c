package puzzle

// Term is a non-terminal of the grammar: a type and the properties a matching item must have, written
// Type or Type[name: value, ...].
type Term struct {
	Type  string
	Props Props
	Pos   Pos
}

// String formats the term as in a rule.
func (t Term) String() string { return t.Type + t.Props.String() }
