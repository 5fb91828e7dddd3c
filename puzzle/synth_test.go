package puzzle

import (
	"fmt"
	"math/rand/v2"
)

// synthPack builds a random grammar for tests and benchmarks: items in levels, each of its level's type and of a
// few shared types, some not spawnable; rules make an item or type of one level from one or two of lower levels,
// some changing a property of an object that persists. Goals are items of the top levels; every area has the
// given depth limits.
func synthPack(seed uint64, items, rules, levels, maxDepth int) *Pack {
	return synthGrammar(synthShape{seed: seed, items: items, rules: rules, levels: levels, areas: 4, maxDepth: maxDepth})
}

// synthShape is the shape of a generated grammar: its seed, numbers of items, rules, levels and areas, and the
// depth limit of every area.
type synthShape struct {
	seed                                  uint64
	items, rules, levels, areas, maxDepth int
	// varied gives each area its own depth bounds: a minDepth from 1 to maxDepth and a maxDepth from there to
	// maxDepth, so that some ask for more than their items allow.
	varied bool
}

// synthGrammar builds the random grammar of a shape (see synthPack).
func synthGrammar(sh synthShape) *Pack {
	seed, items, rules, levels, maxDepth := sh.seed, sh.items, sh.rules, sh.levels, sh.maxDepth
	r := rand.New(rand.NewPCG(seed, 7))
	b := newPackBuilder()
	level := func(i int) int { return i % levels }
	name := func(i int) string { return fmt.Sprintf("I%d", i) }
	for i := range items {
		it := b.item(name(i), []string{fmt.Sprintf("T%d", level(i)), fmt.Sprintf("G%d", i%5)})
		it.Props = Props{}
		if r.IntN(2) == 0 {
			it.Props[PropCarryable] = Bool(true)
		}
		if level(i) > 0 && r.IntN(3) == 0 {
			it.Props[PropNotSpawnable] = Bool(true)
		}
		if r.IntN(4) == 0 {
			it.Props["lit"] = Bool(false)
		}
		if r.IntN(8) == 0 {
			it.Areas = []string{"A1"}
		}
	}
	pick := func(lv int) string { // an item of the level, or the level's type
		if r.IntN(3) == 0 {
			return fmt.Sprintf("T%d", lv)
		}
		return name(lv + levels*r.IntN(items/levels))
	}
	for range rules {
		lv := 1 + r.IntN(levels-1)
		out := mkTerm(pick(lv))
		in := []Term{mkTerm(pick(lv - 1))}
		switch r.IntN(6) {
		case 0: // light it: the object persists with a new property
			out = mkTerm(out.Type, "lit", true)
			in = []Term{mkTerm(out.Type, "lit", false)}
		case 1, 2:
			in = append(in, mkTerm(pick(r.IntN(lv))))
		}
		outputs := []Term{out}
		if r.IntN(4) == 0 {
			outputs = append(outputs, in[len(in)-1]) // a tool kept as a by-product
		}
		b.rule(outputs, "Act", in...)
	}
	for a := range sh.areas {
		var goals []Term
		for range 3 {
			goals = append(goals, mkTerm(name(levels-1-r.IntN(3)+levels*r.IntN(items/levels))))
		}
		ar := b.area(fmt.Sprintf("A%d", a), maxDepth, goals...)
		ar.Breadth = 6
		if sh.varied {
			ar.MinDepth = 1 + r.IntN(maxDepth)
			ar.MaxDepth = ar.MinDepth + r.IntN(maxDepth-ar.MinDepth+1)
		}
	}
	return b.p
}
