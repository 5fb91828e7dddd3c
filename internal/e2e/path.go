package e2e

import (
	"container/heap"
	"math"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/go-gl/mathgl/mgl64"
)

const (
	// maxDrop is the highest ledge, in blocks, a Human steps down from (falls of more than 3 blocks hurt).
	maxDrop = 3
	// maxClimb is the highest a Human jumps up onto (a jump lifts the feet 1.25 blocks).
	maxClimb = 1.2
	// pathBudget bounds the cells one search expands.
	pathBudget = 40000
	// pathRange bounds how far, horizontally, a search looks from where it starts.
	pathRange = 96
	// swimCost is what a move into water costs for each block a walk on land of the same length costs: a player
	// swims slower than it walks, and goes round water that it can.
	swimCost = 3
)

// waypoint is a place on a path: the cell the feet are in, and the height they stand at (the cell's bottom, or
// the top of a slab or carpet in it).
type waypoint struct {
	cell cube.Pos
	y    float64
	swim bool // floating at the surface of water, not standing
}

// feet returns the position of the feet standing in the middle of the waypoint's cell.
func (w waypoint) feet() mgl64.Vec3 {
	return mgl64.Vec3{float64(w.cell[0]) + 0.5, w.y, float64(w.cell[2]) + 0.5}
}

// step is a move between two waypoints of a path.
type step struct {
	to   waypoint
	cost float64
}

// neighbours returns the places a player standing at p reaches in one move: the 8 cells around at the same
// height (diagonals only past two open corners), up to maxClimb higher with a jump, or down a ledge of up to
// maxDrop (neither diagonally). A cell is crossed along X or Z only if its collision boxes leave the body room
// that way: an open door lets a player through, a closed one does not.
func (s *shapes) neighbours(p waypoint, blocked map[cube.Pos]bool, out []step) []step {
	out = out[:0]
	px, py, pz := p.cell[0], p.cell[1], p.cell[2]
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			if dx == 0 && dz == 0 {
				continue
			}
			qx, qz := px+dx, pz+dz
			if dx != 0 && dz != 0 {
				n := cube.Pos{qx, py, qz}
				if blocked[n] {
					continue
				}
				if fn, ok, sw := s.place(n); ok && math.Abs(fn-p.y) < 0.01 && s.open(px+dx, pz, p.y) && s.open(px, pz+dz, p.y) {
					out = append(out, step{waypoint{n, fn, sw}, math.Sqrt2 * s.wet(n)})
				}
				continue
			}
			mode := modeX
			if dx == 0 {
				mode = modeZ
			}
			if !s.body(px, pz, p.y, p.y+bodyHeight, mode) {
				continue
			}
			for y := py + 1; y >= py-maxDrop-1; y-- {
				n := cube.Pos{qx, y, qz}
				fn, ok, sw := s.place(n)
				if !ok || blocked[n] {
					continue
				}
				w, wet := waypoint{n, fn, sw}, s.wet(n)
				switch d := fn - p.y; {
				case d > maxClimb:
				case d > 0.01: // Jump (or climb out of water): room above where it is, then at the new height.
					if s.body(px, pz, p.y, fn+bodyHeight, mode) && s.body(qx, qz, fn, fn+bodyHeight, mode) {
						out = append(out, step{w, 2 * wet})
					}
				case d >= -0.01:
					if s.body(qx, qz, fn, fn+bodyHeight, mode) {
						out = append(out, step{w, wet})
					}
				case d >= -maxDrop: // Walk off the ledge and fall (or jump into water).
					if s.body(qx, qz, fn, p.y+bodyHeight, mode) {
						out = append(out, step{w, (1 - d) * wet})
					}
				}
			}
		}
	}
	return out
}

// wet returns how much dearer a move into the cell at pos is than on dry land: swimCost if it holds water.
func (s *shapes) wet(pos cube.Pos) float64 {
	if s.at(pos).water {
		return swimCost
	}
	return 1
}

// search is a bounded A* search over the places a player can stand.
type search struct {
	t       *Terrain
	start   waypoint
	goal    func(feet mgl64.Vec3) bool
	h       func(feet mgl64.Vec3) float64 // estimate of the cost left, 0 at a goal
	blocked map[cube.Pos]bool
	budget  int
}

type node struct {
	at     waypoint
	g, f   float64
	parent int
	index  int // in the heap, -1 once closed
}

type openSet struct {
	nodes []*node
	order []int
}

