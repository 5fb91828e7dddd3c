package puzzle

import (
	"math/bits"
	"slices"
)

// maxTableDepth is the deepest tree the feasibility table describes: depths are bits of a uint64.
const maxTableDepth = 63

// depthMask is a set of tree depths, bit d meaning "a tree of depth exactly d".
type depthMask uint64

// rangeMask returns the depths lo through hi.
func rangeMask(lo, hi int) depthMask {
	if lo < 0 {
		lo = 0
	}
	if hi > maxTableDepth {
		hi = maxTableDepth
	}
	if hi < lo {
		return 0
	}
	return depthMask((^uint64(0) >> (63 - hi)) &^ (uint64(1)<<lo - 1))
}

// atLeastLowest returns every depth at or above the lowest depth of m: what a sibling may be paired with so that
// m decides the maximum.
func (m depthMask) atLeastLowest() depthMask {
	if m == 0 {
		return 0
	}
	return ^(m&-m - 1)
}

// lowest returns the smallest depth in m, or -1 when m is empty.
func (m depthMask) lowest() int {
	if m == 0 {
		return -1
	}
	return bits.TrailingZeros64(uint64(m))
}

// highestIn returns the largest depth of m within lo..hi, or -1.
func (m depthMask) highestIn(lo, hi int) int {
	m &= rangeMask(lo, hi)
	if m == 0 {
		return -1
	}
	return 63 - bits.LeadingZeros64(uint64(m))
}

// ruleDepths returns the depths of a tree whose root rule has inputs whose subtrees can have the given depths: one
// more than the maximum over the inputs.
func ruleDepths(inputs []depthMask) depthMask {
	var max depthMask
	for j, m := range inputs {
		for l, o := range inputs {
			if l != j {
				m &= o.atLeastLowest()
			}
		}
		max |= m
	}
	return max << 1
}

// itemSet is a set of items, by their index in Pack.ItemOrder.
type itemSet []uint64

func newItemSet(n int) itemSet { return make(itemSet, (n+63)/64) }

func (s itemSet) add(i int)      { s[i/64] |= 1 << (i % 64) }
func (s itemSet) has(i int) bool { return s[i/64]&(1<<(i%64)) != 0 }
func (s itemSet) intersects(o itemSet) bool {
	for i := range s {
		if s[i]&o[i] != 0 {
			return true
		}
	}
	return false
}

// union adds o to s and reports whether s changed.
func (s itemSet) union(o itemSet) bool {
	changed := false
	for i := range s {
		if n := s[i] | o[i]; n != s[i] {
			s[i], changed = n, true
		}
	}
	return changed
}

// subset reports whether every item of s is in o.
func (s itemSet) subset(o itemSet) bool {
	for i := range s {
		if s[i]&^o[i] != 0 {
			return false
		}
	}
	return true
}

func (s itemSet) empty() bool {
	for _, w := range s {
		if w != 0 {
			return false
		}
	}
	return true
}

// key is a term the generator can meet, interned: a type and properties. Terms of rules, area goals and the
// specialisations generation makes of them (a bound item's type, an input made as specific as its output) are all
// keys, so generation never builds strings or maps while it runs.
type key struct {
	term  Term
	typ   int   // index in the generator's types
	items []int // items matching the term (type and properties), in declaration order
	bound []int // keys of the same properties with each matching item's name as type, parallel to items
	typed []int // items of the term's type, whatever their properties: what a rule may create for it
	rules []ruleOption
	item  int // the item whose name is the type, or -1
}

// ruleOption is a rule whose main output matches a key, with the keys of its inputs for that key: an input of the
// output's type is made as specific as the key (dissertation 4.4).
type ruleOption struct {
	rule   *Rule
	info   *ruleInfo
	inputs []int
}

// ruleInfo is what generation needs to know about a rule besides its terms.
type ruleInfo struct {
	id      int   // position among the generating rules
	outIn   []int // for each output, the input it is (the same type: the object persists), or -1 when created
	outType []int // for each output, its type
}

// table is the feasibility table of one area: for each key the depths of the trees that can fill it without help
// from objects that already exist (dissertation 3.5 extended: impossible goals and branches are rejected at once).
type table struct {
	depth    []depthMask // the key's term, choosing an item early when one matches (as generation does)
	bound    []depthMask // the key's term once an item named as its type has been bound to it
	legal    itemSet     // items legal in the area
	spawn    itemSet     // items the generator may spawn in the area
	ruleOK   []bool      // by rule id: every by-product the rule creates has an item legal in the area
	createOK []bool      // by key: an item legal in the area may be created for the key's term

	// For the table of one goal (goalTable): what may not appear below the root, and the root's depths.
	leafBad   itemSet // items whose spawned objects satisfy the goal
	excluded  []bool  // by key: a term that surely satisfies the goal
	rootKey   int
	rootDepth depthMask
	rootBound map[int]depthMask // by bound key of the goal
}

