package puzzle

import (
	"fmt"
	"slices"
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
// feeds (-1 for the root) and the items its outputs are made of. The generator's tree flattens to a slice of
// these, children after or before parents.
type TreeRule struct {
	Rule   *Rule
	Parent int
	// Items are the items the tree chose for the rule's outputs (Node.Outputs), as Move.Items takes them: a rule
	// whose output is of a general type makes the specific item its parent needs. Nil makes the defaults.
	Items []string
}

// Tracked is a puzzle in progress: an area's goal and its tree, with the nodes whose rules have run.
type Tracked struct {
	Area     string
	Goal     Term
	Nodes    []TreeRule
	done     []bool
	Achieved bool
}

// Leaves returns the indices of the current leaves: nodes that have not run and whose children all have. A node
// runs once; when it has, its parent becomes a leaf once its other children have run too.
func (t *Tracked) Leaves() []int {
	waiting := make([]int, len(t.Nodes)) // children that have not run
	for i, n := range t.Nodes {
		if n.Parent >= 0 && !t.done[i] {
			waiting[n.Parent]++
		}
	}
	var leaves []int
	for i := range t.Nodes {
		if !t.done[i] && waiting[i] == 0 {
			leaves = append(leaves, i)
		}
	}
	return leaves
}

// Manager runs the game: it holds the state, tracks each area's puzzle tree and offers the moves the mode allows
// (dissertation 4.6). Generation on unlocking is the caller's: Do reports the areas whose goals were achieved.
type Manager struct {
	Pack       *Pack
	State      *State
	Mode       Mode
	Accessible func(area string) bool // nil means every area
	Puzzles    []*Tracked
}

// NewManager returns a manager of state s under pack p.
func NewManager(p *Pack, s *State, mode Mode, accessible func(area string) bool) *Manager {
	return &Manager{Pack: p, State: s, Mode: mode, Accessible: accessible}
}

// Track starts tracking the puzzle of an area: its goal and its tree.
func (m *Manager) Track(area string, goal Term, nodes []TreeRule) (*Tracked, error) {
	for i, n := range nodes {
		if n.Rule == nil || n.Parent < -1 || n.Parent >= len(nodes) || n.Parent == i {
			return nil, fmt.Errorf("puzzle of %s: node %d has no rule or a bad parent %d", area, i, n.Parent)
		}
	}
	t := &Tracked{Area: area, Goal: goal, Nodes: nodes, done: make([]bool, len(nodes))}
	m.Puzzles = append(m.Puzzles, t)
	return t, nil
}

// Rules returns the rules players may run now: the current leaves of the unfinished puzzles in TreeRules mode,
// every pack rule in AllRules mode; fail rules are game logic in both modes.
func (m *Manager) Rules() []*Rule {
	var rules []*Rule
	if m.Mode == AllRules {
		rules = append(rules, m.Pack.Rules...)
	} else {
		for _, t := range m.Puzzles {
			if t.Achieved {
				continue
			}
			for _, i := range t.Leaves() {
				if r := t.Nodes[i].Rule; !slices.Contains(rules, r) {
					rules = append(rules, r)
				}
			}
		}
	}
	return append(rules, m.Pack.FailRules...)
}

// Moves returns every move a player can make now, including picking up and putting down.
func (m *Manager) Moves() []Move {
	access := m.access()
	moves := slices.DeleteFunc(m.Pack.Moves(m.State, m.Rules(), access), func(mv Move) bool { return !m.available(mv) })
	return append(moves, m.Pack.CarryMoves(m.State, access)...)
}

// MovesIn returns the moves a player can make in one area: those whose inputs lie in the area or the inventory
// (co-location allows no others). It looks only at those objects, so its cost does not grow with the rest of the
// world. Putting down is offered into the area only.
func (m *Manager) MovesIn(area string) []Move {
	if !m.access()(area) {
		return nil
	}
	local := &State{NextID: m.State.NextID, Failed: m.State.Failed}
	for _, o := range m.State.Objects {
		if o.Area == area || o.Area == Inventory {
			local.Objects = append(local.Objects, o)
		}
	}
	here := func(a string) bool { return a == area }
	// A move made only of carried objects is made in this area, whatever areas the pack declares.
	p := *m.Pack
	p.Areas = []*Area{{Name: area}}
	moves := slices.DeleteFunc(p.Moves(local, m.Rules(), here), func(mv Move) bool { return !m.available(mv) })
	return append(moves, p.CarryMoves(local, here)...)
}

// Do makes a move: it checks that the mode allows the rule and the move is legal, applies it, marks the leaf it
// completes, and returns the outputs and the areas whose goals are now achieved. A move that completes a leaf
// makes the items the tree chose for that node's outputs, unless it names its own.
func (m *Manager) Do(mv Move) (outputs []Object, achieved []string, err error) {
	if !m.available(mv) {
		return nil, nil, moveError(mv, "the rule is not available now")
	}
	if err := m.Pack.Legal(m.State, mv, m.access()); err != nil {
		return nil, nil, err
	}
	t, leaf := m.leaf(mv)
	if t != nil && mv.Items == nil {
		mv.Items = t.Nodes[leaf].Items
	}
	outputs, err = m.Pack.Apply(m.State, mv)
	if err != nil {
		return nil, nil, err
	}
	if t != nil {
		t.done[leaf] = true
	}
	for _, t := range m.Puzzles {
		if !t.Achieved && m.State.Failed == nil && m.Pack.GoalAchieved(m.State, t.Area, t.Goal) {
			t.Achieved = true
			achieved = append(achieved, t.Area)
		}
	}
	return outputs, achieved, nil
}

// leaf returns the unfinished puzzle and the current leaf of it that a move completes: the first leaf with the
// move's rule in the puzzle of the area the move is made in (areas made from one template share rules), or nil.
func (m *Manager) leaf(mv Move) (*Tracked, int) {
	area := m.moveArea(mv)
	for _, t := range m.Puzzles {
		if t.Achieved || (area != "" && t.Area != area) {
			continue
		}
		for _, i := range t.Leaves() {
			if t.Nodes[i].Rule == mv.Rule {
				return t, i
			}
		}
	}
	return nil, -1
}

// available reports whether the mode lets a move's rule run: any rule in AllRules mode; in TreeRules mode a
// current leaf of the puzzle of the area the move is made in. Picking up, putting down and fail rules always can.
func (m *Manager) available(mv Move) bool {
	if mv.Rule == PickUp || mv.Rule == PutDown || mv.Rule == nil || mv.Rule.Fail {
		return mv.Rule != nil
	}
	if m.Mode == AllRules {
		return slices.Contains(m.Pack.Rules, mv.Rule)
	}
	t, _ := m.leaf(mv)
	return t != nil
}

// moveArea is the area a move is made in: that of its inputs that lie in an area, else the one it names ("" when
// it names none).
func (m *Manager) moveArea(mv Move) string {
	for _, id := range mv.Inputs {
		if o, ok := m.State.Object(id); ok && o.Area != Inventory && o.Area != InContainer {
			return o.Area
		}
	}
	return mv.Area
}

// Failed returns the fail rule that ended the attempt, or nil.
func (m *Manager) Failed() *Rule { return m.State.Failed }

func (m *Manager) access() func(string) bool { return orAll(m.Accessible) }