func (o *openSet) Len() int { return len(o.order) }
func (o *openSet) Less(i, j int) bool {
	return o.nodes[o.order[i]].f < o.nodes[o.order[j]].f
}
func (o *openSet) Swap(i, j int) {
	o.order[i], o.order[j] = o.order[j], o.order[i]
	o.nodes[o.order[i]].index, o.nodes[o.order[j]].index = i, j
}
func (o *openSet) Push(x any) {
	n := x.(int)
	o.nodes[n].index = len(o.order)
	o.order = append(o.order, n)
}
func (o *openSet) Pop() any {
	n := o.order[len(o.order)-1]
	o.order = o.order[:len(o.order)-1]
	o.nodes[n].index = -1
	return n
}

// run returns the waypoints from start (excluded) to a goal, and true; or, if no goal can be reached within the
// budget, the path to the place with the least estimate, and false (nil if that is the start). The terrain is
// read-locked a node at a time, so that the client's packets are not held up by a long search.
func (s *search) run() ([]waypoint, bool) {
	open := &openSet{}
	seen := map[cube.Pos]int{}
	add := func(w waypoint, g float64, parent int) {
		n := &node{at: w, g: g, f: g + s.h(w.feet()), parent: parent}
		open.nodes = append(open.nodes, n)
		seen[w.cell] = len(open.nodes) - 1
		heap.Push(open, len(open.nodes)-1)
	}
	add(s.start, 0, -1)
	best, bestH := 0, s.h(s.start.feet())
	var buf []step
	sh := &shapes{t: s.t, m: map[cube.Pos]shape{}}
	for expanded := 0; open.Len() > 0 && expanded < s.budget; expanded++ {
		i := heap.Pop(open).(int)
		n := open.nodes[i]
		if s.goal(n.at.feet()) {
			return s.trace(open.nodes, i), true
		}
		if h := n.f - n.g; h < bestH {
			best, bestH = i, h
		}
		s.t.mu.RLock()
		buf = sh.neighbours(n.at, s.blocked, buf)
		s.t.mu.RUnlock()
		if expanded%4096 == 4095 {
			clear(sh.m) // The terrain may have changed; and the cache must not grow without end.
		}
		for _, st := range buf {
			if abs(st.to.cell[0]-s.start.cell[0]) > pathRange || abs(st.to.cell[2]-s.start.cell[2]) > pathRange {
				continue
			}
			g := n.g + st.cost
			if j, ok := seen[st.to.cell]; ok {
				m := open.nodes[j]
				if m.index < 0 || g >= m.g {
					continue
				}
				m.g, m.f, m.parent = g, g+(m.f-m.g), i
				heap.Fix(open, m.index)
				continue
			}
			add(st.to, g, i)
		}
	}
	if best == 0 {
		return nil, false
	}
	return s.trace(open.nodes, best), false
}

func (s *search) trace(nodes []*node, i int) []waypoint {
	var path []waypoint
	for ; nodes[i].parent >= 0; i = nodes[i].parent {
		path = append(path, nodes[i].at)
	}
	for l, r := 0, len(path)-1; l < r; l, r = l+1, r-1 {
		path[l], path[r] = path[r], path[l]
	}
	return path
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// feetCentre returns where a player standing in cell p has its feet: the middle of the cell's floor.
func feetCentre(p cube.Pos) mgl64.Vec3 {
	return mgl64.Vec3{float64(p[0]) + 0.5, float64(p[1]), float64(p[2]) + 0.5}
}

// startAt returns the waypoint of a player whose feet are at pos.
func startAt(pos mgl64.Vec3) waypoint { return waypoint{cell: cellOf(pos), y: pos[1]} }

// FindPath returns the cells, after from, that a player walks through from the cell from to the cell to, as the
// client knows the terrain, and whether it found one. It is what WalkTo plans with.
func (t *Terrain) FindPath(from, to cube.Pos) ([]cube.Pos, bool) {
	t.mu.RLock()
	fy, ok, swim := (&shapes{t: t, m: map[cube.Pos]shape{}}).place(from)
	t.mu.RUnlock()
	if !ok {
		fy = float64(from[1])
	}
	target := feetCentre(to)
	s := &search{t: t, start: waypoint{from, fy, swim}, goal: func(f mgl64.Vec3) bool { return cellOf(f) == to },
		h: func(f mgl64.Vec3) float64 { return f.Sub(target).Len() }, budget: pathBudget}
	path, ok := s.run()
	cells := make([]cube.Pos, len(path))
	for i, w := range path {
		cells[i] = w.cell
	}
	return cells, ok
}
