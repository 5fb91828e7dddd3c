package puzzle

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// DefaultMaxDepth is the depth limit of an area that sets none.
const DefaultMaxDepth = 4

// searchBudget bounds the nodes one Generate call may try over all goals, depths and retries at one relaxation
// level, so that a grammar whose feasibility depends on many existing objects still answers within milliseconds.
const searchBudget = 50_000

// stepTries is how many times Generate tries a depth for an area with step bounds.
const stepTries = 6

// Errors of Generate. Each is wrapped with the area's position and name.
var (
	// ErrInfeasible means no goal of the area can be made within its depth limits from the items it may use.
	ErrInfeasible = errors.New("no goal of the area can be produced within its depth limits")
	// ErrSatisfied means a goal of the area is already satisfied by an object (in any area or an inventory, as
	// Manager checks it) and no other goal can be made: the area is achieved without a puzzle.
	ErrSatisfied = errors.New("a goal of the area is already satisfied")
	// ErrPending means the area's goals cannot be made now because a puzzle in progress will satisfy them: generate
	// the area again once that puzzle is solved.
	ErrPending = errors.New("a puzzle in progress will satisfy the area's goal")
	// ErrBudget means the search gave up: the table allowed a puzzle but existing objects made it too costly to
	// find one.
	ErrBudget = errors.New("search budget exhausted")
)

// Generator generates puzzles for the areas of one pack. It is built once per pack, computing the feasibility table
// of every area, and is then safe for concurrent use.
type Generator struct {
	pack      *Pack
	items     []*Item
	itemIndex map[string]int
	rules     []*Rule
	info      map[*Rule]*ruleInfo

	typeIndex   map[string]int
	itemsOfType map[string]itemSet // every type of an item, with its items: computed once from Pack.Types
	typeNames   []string
	typeItems   []itemSet
	typeList    [][]int // items of each type, in declaration order

	keys       []key
	keyIndex   map[string]int
	helpers    []itemSet
	tables     map[string]*table   // by area name
	goalTables map[string][]*table // by area name, then goal
	goalKeys   map[string][]int    // by area name

	// RedHerrings is how many extra objects Generate spawns in an area that sets no herrings of its own
	// (Area.Herrings): items no leaf uses that a player may think are part of the puzzle. 0 spawns none. Set it
	// before the first Generate.
	RedHerrings int
}

// NewGenerator prepares generation for a pack: it interns every term generation can meet and computes the
// feasibility table of each area (which terms can be produced within how many rules).
func NewGenerator(p *Pack) *Generator {
	g := &Generator{
		pack:       p,
		itemIndex:  map[string]int{},
		info:       map[*Rule]*ruleInfo{},
		typeIndex:  map[string]int{},
		tables:     map[string]*table{},
		goalTables: map[string][]*table{},
		goalKeys:   map[string][]int{},
	}
	for _, name := range p.ItemOrder {
		if it, ok := p.Items[name]; ok {
			g.itemIndex[name] = len(g.items)
			g.items = append(g.items, it)
		}
	}
	g.itemsOfType = map[string]itemSet{}
	for i, it := range g.items {
		for _, typ := range p.Types(it.Name) {
			set, ok := g.itemsOfType[typ]
			if !ok {
				set = newItemSet(len(g.items))
				g.itemsOfType[typ] = set
			}
			set.add(i)
		}
	}
	for _, r := range p.Rules {
		if r.Fail || len(r.Outputs) == 0 || len(r.Inputs) == 0 {
			continue // fail rules never generate; malformed rules are validation's to report
		}
		info := correspondence(r)
		info.id = len(g.rules)
		for _, t := range r.Outputs {
			info.outType = append(info.outType, g.typeID(t.Type))
		}
		g.rules = append(g.rules, r)
		g.info[r] = info
	}
	g.buildKeys()
	for _, a := range p.Areas {
		for _, t := range a.Goals {
			g.goalKeys[a.Name] = append(g.goalKeys[a.Name], g.keyIndex[t.Type+t.Props.String()])
		}
	}
	g.typeList = make([][]int, len(g.typeItems))
	for t, set := range g.typeItems {
		for i := range g.items {
			if set.has(i) {
				g.typeList[t] = append(g.typeList[t], i)
			}
		}
	}
	g.buildHelpers()
	for _, a := range p.Areas {
		t := g.buildTable(a)
		g.tables[a.Name] = t
		for _, k := range g.goalKeys[a.Name] {
			g.goalTables[a.Name] = append(g.goalTables[a.Name], g.goalTable(t, k))
		}
	}
	return g
}