// buildKeys interns every term generation can meet, starting from the area goals and rule inputs.
func (g *Generator) buildKeys() {
	g.keyIndex = map[string]int{}
	for _, a := range g.pack.Areas {
		for _, t := range a.Goals {
			g.intern(t.Type, t.Props, t.Pos)
		}
	}
	for _, r := range g.rules {
		for _, t := range r.Inputs {
			g.intern(t.Type, t.Props, t.Pos)
		}
	}
	for i := 0; i < len(g.keys); i++ {
		g.expand(i)
	}
}

// intern returns the key of a type and properties, adding it when new.
func (g *Generator) intern(typ string, props Props, pos Pos) int {
	s := typ + props.String()
	if k, ok := g.keyIndex[s]; ok {
		return k
	}
	k := len(g.keys)
	g.keyIndex[s] = k
	item := -1
	if i, ok := g.itemIndex[typ]; ok {
		item = i
	}
	g.keys = append(g.keys, key{term: Term{Type: typ, Props: props, Pos: pos}, typ: g.typeID(typ), item: item})
	return k
}

// typeID returns the index of a type, with the set of its items, adding it when new.
func (g *Generator) typeID(typ string) int {
	if t, ok := g.typeIndex[typ]; ok {
		return t
	}
	set := newItemSet(len(g.items))
	if s, ok := g.itemsOfType[typ]; ok {
		set = s
	}
	g.typeIndex[typ] = len(g.typeItems)
	g.typeItems = append(g.typeItems, set)
	g.typeNames = append(g.typeNames, typ)
	return len(g.typeItems) - 1
}

// subType reports whether type sub is the same as or more specific than super, as Pack.SubType does, from the
// item sets computed once per type.
func (g *Generator) subType(sub, super int) bool {
	if sub == super || g.typeNames[super] == TypeItem {
		return true
	}
	if i, ok := g.itemIndex[g.typeNames[sub]]; ok {
		return g.typeItems[super].has(i)
	}
	s := g.typeItems[sub]
	return !s.empty() && s.subset(g.typeItems[super])
}

// expand fills in a key's items, bound keys and rule options, interning the keys they lead to.
func (g *Generator) expand(k int) {
	term := g.keys[k].term
	typ := g.keys[k].typ
	var items, bound, typed []int
	for i, it := range g.items {
		if !g.typeItems[typ].has(i) {
			continue
		}
		typed = append(typed, i)
		if it.Props.Has(term.Props) {
			items = append(items, i)
			bound = append(bound, g.intern(it.Name, term.Props, term.Pos))
		}
	}
	var rules []ruleOption
	for _, r := range g.rules {
		main := r.Main()
		if !sameProps(term.Props, main.Props) || !g.subType(typ, g.typeID(main.Type)) {
			continue
		}
		inputs := make([]int, len(r.Inputs))
		for j, in := range r.Inputs {
			t := in.Type
			if t == main.Type {
				t = term.Type // the output's object is this input's, so it is as specific as the term
			}
			inputs[j] = g.intern(t, in.Props, in.Pos)
		}
		rules = append(rules, ruleOption{rule: r, info: g.info[r], inputs: inputs})
	}
	key := &g.keys[k]
	key.items, key.bound, key.typed, key.rules = items, bound, typed, rules
}

// sameProps reports whether two terms have exactly the same properties (dissertation 3.5.1: neither may have one
// the other lacks). Unlike Props.Equal, a missing boolean is not false here: an output term without "locked"
// leaves the object's own value, which need not be false.
func sameProps(a, b Props) bool {
	if len(a) != len(b) {
		return false
	}
	for name, v := range a {
		if w, ok := b[name]; !ok || w != v {
			return false
		}
	}
	return true
}

// buildTable computes the feasibility table of an area by iterating to a fixed point: depth sets only grow, and
// every depth is below 64, so it ends.
func (g *Generator) buildTable(a *Area) *table {
	t := &table{
		legal: newItemSet(len(g.items)),
		spawn: newItemSet(len(g.items)),
	}
	for i, it := range g.items {
		// The setting model (Pack.Belongs): what stands in an area belongs there; a carried thing may be made or
		// brought anywhere, but lies about only where it belongs.
		belongs := g.pack.Belongs(it.Name, a)
		if g.legal(it, a) && (belongs || it.Carryable()) {
			t.legal.add(i)
			if it.Spawnable() && belongs {
				t.spawn.add(i)
			}
		}
	}
	t.ruleOK = make([]bool, len(g.rules))
	for id, r := range g.rules {
		t.ruleOK[id] = g.ruleUsable(r, t.legal)
	}
	t.createOK = make([]bool, len(g.keys))
	for k := range g.keys {
		if i := g.keys[k].item; i >= 0 {
			t.createOK[k] = t.legal.has(i)
		} else {
			t.createOK[k] = g.anyIn(g.keys[k].typed, t.legal)
		}
	}
	g.fix(t)
	return t
}

