package puzzle

import (
	"math/rand/v2"
	"slices"
)

// search is the state of one Generate call: the world as the area sees it and the puzzle being built.
type search struct {
	g      *Generator
	area   *Area
	t      *table
	rng    *rand.Rand
	budget int
	world  *World

	unlocked map[string]bool // the world's unlocked areas, as a set (see accessible)

	objs     []Object // objects the puzzle may use: accessible, co-locatable, not reserved, not inside another
	objItem  []int    // their items' indexes
	used     []bool   // by index in objs: already a leaf of this puzzle
	exists   itemSet  // items with an object in objs: usable even when they may not be spawned
	worldSet itemSet  // items of objects that the table does not already count on (see helps)
	others   []*Puzzle
	protect  []goal // goals no intermediate object may satisfy: this area's and those of puzzles in progress
	firstID  int
	nextID   int
	spawned  []Object
	trail    []int // indexes of objs marked used, to undo on backtracking
	leaves   int   // leaves in the tree so far
	forks    int   // nodes with two inputs made by rules so far (Puzzle.Forks)
	forkSeen bool  // the last run met a rule that could fork (preferFork retries only then)
	pending  int   // inputs chosen but not yet filled: each will be at least one leaf
	maskBuf  [8]depthMask
	failed   map[failure]struct{} // terms that could not be filled in this run
	ownGoal  int                  // index in protect of this area's goal
	goalTerm Term
	// made is the items the nodes above the one being filled make (not persisting from an input), so that no
	// path makes, unmakes and makes again the same item; madeKey hashes the set, for the memory of failures.
	made    []int
	madeKey uint64
	repeat  bool // the relaxation allows repetition (RelaxedRepetition): no item counts as made above
}

// goal is a goal to protect from premature completion, with its type's index (-1 when no item has the type).
type goal struct {
	term Term
	typ  int
}

// scanWorld finds the objects this area's puzzle may use and the goals it must not complete early.
func (s *search) scanWorld(w *World) {
	g := s.g
	s.exists = newItemSet(len(g.items))
	s.worldSet = newItemSet(len(g.items))
	reserved := map[int]bool{}
	var current map[int]Props
	if len(w.InProgress) > 0 {
		current = currentProps(w.Objects)
	}
	for _, p := range w.InProgress {
		for _, l := range p.Leaves() {
			reserved[l.Object] = true
		}
		s.others = append(s.others, g.bind(p, current))
		// Goals belong to their areas (see GoalAchieved): what this puzzle makes can complete another area's goal
		// early only if it can be carried there.
		if gl := s.goalOf(p.Goal); gl.typ >= 0 && s.carryableType(gl.typ) {
			s.protect = append(s.protect, gl)
		}
	}
	inside := map[int]bool{}
	for _, o := range w.Objects {
		if o.Contained != 0 {
			inside[o.Contained] = true
		}
		s.firstID = max(s.firstID, o.ID+1)
	}
	if w.NextID > 0 {
		s.firstID = w.NextID
	}
	for _, o := range w.Objects {
		i, ok := g.itemIndex[o.Item]
		if !ok || reserved[o.ID] || inside[o.ID] || !s.near(o, i, w) {
			continue
		}
		s.objs = append(s.objs, o)
		s.objItem = append(s.objItem, i)
		s.exists.add(i)
		if !s.t.spawn.has(i) || !sameProps(o.Props, g.items[i].Props) {
			s.worldSet.add(i)
		}
	}
	s.used = make([]bool, len(s.objs))
}

// near reports whether the puzzle can use object o, of item i (Generator.Sees).
func (s *search) near(o Object, i int, w *World) bool {
	return s.g.sees(s.area.Name, o, i, func(a string) bool { return s.accessible(a, w) })
}

// accessible reports whether objects in the named place can be reached: this area, an unlocked one or an inventory.
func (s *search) accessible(area string, w *World) bool {
	if area == s.area.Name || area == Inventory {
		return true
	}
	if s.unlocked == nil { // once per call: a world of many areas and objects asks often
		s.unlocked = make(map[string]bool, len(w.Unlocked))
		for _, a := range w.Unlocked {
			s.unlocked[a] = true
		}
	}
	return s.unlocked[area]
}

