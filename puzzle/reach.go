package puzzle

import (
	"math"
	"slices"
	"strings"
)

// unreachable is the depth of a term or rule that can never be had.
const unreachable = math.MaxInt

// checkReach checks what generation needs to succeed: every input term of a rule can be produced by an item or a
// rule, notSpawnable items are only needed where the world holds one, and every goal can be produced within its
// area's maxDepth, and as deep as its minDepth. It computes the least depth of each rule, where an input that an
// available item (spawnable, or in the world) fills counts 0, and otherwise the least depth of a rule producing
// it; this is the shallowest puzzle a rule can head. Item areas are not taken into account, so it is a lower
// bound; likewise the deepest puzzle is an upper bound.
func (v *validator) checkReach() {
	p := v.p
	inWorld := map[string]bool{}
	for _, o := range p.World {
		inWorld[o.Item] = true
	}
	// slot is an input term of a rule, with what can fill it.
	type slot struct {
		term      Term
		matching  []string // items that match the term
		available bool     // one of them is spawnable or in the world
		producers []int    // rules whose main output produces the term
	}
	examine := func(t Term) slot {
		s := slot{term: t}
		for _, name := range p.ItemOrder {
			it := p.Items[name]
			if v.maybeIsA(name, t.Type) && p.Matches(name, it.Props, t) {
				s.matching = append(s.matching, name)
				s.available = s.available || it.Spawnable() || inWorld[name]
			}
		}
		// A rule produces the term if its main output stands for the term, or for the term with the type of an
		// item that matches it: generation matches items early, and the item's type overrides the term's.
		wants := []Term{t}
		for _, name := range s.matching {
			wants = append(wants, Term{Type: name, Props: t.Props})
		}
		for i, r := range p.Rules {
			if len(r.Outputs) > 0 && slices.ContainsFunc(wants, func(w Term) bool { return v.produces(r.Main(), w) }) {
				s.producers = append(s.producers, i)
			}
		}
		return s
	}
	slots := make([][]slot, len(p.Rules))
	for i, r := range p.Rules {
		for _, in := range r.Inputs {
			slots[i] = append(slots[i], examine(in))
		}
	}
	depth := make([]int, len(p.Rules))
	for i := range depth {
		depth[i] = unreachable
	}
	need := func(s slot) int {
		if s.available {
			return 0
		}
		best := unreachable
		for _, j := range s.producers {
			best = min(best, depth[j])
		}
		return best
	}
	for changed := true; changed; {
		changed = false
		for i, r := range p.Rules {
			if len(r.Inputs) == 0 {
				continue
			}
			d := 0
			for _, s := range slots[i] {
				d = max(d, need(s))
			}
			if d != unreachable && d+1 < depth[i] {
				depth[i], changed = d+1, true
			}
		}
	}

	for i, r := range p.Rules {
		broken := false
		for _, s := range slots[i] {
			switch {
			case !v.knownType(s.term.Type):
				broken = true // reported as an unknown type
			case len(s.producers) > 0 || s.available:
			case len(s.matching) == 0:
				v.errorf(s.term.Pos, "nothing can produce %s: no item matches it and no rule makes it", s.term)
				broken = true
			default:
				v.errorf(s.term.Pos, "%s can only be filled by notSpawnable items (%s) and the world holds none of them",
					s.term, strings.Join(s.matching, ", "))
				broken = true
			}
		}
		if !broken && len(r.Inputs) > 0 && depth[i] == unreachable {
			v.warnf(r.Pos, "%s can never be used: its inputs can never all be had", ruleName(r))
		}
	}
	for _, r := range p.FailRules {
		for _, in := range r.Inputs {
			if s := examine(in); v.knownType(in.Type) && len(s.matching) == 0 && !v.madeByAnyOutput(in) {
				v.warnf(in.Pos, "fail rule %s can never run: nothing produces %s", r.Action, in)
			}
		}
	}
	// The deepest puzzle each usable rule can head, up to the deepest maxDepth: an input can be made by a
	// producer instead of being filled by an item. Cycles of rules make trees as deep as allowed.
	limit := 1
	for _, a := range p.Areas {
		limit = max(limit, a.MaxDepth)
	}
	deepest := make([]int, len(p.Rules))
	for changed := true; changed; {
		changed = false
		for i := range p.Rules {
			if depth[i] == unreachable {
				continue
			}
			d := 1
			for _, s := range slots[i] {
				for _, j := range s.producers {
					if deepest[j] > 0 {
						d = max(d, min(limit, deepest[j]+1))
					}
				}
			}
			if d > deepest[i] {
				deepest[i], changed = d, true
			}
		}
	}

	for _, a := range p.Areas {
		if p.areaSource(a).bad {
			continue // its depths may not be what the author wrote
		}
		tooShallow := 0
		for _, g := range a.Goals {
			s := examine(g)
			best, most := need(slot{producers: s.producers}), 0
			for _, j := range s.producers {
				most = max(most, deepest[j])
			}
			switch {
			case !v.knownType(g.Type):
			case len(s.producers) == 0:
				v.errorf(g.Pos, "goal %s: no rule produces it", g)
			case best == unreachable:
				v.errorf(g.Pos, "goal %s can never be reached: every rule that makes it needs something that can never be had", g)
			case a.MaxDepth >= 1 && best > a.MaxDepth:
				v.errorf(g.Pos, "goal %s needs a puzzle at least %d rules deep, but area %s has maxDepth %d", g, best, a.Name, a.MaxDepth)
			case most < a.MinDepth:
				v.warnf(g.Pos, "goal %s: no puzzle for it is minDepth %d rules deep (at most %d)", g, a.MinDepth, most)
				tooShallow++
			}
		}
		if tooShallow > 0 && tooShallow == len(a.Goals) {
			v.errorf(a.Pos, "area %s: no goal can make a puzzle minDepth %d rules deep", a.Name, a.MinDepth)
		}
	}
}