// correspondence finds, for each output of a rule, the input it is: the first input of exactly the same type not
// taken by an earlier output (dissertation 4.5: inputs and outputs are compared by type). Such an output is the
// input's object persisting, its properties changed; any other output is created.
func correspondence(r *Rule) *ruleInfo {
	info := &ruleInfo{outIn: make([]int, len(r.Outputs))}
	taken := make([]bool, len(r.Inputs))
	for o, out := range r.Outputs {
		info.outIn[o] = -1
		for i, in := range r.Inputs {
			if !taken[i] && in.Type == out.Type {
				info.outIn[o], taken[i] = i, true
				break
			}
		}
	}
	return info
}

// pairOutputs finds, for each output of a rule run on children, the input whose object it is, as Pack.Apply pairs
// them: in output order, the first input not yet taken whose term has the output's type or whose item is that
// type. Other outputs are created. The generator must agree with the game on this, or its trees would not replay.
func pairOutputs(r *Rule, children []*Node) []int {
	out := make([]int, len(r.Outputs))
	var taken uint64
	for j, t := range r.Outputs {
		out[j] = -1
		for i, in := range r.Inputs {
			if taken&(1<<i) == 0 && (in.Type == t.Type || children[i].Item == t.Type) {
				out[j], taken = i, taken|1<<i
				break
			}
		}
	}
	return out
}

// legal reports whether an item may be spawned in or used in an area.
func (g *Generator) legal(it *Item, a *Area) bool {
	return len(it.Areas) == 0 || slices.Contains(it.Areas, a.TemplateName())
}

// World is what the generator knows of the game when it generates an area's puzzle (dissertation 3.5.2).
type World struct {
	Objects    []Object  // the objects that exist, in any area or an inventory; those Sees rejects may be left out
	Unlocked   []string  // the areas the player can reach; the area being generated is always reachable
	InProgress []*Puzzle // puzzles generated and not yet solved: their leaves are reserved, their goals protected
	NextID     int       // the id of the first spawned object; 0 means one more than the largest id in Objects
}

// seenPauseEvery is how many objects Seen looks at between two calls of its pause: a few tens of microseconds.
const seenPauseEvery = 128

// Sees reports whether generating the puzzle of the named area looks at object o, when unlocked tells the areas
// the player can reach: o lies in the area or an inventory, or is of a carryable item and lies in an unlocked area
// (search.near). A World may leave out every other object, except the leaves of its puzzles in progress, whose
// current properties generation reads: in a world of many areas, most objects are neither.
func (g *Generator) Sees(area string, unlocked func(area string) bool, o Object) bool {
	i, ok := g.itemIndex[o.Item]
	return ok && g.sees(area, o, i, unlocked)
}

// Seen returns the objects of s that Sees accepts for the named area, and those of s whose ids are in extra, in id
// order: what a World for generating the area's puzzle holds before its caller leaves more out. It looks only at
// the objects of the area, the inventory, the carryable items and extra, through the state's indexes: in a game of
// a thousand areas, the other areas' objects no rule can carry cost nothing (one look-up per carryable item and
// range of 512 ids). pause, if not nil, is called every seenPauseEvery objects: a caller doing the work in the
// background gives way there to more urgent work (it may wait).
func (g *Generator) Seen(area string, unlocked func(area string) bool, s *State, extra []int, pause func()) []Object {
	var carryable []string
	for _, it := range g.items {
		if it.Carryable() {
			carryable = append(carryable, it.Name)
		}
	}
	extra = slices.Sorted(slices.Values(extra))
	var out []Object
	n := 0
	for o := range s.objectsOf(s.candidates(carryable, []string{area, Inventory}, extra)) {
		if n++; n%seenPauseEvery == 0 && pause != nil {
			pause()
		}
		if _, isExtra := slices.BinarySearch(extra, o.ID); isExtra || g.Sees(area, unlocked, *o) {
			out = append(out, *o)
		}
	}
	return out
}

// sees is Sees for an object of item i. Co-location (dissertation 3.6): everything the puzzle spawns is in its
// area, so an object elsewhere is usable only if the player can carry it there.
func (g *Generator) sees(area string, o Object, i int, unlocked func(string) bool) bool {
	switch {
	case o.Area == InContainer:
		return false
	case o.Area == area || o.Area == Inventory:
		return true
	}
	return g.items[i].Carryable() && unlocked(o.Area)
}

