package puzzle

import (
	"fmt"
	"slices"
	"sync/atomic"
)

// Mode says which rules players may run (dissertation 4.6).
type Mode uint8

const (
	// TreeRules offers only the rules of the puzzle trees, and of those only the current leaves: the rules that
	// move the player towards the solution.
	TreeRules Mode = iota
	// AllRules offers every rule of the pack. The world is more consistent and harder, but a player may reach a
	// state from which the goal cannot be achieved.
	AllRules
)

// ModeRules returns the rules players may run in mode m besides those of the puzzle trees: every rule of the pack
// in AllRules mode, none in TreeRules mode. With a tree as Explore.Tree, it is what Explore.Rules takes.
func (p *Pack) ModeRules(m Mode) []*Rule {
	if m == AllRules {
		return p.Rules
	}
	return nil
}

// TreeRule is a node of a puzzle tree as the manager sees it: the rule, the index of the node its main output
// feeds (-1 for the root), the items its outputs are made of and the terms its inputs must match. The generator's
// tree flattens to a slice of these, children after or before parents.
type TreeRule struct {
	Rule   *Rule
	Parent int
	// Items are the items the tree chose for the rule's outputs (Node.Outputs), as Move.Items takes them: a rule
	// whose output is of a general type makes the specific item its parent needs. Nil makes the defaults.
	Items []string
	// Inputs are the terms the node's inputs must match besides the rule's (Node.InputTerms): typed by the items
	// generation matched for them, so that a node bound to the Clerk runs on the Clerk and not on any Person. Nil,
	// or a length other than the rule's inputs, leaves the rule's terms.
	Inputs []Term
	// Or groups alternatives (the dissertation's OR-nodes, Node.Alternatives): nodes of one parent with the same Or
	// above 0 make the same input in different ways. The parent runs once any one of them has, and the others then
	// no longer run. 0 for a node that has no alternative.
	Or int
}

// Tracked is a puzzle in progress: an area's goal and its tree, with the nodes whose rules have run.
type Tracked struct {
	Area     string
	Goal     Term
	Nodes    []TreeRule
	done     []bool // its own: a manager copies a shared Tracked before changing it (Manager.own)
	Achieved bool
	// shared is set when copies of a manager (Manager.Clone) hold the Tracked: neither changes it then, but the
	// one changing it replaces it with a copy of its own. Only the manager that copies or changes it touches it.
	shared bool
}

// Leaves returns the indices of the current leaves: nodes that have not run and whose children all have (or an
// alternative of them, TreeRule.Or). A node runs once; when it has, its parent becomes a leaf once its other
// children have run too.
func (t *Tracked) Leaves() []int {
	var leaves []int
	for i := range t.Nodes {
		if leafOf(t.Nodes, i, t.Done) {
			leaves = append(leaves, i)
		}
	}
	return leaves
}

// Manager runs the game: it holds the state, tracks each area's puzzle tree and offers the moves the mode allows
// (dissertation 4.6), as semantics.go defines them. Generation on unlocking is the caller's: Do reports the areas
// whose goals were achieved.
type Manager struct {
	Pack       *Pack
	State      *State
	Mode       Mode
	Accessible func(area string) bool // nil means every area
	Puzzles    []*Tracked             // the puzzles tracked: read it, change it only through Track and Untrack

	// books are, per mode, the options last made for the puzzles tracked: managers are read by several goroutines
	// at once (a published copy), so they are kept atomically, and made again when the puzzles changed.
	books [2]atomic.Pointer[book]
	// index is the position in Puzzles of each area's puzzle (Tracking), made again when it is found out of date.
	index atomic.Pointer[map[string]int]
	// puzzlesShared is set when copies of the manager hold the same Puzzles list (Clone): it is copied before it
	// changes (ownPuzzles).
	puzzlesShared bool
}

// NewManager returns a manager of state s under pack p.
func NewManager(p *Pack, s *State, mode Mode, accessible func(area string) bool) *Manager {
	return &Manager{Pack: p, State: s, Mode: mode, Accessible: accessible}
}

// Track starts tracking the puzzle of an area: its goal and its tree. An area has one puzzle at a time: untrack
// the old one first.
func (m *Manager) Track(area string, goal Term, nodes []TreeRule) (*Tracked, error) {
	for i, n := range nodes {
		if n.Rule == nil || n.Parent < -1 || n.Parent >= len(nodes) || n.Parent == i {
			return nil, fmt.Errorf("puzzle of %s: node %d has no rule or a bad parent %d", area, i, n.Parent)
		}
	}
	if slices.ContainsFunc(m.Puzzles, func(t *Tracked) bool { return t.Area == area }) {
		return nil, fmt.Errorf("puzzle of %s: the area's puzzle is tracked already", area)
	}
	t := &Tracked{Area: area, Goal: goal, Nodes: nodes, done: make([]bool, len(nodes))}
	m.ownPuzzles()
	m.Puzzles = append(m.Puzzles, t)
	m.index.Store(nil)
	return t, nil
}

