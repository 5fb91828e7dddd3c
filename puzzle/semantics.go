package puzzle

import (
	"slices"
	"strconv"
	"strings"
	"sync"
)

// The game's semantics are written here once: the ways the game lets a rule run (options), which of them runs for
// a given binding of objects in a given area, and what a tree node's inputs must be. The manager offers and makes
// moves by them (Manager.Moves, Do) and the explorer explores by them (Explore with Puzzles or Tree), so that a
// check answers exactly what a player can do.
//
// What a move is (dissertation 3.6 and 4.6):
//
//   - It runs an option on distinct objects, each in the inventory or an accessible area, co-located: every input
//     not carried lies in one and the same area, where the move is made; a move made only of carried objects is
//     made in an area the player acts in (Move.Area), one of the manager's places (Manager.Places).
//   - A node of a puzzle tree runs on objects of the items generation matched for its inputs: a matched item's type
//     overrides the term's (3.5.1), so a node bound to the Clerk cannot be run on the Security guard. It makes the
//     items the tree chose for its outputs, and it is made in its puzzle's area.
//   - In tree mode the options are the nodes of the tracked puzzles, each once, while it is a current leaf (also
//     after its puzzle's goal was achieved some other way: progress alone decides), and the fail rules. In all-rules mode they are every pack rule, making the default items, and every node, at any
//     time: a node replaces its rule for the objects it fits in its area (the tree's instance of the rule, 4.6),
//     and the fail rules.
//   - Of several options of one rule that fit the same objects in the same area and make the same items, the first
//     runs (nodes in tracking and tree order): that node is the one the move completes.
//   - An area's goal is achieved when an object matching it lies in the area or the inventory (Pack.GoalAchieved).

// option is one way the game lets a rule run: a pack rule, a fail rule or a node of a tracked puzzle tree.
type option struct {
	rule *Rule
	// inputs are the terms the inputs must match besides the rule's own: a node's, typed by the items generation
	// matched for them; nil for the rule's terms.
	inputs []Term
	items  []string // the items new outputs are made of (Move.Items), as Pack.chosenItems normalises them
	area   string   // a node's moves are made in its puzzle's area; "" for a rule, in any area
	puzzle int      // the index of a node's puzzle among the book's trees, -1 for a rule
	node   int      // a node's index in its tree, -1 for a rule
	// general marks a pack rule in all-rules mode, which a node of the same rule replaces for the objects it fits.
	general bool
}

// term returns the term input k of the option must match.
func (o *option) term(k int) Term {
	if o.inputs != nil {
		return o.inputs[k]
	}
	return o.rule.Inputs[k]
}

// treeOf is a puzzle tree as a book sees it: its area and its nodes.
type treeOf struct {
	area  string
	nodes []TreeRule
}

// progressFunc reports whether node n of tree pz has run.
type progressFunc func(pz, n int) bool

// book holds the options of a game in the order the game prefers them: the nodes of the tracked puzzles (in
// tracking order, each tree in its order), then the pack's rules in all-rules mode, then the fail rules.
type book struct {
	pack     *Pack
	leafOnly bool // tree mode: a node runs only while it is a current leaf of its tree
	trees    []treeOf
	opts     []option
	mu       sync.Mutex         // guards types: explorations on several goroutines share a book
	types    map[string]itemSet // per type met, the items (in ItemOrder) of it
	feedMu   sync.Mutex         // guards feeds
	feeds    [][]int32          // per option once worked out, the options with an output that may become one of its inputs
}

// newBook returns the options of a game in mode: rules are the pack rules players may run besides the trees'
// (none in tree mode), fails the fail rules.
func newBook(p *Pack, mode Mode, rules, fails []*Rule, trees []treeOf) *book {
	b := &book{pack: p, leafOnly: mode == TreeRules, trees: trees}
	for pz, t := range trees {
		for n, tr := range t.nodes {
			b.opts = append(b.opts, option{rule: tr.Rule, inputs: typedInputs(tr), items: p.chosenItems(tr.Rule, tr.Items),
				area: t.area, puzzle: pz, node: n})
		}
	}
	if mode == AllRules {
		b.addRules(rules, true)
	}
	b.addRules(fails, false)
	return b
}