// goalOf returns a goal with its type's index.
func (s *search) goalOf(t Term) goal {
	typ, ok := s.g.typeIndex[t.Type]
	if !ok {
		typ = -1
	}
	return goal{term: t, typ: typ}
}

// What stands in the way of a goal.
const (
	goalOpen    = iota // a puzzle may be generated for it
	goalExists         // an object satisfies it: the puzzle would be trivial
	goalPending        // a puzzle in progress will make an object that satisfies it
)

// goalState says whether a goal is satisfied already or will be by a puzzle in progress: either way a puzzle for
// it would be trivial.
func (s *search) goalState(t Term, w *World) int {
	gl := s.goalOf(t)
	if gl.typ < 0 {
		return goalOpen
	}
	for _, o := range w.Objects {
		i, ok := s.g.itemIndex[o.Item]
		if !ok || o.Area == InContainer {
			continue
		}
		// As in GoalAchieved, the goal is this area's: an object in it or the inventory satisfies it, and so does a
		// carryable one in any accessible area, which the player could simply bring.
		if s.near(o, i, w) && s.g.typeItems[gl.typ].has(i) && o.Props.Has(t.Props) {
			return goalExists
		}
	}
	// A puzzle in progress elsewhere makes the goal pending only if what it makes could be carried here.
	if !s.carryableType(gl.typ) {
		return goalOpen
	}
	for _, p := range s.others {
		if s.produces(p.Root, gl) {
			return goalPending
		}
	}
	return goalOpen
}

// carryableType reports whether some item of a type can be carried.
func (s *search) carryableType(typ int) bool {
	for i := range s.g.items {
		if s.g.typeItems[typ].has(i) && s.g.items[i].Carryable() {
			return true
		}
	}
	return false
}

// produces reports whether some object of a tree (a node's or a by-product of its rule, alternatives too) satisfies
// a goal.
func (s *search) produces(n *Node, gl goal) bool {
	if s.nodeSatisfies(n, gl) || s.byProductSatisfies(n, gl) {
		return true
	}
	for _, c := range n.Children {
		if s.produces(c, gl) {
			return true
		}
	}
	for _, a := range n.Alternatives {
		if s.produces(a, gl) {
			return true
		}
	}
	return false
}

// helps reports whether existing objects could change what the table says of a key.
func (s *search) helps(k int) bool { return s.g.helpers[k].intersects(s.worldSet) }

// depths returns the depths of trees that may fill a key: the table's, or any when existing objects could help.
func (s *search) depths(k int, bound bool) depthMask {
	if s.helps(k) {
		return ^depthMask(0)
	}
	if bound {
		return s.t.bound[k]
	}
	return s.t.depth[k]
}

// rootDepths is depths for the goal's key and the keys of items bound to it, at the root, where the goal is
// allowed.
func (s *search) rootDepths(k int, bound bool) depthMask {
	switch {
	case s.helps(k):
		return ^depthMask(0)
	case bound:
		return s.t.rootBound[k]
	}
	return s.t.rootDepth
}

// targets returns the depths from minD to maxD the table allows for a goal, in random order: each is as likely
// to be tried first.
func (s *search) targets(k, minD, maxD int) []int {
	m := s.rootDepths(k, false) & rangeMask(minD, maxD)
	var out []int
	for d := minD; d <= maxD; d++ {
		if m&(1<<d) != 0 {
			out = append(out, d)
		}
	}
	shuffle(s.rng, out)
	return out
}

// run tries once to generate a tree of exactly depth d for a goal key.
func (s *search) run(k, d int) *Puzzle {
	clear(s.used)
	clear(s.failed)
	s.trail, s.spawned, s.nextID, s.leaves, s.pending, s.forks = s.trail[:0], s.spawned[:0], s.firstID, 0, 0, 0
	s.forkSeen = false
	own := s.goalOf(s.goalTerm)
	s.protect = append(s.protect, own)
	s.ownGoal = len(s.protect) - 1
	defer func() { s.protect = s.protect[:s.ownGoal] }()
	root := s.fill(k, d, d, true)
	if root == nil {
		return nil
	}
	if s.area.Alternatives {
		s.addAlternative(root, d)
	}
	p := &Puzzle{Area: s.area.Name, Goal: s.goalTerm, Root: root, Spawned: slices.Clone(s.spawned)}
	p.shareKept(s.firstID)
	p.measure()
	return p
}