// Generate generates the puzzle of an area backward from one of its goals (dissertation 3.5 and 4.4), choosing
// at random with rng: the same rng state, pack and world give the same puzzle. Where the area's constraints allow
// no puzzle, they are relaxed in the order Relaxation gives, and the puzzle says which were (Puzzle.Relaxed).
func (g *Generator) Generate(a *Area, w *World, rng *rand.Rand) (*Puzzle, error) {
	t, ok := g.tables[a.TemplateName()]
	if !ok {
		return nil, fmt.Errorf("%s: area %s is not in the generator's pack", a.Pos, a.Name)
	}
	s := &search{g: g, area: a, t: t, rng: rng, world: w}
	s.scanWorld(w)
	b := a.Bounds()
	goals, satisfied, pending := s.openGoals(a, w)
	shuffle(rng, goals)
	exhausted := false
	for _, r := range relaxations {
		if p := s.tryGoals(goals, r, b); p != nil {
			p.Relaxed = r
			g.addHerrings(s, p, a)
			return p, nil
		}
		exhausted = exhausted || s.budget <= 0
	}
	switch {
	case satisfied > 0:
		return nil, fmt.Errorf("%s: area %s: %w", a.Pos, a.Name, ErrSatisfied)
	case pending > 0:
		return nil, fmt.Errorf("%s: area %s: %w", a.Pos, a.Name, ErrPending)
	case exhausted:
		return nil, fmt.Errorf("%s: area %s: %w", a.Pos, a.Name, ErrBudget)
	}
	return nil, fmt.Errorf("%s: area %s: %w (depth %d to %d, and any other)", a.Pos, a.Name, ErrInfeasible, b.MinDepth, b.MaxDepth)
}

// openGoals returns the indexes in a.Goals of the goals a puzzle may be generated for, and how many are satisfied
// already or pending (see goalState).
func (s *search) openGoals(a *Area, w *World) (open []int, satisfied, pending int) {
	for i := range s.g.goalKeys[a.TemplateName()] {
		switch s.goalState(a.Goals[i], w) {
		case goalExists:
			satisfied++
		case goalPending:
			pending++
		default:
			open = append(open, i)
		}
	}
	return open, satisfied, pending
}

// tryGoals tries the open goals, in their order, at one relaxation level with a budget of its own, and returns the
// first puzzle made, or nil.
func (s *search) tryGoals(goals []int, r Relaxation, b Bounds) *Puzzle {
	s.budget, s.repeat = searchBudget, r >= RelaxedRepetition
	if r == RelaxedMinDepth && b.MinDepth <= 1 && b.MinSteps <= 0 {
		return nil // no floor to give way on
	}
	// Without objects the search is complete but for the goals of puzzles in progress: one try settles a depth.
	// The number of steps is chance (how many inputs rules fill), so step bounds take more tries.
	tries := 1
	if len(s.objs) > 0 || len(s.others) > 0 {
		tries = 2
	}
	if b.MinSteps > 0 || b.MaxSteps > 0 {
		tries = stepTries
	}
	var chain *Puzzle // the first puzzle made, a single chain: kept while other goals are tried for a fork
	chainGoal, looked := 0, 0
	for _, i := range goals {
		if chain != nil && looked == forkGoals {
			break
		}
		if p := s.tryGoal(i, r, b, tries); p != nil {
			if p.Forks() > 0 || !s.forkRoom() || len(goals) == 1 || s.rng.IntN(forkGoalOdds) == 0 {
				s.proveAlternatives(p)
				return p
			}
			if chain == nil {
				chain, chainGoal = p, i
				continue
			}
		}
		if chain != nil {
			looked++
		}
	}
	if chain != nil {
		s.t, s.goalTerm = s.g.goalTables[s.area.TemplateName()][chainGoal], chain.Goal
		s.proveAlternatives(chain)
	}
	return chain
}

// tryGoal tries goal i of the area at each depth the relaxation allows, and returns the first puzzle made, preferring
// one with a fork (preferFork), or nil.
func (s *search) tryGoal(i int, r Relaxation, b Bounds, tries int) *Puzzle {
	g, name := s.g, s.area.TemplateName()
	k := g.goalKeys[name][i]
	s.t = g.goalTables[name][i]
	s.goalTerm = s.area.Goals[i]
	for _, d := range s.depthsAt(r, k, b) {
		for attempt := 0; attempt < tries && s.budget > 0; attempt++ {
			if p := s.run(k, d); p != nil && b.steps(p.Steps, r) {
				return s.preferFork(k, d, r, b, p)
			}
		}
	}
	return nil
}

// Feasible reports at once, from the feasibility table alone, whether a term could be produced in an area by a tree
// of depth minDepth to maxDepth when no object exists. Generate uses the same table, also counting on the
// objects of the world.
func (g *Generator) Feasible(a *Area, t Term, minDepth, maxDepth int) bool {
	k, ok := g.keyIndex[t.Type+t.Props.String()]
	tab := g.tables[a.TemplateName()]
	return ok && tab != nil && tab.depth[k]&rangeMask(minDepth, maxDepth) != 0
}

// shuffle puts s in a random order.
func shuffle[T any](rng *rand.Rand, s []T) {
	rng.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
}
