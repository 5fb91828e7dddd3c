package overlay

import (
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// This file is the overlay's read-only face for dashboards (server/web): value types copied from the latest
// published state, which never changes, so a reader on any goroutine neither locks nor waits; and the hook
// through which the overlay reports its counters (Metrics).

// Map is what a dashboard shows of the overlay: the areas it knows, with their state and puzzle, as values that
// share nothing with it. Snapshot makes one.
type Map struct {
	AreaSize int           // the side of an area in chunks
	Start    store.AreaPos // the start area
	Version  int           // counts the overlay's changes: two maps of one version are equal
	Areas    []AreaView    // every area the store has, and the locked neighbours of open areas, by z then x
}

// AreaView is one area as a dashboard shows it.
type AreaView struct {
	Pos      store.AreaPos
	State    store.AreaState
	Pending  bool            // being opened or given a new puzzle
	Template string          // the pack area it was made from; "" while locked
	Goal     string          // the goal in words ("a lit campfire"); "" when it has none
	GoalTerm string          // the goal in rule notation
	Keys     []store.AreaPos // the areas whose goals open it; none for the start
	TwoKeys  bool            // it needs two keys
	Distance int             // borders from the start
	Depth    int             // rules on the longest path from the goal to a leaf
	Done     int             // rules of its puzzle that have run
	Steps    int             // rules of its puzzle
	Rerolls  int             // times its puzzle was generated again
	Objects  int             // puzzle objects in the area
	NoPuzzle string          // why its last generation made no puzzle; "" when it has one
	Relaxed  string          // why its puzzle does not keep to its template's bounds; "" when it does
}

// ObjectView is a puzzle object as a dashboard shows it.
type ObjectView struct {
	ID     int
	Item   string
	Words  string      // in words, as players read it: "the lit campfire"
	Props  string      // in rule notation: "[lit: true]"
	Area   string      // the area's name, puzzle.Inventory or puzzle.InContainer
	Where  store.Where // where it is in the world
	Holds  int         // the id of the object inside it, or 0
	InTree bool        // a leaf of its area's puzzle tree
}

// Tree is an area's puzzle tree with its progress.
type Tree struct {
	Area     store.AreaPos
	Goal     string // in words
	GoalTerm string // in rule notation
	Root     TreeNode
	Depth    int
	Breadth  int // leaves
	Steps    int // rules
	Done     int // rules that have run
	Achieved bool
}

// TreeNode is a node of a puzzle tree: a rule that makes its term from its children, or a leaf object.
type TreeNode struct {
	Term     string // in rule notation
	Item     string // the item filling the term
	Words    string // the term in words: "a lit campfire"
	Action   string // the rule's action in words ("light"); "" for a leaf
	Object   int    // a leaf's object id
	Spawned  bool   // a leaf spawned for the puzzle rather than found in the world
	Done     bool   // the rule has run
	Step     int    // the rule's place in the solution order, from 1; 0 for a leaf or an alternative
	Children []TreeNode
	// Alternatives are the other rules that make what this node makes (OR-nodes), any one of which may run
	// instead of it, each with its own inputs.
	Alternatives []TreeNode `json:",omitempty"`
}

// Snapshot returns the areas as the latest published state has them. It never waits; call it from anywhere.
func (o *Overlay) Snapshot() Map {
	v := o.view()
	m := Map{AreaSize: o.opts.AreaSize, Start: o.graph.Start(), Version: v.version}
	seen := map[store.AreaPos]bool{}
	add := func(a store.AreaPos) {
		if !seen[a] {
			seen[a] = true
			m.Areas = append(m.Areas, o.areaView(v, a))
		}
	}
	add(o.graph.Start())
	for a, run := range v.areas.All() {
		add(a)
		if run.rec.State != store.Locked {
			for _, n := range a.Neighbours() {
				add(n)
			}
		}
	}
	slices.SortFunc(m.Areas, func(x, y AreaView) int {
		if x.Pos[1] != y.Pos[1] {
			return int(x.Pos[1]) - int(y.Pos[1])
		}
		return int(x.Pos[0]) - int(y.Pos[0])
	})
	return m
}

// Area returns one area as the latest published state has it; an area the overlay has never opened is locked.
func (o *Overlay) Area(a store.AreaPos) AreaView { return o.areaView(o.view(), a) }

// areaView describes an area of a published state.
func (o *Overlay) areaView(v *state, a store.AreaPos) AreaView {
	keys := o.graph.Keys(a)
	av := AreaView{Pos: a, State: store.Locked, Pending: v.pending[a], Keys: keys, TwoKeys: len(keys) == 2,
		Distance: o.graph.Distance(a)}
	name := areaName(a)
	for obj := range v.game.State.All() {
		if obj.Area == name {
			av.Objects++
		}
	}
	run, ok := v.areas.Get(a)
	if !ok {
		return av
	}
	av.State, av.Template, av.GoalTerm, av.Rerolls = run.rec.State, run.rec.Template, run.rec.Goal, run.rec.Rerolls
	av.NoPuzzle, av.Relaxed = run.rec.NoPuzzle, run.rec.Relaxed
	if run.rec.Goal != "" {
		av.Goal = goalWords(v.pack, run.rec.Goal)
	}
	av.Depth = depthOf(run)
	av.Done, av.Steps = progress(v, a)
	return av
}

// ObjectViews returns the puzzle objects in an area, and those inside them, in id order.
func (o *Overlay) ObjectViews(a store.AreaPos) []ObjectView {
	v := o.view()
	name := areaName(a)
	leaves := map[int]bool{}
	if run, ok := v.areas.Get(a); ok && run.puzzle != nil {
		for _, n := range run.puzzle.Leaves() {
			leaves[n.Object] = true
		}
	}
	var out []ObjectView
	inside := map[int]bool{}
	for obj := range v.game.State.All() {
		if obj.Area != name && !inside[obj.ID] {
			continue
		}
		if obj.Contained != 0 {
			inside[obj.Contained] = true // objects are in id order, and a container may hold an older object
		}
		out = append(out, objectView(v, obj, leaves[obj.ID]))
	}
	for id := range inside {
		if !slices.ContainsFunc(out, func(ov ObjectView) bool { return ov.ID == id }) {
			if obj, ok := v.game.State.Object(id); ok {
				out = append(out, objectView(v, *obj, leaves[id]))
			}
		}
	}
	slices.SortFunc(out, func(x, y ObjectView) int { return x.ID - y.ID })
	return out
}

// objectView describes an object of a published state.
func objectView(v *state, obj puzzle.Object, leaf bool) ObjectView {
	return ObjectView{ID: obj.ID, Item: obj.Item, Words: words.Object(v.pack, obj), Props: obj.Props.String(),
		Area: obj.Area, Where: v.where.At(obj.ID), Holds: obj.Contained, InTree: leaf}
}

// PuzzleTree returns an area's puzzle tree with the rules that have run marked; ok is false when the area has no
// puzzle.
func (o *Overlay) PuzzleTree(a store.AreaPos) (Tree, bool) {
	v := o.view()
	run, ok := v.areas.Get(a)
	if !ok || run.puzzle == nil || run.puzzle.Root == nil {
		return Tree{}, false
	}
	pz := run.puzzle
	step := map[*puzzle.Node]int{}
	for i, n := range pz.Solution() {
		step[n] = i + 1
	}
	index := map[*puzzle.Node]int{} // the node's number as the manager tracks it: the solution's, then the alternatives'
	for i, n := range pz.RuleOrder() {
		index[n] = i + 1
	}
	tracked := v.tracked(a)
	done := func(n *puzzle.Node) bool {
		return tracked != nil && index[n] > 0 && tracked.Done(index[n]-1)
	}
	var walk func(n *puzzle.Node) TreeNode
	walk = func(n *puzzle.Node) TreeNode {
		tn := TreeNode{Term: n.Term.String(), Item: n.Item, Words: words.Term(v.pack, n.Term), Object: n.Object,
			Spawned: n.Spawn, Step: step[n], Done: done(n)}
		if n.Rule != nil {
			tn.Action = words.Of(n.Rule.Action)
		}
		for _, c := range n.Children {
			tn.Children = append(tn.Children, walk(c))
		}
		for _, a := range n.Alternatives {
			tn.Alternatives = append(tn.Alternatives, walk(a))
		}
		return tn
	}
	t := Tree{Area: a, Goal: goalWords(v.pack, run.rec.Goal), GoalTerm: run.rec.Goal, Root: walk(pz.Root),
		Depth: pz.Depth, Breadth: pz.Breadth, Steps: pz.Steps, Achieved: run.rec.State == store.Solved}
	t.Done, _ = progress(v, a)
	return t, true
}

// QueueDepth returns how many requests wait for the owner.
func (o *Overlay) QueueDepth() int {
	o.inbox.mu.Lock()
	defer o.inbox.mu.Unlock()
	return len(o.inbox.queue)
}

// Metrics receives the overlay's counters for a dashboard or a metrics endpoint. Its methods are called from
// the owner and background goroutines and must not block.
type Metrics interface {
	// Generated reports a puzzle generation and how long it took; err is why it made no puzzle.
	Generated(d time.Duration, err error)
	// Committed reports a commit to the store and how long it took.
	Committed(d time.Duration, err error)
	// Recovered reports a panic recovered: in a request, a repair, a world change or background work.
	Recovered(where string)
}

// NopMetrics is Metrics that ignores everything: the overlay's own until SetMetrics.
type NopMetrics struct{}

// Generated does nothing.
func (NopMetrics) Generated(time.Duration, error) {}

// Committed does nothing.
func (NopMetrics) Committed(time.Duration, error) {}

// Recovered does nothing.
func (NopMetrics) Recovered(string) {}

// metricsOf holds the Metrics of each overlay that has some (set apart from Overlay, so that dashboards plug in
// without changing it).
var metricsOf sync.Map // *Overlay -> Metrics

// SetMetrics makes m receive the overlay's counters; nil goes back to NopMetrics.
func (o *Overlay) SetMetrics(m Metrics) {
	if m == nil {
		metricsOf.Delete(o)
		return
	}
	metricsOf.Store(o, m)
}

// metrics returns the overlay's Metrics.
func (o *Overlay) metrics() Metrics {
	if m, ok := metricsOf.Load(o); ok {
		return m.(Metrics)
	}
	return NopMetrics{}
}

// commitTimed commits a change to the store, reporting how long it took.
func (o *Overlay) commitTimed(c store.Change) error {
	start := time.Now()
	err := o.commitSafely(c)
	took := time.Since(start)
	o.safely("metrics", &request{name: "commit"}, func() { o.metrics().Committed(took, err) })
	return err
}

// timedGenerate generates an area's puzzle as generateInto does, reporting how long it took.
func (o *Overlay) timedGenerate(s *state, run *areaRun, rng *rand.Rand) (*puzzle.Puzzle, error) {
	start := time.Now()
	pz, err := s.gen.Generate(run.area, o.generatorWorld(s, run.area.Name), rng)
	o.metrics().Generated(time.Since(start), err)
	return pz, err
}