// ofType returns the items, in ItemOrder, of a type, worked out once per book.
func (b *book) ofType(typ string) itemSet {
	b.mu.Lock()
	defer b.mu.Unlock()
	if of, ok := b.types[typ]; ok {
		return of
	}
	if b.types == nil {
		b.types = map[string]itemSet{}
	}
	b.types[typ] = b.itemsOf(typ)
	return b.types[typ]
}

// mayBecome reports whether an object made by output term o can match term n: some item is of both types, and no
// property o sets contradicts n.
func (b *book) mayBecome(o, n Term) bool { return mayBecome(o, n, b.ofType) }

// mayBecome is book.mayBecome with the items of a type given by of.
func mayBecome(o, n Term, of func(string) itemSet) bool {
	for name, want := range n.Props {
		if v, ok := o.Props[name]; ok && v != want {
			return false
		}
	}
	return of(o.Type).intersects(of(n.Type))
}

// feeders returns the options with an output that may become one of option i's inputs: what relevance pruning
// walks from the goal. It is worked out when first asked for, once per book.
func (b *book) feeders(i int) []int32 {
	b.feedMu.Lock()
	defer b.feedMu.Unlock()
	if b.feeds == nil {
		b.feeds = make([][]int32, len(b.opts))
	}
	if b.feeds[i] != nil {
		return b.feeds[i]
	}
	types := map[string]itemSet{} // b.ofType locks; a few types are asked for many times here
	of := func(typ string) itemSet {
		if t, ok := types[typ]; ok {
			return t
		}
		types[typ] = b.ofType(typ)
		return types[typ]
	}
	o := &b.opts[i]
	b.feeds[i] = []int32{}
	for j, u := range b.opts {
		if !u.rule.Fail && slices.ContainsFunc(u.rule.Outputs, func(out Term) bool { return feedsInput(out, o, of) }) {
			b.feeds[i] = append(b.feeds[i], int32(j))
		}
	}
	return b.feeds[i]
}

// feedsInput reports whether output term out may become an input of option o.
func feedsInput(out Term, o *option, of func(string) itemSet) bool {
	for k := range o.rule.Inputs {
		if mayBecome(out, o.term(k), of) {
			return true
		}
	}
	return false
}

// children returns the options of the nodes whose main output feeds node option i.
func (b *book) children(i int) []int32 {
	o := &b.opts[i]
	var out []int32
	for j, c := range b.opts {
		if c.puzzle == o.puzzle && c.node >= 0 && b.trees[o.puzzle].nodes[c.node].Parent == o.node {
			out = append(out, int32(j))
		}
	}
	return out
}

// itemsOf works out the items, in ItemOrder, of a type.
func (b *book) itemsOf(typ string) itemSet {
	of := newItemSet(len(b.pack.ItemOrder))
	for i, name := range b.pack.ItemOrder {
		if b.pack.IsA(name, typ) {
			of.add(i)
		}
	}
	return of
}

// madeFor reports whether the book was made for these puzzles: the same areas and trees.
func (b *book) madeFor(p *Pack, puzzles []*Tracked) bool {
	if b.pack != p || len(b.trees) != len(puzzles) {
		return false
	}
	for i, t := range puzzles {
		n := b.trees[i].nodes
		if b.trees[i].area != t.Area || len(n) != len(t.Nodes) || len(n) > 0 && &n[0] != &t.Nodes[0] {
			return false
		}
	}
	return true
}

// addRules adds an option for each rule not listed yet.
func (b *book) addRules(rules []*Rule, general bool) {
	for _, r := range rules {
		if !slices.ContainsFunc(b.opts, func(o option) bool { return o.node < 0 && o.rule == r }) {
			b.opts = append(b.opts, option{rule: r, puzzle: -1, node: -1, general: general})
		}
	}
}

// typedInputs returns the terms a node's inputs must match, or nil when it has none of its own.
func typedInputs(tr TreeRule) []Term {
	if tr.Rule == nil || len(tr.Inputs) != len(tr.Rule.Inputs) {
		return nil
	}
	return tr.Inputs
}

