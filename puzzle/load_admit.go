package puzzle

import "fmt"

// declaration names what a later pack declares under a name, for the messages of admit: "item OakLog" declared
// (declares), "text for Sell" given (gives).
type declaration struct {
	what       string
	done, does string
}

// admit reports whether a declaration of a later file (at, with its replace: flag) goes in over what p has under its
// name (old, nil for nothing), and reports the mistakes: within one layer a name is declared once; a later layer
// replaces an earlier declaration only with replace: true; replace: true over nothing is a warning. This is the one
// rule of layering for every kind of declaration.
func (p *Pack) admit(errs *ErrorList, d declaration, at Pos, replace bool, old *Pos, layer int) bool {
	switch {
	case old != nil && !replace:
		hint := ""
		if p.src.layer[old.File] < layer {
			hint = " (to replace it, say replace: true)"
		}
		errs.Add(at, "%s already %s at %s%s", d.what, d.done, *old, hint)
		return false
	case old != nil && p.src.layer[old.File] == layer:
		errs.Add(at, "%s replaces %s in the same pack; replace only what an earlier pack %s", d.what, *old, d.does)
		return false
	case old == nil && replace:
		errs.AddHint(at, fmt.Sprintf("%s replaces nothing: no earlier pack %s it", d.what, d.does), HintLayered)
	}
	return true
}
