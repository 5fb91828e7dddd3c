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
	// pathBudget bounds the cells one search expands.
	pathBudget = 40000
	// pathRange bounds how far, horizontally, a search looks from where it starts.
	pathRange = 96
)

// step is a move between two cells of a path.
type step struct {
	to   cube.Pos
	cost float64
}

// neighbours returns the cells a player standing with its feet in p can walk to in one move: the 8 cells around
// at the same height (diagonals only past two free corners), one block up with a jump (not diagonally), or down a
// ledge of up to maxDrop blocks (not diagonally). t.mu must be held.
func (t *Terrain) neighbours(p cube.Pos, blocked map[cube.Pos]bool, out []step) []step {
	out = out[:0]
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			if dx == 0 && dz == 0 {
				continue
			}
			n := p.Add(cube.Pos{dx, 0, dz})
			if dx != 0 && dz != 0 {
				a, b := p.Add(cube.Pos{dx, 0, 0}), p.Add(cube.Pos{0, 0, dz})
				if !blocked[n] && t.walkable(n) && t.passable(a) && t.passable(a.Side(cube.FaceUp)) &&
					t.passable(b) && t.passable(b.Side(cube.FaceUp)) {
					out = append(out, step{n, math.Sqrt2})
				}
				continue
			}
			switch {
			case t.walkable(n):
				if !blocked[n] {
					out = append(out, step{n, 1})
				}
			case t.passable(n) && t.passable(n.Side(cube.FaceUp)):
				// A ledge: fall to the first ground below, if it is near enough.
				for k := 1; k <= maxDrop; k++ {
					m := n.Sub(cube.Pos{0, k, 0})
					if t.walkable(m) {
						if !blocked[m] {
							out = append(out, step{m, 1 + float64(k)})
						}
						break
					}
					if !t.passable(m) {
						break
					}
				}
			default:
				// A step up: jump, with room above the head where it stands.
				up := n.Side(cube.FaceUp)
				if !blocked[up] && t.walkable(up) && t.passable(p.Add(cube.Pos{0, 2, 0})) {
					out = append(out, step{up, 2})
				}
			}
		}
	}
	return out
}

// search is a bounded A* search over the cells a player can stand in.
type search struct {
	t       *Terrain
	start   cube.Pos
	goal    func(cube.Pos) bool
	h       func(cube.Pos) float64 // estimate of the cost left, 0 at a goal
	blocked map[cube.Pos]bool
	budget  int
}

type node struct {
	pos    cube.Pos
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

// run returns the cells from start (excluded) to a goal, and true; or, if no goal can be reached within the
// budget, the path to the cell with the least estimate, and false (nil if that is the start).
func (s *search) run() ([]cube.Pos, bool) {
	open := &openSet{}
	seen := map[cube.Pos]int{}
	add := func(p cube.Pos, g float64, parent int) {
		n := &node{pos: p, g: g, f: g + s.h(p), parent: parent}
		open.nodes = append(open.nodes, n)
		seen[p] = len(open.nodes) - 1
		heap.Push(open, len(open.nodes)-1)
	}
	add(s.start, 0, -1)
	best, bestH := 0, s.h(s.start)
	var buf []step
	for expanded := 0; open.Len() > 0 && expanded < s.budget; expanded++ {
		i := heap.Pop(open).(int)
		n := open.nodes[i]
		if s.goal(n.pos) {
			return s.trace(open.nodes, i), true
		}
		if h := n.f - n.g; h < bestH {
			best, bestH = i, h
		}
		s.t.mu.RLock()
		buf = s.t.neighbours(n.pos, s.blocked, buf)
		s.t.mu.RUnlock()
		for _, st := range buf {
			if abs(st.to[0]-s.start[0]) > pathRange || abs(st.to[2]-s.start[2]) > pathRange {
				continue
			}
			g := n.g + st.cost
			if j, ok := seen[st.to]; ok {
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

func (s *search) trace(nodes []*node, i int) []cube.Pos {
	var path []cube.Pos
	for ; nodes[i].parent >= 0; i = nodes[i].parent {
		path = append(path, nodes[i].pos)
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

// FindPath returns the cells, after from, that a player walks through from the cell from to the cell to, as the
// client knows the terrain, and whether it found one. It is what WalkTo plans with.
func (t *Terrain) FindPath(from, to cube.Pos) ([]cube.Pos, bool) {
	target := feetCentre(to)
	s := &search{t: t, start: from, goal: func(p cube.Pos) bool { return p == to },
		h: func(p cube.Pos) float64 { return feetCentre(p).Sub(target).Len() }, budget: pathBudget}
	return s.run()
}