// InputTerms returns the terms of a rule node's inputs as generation bound them: each child's term, whose type is
// the item matched for it (dissertation 3.5.1: a matched item's type overrides the term's). TreeRule.Inputs takes
// them, so that the game runs the node on objects of those items only.
func (n *Node) InputTerms() []Term {
	if n.Leaf() || len(n.Children) != len(n.Rule.Inputs) {
		return nil
	}
	terms := make([]Term, len(n.Children))
	for i, c := range n.Children {
		terms[i] = c.Term
		if c.Item != "" {
			terms[i].Type = c.Item
		}
	}
	return terms
}

// leafOf reports whether node n of a tree is a current leaf: it has not run, no alternative of it has (TreeRule.Or),
// and each of its children has run or has an alternative that has.
func leafOf(nodes []TreeRule, n int, done func(int) bool) bool {
	if done(n) || orDone(nodes, n, done) {
		return false
	}
	for i, c := range nodes {
		if c.Parent == n && !done(i) && !orDone(nodes, i, done) {
			return false
		}
	}
	return true
}

// orDone reports whether an alternative of node n has run: a node of the same parent and the same Or.
func orDone(nodes []TreeRule, n int, done func(int) bool) bool {
	or := nodes[n].Or
	if or == 0 {
		return false
	}
	for i, c := range nodes {
		if i != n && c.Or == or && c.Parent == nodes[n].Parent && done(i) {
			return true
		}
	}
	return false
}

// runs reports whether option i can run at all now: in tree mode a node only while it is a current leaf.
func (b *book) runs(i int, done progressFunc) bool {
	o := &b.opts[i]
	if !b.leafOnly || o.node < 0 {
		return true
	}
	return leafOf(b.trees[o.puzzle].nodes, o.node, func(n int) bool { return done(o.puzzle, n) })
}

// fits reports whether objs, in input order, match the option's terms and its rule's.
func (b *book) fits(o *option, objs []*Object) bool {
	if len(objs) != len(o.rule.Inputs) {
		return false
	}
	for k, obj := range objs {
		if !b.pack.Matches(obj.Item, obj.Props, o.term(k)) || !b.pack.Matches(obj.Item, obj.Props, o.rule.Inputs[k]) {
			return false
		}
	}
	return true
}

// applies reports whether option i can run on objs in area: it runs now, fits, and is made there.
func (b *book) applies(i int, objs []*Object, area string, done progressFunc) bool {
	o := &b.opts[i]
	return (o.area == "" || o.area == area) && b.runs(i, done) && b.fits(o, objs)
}

// chosen reports whether option i is the one the game runs for its rule on objs in area: it applies, no earlier
// option of the rule making the same items does, and a general rule is not replaced by a node that fits.
func (b *book) chosen(i int, objs []*Object, area string, done progressFunc) bool {
	if !b.applies(i, objs, area, done) {
		return false
	}
	for j := range b.opts {
		if b.preferred(j, i) && b.applies(j, objs, area, done) {
			return false
		}
	}
	return true
}

// preferred reports whether option j runs instead of option i where both apply: an earlier option of the same
// rule making the same items, or a node of the rule of a general rule i.
func (b *book) preferred(j, i int) bool {
	o, u := &b.opts[i], &b.opts[j]
	if j == i || u.rule != o.rule {
		return false
	}
	return j < i && slices.Equal(u.items, o.items) || o.general && u.node >= 0
}

// find returns the option a move runs on objs in area: the first chosen option of its rule that makes the items
// the move names (any, when it names none).
func (b *book) find(mv Move, objs []*Object, area string, done progressFunc) (int, bool) {
	var items []string
	if mv.Items != nil {
		items = b.pack.chosenItems(mv.Rule, mv.Items)
	}
	for i := range b.opts {
		o := &b.opts[i]
		if o.rule == mv.Rule && (mv.Items == nil || slices.Equal(items, o.items)) && b.chosen(i, objs, area, done) {
			return i, true
		}
	}
	return -1, false
}

// completes returns the node a move by option i on objs in area completes, or -1, -1: in tree mode the option's;
// in all-rules mode, where nodes run at any time, the first node of the same rule and items that fits and has not
// run, so that the tree's progress still shows what was done.
func (b *book) completes(i int, objs []*Object, area string, done progressFunc) (pz, n int) {
	o := &b.opts[i]
	if o.node < 0 || b.leafOnly {
		return o.puzzle, o.node
	}
	for j := range b.opts {
		u := &b.opts[j]
		if u.node >= 0 && u.rule == o.rule && slices.Equal(u.items, o.items) && b.applies(j, objs, area, done) &&
			!done(u.puzzle, u.node) {
			return u.puzzle, u.node
		}
	}
	return -1, -1
}

