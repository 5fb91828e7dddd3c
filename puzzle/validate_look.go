package puzzle

import (
	"maps"
	"reflect"
	"slices"
	"strings"
)

// checkLookCases checks the cases of a look's when: each names one kind at most, and a case marked same gives no
// look of its own.
func (v *validator) checkLookCases(it *Item) {
	for _, c := range it.Look.When {
		l := c.Look
		kinds := 0
		for _, s := range []string{l.Block, l.Item, l.Entity} {
			if s != "" {
				kinds++
			}
		}
		switch {
		case kinds > 1:
			v.errorf(c.Pos, "item %s: a case of its look names %d of block, item and entity; name one at most", it.Name, kinds)
		case c.Same && !reflect.DeepEqual(l, Look{Pos: l.Pos}):
			v.errorf(c.Pos, "item %s: a case of its look is marked same and gives a look too; keep one", it.Name)
		}
	}
}

// ReachedState is a state a rule gives an item: the item's properties with the rule's output term's written over
// them (Props), the properties the term sets (Set), and the rule.
type ReachedState struct {
	Props, Set Props
	Rule       *Rule
}

// ReachableStates returns the states rules give an item that differ from its own properties, in rule order, each
// once: what an output term of a rule, or of a fail rule, of the item's type sets. Properties only the engine
// reads (carryable, notSpawnable) are left out.
func (p *Pack) ReachableStates(item string) []ReachedState {
	it, ok := p.Items[item]
	if !ok {
		return nil
	}
	var out []ReachedState
	for _, r := range slices.Concat(p.Rules, p.FailRules) {
		for _, t := range r.Outputs {
			set := visibleProps(t.Props)
			if len(set) == 0 || !p.IsA(item, t.Type) || it.Props.Has(set) {
				continue
			}
			st := ReachedState{Props: it.Props.With(set), Set: set, Rule: r}
			if !slices.ContainsFunc(out, func(o ReachedState) bool { return o.Props.Equal(st.Props) }) {
				out = append(out, st)
			}
		}
	}
	return out
}

// visibleProps returns the properties of p players can see: all but carryable and notSpawnable.
func visibleProps(p Props) Props {
	out := Props{}
	for k, v := range p {
		if k != PropCarryable && k != PropNotSpawnable {
			out[k] = v
		}
	}
	return out
}

// StateText writes properties as a pack does: "lit: true, uses: 2".
func StateText(p Props) string {
	names := slices.Sorted(maps.Keys(p))
	parts := make([]string, len(names))
	for i, k := range names {
		parts[i] = k + ": " + p[k].String()
	}
	return strings.Join(parts, ", ")
}
