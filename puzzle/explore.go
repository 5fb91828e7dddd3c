package puzzle

import (
	"errors"
	"slices"
)

// Verdict is the answer to "can the goal be reached": yes, no, or unknown when the state cap stopped the search.
type Verdict uint8

// The verdicts.
const (
	Unknown Verdict = iota // the state cap stopped the search before a goal state was found
	Yes                    // a goal state is reachable
	No                     // every reachable state was explored and none is a goal state
)

// String returns "yes", "no" or "unknown".
func (v Verdict) String() string { return [...]string{"unknown", "yes", "no"}[v] }

// DefaultMaxStates is the state cap when Explore.MaxStates is 0.
const DefaultMaxStates = 1 << 20

// DefaultMaxGraphStates is the cap on the states of an exported graph when Explore.MaxGraphStates is 0: a graph
// state with its moves takes a few kilobytes, so a graph stays within some hundred megabytes.
const DefaultMaxGraphStates = 50_000

// Explore says what to explore: the state space of a world under a rule set, towards a goal (seed 004,
// PuzzleGraph). States are counted up to symmetry (see space.go); goal states and fail states end an attempt, so
// the search does not continue from them.
type Explore struct {
	// Rules are the pack rules players may run besides the trees': every rule of the pack in all-rules mode, none
	// in tree mode. The mode is all-rules exactly when Rules is not empty.
	Rules []*Rule
	// Puzzles are the puzzle trees being played, with their progress (the nodes that have run): their nodes run as
	// the manager runs them (semantics.go). In tree mode a node runs once, while it is a current leaf, on objects of
	// the items generation matched for its inputs (TreeRule.Inputs), and makes the items its tree chose
	// (TreeRule.Items); in all-rules mode a node runs at any time and replaces its rule for the objects it fits. A
	// node's moves are made in its puzzle's area. Manager.Exploration sets them, and everything else, as the
	// manager plays.
	Puzzles []*Tracked
	// Tree is shorthand for one puzzle of GoalArea (of any area without one) from its start, when Puzzles is nil.
	Tree      []TreeRule
	FailRules []*Rule           // rules that end the attempt when run
	Goal      Term              // a state is a goal state when an object (not inside a container) matches it
	GoalFunc  func(*State) bool // replaces Goal when set; slower, and turns relevance and sleep sets off
	Areas     []string          // the accessible areas; nil means every area of the pack
	MaxStates int               // the state cap; 0 means DefaultMaxStates
	// Accelerate makes a world that grows without end finite (Karp and Miller's ω, see accelerate.go), so that a
	// search can prove "no" where rules keep an input and make something. It needs relevance pruning (a goal
	// term, no Analyse, no GoalFunc) and applies when a kept rule makes more objects than it takes; the search then
	// runs without sleep sets, whose pruning assumes moves commute exactly. Per state it is slower, and it can
	// need far fewer states.
	Accelerate bool
	// MaxGrowth, when positive, leaves out states with more than that many objects beyond the start's (as if
	// beyond a horizon: the search is then not complete). Rules that keep an input and make something (shake a
	// tree, collect an egg) let a world grow without end, and a search diving into that growth pays for ever
	// larger states; a check that must stay quick bounds it. Ignored by Analyse, which stops instead.
	MaxGrowth int
	// Analyse explores the whole space and keeps its edges, to find dead ends, fail states and count solutions.
	// It turns relevance pruning and sleep sets off: they keep solvability but not the rest.
	Analyse    bool
	FirstGoal  bool // without Analyse: stop at the first goal state (the answer is then Yes at once)
	DepthFirst bool // without Analyse: search depth first, which reaches a goal of a deep puzzle much sooner
	Graph      bool // keep the explored graph for export; implies Analyse
	// MaxGraphStates bounds the graph that Graph keeps, whose states cost far more memory than the exploration's:
	// it keeps the states explored first (nearest the start: an analysis is breadth first) and the moves between
	// them, marked partial, while the exploration and its analysis go on to MaxStates. 0 means
	// DefaultMaxGraphStates.
	MaxGraphStates int
	// GoalArea, when set, counts only objects in that area or an inventory as matching Goal, as GoalAchieved does.
	GoalArea string
	// MaxDepth, when positive, leaves states that many moves from the start unexpanded (the horizon), so that a
	// game whose rules make objects without end still has a finite picture. With Analyse, dead ends are then only
	// the states that can reach neither a goal nor the horizon, and solutions are counted within the horizon.
	MaxDepth int
	// Reductions can be turned off one by one, to measure them and to test them against each other.
	NoMerge     bool // keep the inventory apart from the area when only one area is accessible
	NoRelevance bool // keep moves whose outputs can never lead to the goal
	NoSleep     bool // explore every interleaving of independent moves
	// NoCarry keeps carryable objects where they lie. Without it, a search for a goal (not Analyse, not GoalFunc)
	// treats every carryable object in an accessible area as carried, and makes no PickUp or PutDown: a player can
	// pick any of them up, and a carried object can do everything it could do lying in an area (a move made only
	// of carried objects is made in any area; an output taking a carried input's place is carried; a goal counts
	// the inventory), so putting down never helps and the reduction keeps solvability exactly.
	NoCarry bool

	book    *book // the game's options, when Manager.Exploration has made them already
	carried bool  // an analysis too takes carryable objects as carried (Manager.Exploration)
}

