package overlay

import (
	"riddlestone/overlay/store"
	"slices"
)

// Graph is the lock-and-key graph over the infinite grid of areas (seed 001's lock and key, laid on a grid). Every
// area but the start has a lock whose keys are the goals of one or two neighbouring areas nearer the start; an
// area opens when all its keys are achieved. A border between two open areas can be crossed; a border into a
// locked area cannot, so only the keys' borders lead on, and progress branches as each solved area is a key to
// the farther neighbours that chose it. The graph is a pure function of the seed and the start.
type Graph struct {
	seed  uint64
	start store.AreaPos
	// TwoKeyPercent is the share of areas, among those with two neighbours nearer the start, that need both.
	twoKeyPercent uint64
}

// NewGraph returns the graph of a world seed around the start area. twoKeyPercent of the areas that can have two
// keys do.
func NewGraph(seed int64, start store.AreaPos, twoKeyPercent int) Graph {
	return Graph{seed: uint64(seed), start: start, twoKeyPercent: uint64(min(max(twoKeyPercent, 0), 100))}
}

// Start returns the start area, which has no lock.
func (g Graph) Start() store.AreaPos { return g.start }

// Distance returns the number of borders on the shortest walk from the start to a.
func (g Graph) Distance(a store.AreaPos) int {
	return abs(int(a[0])-int(g.start[0])) + abs(int(a[1])-int(g.start[1]))
}

// Keys returns the areas whose goals open a, in a fixed order; none for the start.
func (g Graph) Keys(a store.AreaPos) []store.AreaPos {
	d := g.Distance(a)
	if d == 0 {
		return nil
	}
	var nearer []store.AreaPos
	for _, n := range a.Neighbours() {
		if g.Distance(n) == d-1 {
			nearer = append(nearer, n)
		}
	}
	h := g.hash(a)
	if len(nearer) == 2 && h%100 < g.twoKeyPercent {
		return nearer
	}
	return []store.AreaPos{nearer[(h/100)%uint64(len(nearer))]}
}

// Unlocks returns the neighbours for which a is a key.
func (g Graph) Unlocks(a store.AreaPos) []store.AreaPos {
	var out []store.AreaPos
	for _, n := range a.Neighbours() {
		if slices.Contains(g.Keys(n), a) {
			out = append(out, n)
		}
	}
	return out
}

// Open reports whether every key of a is achieved; the start is always open.
func (g Graph) Open(a store.AreaPos, achieved func(store.AreaPos) bool) bool {
	for _, k := range g.Keys(a) {
		if !achieved(k) {
			return false
		}
	}
	return true
}

// hash mixes the seed and an area into a number that decides the area's lock (splitmix64's finaliser, so the
// same seed gives the same graph on every run and machine).
func (g Graph) hash(a store.AreaPos) uint64 {
	x := g.seed ^ uint64(uint32(a[0]))*0x9e3779b97f4a7c15 ^ uint64(uint32(a[1]))*0xc2b2ae3d27d4eb4f
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	return x ^ x>>31
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