// appendMoves appends the moves of option i in s: every binding of distinct objects from usable (objects in the
// inventory or a place) matching its terms and co-located, made in its inputs' area or, when all are carried, in
// each place, for which the option is the one chosen and the move is legal.
func (b *book) appendMoves(dst []Move, s *State, i int, usable []*Object, places []string, done progressFunc,
	access func(string) bool) []Move {
	o := &b.opts[i]
	cands := make([][]*Object, len(o.rule.Inputs))
	for k := range cands {
		for _, obj := range usable {
			if b.pack.Matches(obj.Item, obj.Props, o.term(k)) {
				cands[k] = append(cands[k], obj)
			}
		}
		if len(cands[k]) == 0 {
			return dst
		}
	}
	bound := make([]*Object, 0, len(cands))
	var bind func(k int, area string)
	bind = func(k int, area string) {
		if k == len(cands) {
			dst = b.appendBound(dst, s, i, bound, area, places, done, access)
			return
		}
		for _, obj := range cands[k] {
			if slices.Contains(bound, obj) || obj.Area != Inventory && area != "" && obj.Area != area {
				continue
			}
			at := area
			if obj.Area != Inventory {
				at = obj.Area
			}
			bound = append(bound, obj)
			bind(k+1, at)
			bound = bound[:len(bound)-1]
		}
	}
	bind(0, "")
	return dst
}

// appendBound appends the move of option i on the bound objects made in area, where the option is chosen and the
// move legal. A move of carried objects only (area "") is made in each place; it is appended once, naming no
// area, when it is the same move in every place.
func (b *book) appendBound(dst []Move, s *State, i int, bound []*Object, area string, places []string,
	done progressFunc, access func(string) bool) []Move {
	mv := Move{Rule: b.opts[i].rule, Inputs: make([]int, len(bound)), Items: b.opts[i].items}
	for k, obj := range bound {
		mv.Inputs[k] = obj.ID
	}
	if area != "" {
		if b.chosen(i, bound, area, done) && b.pack.Legal(s, mv, access) == nil {
			dst = append(dst, mv)
		}
		return dst
	}
	var at []string
	for _, a := range places {
		if b.chosen(i, bound, a, done) {
			at = append(at, a)
		}
	}
	if len(at) > 0 && len(at) == len(places) && b.pack.Legal(s, mv, access) == nil {
		return append(dst, mv)
	}
	for _, a := range at {
		mv.Area = a
		if b.pack.Legal(s, mv, access) == nil {
			dst = append(dst, mv)
		}
	}
	return dst
}

// carryMoves returns picking up each carryable object of s lying in a place, and putting down each carried object
// in each place.
func carryMoves(s *State, places []string) []Move {
	if s.Failed != nil {
		return nil
	}
	var moves []Move
	for o := range s.inAreas(append([]string{Inventory}, places...)...) {
		switch {
		case o.Area == Inventory:
			for _, a := range places {
				moves = append(moves, Move{Rule: PutDown, Inputs: []int{o.ID}, Area: a})
			}
		case slices.Contains(places, o.Area) && o.Props.Get(PropCarryable) == Bool(true):
			moves = append(moves, Move{Rule: PickUp, Inputs: []int{o.ID}})
		}
	}
	return moves
}

// usableIn returns the objects of s a player can use acting in places: those carried and those lying in a place.
func usableIn(s *State, places []string) []*Object {
	return slices.Collect(s.inAreas(append([]string{Inventory}, places...)...))
}

// progressItem and progressArea name the explorer's record of a tree's progress where an exported graph shows it
// as an object: no pack item or area can have these names, so no term matches it.
const (
	progressItem = "(progress)"
	progressArea = "(tree)"
)

// progressProps shows a tree's progress as properties: its area and the nodes that have run.
func progressProps(area string, done []bool) Props {
	var ran []string
	for i, d := range done {
		if d {
			ran = append(ran, strconv.Itoa(i))
		}
	}
	return Props{"area": String(area), "done": String(strings.Join(ran, " "))}
}