// produces reports whether a rule's output can stand for term t in generation (dissertation 3.5.1): the output's
// type is the same as or more general than the term's, and their properties match exactly.
func (v *validator) produces(out, t Term) bool {
	return out.Props.Equal(t.Props) && v.subType(t.Type, out.Type)
}

// subType is Pack.SubType, remembered: the checks ask about the same few pairs of types many times.
func (v *validator) subType(sub, super string) bool {
	key := [2]string{sub, super}
	is, ok := v.subTypes[key]
	if ok {
		return is
	}
	// Every item of type sub must be of type super, so one item that is not answers no at once.
	if first, known := v.firstOf[sub]; known && !v.maybeIsA(first, super) && super != TypeItem {
		is = false
	} else {
		is = v.p.SubType(sub, super)
	}
	v.subTypes[key] = is
	return is
}

// madeByAnyOutput reports whether some rule makes t as a main output or a by-product, as game logic can.
func (v *validator) madeByAnyOutput(t Term) bool {
	for _, r := range v.p.Rules {
		if slices.ContainsFunc(r.Outputs, func(out Term) bool { return v.produces(out, t) }) {
			return true
		}
	}
	return false
}

// checkUnused warns about items that no term, goal or contains value can name, and about an isa type that only
// one item declares, that is not an item and that nothing uses: both are usually typos. A type several items
// share is a category and needs no use.
func (v *validator) checkUnused() {
	declared := map[string]int{}
	for _, it := range v.p.Items {
		for _, typ := range it.Isa {
			declared[typ]++
		}
	}
	for _, name := range v.p.ItemOrder {
		it := v.p.Items[name]
		if !v.used[TypeItem] && !slices.ContainsFunc(v.p.Types(name), func(t string) bool { return v.used[t] }) {
			v.warnf(it.Pos, "item %s is never used: no rule, goal or contains value names any of its types", name)
		}
		for i, typ := range it.Isa {
			if _, isItem := v.p.Items[typ]; !isItem && !v.used[typ] && typ != TypeItem && declared[typ] == 1 {
				v.warnf(v.p.itemSource(it).isa[i], "type %s is used by no rule or goal and no other item", typ)
			}
		}
	}
}
