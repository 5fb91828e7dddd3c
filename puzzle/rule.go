package puzzle

import "strings"

// Rule is a production of the grammar, written "Outputs ::= Action Inputs". The first output is the main output,
// the others are by-products. Generation reads it left to right; game logic runs it right to left.
type Rule struct {
	Index   int // position in the pack, from 0 in file order; -1 for fail rules
	Outputs []Term
	Action  string
	Inputs  []Term
	Fail    bool // a fail-state rule: never used to generate; ends the attempt when run in game
	// Repeat allows generation to use the rule to make an item on a path of the puzzle tree below a node that
	// makes the same item (written "; repeat" after the inputs). Without it a puzzle never makes, unmakes and
	// makes again the same item.
	Repeat bool
	Pos    Pos
}

// Main returns the rule's main output.
func (r *Rule) Main() Term { return r.Outputs[0] }

// String formats the rule in the dissertation's notation.
func (r *Rule) String() string {
	var b strings.Builder
	for i, t := range r.Outputs {
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t.String())
	}
	b.WriteString(" ::= ")
	b.WriteString(r.Action)
	for _, t := range r.Inputs {
		b.WriteByte(' ')
		b.WriteString(t.String())
	}
	if r.Repeat {
		b.WriteString(" ; repeat")
	}
	return b.String()
}