// mark is a point of the search to backtrack to.
type mark struct{ trail, spawned, nextID, leaves, pending, forks int }

func (s *search) save() mark {
	return mark{len(s.trail), len(s.spawned), s.nextID, s.leaves, s.pending, s.forks}
}

func (s *search) restore(m mark) {
	for _, o := range s.trail[m.trail:] {
		s.used[o] = false
	}
	s.trail, s.spawned = s.trail[:m.trail], s.spawned[:m.spawned]
	s.nextID, s.leaves, s.pending, s.forks = m.nextID, m.leaves, m.pending, m.forks
}

// fill generates the subtree of a term (dissertation 4.4, GenerateInputs) with a depth from lo to hi: an existing
// object when one matches, else an item matched as early as possible and then a rule or, at the bottom, a spawned
// object. It returns nil when no choice works, having undone its own.
func (s *search) fill(k, lo, hi int, root bool) *Node {
	if s.budget--; s.budget < 0 {
		return nil
	}
	if root {
		return s.fillTerm(k, lo, hi, true)
	}
	// A term that failed within these depths is not tried again in this run: only the objects taken meanwhile may
	// differ, so at worst a puzzle is lost that a retry finds. Remembering failures keeps the search polynomial
	// where existing objects keep the table from pruning.
	f := failure{k, lo, hi, s.madeBelow(k)}
	if _, failed := s.failed[f]; failed {
		return nil
	}
	n := s.fillTerm(k, lo, hi, false)
	if n == nil {
		if s.failed == nil {
			s.failed = map[failure]struct{}{}
		}
		s.failed[f] = struct{}{}
	}
	return n
}

// failure is a term that could not be filled within depths lo to hi below nodes making the items hashed in made.
type failure struct {
	k, lo, hi int
	made      uint64
}

// fillTerm is fill without the memory of failures.
func (s *search) fillTerm(k, lo, hi int, root bool) *Node {
	key := &s.g.keys[k]
	if !root {
		// An intermediate item that already exists ends generation: never recreate a solved puzzle.
		if o := s.existing(k); o >= 0 {
			if lo > 0 {
				return nil
			}
			return s.useObject(o, k)
		}
	}
	var buf [16]int
	cands := buf[:0]
	usable := false
	for j, i := range key.items {
		if s.isMade(i) {
			continue // made above: filling the term with it would make it again
		}
		if s.t.spawn.has(i) || s.exists.has(i) {
			usable = true
			m := s.depths(key.bound[j], true)
			if root {
				m = s.rootDepths(key.bound[j], true)
			}
			if m&rangeMask(lo, hi) != 0 {
				cands = append(cands, j)
			}
		}
	}
	if !usable {
		return s.fillRules(k, -1, lo, hi, root)
	}
	shuffle(s.rng, cands)
	for _, j := range cands {
		if n := s.fillBound(key.bound[j], key.items[j], lo, hi, root); n != nil {
			return n
		}
	}
	return nil
}

// fillBound fills a term whose item has been chosen: with a rule, or at the bottom by spawning the item. Rules come
// first, as in the dissertation, unless the tree already has its preferred number of leaves.
func (s *search) fillBound(k, item, lo, hi int, root bool) *Node {
	leafOK := lo == 0 && !root && s.t.spawn.has(item)
	preferLeaf := leafOK && (hi == 0 || s.area.Breadth > 0 && s.leaves+s.pending+1 >= s.area.Breadth)
	if preferLeaf {
		if n := s.spawnLeaf(k, item); n != nil {
			return n
		}
	}
	if n := s.fillRules(k, item, lo, hi, root); n != nil {
		return n
	}
	if leafOK && !preferLeaf {
		return s.spawnLeaf(k, item)
	}
	return nil
}