// maxGraphStates returns the cap on the graph's states.
func (cfg *Explore) maxGraphStates() int {
	if cfg.MaxGraphStates > 0 {
		return cfg.MaxGraphStates
	}
	return DefaultMaxGraphStates
}

// explorer is one exploration: the options it explores (slotIndex), the effects of their moves (effectMemo), the
// states stored (states) and reused memory (scratch). Its parts live in explore_*.go.
type explorer struct {
	p     *Pack
	cfg   Explore
	sp    *space
	st    *store
	book  *book // the game's options (semantics.go)
	prune bool
	sleep bool
	slotIndex
	effectMemo
	states
	scratch
}

// Explore explores the states reachable from s under the configuration and reports what it found.
func (p *Pack) Explore(s *State, cfg Explore) (*Report, error) {
	x, err := p.newExplorer(s, cfg)
	if err != nil {
		return nil, err
	}
	defer x.release()
	return x.run(s)
}

// newExplorer prepares an exploration from s.
func (p *Pack) newExplorer(s *State, cfg Explore) (*explorer, error) {
	if cfg.Graph {
		cfg.Analyse = true
	}
	if cfg.Analyse {
		cfg.DepthFirst = false // shortest solutions need breadth-first depths
	}
	if cfg.MaxStates <= 0 {
		cfg.MaxStates = DefaultMaxStates
	}
	if cfg.GoalFunc == nil && cfg.Goal.Type == "" {
		return nil, errors.New("explore: no goal")
	}
	areas := cfg.Areas
	if areas == nil {
		for _, a := range p.Areas {
			areas = append(areas, a.Name)
		}
	}
	a := takeArena()
	x := &explorer{p: p, cfg: cfg, st: newStore(a)}
	x.arena, x.info, x.effTable = a, a.info, make([]uint32, 1<<10)
	trees := cfg.trees()
	mode := AllRules
	if len(cfg.Rules) == 0 {
		mode = TreeRules
	}
	x.book = cfg.book
	if x.book == nil || x.book.leafOnly != (mode == TreeRules) {
		x.book = newBook(p, mode, cfg.Rules, cfg.FailRules, trees)
	}
	x.sp = newSpace(p, s.Objects(), areas, !cfg.NoMerge, mode == TreeRules && len(trees) > 0)
	for i := range x.book.opts {
		x.opts = append(x.opts, int32(i))
	}
	reduce := !cfg.Analyse && cfg.GoalFunc == nil
	x.prune = reduce && !cfg.NoRelevance
	x.sleep = reduce && !cfg.NoSleep
	x.sp.carry = !cfg.NoCarry && cfg.GoalFunc == nil && (reduce || cfg.carried)
	if x.prune {
		x.relevance()
		x.accel = cfg.Accelerate && slices.ContainsFunc(x.opts, func(i int32) bool { return x.grows(i) })
		x.sleep = x.sleep && !x.accel
	}
	for ri := range x.opts {
		x.addSlots(ri)
	}
	x.missing = make([]int32, len(x.opts))
	x.hotRule = make([]bool, len(x.opts))
	return x, nil
}

// trees returns the puzzle trees of the configuration: Puzzles, or Tree as a puzzle of GoalArea.
func (cfg *Explore) trees() []treeOf {
	if cfg.Puzzles == nil {
		if cfg.Tree == nil {
			return nil
		}
		return []treeOf{{area: cfg.GoalArea, nodes: cfg.Tree}}
	}
	trees := make([]treeOf, len(cfg.Puzzles))
	for i, t := range cfg.Puzzles {
		trees[i] = treeOf{area: t.Area, nodes: t.Nodes}
	}
	return trees
}
