package puzzle

import "slices"

// analyse finds dead ends and counts solutions over the stored edges of an exploration that ran to its end.
func (x *explorer) analyse(rep *Report) {
	rep.analysed = true
	rv := x.reverse()
	toGoal, toHorizon := rv.distances(x.goalStates()), rv.distances(x.horizon)
	dead := make([]bool, len(toGoal)) // neither a goal nor the unexplored horizon can be reached: provably a dead end
	rep.DeadEnds = 0
	for i, d := range toGoal {
		if d < 0 && x.info[i].flags == 0 && toHorizon[i] < 0 {
			dead[i] = true
			rep.DeadEnds++
		}
	}
	x.countSolutions(rep, toGoal)
	if x.cfg.Graph {
		rep.Graph = x.graph(toGoal, dead, rep)
	}
}

// goalStates returns the stored goal states.
func (x *explorer) goalStates() []uint32 {
	var goals []uint32
	for i := range x.info {
		if x.info[i].flags&flagGoal != 0 {
			goals = append(goals, uint32(i))
		}
	}
	return goals
}

// reversed is the stored edges by their target: the sources of the edges into state v are
// from[start[v]:start[v+1]].
type reversed struct {
	start []int32
	from  []uint32
}

// reverse returns the stored edges by their target.
func (x *explorer) reverse() reversed {
	n := x.st.len()
	rv := reversed{start: make([]int32, n+1), from: make([]uint32, len(x.edges))}
	for _, e := range x.edges {
		rv.start[e.to+1]++
	}
	for i := 0; i < n; i++ {
		rv.start[i+1] += rv.start[i]
	}
	fill := slices.Clone(rv.start[:n])
	for _, e := range x.edges {
		rv.from[fill[e.to]] = e.from
		fill[e.to]++
	}
	return rv
}

// distances returns each state's distance in moves to the nearest of the sources, -1 if none can be reached: a
// backward breadth-first search.
func (rv reversed) distances(sources []uint32) []int32 {
	dist := make([]int32, len(rv.start)-1)
	for i := range dist {
		dist[i] = -1
	}
	for _, v := range sources {
		dist[v] = 0
	}
	queue := slices.Clone(sources)
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		for _, u := range rv.from[rv.start[v]:rv.start[v+1]] {
			if dist[u] < 0 {
				dist[u] = dist[v] + 1
				queue = append(queue, u)
			}
		}
	}
	return dist
}

// countSolutions counts shortest solutions along the breadth-first layers and all solutions over the acyclic
// part of the space that can reach a goal (any cycle there makes them infinite).
func (x *explorer) countSolutions(rep *Report, toGoal []int32) {
	n := x.st.len()
	if toGoal[0] < 0 {
		return
	}
	shortest := make([]int64, n)
	shortest[0] = 1
	// Edges are stored in breadth-first order of their sources, so one pass sees every layer in order.
	for _, e := range x.edges {
		if x.info[e.to].depth == x.info[e.from].depth+1 {
			shortest[e.to] = satAdd(shortest[e.to], shortest[e.from])
		}
	}
	for i := range shortest {
		if x.info[i].flags&flagGoal != 0 && int(x.info[i].depth) == rep.Shortest {
			rep.ShortestSolutions = satAdd(rep.ShortestSolutions, shortest[i])
		}
	}
	// All solutions: Kahn's algorithm on the states that can reach a goal.
	indeg := make([]int32, n)
	out := make([][]uint32, n)
	for _, e := range x.edges {
		if toGoal[e.from] >= 0 && toGoal[e.to] >= 0 {
			indeg[e.to]++
			out[e.from] = append(out[e.from], e.to)
		}
	}
	paths := make([]int64, n)
	paths[0] = 1
	queue := []uint32{}
	alive := 0
	for i := range indeg {
		if toGoal[i] >= 0 {
			alive++
			if indeg[i] == 0 {
				queue = append(queue, uint32(i))
			}
		}
	}
	done := 0
	for len(queue) > 0 {
		v := queue[0]
		queue = queue[1:]
		done++
		if x.info[v].flags&flagGoal != 0 {
			rep.Solutions = satAdd(rep.Solutions, paths[v])
		}
		for _, w := range out[v] {
			paths[w] = satAdd(paths[w], paths[v])
			if indeg[w]--; indeg[w] == 0 {
				queue = append(queue, w)
			}
		}
	}
	if done < alive {
		rep.Solutions = -1
	}
}

// satAdd adds two counts, saturating at CountCap.
func satAdd(a, b int64) int64 {
	if a >= CountCap-b {
		return CountCap
	}
	return a + b
}
