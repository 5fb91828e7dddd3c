package site

import (
	"container/heap"
	"maps"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// Steps. Where the ground an area's objects stand on is not walked to both ways from the area's entrance (a
// ledge above a cliff, too small for the objects, or a mountainside players drop down and cannot climb back),
// steps join the two: a way of treads over the ground, each at most one block above or below the next with room
// for a jump above it, from the ground walked to both ways from the entrance to the objects' ground, found as the
// cheapest in blocks and length (Dijkstra). Steps only fill: a tread is a pillar of cobblestone from the ground up,
// at most maxFill high, so nothing is dug, nothing hangs and nothing falls; they never stand over water, in leaves
// or trunks, or on a column refused (objects, tagged features, structures). They are planned on the area's
// snapshot when its spots are chosen, so the spots are chosen on the ground the steps join, recorded in the area's
// record as structures named "steps" (one a straight run of treads) that go with no object, and built once with
// the area's objects, in batches, as a structure is (structure_build.go); the world keeps them from then on.

const (
	// StepsName is the structure name steps are recorded under.
	StepsName = "steps"
	// maxFill is the highest pillar a tread stands on, in blocks.
	maxFill = 8
	// maxStepTries is how many ways of steps are tried on an area before giving up.
	maxStepTries = 8
	// stepRoom is the room a tread keeps above it: a body, and a jump onto the next.
	stepRoom = 3
	// goalFill is how many times more a block filled on the ground the steps join costs than one elsewhere.
	goalFill = 4
	// wayMemory is how many treads back the search keeps a way from crossing itself.
	wayMemory = 32
)

// StepBlock is the block steps are built of: solid, and it does not fall.
var StepBlock world.Block = block.Cobblestone{}

// Steps is the steps planned for an area: their blocks, in the order to set them, and their records.
type Steps struct {
	Cells   []Cell
	Records []store.Built
}

// tread is a column of a way of steps, with the blocks filled on its ground.
type tread struct{ col, fill int }

// planSteps plans the cheapest way of steps that joins the ground walked to both ways from the columns arrive to
// the piece of ground main, on columns avoid accepts (nil: any), and applies it to the terrain, the spots on and
// beside its treads refused. A way whose treads filled on main, or on the ground walked to from arrive, cut its ways
// is tried again with those columns left as they are, up to maxStepTries times. It reports false, the terrain unchanged, when none joins them.
func (t *terrain) planSteps(arrive, main []int, avoid func(x, z int) bool) (Steps, bool) {
	inMain := inSet(len(t.feet), main)
	near := t.bothWays(arrive)
	fixed := make([]bool, len(t.feet))
	for range maxStepTries {
		way, ok := newStepSearch(t, inMain, near, fixed, avoid).run(near)
		if !ok {
			return Steps{}, false
		}
		if pl, ok := t.tryWay(way, arrive, inMain, len(main)); ok {
			return pl, true
		}
		if !fixFills(way, inMain, near, fixed) {
			return Steps{}, false
		}
	}
	return Steps{}, false
}

// fixFills marks fixed the columns of main or near a way of steps filled, after the way cut their own ways: the
// next search leaves them as they are. It reports whether it marked any.
func fixFills(way []tread, inMain, near, fixed []bool) bool {
	marked := false
	for _, s := range way {
		if s.fill > 0 && (inMain[s.col] || near[s.col]) && !fixed[s.col] {
			fixed[s.col], marked = true, true
		}
	}
	return marked
}

// tryWay plans a way of steps on the terrain and keeps it when the ground walked to both ways from arrive then
// takes in main but for a few columns around those it fills, and half of it at least. It reports whether it did.
func (t *terrain) tryWay(way []tread, arrive []int, inMain []bool, mainSize int) (Steps, bool) {
	before := maps.Clone(t.r.edits)
	sets, filled := t.waySets(way)
	recs := t.stepsRecords(way)
	for _, c := range sets {
		t.r.SetBlock(c.off, c.b, nil)
	}
	for _, s := range way {
		t.scan(s.col)
	}
	if len(sets) == 0 || !t.joinsMain(arrive, inMain, max(mainSize/2, mainSize-4*filled)) {
		t.r.edits = before
		for _, s := range way {
			t.scan(s.col)
		}
		return Steps{}, false
	}
	t.refuseSpots(way)
	return Steps{Cells: sets, Records: recs}, true
}

// joinsMain reports whether the ground walked to both ways from arrive takes in at least want columns of main,
// and one at least.
func (t *terrain) joinsMain(arrive []int, inMain []bool, want int) bool {
	n := 0
	for i, ok := range t.bothWays(arrive) {
		if ok && inMain[i] {
			n++
		}
	}
	return n >= max(want, 1)
}

// waySets returns the blocks of a way of steps, bottom up in each column: the treads' pillars, and air where
// plants stood in a tread's room; and how many columns it fills.
func (t *terrain) waySets(way []tread) ([]Cell, int) {
	var out []Cell
	filled := 0
	for _, s := range way {
		if s.fill == 0 {
			continue
		}
		filled++
		x, z := t.pos(s.col)
		f := t.feet[s.col]
		for y := f; y < f+s.fill; y++ {
			out = append(out, Cell{off: cube.Pos{x, y, z}, b: StepBlock})
		}
		for y := f + s.fill; y <= f+s.fill+stepRoom; y++ {
			b := t.r.Block(cube.Pos{x, y, z})
			if _, air := b.(block.Air); air || !Passable(b) {
				break
			}
			out = append(out, Cell{off: cube.Pos{x, y, z}})
		}
	}
	return out, filled
}

// refuseSpots keeps objects off the treads of a way of steps and the columns of the way beside them, where one
// would bar the way.
func (t *terrain) refuseSpots(way []tread) {
	if t.noSpot == nil {
		t.noSpot = map[int]bool{}
	}
	for k, s := range way {
		if s.fill > 0 || (k > 0 && way[k-1].fill > 0) || (k+1 < len(way) && way[k+1].fill > 0) {
			t.noSpot[s.col] = true
		}
	}
}

// stepsRecords returns the records of a way of steps: one a straight run of treads, named StepsName, going with
// no object (0), anchored at the feet block of its first tread and turned as it runs from east.
func (t *terrain) stepsRecords(way []tread) []store.Built {
	var out []store.Built
	for k := 0; k < len(way); k++ {
		if way[k].fill == 0 {
			continue
		}
		end := k
		for end+1 < len(way) && way[end+1].fill > 0 && t.along(way, k, end+1) {
			end++
		}
		out = append(out, t.runRecord(way[k:end+1]))
		k = end
	}
	return out
}

// along reports whether tread j of a way lies in a straight line with tread k and the one after it.
func (t *terrain) along(way []tread, k, j int) bool {
	x0, z0 := t.pos(way[k].col)
	x1, z1 := t.pos(way[min(k+1, len(way)-1)].col)
	xj, zj := t.pos(way[j].col)
	return (x1-x0)*(zj-z0) == (z1-z0)*(xj-x0)
}

// runRecord returns the record of a straight run of treads.
func (t *terrain) runRecord(run []tread) store.Built {
	first := cube.Pos{}
	rec := store.Built{Structure: StepsName}
	for k, s := range run {
		x, z := t.pos(s.col)
		f := t.feet[s.col]
		lo, hi := store.AreaBlock{x, f, z}, store.AreaBlock{x, f + s.fill - 1, z}
		rec.Treads = append(rec.Treads, store.Tread{X: x, Z: z, Feet: f, Fill: s.fill})
		if k == 0 {
			first = cube.Pos{x, f + s.fill, z}
			rec.Min, rec.Max = lo, hi
		}
		for i := range 3 {
			rec.Min[i], rec.Max[i] = min(rec.Min[i], lo[i]), max(rec.Max[i], hi[i])
		}
	}
	rec.Anchor = store.AreaBlock(first)
	if len(run) > 1 {
		x1, z1 := t.pos(run[1].col)
		rec.Rot = rotOf([2]int{x1 - first[0], z1 - first[2]})
	}
	return rec
}

// rotOf returns the quarter turns clockwise, seen from above, that turn east into direction d.
func rotOf(d [2]int) int {
	for r := range 4 {
		if turn(cube.Pos{1, 0, 0}, r) == (cube.Pos{d[0], 0, d[1]}) {
			return r
		}
	}
	return 0
}

// stepSearch finds the cheapest way of steps over a terrain: its states are treads, a column with 0 to maxFill
// blocks filled on its ground, numbered col*(maxFill+1)+fill.
type stepSearch struct {
	t    *terrain
	cap  []int  // per column, the most blocks filled that leave room above, or -1 where no tread stands
	goal []bool // per column, the ground the way ends on
	from []bool // per column, the ground the way starts from
	cost []int  // per state, the cost of the cheapest way to it found so far, or -1
	prev []int  // per state, the state before it on that way, or -1
}

// newStepSearch returns the search of ways of steps from the columns from to the columns goal, on columns avoid
// accepts (nil: any). No tread is filled on the columns fixed, whose ways stay as they are; a tread filled on from
// or goal (steps at the foot of a cliff) costs goalFill times as much as elsewhere, so their ways are kept where
// they can be.
func newStepSearch(t *terrain, goal, from, fixed []bool, avoid func(x, z int) bool) *stepSearch {
	s := &stepSearch{t: t, cap: make([]int, len(t.feet)), goal: goal, from: from}
	for i := range t.feet {
		s.cap[i] = -1
		if !t.refused(i, avoid) {
			x, z := t.pos(i)
			s.cap[i] = min(maxFill, t.roomFrom(x, t.feet[i], z, maxFill+stepRoom)-stepRoom)
		}
		if fixed[i] {
			s.cap[i] = min(s.cap[i], 0)
		}
	}
	n := len(t.feet) * (maxFill + 1)
	s.cost, s.prev = make([]int, n), make([]int, n)
	for i := range n {
		s.cost[i], s.prev[i] = -1, -1
	}
	return s
}

// refused reports whether no tread may stand on column i: no ground, or avoid refuses it.
func (t *terrain) refused(i int, avoid func(x, z int) bool) bool {
	x, z := t.pos(i)
	return t.feet[i] == noY || (avoid != nil && avoid(x, z))
}

// roomFrom counts the blocks from y up in column x, z a body fits in, up to most.
func (t *terrain) roomFrom(x, y, z, most int) int {
	n := 0
	for n < most && Passable(t.r.Block(cube.Pos{x, y + n, z})) {
		n++
	}
	return n
}

// run searches from the columns from, at their ground, and returns the cheapest way to the goal's ground that
// crosses no column twice, from its first tread to its last, and whether there is one.
func (s *stepSearch) run(from []bool) ([]tread, bool) {
	q := &stepQueue{}
	for i, ok := range from {
		if ok && s.cap[i] >= 0 {
			s.cost[s.state(i, 0)] = 0
			heap.Push(q, stepItem{0, s.state(i, 0)})
		}
	}
	for q.Len() > 0 {
		it := heap.Pop(q).(stepItem)
		if it.cost != s.cost[it.state] {
			continue
		}
		if col, fill := s.tread(it.state); fill == 0 && s.goal[col] {
			if way, ok := s.way(it.state); ok {
				return way, true
			}
			continue
		}
		s.relax(q, it)
	}
	return nil, false
}

// relax offers the treads a player walks to both ways from a state's, each at the cost of one more tread and the
// blocks it fills.
func (s *stepSearch) relax(q *stepQueue, it stepItem) {
	col, fill := s.tread(it.state)
	h := s.t.feet[col] + fill
	for _, d := range dirs {
		j := s.t.next(col, d)
		if j < 0 || s.cap[j] < 0 || s.crossed(it.state, j) {
			continue
		}
		for f := max(0, h-1-s.t.feet[j]); f <= min(s.cap[j], h+1-s.t.feet[j]); f++ {
			next, c := s.state(j, f), it.cost+1+f
			if s.goal[j] || s.from[j] {
				c += (goalFill - 1) * f
			}
			if s.cost[next] < 0 || c < s.cost[next] {
				s.cost[next], s.prev[next] = c, it.state
				heap.Push(q, stepItem{c, next})
			}
		}
	}
}

// crossed reports whether the way to a state crosses column col within its last wayMemory treads: a column
// holds one tread, so a way may not come back to one a few treads lower (way checks the rest of it).
func (s *stepSearch) crossed(state, col int) bool {
	for k, st := 0, state; k < wayMemory && st >= 0; k, st = k+1, s.prev[st] {
		if c, _ := s.tread(st); c == col {
			return true
		}
	}
	return false
}

// way returns the treads of the way to a state, first to last, and false when it crosses a column twice.
func (s *stepSearch) way(end int) ([]tread, bool) {
	var out []tread
	seen := map[int]bool{}
	for st := end; st >= 0; st = s.prev[st] {
		col, fill := s.tread(st)
		if seen[col] {
			return nil, false
		}
		seen[col] = true
		out = append(out, tread{col, fill})
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out, true
}

// state returns the number of the tread on column col with fill blocks filled.
func (s *stepSearch) state(col, fill int) int { return col*(maxFill+1) + fill }

// tread returns the column and fill of a state.
func (s *stepSearch) tread(state int) (col, fill int) {
	return state / (maxFill + 1), state % (maxFill + 1)
}

// stepItem is a state waiting in the search, with the cost of the way to it.
type stepItem struct{ cost, state int }

// stepQueue is the search's priority queue: cheapest first, then the lower state, so the search is deterministic.
type stepQueue []stepItem

// Len is the number of items.
func (q stepQueue) Len() int { return len(q) }

// Less orders items by cost, then by state.
func (q stepQueue) Less(i, j int) bool {
	return q[i].cost < q[j].cost || (q[i].cost == q[j].cost && q[i].state < q[j].state)
}

// Swap swaps two items.
func (q stepQueue) Swap(i, j int) { q[i], q[j] = q[j], q[i] }

// Push adds an item.
func (q *stepQueue) Push(x any) { *q = append(*q, x.(stepItem)) }

// Pop takes the last item.
func (q *stepQueue) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