// goalTable returns a copy of an area's table for one of its goals, computed again so that no term below the
// root may surely satisfy the goal (point 6: premature completion): a spawned leaf whose item's properties
// satisfy it, or a term every item of whose type is of the goal's type and which names the goal's properties.
// Terms that only may satisfy it are left to the search. The goal's own key gets root depths, where it is allowed.
func (g *Generator) goalTable(base *table, goalKey int) *table {
	t := *base
	goal := g.keys[goalKey].term
	goalItems := g.typeItems[g.keys[goalKey].typ]
	t.leafBad = newItemSet(len(g.items))
	for i, it := range g.items {
		if goalItems.has(i) && it.Props.Has(goal.Props) {
			t.leafBad.add(i)
		}
	}
	t.excluded = make([]bool, len(g.keys))
	for k := range g.keys {
		key := &g.keys[k]
		set := g.typeItems[key.typ]
		if set.empty() || !set.subset(goalItems) {
			continue
		}
		named := true
		for name, v := range goal.Props {
			if w, ok := key.term.Props[name]; !ok || w != v {
				named = false
			}
		}
		t.excluded[k] = named
	}
	g.fix(&t)
	// The root: the goal's key and the keys of the items bound to it, computed without excluding themselves.
	t.rootKey = goalKey
	t.rootBound = map[int]depthMask{}
	var buf []depthMask
	key := &g.keys[goalKey]
	for _, kb := range key.bound {
		rd := g.rulesDepths(&t, kb, &buf)
		t.rootBound[kb] = rd
	}
	if g.anyIn(key.items, t.spawn) {
		for j, i := range key.items {
			if t.spawn.has(i) {
				t.rootDepth |= t.rootBound[key.bound[j]]
			}
		}
	} else {
		t.rootDepth = g.rulesDepths(&t, goalKey, &buf)
	}
	return &t
}

// fix computes the depth sets of every key by iterating to a fixed point: they only grow, and every depth is
// below 64, so it ends.
func (g *Generator) fix(t *table) {
	t.depth = make([]depthMask, len(g.keys))
	t.bound = make([]depthMask, len(g.keys))
	var buf []depthMask
	for changed := true; changed; {
		changed = false
		for k := range g.keys {
			key := &g.keys[k]
			if t.excluded != nil && t.excluded[k] {
				continue
			}
			rd := g.rulesDepths(t, k, &buf)
			if key.item >= 0 {
				b := rd
				if t.spawn.has(key.item) && g.items[key.item].Props.Has(key.term.Props) &&
					(t.leafBad == nil || !t.leafBad.has(key.item)) {
					b |= 1
				}
				if b != t.bound[k] {
					t.bound[k], changed = b, true
				}
			}
			d := rd
			if g.anyIn(key.items, t.spawn) {
				d = 0
				for j, i := range key.items {
					if t.spawn.has(i) {
						d |= t.bound[key.bound[j]]
					}
				}
			}
			if d != t.depth[k] {
				t.depth[k], changed = d, true
			}
		}
	}
}

// rulesDepths returns the depths of the trees that fill a key with one of its rules, from the table.
func (g *Generator) rulesDepths(t *table, k int, buf *[]depthMask) depthMask {
	rd := depthMask(0)
	for _, o := range g.keys[k].rules {
		if !t.ruleOK[o.info.id] || o.info.outIn[0] < 0 && !t.createOK[k] {
			continue // the rule would create an item that may not exist here
		}
		ins := (*buf)[:0]
		for _, in := range o.inputs {
			ins = append(ins, t.depth[in])
		}
		*buf = ins
		rd |= ruleDepths(ins)
	}
	return rd
}

// anyIn reports whether one of the items is in s.
func (g *Generator) anyIn(items []int, s itemSet) bool {
	return slices.ContainsFunc(items, s.has)
}

// ruleUsable reports whether every by-product a rule creates has an item that may exist in the area.
func (g *Generator) ruleUsable(r *Rule, legal itemSet) bool {
	info := g.info[r]
	for o := 1; o < len(r.Outputs); o++ {
		if info.outIn[o] < 0 && !legal.intersects(g.typeItems[info.outType[o]]) {
			return false
		}
	}
	return true
}

// buildHelpers computes, for each key, the items whose existing objects could change whether it can be filled:
// every item of a type met anywhere below it. When none of them exists, the table is exact for the key.
func (g *Generator) buildHelpers() {
	g.helpers = make([]itemSet, len(g.keys))
	for k := range g.keys {
		g.helpers[k] = newItemSet(len(g.items))
		g.helpers[k].union(g.typeItems[g.keys[k].typ])
	}
	for changed := true; changed; {
		changed = false
		for k := range g.keys {
			key := &g.keys[k]
			for _, b := range key.bound {
				if b != k && g.helpers[k].union(g.helpers[b]) {
					changed = true
				}
			}
			for _, o := range key.rules {
				for _, in := range o.inputs {
					if in != k && g.helpers[k].union(g.helpers[in]) {
						changed = true
					}
				}
			}
		}
	}
}
