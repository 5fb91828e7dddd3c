package puzzle

import (
	"slices"
	"testing"
)

// naiveDepths computes, straight from the definitions of the dissertation with no table, the depths (up to d) of
// the trees that can fill a term in an area when no object exists: what the feasibility table must agree with.
func naiveDepths(p *Pack, a *Area, t Term, d int) depthMask {
	legal := func(it *Item) bool { return len(it.Areas) == 0 || slices.Contains(it.Areas, a.Name) }
	spawn := func(it *Item) bool { return legal(it) && it.Spawnable() }
	var m depthMask
	bound := false
	for _, name := range p.ItemOrder {
		it := p.Items[name]
		if spawn(it) && p.Matches(name, it.Props, t) {
			bound = true
			bt := Term{Type: name, Props: t.Props}
			if it.Props.Has(t.Props) {
				m |= 1
			}
			m |= naiveRules(p, a, bt, d, legal)
		}
	}
	if bound {
		return m
	}
	return naiveRules(p, a, t, d, legal)
}

func naiveRules(p *Pack, a *Area, t Term, d int, legal func(*Item) bool) depthMask {
	if d == 0 {
		return 0
	}
	creatable := func(typ string) bool {
		for _, it := range p.Items {
			if legal(it) && p.IsA(it.Name, typ) {
				return true
			}
		}
		return false
	}
	var m depthMask
	for _, r := range p.Rules {
		main := r.Main()
		if !sameProps(t.Props, main.Props) || !p.SubType(t.Type, main.Type) {
			continue
		}
		info := correspondence(r)
		ok := true
		for o, out := range r.Outputs {
			if info.outIn[o] < 0 {
				typ := out.Type
				if o == 0 {
					typ = t.Type
				}
				ok = ok && creatable(typ)
			}
		}
		if !ok {
			continue
		}
		var ins []depthMask
		for _, in := range r.Inputs {
			if in.Type == main.Type {
				in.Type = t.Type
			}
			ins = append(ins, naiveDepths(p, a, in, d-1))
		}
		m |= ruleDepths(ins)
	}
	return m & rangeMask(0, d)
}

// Point 10: the feasibility table, computed once per pack, agrees with the definitions on random grammars.
func TestFeasibilityTableMatchesDefinition(t *testing.T) {
	const depth = 4
	checked := 0
	for seed := range uint64(12) {
		pk := synthPack(seed, 24, 30, 5, depth)
		g := NewGenerator(pk)
		for _, a := range pk.Areas {
			for _, goal := range a.Goals {
				k := g.keyIndex[goal.Type+goal.Props.String()]
				got := g.tables[a.Name].depth[k] & rangeMask(0, depth)
				want := naiveDepths(pk, a, goal, depth)
				if got != want {
					t.Fatalf("seed %d area %s goal %s: table %b, definition %b", seed, a.Name, goal, got, want)
				}
				if want != 0 {
					checked++
				}
				for d := 1; d <= depth; d++ {
					if g.Feasible(a, goal, d, d) != (want&(1<<d) != 0) {
						t.Fatalf("Feasible(%s, %d) disagrees", goal, d)
					}
				}
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d feasible goals: the random grammars test too little", checked)
	}
}

func TestRuleDepths(t *testing.T) {
	for _, tc := range []struct {
		in   []depthMask
		want depthMask
	}{
		{[]depthMask{0b1}, 0b10},
		{[]depthMask{0b101}, 0b1010},
		{[]depthMask{0b1, 0b100}, 0b1000},    // max(0, 2) + 1
		{[]depthMask{0b11, 0b110}, 0b1100},   // maxima 1 or 2
		{[]depthMask{0b100, 0b11}, 0b1000},   // the second cannot exceed 1
		{[]depthMask{0b1, 0}, 0},             // an impossible input
		{[]depthMask{0b1001, 0b10}, 0b10100}, // max(0|3, 1) = 1 or 3
	} {
		if got := ruleDepths(tc.in); got != tc.want {
			t.Errorf("ruleDepths(%b) = %b, want %b", tc.in, got, tc.want)
		}
	}
	if rangeMask(2, 4) != 0b11100 || rangeMask(3, 2) != 0 || rangeMask(0, 63) != ^depthMask(0) {
		t.Error("rangeMask")
	}
}