// TrackPuzzle starts tracking a generated puzzle: its area, goal and tree, each node's inputs typed by the items
// generation matched for them (TreeRule.Inputs).
func (m *Manager) TrackPuzzle(pz *Puzzle) (*Tracked, error) {
	return m.Track(pz.Area, pz.Goal, pz.TreeRules())
}

// Rules returns the rules players may run now: the current leaves of the puzzles in TreeRules mode, every pack
// rule in AllRules mode; fail rules are game logic in both modes.
func (m *Manager) Rules() []*Rule {
	if m.Mode == AllRules {
		return append(slices.Clone(m.Pack.Rules), m.Pack.FailRules...)
	}
	var rules []*Rule
	for _, t := range m.Puzzles {
		for _, i := range t.Leaves() {
			if r := t.Nodes[i].Rule; !slices.Contains(rules, r) {
				rules = append(rules, r)
			}
		}
	}
	return append(rules, m.Pack.FailRules...)
}

// Places returns the areas players can act in now, sorted: the areas the manager knows (the pack's, the tracked
// puzzles' and those objects lie in) that are accessible. A move made only of carried objects is made in one of
// them, and carried objects are put down in them.
func (m *Manager) Places() []string {
	areas := make([]string, len(m.Puzzles))
	for i, t := range m.Puzzles {
		areas[i] = t.Area
	}
	return m.Pack.places(m.State, areas, m.access())
}

// Moves returns every move a player can make now, including picking up and putting down.
func (m *Manager) Moves() []Move {
	return m.movesIn(m.Places())
}

// MovesIn returns the moves a player can make in one area: those whose inputs lie in the area or the inventory
// (co-location allows no others), those made only of carried objects made in the area, and putting down into it.
// It looks only at those objects, so its cost does not grow with the rest of the world.
func (m *Manager) MovesIn(area string) []Move {
	if !m.access()(area) {
		return nil
	}
	return m.movesIn([]string{area})
}

// movesIn returns the moves made in places.
func (m *Manager) movesIn(places []string) []Move {
	if m.State.Failed != nil {
		return nil
	}
	b, done := m.book(), m.progress()
	usable := usableIn(m.State, places)
	var moves []Move
	for i := range b.opts {
		if b.runs(i, done) {
			moves = b.appendMoves(moves, m.State, i, usable, places, done, m.access())
		}
	}
	return append(moves, carryMoves(m.State, places)...)
}

// Do makes a move: it checks that the game offers it (semantics.go) and that it is legal, applies it, marks the
// node it completes, and returns the outputs and the areas whose goals are now achieved. A move of a node makes
// the items the tree chose for that node's outputs. A move made only of carried objects that names no area is
// made in the first place where the game offers it.
func (m *Manager) Do(mv Move) (outputs []Object, achieved []string, err error) {
	mv, pz, n, err := m.resolveMove(mv)
	if err != nil {
		return nil, nil, err
	}
	if err := m.Pack.Legal(m.State, mv, m.access()); err != nil {
		return nil, nil, err
	}
	outputs, err = m.Pack.Apply(m.State, mv)
	if err != nil {
		return nil, nil, err
	}
	if pz >= 0 {
		m.own(pz).mark(n)
	}
	for i, t := range m.Puzzles {
		if !t.Achieved && m.State.Failed == nil && m.Pack.GoalAchieved(m.State, t.Area, t.Goal) {
			m.own(i).Achieved = true
			achieved = append(achieved, t.Area)
		}
	}
	return outputs, achieved, nil
}

// resolveMove returns the move as the game runs it, with its area and items, and the puzzle and node it
// completes (-1 for none), or why the game does not offer it.
func (m *Manager) resolveMove(mv Move) (Move, int, int, error) {
	if mv.Rule == PickUp || mv.Rule == PutDown {
		return mv, -1, -1, nil
	}
	if mv.Rule == nil {
		return mv, -1, -1, moveError(mv, "no rule")
	}
	objs, area, err := m.bound(mv)
	if err != nil {
		return mv, -1, -1, err
	}
	b, done := m.book(), m.progress()
	areas := []string{area}
	if area == "" {
		areas = append(m.Places(), "") // the last: made in no area, when no output needs one
	}
	for _, a := range areas {
		if i, ok := b.find(mv, objs, a, done); ok {
			mv.Items = b.opts[i].items
			if area == "" {
				mv.Area = a
			}
			pz, n := b.completes(i, objs, a, done)
			return mv, pz, n, nil
		}
	}
	return mv, -1, -1, moveError(mv, "the rule is not available now")
}

