package puzzle

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
)

// PlaythroughResult is a whole game played by the engine, as `riddlestone playthrough --json` prints it.
type PlaythroughResult struct {
	Seed    int64        `json:"seed"`
	Initial []Obj        `json:"initial"` // the pack's world objects
	Areas   []AreaResult `json:"areas"`   // in the order their puzzles were generated
}

// AreaResult is the puzzle of one area in a playthrough and the moves that solved it.
type AreaResult struct {
	Area     string `json:"area"`
	Goal     string `json:"goal"`
	Depth    int    `json:"depth"`
	Spawned  []Obj  `json:"spawned"`  // objects the generator added for this area
	Solution []Step `json:"solution"` // rule executions reaching the goal, in order
	// Relaxed names the constraint of the area generation gave way on to make its puzzle (Relaxation.String), ""
	// when none.
	Relaxed string `json:"relaxed,omitempty"`
}

// Obj is an object in a playthrough: its id, item, place and current properties.
type Obj struct {
	ID    int            `json:"id"`
	Item  string         `json:"item"`
	Area  string         `json:"area"`
	Props map[string]any `json:"props"`
}

// Step is one move of a playthrough. Rule is the rule's index, or -1 for PickUp, which brings a carryable object
// from another area; Outputs are in the rule's output order, and a persisting input keeps its id.
type Step struct {
	Rule    int    `json:"rule"`
	Action  string `json:"action"`
	Inputs  []int  `json:"inputs"`
	Outputs []Obj  `json:"outputs"`
}

// objJSON returns an object as a playthrough shows it: JSONObject's form without "holds", which the CLI contract
// does not have.
func objJSON(o Object) Obj {
	j := JSONObject(o)
	return Obj{ID: j.ID, Item: j.Item, Area: j.Area, Props: j.Props}
}

func objsJSON(objs []Object) []Obj {
	out := make([]Obj, 0, len(objs))
	for _, o := range objs {
		out = append(out, objJSON(o))
	}
	return out
}

// object returns the object a playthrough shows, reading properties as decoded from JSON too.
func (o Obj) object() (Object, error) {
	props, err := propsOfJSON(o.Props)
	if err != nil {
		return Object{}, fmt.Errorf("object %d: %w", o.ID, err)
	}
	return Object{ID: o.ID, Item: o.Item, Area: o.Area, Props: props}, nil
}

// progress is the forward part of generation (dissertation 3.5): which areas are unlocked. Achieving an area's
// goal unlocks the areas connected to it, in either direction.
type progress struct {
	pack     *Pack
	unlocked []string
}

// start returns the start area: the first marked start, else the first area.
func (pr *progress) start() (*Area, error) {
	for _, a := range pr.pack.Areas {
		if a.Start {
			return a, nil
		}
	}
	if len(pr.pack.Areas) == 0 {
		return nil, errors.New("the pack has no areas")
	}
	return pr.pack.Areas[0], nil
}

// unlock marks an area unlocked and reports whether it was locked.
func (pr *progress) unlock(name string) bool {
	if slices.Contains(pr.unlocked, name) {
		return false
	}
	pr.unlocked = append(pr.unlocked, name)
	return true
}

// achieve unlocks the areas connected to an achieved area and returns those that were locked, in the order of its
// connections and then of the areas that connect to it.
func (pr *progress) achieve(name string) []*Area {
	var out []*Area
	add := func(n string) {
		if a, ok := pr.pack.Area(n); ok && pr.unlock(n) {
			out = append(out, a)
		}
	}
	if a, ok := pr.pack.Area(name); ok {
		for _, n := range a.Connects {
			add(n)
		}
	}
	for _, a := range pr.pack.Areas {
		if slices.Contains(a.Connects, name) {
			add(a.Name)
		}
	}
	return out
}

func (pr *progress) accessible(area string) bool { return slices.Contains(pr.unlocked, area) }

// NewRand returns the random source a playthrough with the given seed uses: a PCG seeded from it.
func NewRand(seed int64) *rand.Rand {
	return rand.New(rand.NewPCG(uint64(seed), uint64(seed)^0x9e3779b97f4a7c15))
}

// Playthrough plays a whole game with the engine: it generates the start area's puzzle, solves it with the game
// logic (Manager, tree rules), and each time an area's goal is achieved generates the puzzles of the areas it
// unlocks, until every reachable area is done. Puzzles are solved in the order they were generated; several are
// in progress at once, and objects of earlier areas are reused. An area whose goal a puzzle in progress will
// satisfy is generated after the next solve instead. The same pack and seed give the same result.
func Playthrough(p *Pack, seed int64) (*PlaythroughResult, error) {
	return playthrough(NewGenerator(p), p, seed, nil)
}