// fillRules fills a term with one of the rules whose main output matches it, chosen at random among those the
// table allows, trying the others when one fails.
func (s *search) fillRules(k, item, lo, hi int, root bool) *Node {
	if hi < 1 {
		return nil
	}
	key := &s.g.keys[k]
	var buf [32]int
	opts := buf[:0]
	for i := range key.rules {
		if s.ruleViable(k, &key.rules[i], item, lo, hi) {
			opts = append(opts, i)
		}
	}
	shuffle(s.rng, opts)
	if s.wantsFork() {
		// No fork yet: rules that can make two inputs by chains of their own come first (structure_parallel.go).
		slices.SortStableFunc(opts, func(a, b int) int {
			return boolRank(s.canFork(&key.rules[b], hi)) - boolRank(s.canFork(&key.rules[a], hi))
		})
		s.forkSeen = s.forkSeen || len(opts) > 0 && s.canFork(&key.rules[opts[0]], hi)
	}
	if s.area.Breadth > 0 && s.leaves+s.pending+1 >= s.area.Breadth {
		// Over the preferred breadth: rules with fewer inputs add fewer leaves.
		slices.SortStableFunc(opts, func(a, b int) int { return len(key.rules[a].inputs) - len(key.rules[b].inputs) })
	}
	for _, i := range opts {
		if n := s.apply(k, &key.rules[i], item, lo, hi, root); n != nil {
			return n
		}
	}
	return nil
}

// ruleViable reports whether a rule may fill a key within depths lo to hi, by the table.
func (s *search) ruleViable(k int, o *ruleOption, item, lo, hi int) bool {
	if !s.t.ruleOK[o.info.id] || o.info.outIn[0] < 0 && item < 0 && !s.t.createOK[k] {
		return false
	}
	masks := s.maskBuf[:0]
	for _, in := range o.inputs {
		masks = append(masks, s.depths(in, false))
	}
	return ruleDepths(masks)&rangeMask(lo, hi) != 0
}

// apply fills a term with a rule: generates each input left to right, one of them reaching the minimum depth,
// then passes the items up and checks that no object the rule makes completes a goal early.
func (s *search) apply(k int, o *ruleOption, item, lo, hi int, root bool) *Node {
	if lo <= 1 {
		return s.applyCarrier(k, o, item, lo, hi, root, -1)
	}
	// One input must reach depth lo-1: try each that may, from a random one on.
	n := len(o.inputs)
	first := s.rng.IntN(n)
	for j := range n {
		c := (first + j) % n
		if s.depths(o.inputs[c], false)&rangeMask(lo-1, hi-1) == 0 {
			continue
		}
		if node := s.applyCarrier(k, o, item, lo, hi, root, c); node != nil {
			return node
		}
	}
	return nil
}

// applyCarrier is apply with the input that must reach the minimum depth chosen (-1 for none).
func (s *search) applyCarrier(k int, o *ruleOption, item, lo, hi int, root bool, carrier int) *Node {
	m := s.save()
	pre := s.willMake(k, o, item)
	if pre >= 0 {
		if s.isMade(pre) {
			return nil
		}
		s.pushMade(pre)
		defer s.popMade(pre)
	}
	children := make([]*Node, len(o.inputs))
	s.pending += len(o.inputs)
	for j, in := range o.inputs {
		s.pending--
		clo := 0
		if j == carrier {
			clo = lo - 1
		}
		c := s.fill(in, clo, hi-1, false)
		if c == nil {
			s.restore(m)
			return nil
		}
		children[j] = c
	}
	key := &s.g.keys[k]
	n := &Node{Rule: o.rule, Children: children, outIn: pairOutputs(o.rule, children), key: k}
	switch {
	case n.outIn[0] >= 0:
		n.item = children[n.outIn[0]].item // passed up from the input that persists as the output
	case item >= 0:
		n.item = item
	case key.item >= 0:
		n.item = key.item
	default:
		n.item = s.pick(key.typed)
	}
	if !s.madeOnce(n, pre) {
		s.restore(m)
		return nil
	}
	if n.fork() {
		s.forks++
	}
	n.Item = s.g.items[n.item].Name
	n.Term = Term{Type: n.Item, Props: key.term.Props, Pos: key.term.Pos}
	n.Outputs = make([]string, len(o.rule.Outputs))
	n.Outputs[0] = n.Item
	for out := 1; out < len(n.Outputs); out++ {
		if in := n.outIn[out]; in >= 0 {
			n.Outputs[out] = children[in].Item
		} else {
			n.Outputs[out] = s.g.items[s.pick(s.g.typeList[o.info.outType[out]])].Name
		}
	}
	for i, gl := range s.protect {
		if root && i == s.ownGoal {
			continue // the goal itself, and what comes with it
		}
		if s.nodeSatisfies(n, gl) || s.byProductSatisfies(n, gl) {
			s.restore(m)
			return nil
		}
	}
	return n
}