// bound returns a move's input objects and the area it is made in: its inputs' that lie in an area, else the one
// it names ("" when it names none).
func (m *Manager) bound(mv Move) ([]*Object, string, error) {
	objs := make([]*Object, len(mv.Inputs))
	area := mv.Area
	for k, id := range mv.Inputs {
		o, ok := m.State.Object(id)
		if !ok {
			return nil, "", moveError(mv, "no object %d", id)
		}
		objs[k] = o
		if o.Area != Inventory && o.Area != InContainer {
			area = o.Area
		}
	}
	return objs, area, nil
}

// leaf returns the puzzle and the node of it that a move completes, or nil and -1.
func (m *Manager) leaf(mv Move) (*Tracked, int) {
	_, pz, n, err := m.resolveMove(mv)
	if err != nil || pz < 0 {
		return nil, -1
	}
	return m.Puzzles[pz], n
}

// book returns the game's options: the tracked puzzles' nodes, the mode's pack rules and the fail rules.
func (m *Manager) book() *book { return m.bookOf(m.Mode) }

// bookOf returns the game's options in a mode.
func (m *Manager) bookOf(mode Mode) *book {
	if b := m.books[mode].Load(); b != nil && b.madeFor(m.Pack, m.Puzzles) {
		return b
	}
	trees := make([]treeOf, len(m.Puzzles))
	for i, t := range m.Puzzles {
		trees[i] = treeOf{area: t.Area, nodes: t.Nodes}
	}
	b := newBook(m.Pack, mode, m.Pack.Rules, m.Pack.FailRules, trees)
	m.books[mode].Store(b)
	return b
}

// progress returns the tracked puzzles' progress.
func (m *Manager) progress() progressFunc {
	return func(pz, n int) bool { return m.Puzzles[pz].Done(n) }
}

// Exploration returns the configuration that explores the game from the manager's state as the manager runs it
// (semantics.go), towards the goal of its puzzle t: achieved in t's area or the inventory (Pack.GoalAchieved).
// The moves are the manager's: its mode, every tracked puzzle's tree with its progress, every place it lets
// players reach and the inventory, the fail rules. limits gives the search: its caps (MaxStates, MaxGrowth,
// MaxDepth, MaxGraphStates), reductions, Accelerate, FirstGoal, DepthFirst, Analyse and Graph; the rest is set.
//
// States are counted up to carrying, in an analysis too: a carryable object lying in an open area counts as
// carried, since any player can pick it up and it can do no less carried (Explore.NoCarry), so picking up and
// putting down are no moves of the exploration. Whether the goal can be reached, and from which states not, is the
// game's; the shortest solution and the solutions count the rules run.
func (m *Manager) Exploration(t *Tracked, limits Explore) Explore {
	return m.exploration(t, limits, m.Mode)
}

// exploration is Exploration in a mode.
func (m *Manager) exploration(t *Tracked, limits Explore, mode Mode) Explore {
	cfg := limits
	cfg.Rules, cfg.Tree, cfg.Puzzles, cfg.book, cfg.carried = m.Pack.ModeRules(mode), nil, m.Puzzles, m.bookOf(mode), true
	cfg.FailRules, cfg.Goal, cfg.GoalArea, cfg.GoalFunc = m.Pack.FailRules, t.Goal, t.Area, nil
	cfg.Areas = m.Places()
	return cfg
}

// Exploration returns the configuration that explores t alone towards its goal: in its area (or limits.Areas),
// under limits.Rules (the mode's: Pack.ModeRules) and the pack's fail rules as limits gives them. A puzzle a
// manager tracks is explored in the game it is played in with Manager.Exploration.
func (t *Tracked) Exploration(limits Explore) Explore {
	cfg := limits
	cfg.Tree, cfg.Puzzles = nil, []*Tracked{t}
	cfg.Goal, cfg.GoalArea, cfg.GoalFunc = t.Goal, t.Area, nil
	if cfg.Areas == nil {
		cfg.Areas = []string{t.Area}
	}
	return cfg
}

// Failed returns the fail rule that ended the attempt, or nil.
func (m *Manager) Failed() *Rule { return m.State.Failed }

func (m *Manager) access() func(string) bool { return orAll(m.Accessible) }