// Solving is a puzzle of a playthrough as its solution starts: the puzzle, a copy of the state it is solved from
// and the areas unlocked then.
type Solving struct {
	Puzzle   *Puzzle
	State    *State
	Unlocked []string
}

// PlaythroughEach is Playthrough calling each with every puzzle just before the engine solves it, so tools can
// show a puzzle and its state space as a playthrough met them.
func PlaythroughEach(p *Pack, seed int64, each func(Solving)) (*PlaythroughResult, error) {
	return playthrough(NewGenerator(p), p, seed, each)
}

// playthrough is Playthrough with a generator built beforehand and an optional each as in PlaythroughEach.
func playthrough(g *Generator, p *Pack, seed int64, each func(Solving)) (*PlaythroughResult, error) {
	rng := NewRand(seed)
	state := NewState(p.World)
	res := &PlaythroughResult{Seed: seed, Initial: objsJSON(state.Objects())}
	pr := &progress{pack: p}
	start, err := pr.start()
	if err != nil {
		return nil, err
	}
	pr.unlock(start.Name)
	dist := p.Distances(start.Name) // the rings raise bounds by it
	var queue []*Puzzle             // generated, not yet solved, in generation order
	var results []int               // index in res.Areas of each queued puzzle
	var open []*Area                // unlocked areas waiting for their puzzle
	var deferred []*Area            // areas whose goal a puzzle in progress will satisfy: tried again after the next solve
	open = append(open, start)
	for len(open) > 0 || len(queue) > 0 {
		// Generate every unlocked area's puzzle; an area whose goal is already satisfied is achieved at once.
		for len(open) > 0 {
			a := open[0]
			open = open[1:]
			pz, err := g.Generate(p.AtDistance(a, dist[a.Name]), &World{Objects: state.Objects(), Unlocked: pr.unlocked, InProgress: queue, NextID: state.NextID}, rng)
			if errors.Is(err, ErrPending) {
				deferred = append(deferred, a)
				continue
			}
			if errors.Is(err, ErrSatisfied) {
				goal, steps, err := bringGoal(p, state, a, pr.accessible)
				if err != nil {
					return nil, err
				}
				res.Areas = append(res.Areas, AreaResult{Area: a.Name, Goal: goal, Spawned: []Obj{}, Solution: steps})
				open = append(open, pr.achieve(a.Name)...)
				continue
			}
			if err != nil {
				return nil, err
			}
			for _, o := range pz.Spawned { // their ids follow every existing one
				state.insert(o)
				state.NextID = max(state.NextID, o.ID+1)
			}
			res.Areas = append(res.Areas, AreaResult{Area: a.Name, Goal: pz.Goal.String(), Depth: pz.Depth, Spawned: objsJSON(pz.Spawned), Relaxed: relaxedName(pz.Relaxed)})
			queue = append(queue, pz)
			results = append(results, len(res.Areas)-1)
		}
		if len(queue) == 0 {
			break
		}
		pz, ar := queue[0], &res.Areas[results[0]]
		queue, results = queue[1:], results[1:]
		if each != nil {
			each(Solving{Puzzle: pz, State: state.Clone(), Unlocked: slices.Clone(pr.unlocked)})
		}
		steps, err := solve(p, state, pz, queue, pr.accessible)
		if err != nil {
			return nil, fmt.Errorf("seed %d: area %s: %w", seed, pz.Area, err)
		}
		ar.Solution = steps
		open = append(deferred, pr.achieve(pz.Area)...)
		deferred = nil
	}
	return res, nil
}

// relaxedName is a relaxation as a playthrough shows it: its name, or "" for none.
func relaxedName(r Relaxation) string {
	if r == Strict {
		return ""
	}
	return r.String()
}

// bringGoal achieves the goal of an area that is already satisfied (ErrSatisfied): at once when an object in the
// area or the inventory satisfies it, else by picking up a carryable one from another accessible area.
func bringGoal(p *Pack, s *State, a *Area, accessible func(string) bool) (string, []Step, error) {
	for _, t := range a.Goals {
		if p.GoalAchieved(s, a.Name, t) {
			return t.String(), []Step{}, nil
		}
	}
	for _, t := range a.Goals {
		for _, id := range p.Find(s, t) {
			mv := Move{Rule: PickUp, Inputs: []int{id}}
			if p.Legal(s, mv, accessible) != nil {
				continue
			}
			out, err := p.Apply(s, mv)
			if err != nil {
				return "", nil, err
			}
			return t.String(), []Step{{Rule: -1, Action: PickUp.Action, Inputs: []int{id}, Outputs: objsJSON(out)}}, nil
		}
	}
	return "", nil, fmt.Errorf("area %s: the generator found a goal satisfied, but no object can achieve it", a.Name)
}

