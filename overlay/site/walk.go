package site

import "slices"

// sccs splits the ground of an area into the pieces a player walks all over: within one, a player gets from any
// column to any other, dropping down where the ground lets them and jumping up one block at most (Tarjan's
// strongly connected components). It returns the piece of each column (-1 for columns nobody stands on) and the
// pieces, largest first.
func (t *terrain) sccs() (piece []int, pieces [][]int) {
	n := len(t.feet)
	order, low := make([]int, n), make([]int, n) // order 0: not visited yet
	piece = make([]int, n)
	for i := range piece {
		piece[i] = -1
	}
	var stack []int
	onStack := make([]bool, n)
	count := 0
	type frame struct{ v, d int }
	visit := func(v int) {
		count++
		order[v], low[v] = count, count
		stack = append(stack, v)
		onStack[v] = true
	}
	for s := range n {
		if t.feet[s] == noY || order[s] != 0 {
			continue
		}
		visit(s)
		calls := []frame{{s, 0}}
		for len(calls) > 0 {
			f := &calls[len(calls)-1]
			if f.d < len(dirs) {
				j := t.next(f.v, dirs[f.d])
				f.d++
				switch {
				case j < 0 || !t.moves(f.v, j):
				case order[j] == 0:
					visit(j)
					calls = append(calls, frame{j, 0})
				case onStack[j]:
					low[f.v] = min(low[f.v], order[j])
				}
				continue
			}
			v := f.v
			calls = calls[:len(calls)-1]
			if len(calls) > 0 {
				u := calls[len(calls)-1].v
				low[u] = min(low[u], low[v])
			}
			if low[v] != order[v] {
				continue
			}
			var p []int
			for {
				w := stack[len(stack)-1]
				stack = stack[:len(stack)-1]
				onStack[w] = false
				piece[w] = len(pieces)
				p = append(p, w)
				if w == v {
					break
				}
			}
			pieces = append(pieces, p)
		}
	}
	return piece, pieces
}

// mainGround returns the piece of ground objects stand on: the largest piece a player walks to from any of the
// columns players arrive on, or, with none of those on the ground, the largest piece; all the pieces, largest
// first; and whether main is the piece walked to from where players arrive.
func (t *terrain) mainGround(arrive []int) (main []int, pieces [][]int, walked bool) {
	piece, pieces := t.sccs()
	slices.SortStableFunc(pieces, func(a, b []int) int { return len(b) - len(a) })
	if len(pieces) == 0 {
		return nil, nil, false
	}
	size := map[int]int{}
	for i, walked := range t.walkFrom(arrive, false) {
		if walked {
			size[piece[i]]++
		}
	}
	if len(size) == 0 {
		return pieces[0], pieces, false
	}
	best := -1
	for p, n := range size {
		if best < 0 || n > size[best] || (n == size[best] && p < best) {
			best = p
		}
	}
	for _, p := range pieces {
		if piece[p[0]] == best {
			return p, pieces, true
		}
	}
	return pieces[0], pieces, false
}

// bothWays returns the columns a player walks to from one of cols and back to one of them.
func (t *terrain) bothWays(cols []int) []bool {
	to, back := t.walkFrom(cols, false), t.walkFrom(cols, true)
	for i := range to {
		to[i] = to[i] && back[i]
	}
	return to
}

// walkFrom returns the columns a player walks to from any of cols; back, those from which a player walks to one of
// them.
func (t *terrain) walkFrom(cols []int, back bool) []bool {
	seen := make([]bool, len(t.feet))
	var queue []int
	for _, i := range cols {
		if i >= 0 && t.feet[i] != noY && !seen[i] {
			seen[i] = true
			queue = append(queue, i)
		}
	}
	for k := 0; k < len(queue); k++ {
		c := queue[k]
		for _, d := range dirs {
			j := t.next(c, d)
			if j >= 0 && !seen[j] && ((!back && t.moves(c, j)) || (back && t.moves(j, c))) {
				seen[j] = true
				queue = append(queue, j)
			}
		}
	}
	return seen
}