// boolRank is 1 for true, 0 for false: for sorting by a condition.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}

// pick returns a random item of the list that is legal in the area and not made above; the table guarantees
// there is a legal one, and when every one is made above it returns the first legal one, which madeOnce refuses.
func (s *search) pick(items []int) int {
	n, chosen := 0, -1
	for _, i := range items {
		if s.t.legal.has(i) && !s.isMade(i) {
			if n++; s.rng.IntN(n) == 0 {
				chosen = i
			}
		}
	}
	if chosen < 0 {
		chosen = slices.IndexFunc(items, s.t.legal.has)
		if chosen >= 0 {
			chosen = items[chosen]
		}
	}
	return chosen
}

// existing returns the index of a random unused object that matches a key, or -1.
func (s *search) existing(k int) int {
	key := &s.g.keys[k]
	set := s.g.typeItems[key.typ]
	n, chosen := 0, -1
	for o := range s.objs {
		if !s.used[o] && set.has(s.objItem[o]) && !s.isMade(s.objItem[o]) && s.objs[o].Props.Has(key.term.Props) {
			if n++; s.rng.IntN(n) == 0 {
				chosen = o
			}
		}
	}
	return chosen
}

// useObject makes an existing object the leaf of a term.
func (s *search) useObject(o, k int) *Node {
	obj := &s.objs[o]
	s.used[o] = true
	s.trail = append(s.trail, o)
	s.leaves++
	return &Node{Term: Term{Type: obj.Item, Props: s.g.keys[k].term.Props, Pos: s.g.keys[k].term.Pos}, Item: obj.Item,
		Object: obj.ID, props: obj.Props, item: s.objItem[o]}
}

// spawnLeaf makes a new object of an item the leaf of a term, unless the object would satisfy a goal at once.
func (s *search) spawnLeaf(k, item int) *Node {
	if s.isMade(item) {
		return nil
	}
	it := s.g.items[item]
	n := &Node{Term: Term{Type: it.Name, Props: s.g.keys[k].term.Props, Pos: s.g.keys[k].term.Pos}, Item: it.Name,
		Object: s.nextID, Spawn: true, props: it.Props, item: item}
	for _, gl := range s.protect {
		if s.nodeSatisfies(n, gl) {
			return nil
		}
	}
	s.spawned = append(s.spawned, Object{ID: s.nextID, Item: it.Name, Area: s.area.Name, Props: it.Props.Clone()})
	s.nextID++
	s.leaves++
	return n
}

// nodeSatisfies reports whether the object a node stands for satisfies a goal once made.
func (s *search) nodeSatisfies(n *Node, gl goal) bool {
	if gl.typ < 0 || n.item < 0 || !s.g.typeItems[gl.typ].has(n.item) {
		return false
	}
	for name, v := range gl.term.Props {
		if value(s.g, n, name) != v {
			return false
		}
	}
	return true
}

// byProductSatisfies reports whether a by-product of a node's rule satisfies a goal.
func (s *search) byProductSatisfies(n *Node, gl goal) bool {
	if n.Leaf() || gl.typ < 0 {
		return false
	}
outputs:
	for out := 1; out < len(n.Outputs); out++ {
		in := n.outIn[out]
		item, ok := s.g.itemIndex[n.Outputs[out]]
		if !ok || !s.g.typeItems[gl.typ].has(item) {
			continue
		}
		props := n.Rule.Outputs[out].Props
		for name, v := range gl.term.Props {
			w, ok := props[name]
			switch {
			case ok:
			case in >= 0:
				w = value(s.g, n.Children[in], name)
			default:
				w = s.g.items[item].Props.Get(name)
			}
			if w != v {
				continue outputs
			}
		}
		return true
	}
	return false
}

// value returns a property of the object a node stands for once made: the output term sets the properties it
// names; the others are the persisting input's, or for a created object its item's (dissertation 4.5). A node
// whose item the generator does not know (see bind) has no properties.
func value(g *Generator, n *Node, name string) Value {
	for {
		if n.Leaf() {
			return n.props.Get(name)
		}
		if v, ok := n.Rule.Main().Props[name]; ok {
			return v
		}
		in := n.outIn[0]
		if in < 0 {
			if n.item < 0 {
				return Bool(false)
			}
			return g.items[n.item].Props.Get(name)
		}
		n = n.Children[in]
	}
}