// solve executes a puzzle's solution with the game logic, picking up first any input lying in another area, and
// checks that the goal is achieved by the last step and no goal of a puzzle in progress before.
func solve(p *Pack, s *State, pz *Puzzle, waiting []*Puzzle, accessible func(string) bool) ([]Step, error) {
	m := NewManager(p, s, TreeRules, accessible)
	if _, err := m.Track(pz.Area, pz.Goal, pz.TreeRules()); err != nil {
		return nil, err
	}
	made := map[*Node]int{} // object id of each executed node
	steps := []Step{}
	sol := pz.Solution()
	for i, n := range sol {
		mv := Move{Rule: n.Rule, Area: pz.Area} // the manager makes the node's items
		for _, c := range n.Children {
			id := c.Object
			if !c.Leaf() {
				id = made[c]
			}
			mv.Inputs = append(mv.Inputs, id)
			if o, ok := s.Object(id); ok && o.Area != Inventory && o.Area != pz.Area {
				out, _, err := m.Do(Move{Rule: PickUp, Inputs: []int{id}})
				if err != nil {
					return steps, fmt.Errorf("step %d: %w", len(steps)+1, err)
				}
				steps = append(steps, Step{Rule: -1, Action: PickUp.Action, Inputs: []int{id}, Outputs: objsJSON(out)})
			}
		}
		out, achieved, err := m.Do(mv)
		if err != nil {
			return steps, fmt.Errorf("step %d: %w", len(steps)+1, err)
		}
		steps = append(steps, Step{Rule: n.Rule.Index, Action: n.Rule.Action, Inputs: mv.Inputs, Outputs: objsJSON(out)})
		made[n] = out[0].ID
		last := i == len(sol)-1
		if last != (len(achieved) == 1 && achieved[0] == pz.Area) {
			return steps, fmt.Errorf("step %d (%s): goal %s achieved %v, expected only after the last step", len(steps), n.Rule.Action, pz.Goal, achieved)
		}
		for _, w := range waiting {
			if p.GoalAchieved(s, w.Area, w.Goal) {
				return steps, fmt.Errorf("step %d (%s) achieves the goal %s of %s, whose puzzle is still to come", len(steps), n.Rule.Action, w.Goal, w.Area)
			}
		}
	}
	return steps, nil
}

// TreeRules flattens the puzzle tree for Manager and Explore.Tree, in solution order so that the manager's first
// current leaf of a rule is always the node being executed, each node's inputs typed by the items generation matched
// for them (TreeRule.Inputs, Node.InputTerms). The nodes of alternatives (Node.Alternatives) follow the solution's,
// each sharing its parent and its Or with the node it can replace.
func (p *Puzzle) TreeRules() []TreeRule {
	flat := p.ruleNodes()
	nodes := make([]TreeRule, len(flat))
	for i, f := range flat {
		n := f.node
		nodes[i] = TreeRule{Rule: n.Rule, Parent: f.parent, Items: n.Outputs, Inputs: n.InputTerms(), Or: f.or}
	}
	return nodes
}

// RuleOrder returns the puzzle's rule nodes in the order of TreeRules, so that node i of a tracked puzzle
// (Tracked.Done) is RuleOrder()[i]: the solution's first, then the alternatives'.
func (p *Puzzle) RuleOrder() []*Node {
	flat := p.ruleNodes()
	out := make([]*Node, len(flat))
	for i, f := range flat {
		out[i] = f.node
	}
	return out
}

// flatNode is a rule node of a puzzle as TreeRules lists it: the index of its parent and its group of
// alternatives (TreeRule.Or).
type flatNode struct {
	node   *Node
	parent int
	or     int
}

// ruleNodes returns the rule nodes in the order of TreeRules: the solution's (post-order), then each alternative's
// subtree in post-order, alternatives of a node after those of the nodes before it.
func (p *Puzzle) ruleNodes() []flatNode {
	var out []flatNode
	var alts []flatNode // alternatives met, with the parent and group they will take
	groups := 0
	var walk func(n *Node, parent int) // appends n's subtree, its root with the given parent
	walk = func(n *Node, parent int) {
		if n.Leaf() {
			return
		}
		first := len(out)
		for _, c := range n.Children {
			walk(c, -2)
		}
		me := len(out)
		out = append(out, flatNode{node: n, parent: parent})
		for i := first; i < me; i++ {
			if out[i].parent == -2 {
				out[i].parent = me
			}
		}
		if len(n.Alternatives) > 0 {
			groups++
			out[me].or = groups
			for _, a := range n.Alternatives {
				alts = append(alts, flatNode{node: a, parent: me, or: groups}) // parent: the node a replaces, for now
			}
		}
	}
	walk(p.Root, -1)
	for len(alts) > 0 {
		a := alts[0]
		alts = alts[1:]
		walk(a.node, out[a.parent].parent)
		out[len(out)-1].or = a.or // its root: the alternative of node a.parent
	}
	return out
}
