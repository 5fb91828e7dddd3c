package site

import (
	"math/rand/v2"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/tagging"
)

// spotMargin keeps placed objects this many blocks inside an area's border, so they are found while exploring it
// and never sit on a border a locked neighbour refuses.
const spotMargin = 4

// WantSpots is how many spots SurfaceSpots offers at least where the area has the water to build rafts on: more
// than any puzzle spawns. Rafts are built only under the spots objects take.
const WantSpots = 32

// SurfaceSpots returns the places in an area where an object can stand, each reachable on foot: the feet block
// above the ground (under a forest's canopy, the forest floor) with room for a body, all on the area's largest piece
// of ground a player walks all over. Spots lie on a grid of every third block, so objects do not touch; land spots
// are shuffled with rng, nearer the middle first. Where land gives fewer than WantSpots, spots on rafts follow, each
// joined to land or to an earlier raft, with the land they reach (see footing.go); showing an object builds its
// spot's raft, so every prefix of the spots is reachable once shown.
func SurfaceSpots(s tagging.Snapshot, rng *rand.Rand) []cube.Pos {
	return SurfaceSpotsFrom(s, rng, nil)
}

// SurfaceSpotsFrom is SurfaceSpots for an area players arrive in at the given feet positions (the world's spawn in
// the start area): its spots are on the largest piece of ground a player walks to from them. Where steps must join
// them (see PlanGround), the spots are reached once the steps are built.
func SurfaceSpotsFrom(s tagging.Snapshot, rng *rand.Rand, arrive []cube.Pos) []cube.Pos {
	return PlanGround(s, rng, arrive, nil).Spots
}

// minNear is how many spots the ground walked to from where players arrive must give, rafts and all: fewer, and
// players there are shut in (on a ledge, under leaves at head height), so steps join it to the area's largest piece
// of ground, or, where none fit, the spots are on that piece instead.
const minNear = 12

// Ground is where an area's objects stand, and the steps that join them to where players arrive.
type Ground struct {
	Spots  []cube.Pos
	Steps  Steps // no blocks when no steps are needed, or none fit
	Walked bool  // the spots are on ground walked to from where players arrive, steps and all
}

// PlanGround plans the spots of an area (see SurfaceSpotsFrom), and the steps that join them to where players
// arrive (steps.go), on columns avoid accepts (nil: any). The spots are on the largest piece of ground walked to
// from where players arrive; where that is walked to one way only (players drop down to it and cannot climb back),
// they are on the ground walked to both ways if it has room for minNear, else steps join the two. Where the ground
// walked to gives fewer than minNear spots while a larger piece lies beyond a cliff (a ledge), steps join it to that
// piece and the spots are on both; where no steps fit, the spots stay on ground walked to one way, or are on the
// larger piece.
func PlanGround(s tagging.Snapshot, rng *rand.Rand, arrive []cube.Pos, avoid func(x, z int) bool) Ground {
	t := readTerrain(s)
	cols := t.columnsOf(arrive)
	main, pieces, walked := t.mainGround(cols)
	out, near := t.spotsOn(main, pieces, cols, rng)
	switch {
	case !walked:
		return Ground{Spots: out}
	case near < minNear && len(pieces[0]) > len(main):
		return ledgePlan(s, rng, cols, pieces[0], avoid)
	case t.joinsMain(cols, inSet(len(t.feet), main), 1):
		return Ground{Spots: out, Walked: true}
	}
	if g, ok := bothWaysPlan(s, rng, cols); ok {
		return g
	}
	if g, ok := stepsPlanTo(s, rng, cols, main, avoid); ok {
		return g
	}
	return Ground{Spots: out, Walked: true}
}

// ledgePlan plans the spots of an area whose ground walked to from where players arrive (cols) is too small: on
// it and the piece of ground far, joined by steps, or, where none fit, on far alone.
func ledgePlan(s tagging.Snapshot, rng *rand.Rand, cols, far []int, avoid func(x, z int) bool) Ground {
	if g, ok := stepsPlanTo(s, rng, cols, far, avoid); ok {
		return g
	}
	t := readTerrain(s)
	_, pieces, _ := t.mainGround(cols)
	out, _ := t.spotsOn(far, pieces, cols, rng)
	return Ground{Spots: out}
}

// bothWaysPlan plans the spots of an area on the largest piece of ground walked to from where players arrive (cols)
// and back, and reports whether it gives minNear.
func bothWaysPlan(s tagging.Snapshot, rng *rand.Rand, cols []int) (Ground, bool) {
	t := readTerrain(s)
	_, pieces, _ := t.mainGround(cols)
	near := t.bothWays(cols)
	for _, p := range pieces { // largest first; a piece with a column walked to both ways is so all over
		if near[p[0]] {
			out, n := t.spotsOn(p, pieces, cols, rng)
			return Ground{Spots: out, Walked: true}, n >= minNear
		}
	}
	return Ground{}, false
}

// stepsPlanTo plans steps that join the ground walked to from where players arrive (cols) and back to the piece
// of ground target, on columns avoid accepts, and the spots on all the ground joined. It reports whether steps fit
// and the ground they join, walked to both ways, has room for minNear spots.
func stepsPlanTo(s tagging.Snapshot, rng *rand.Rand, cols, target []int, avoid func(x, z int) bool) (Ground, bool) {
	t := readTerrain(s)
	steps, ok := t.planSteps(cols, target, avoid)
	if !ok {
		return Ground{}, false
	}
	main, pieces, walked := t.mainGround(cols)
	if !walked || !t.joinsMain(cols, inSet(len(t.feet), main), 1) {
		return Ground{}, false
	}
	out, near := t.spotsOn(main, pieces, cols, rng)
	return Ground{Spots: out, Steps: steps, Walked: true}, near >= minNear
}

// inSet returns a set of n columns holding cols.
func inSet(n int, cols []int) []bool {
	in := make([]bool, n)
	for _, i := range cols {
		in[i] = true
	}
	return in
}

// columnsOf returns the columns of feet positions, -1 for those outside the area.
func (t *terrain) columnsOf(ps []cube.Pos) []int {
	cols := make([]int, 0, len(ps))
	for _, p := range ps {
		cols = append(cols, t.index(p[0], p[2]))
	}
	return cols
}

// spotsOn returns the spots of an area whose objects stand on the piece of ground main (see SurfaceSpots), and how
// many of them a player walks to from main.
func (t *terrain) spotsOn(main []int, pieces [][]int, arrive []int, rng *rand.Rand) (out []cube.Pos, near int) {
	for _, i := range main {
		t.reach[i] = true
	}
	t.arrive = arrive
	out = landSpots(t, t.grid(func(i int) bool { return t.reach[i] && t.clearWay(i) }), rng)
	filled := false
	for len(out) < WantSpots {
		switch {
		case t.joinRaft(&out):
		case !filled:
			filled = true
			t.fill(&out)
		default:
			near = len(out)
			for len(out) < WantSpots && (t.farGround(&out, pieces) || t.island(&out)) {
				for len(out) < WantSpots && t.joinRaft(&out) {
				}
			}
			return out, near
		}
	}
	return out, len(out)
}

// grid returns the columns of the spot grid that keep accepts, nearer the middle first.
func (t *terrain) grid(keep func(int) bool) []int {
	var out []int
	for x := t.x0 + spotMargin; x < t.x0+t.nx-spotMargin; x += 3 {
		for z := t.z0 + spotMargin; z < t.z0+t.nz-spotMargin; z += 3 {
			if i := t.index(x, z); keep(i) {
				out = append(out, i)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b int) int { return t.fromMiddle(a) - t.fromMiddle(b) })
	return out
}

// onGrid reports whether column i is on the spot grid.
func (t *terrain) onGrid(i int) bool {
	x, z := t.pos(i)
	dx, dz := x-t.x0-spotMargin, z-t.z0-spotMargin
	return dx >= 0 && dz >= 0 && x < t.x0+t.nx-spotMargin && z < t.z0+t.nz-spotMargin && dx%3 == 0 && dz%3 == 0
}

// fromMiddle is the distance of column i from the middle of the area, along the axes.
func (t *terrain) fromMiddle(i int) int {
	x, z := t.pos(i)
	return abs(x-t.x0-t.nx/2) + abs(z-t.z0-t.nz/2)
}

// landSpots returns the spots of land columns, shuffled with rng within bands of 8 blocks from the middle, inner
// bands first.
func landSpots(t *terrain, cols []int, rng *rand.Rand) []cube.Pos {
	rng.Shuffle(len(cols), func(i, j int) { cols[i], cols[j] = cols[j], cols[i] })
	slices.SortStableFunc(cols, func(a, b int) int { return t.fromMiddle(a)/8 - t.fromMiddle(b)/8 })
	out := make([]cube.Pos, len(cols))
	for k, i := range cols {
		out[k] = t.spot(i)
	}
	return out
}

// spot is the feet block of someone standing on column i.
func (t *terrain) spot(i int) cube.Pos {
	x, z := t.pos(i)
	return cube.Pos{x, t.feet[i], z}
}

// joinRaft adds the first raft, nearer the middle first, that joins the ground reached so far, with the land it
// reaches. It reports whether there was one.
func (t *terrain) joinRaft(out *[]cube.Pos) bool {
	for _, i := range t.grid(func(i int) bool { return t.water[i] != noY }) {
		if t.nearReach(i) && t.tryRaft(i) {
			t.addRaft(out, i)
			return true
		}
	}
	return false
}

// fill adds spots between the grid's on reached ground, nearer the middle first, where a small piece of ground has
// too few grid spots: columns with reached ground on three sides or four (an object on a ridge would bar the way),
// none beside a spot, diagonals included, and
// none on the area's border (but, unlike the grid, inside its margin); and each leaving the ways around it open.
func (t *terrain) fill(out *[]cube.Pos) {
	taken := map[int]bool{}
	for _, p := range *out {
		taken[t.index(p[0], p[2])] = true
	}
	free := func(i int) bool {
		x, z := t.pos(i)
		for dx := -1; dx <= 1; dx++ {
			for dz := -1; dz <= 1; dz++ {
				if taken[t.index(x+dx, z+dz)] {
					return false
				}
			}
		}
		ways := 0
		for _, d := range dirs {
			if j := t.next(i, d); j >= 0 && t.reach[j] && t.walkable(i, j) {
				ways++
			}
		}
		return ways >= 3 && t.clearWay(i)
	}
	cols := make([]int, 0, len(t.reach))
	for i, r := range t.reach {
		if r {
			cols = append(cols, i)
		}
	}
	slices.SortStableFunc(cols, func(a, b int) int { return t.fromMiddle(a) - t.fromMiddle(b) })
	for _, i := range cols {
		if x, z := t.pos(i); x > t.x0 && z > t.z0 && x < t.x0+t.nx-1 && z < t.z0+t.nz-1 && free(i) {
			taken[i] = true
			*out = append(*out, t.spot(i))
		}
	}
}

// farGround adds the largest piece of ground not reached, behind a cliff: players reach it only by climbing. It
// reports whether there was one.
func (t *terrain) farGround(out *[]cube.Pos, pieces [][]int) bool {
	for _, p := range pieces {
		if !t.reach[p[0]] {
			for _, i := range p {
				t.reach[i] = true
			}
			t.addLand(out, p)
			return true
		}
	}
	return false
}

// island adds a raft on its own nearest the middle, with any land its pier reaches: players swim to it. It reports
// whether there was open water for one.
func (t *terrain) island(out *[]cube.Pos) bool {
	water := t.grid(func(i int) bool { return t.water[i] != noY })
	if len(water) == 0 {
		return false
	}
	t.build(water[0])
	t.addRaft(out, water[0])
	return true
}

// nearReach reports whether reachable ground lies within a pier's reach of the raft of column i.
func (t *terrain) nearReach(i int) bool {
	x, z := t.pos(i)
	for dx := -maxPier - 2; dx <= maxPier+2; dx++ {
		for dz := -maxPier - 2; dz <= maxPier+2; dz++ {
			if j := t.index(x+dx, z+dz); j >= 0 && t.reach[j] {
				return true
			}
		}
	}
	return false
}

// addRaft adds the spot of the raft planned on column i, then the spots of the land it reaches.
func (t *terrain) addRaft(out *[]cube.Pos, i int) {
	*out = append(*out, t.spot(i))
	t.addLand(out, t.flood(i)[1:])
}

// addLand adds the spots of the grid columns among newly reached ones, nearer the middle first.
func (t *terrain) addLand(out *[]cube.Pos, reached []int) {
	var cols []int
	for _, i := range reached {
		if t.onGrid(i) && t.clearWay(i) {
			cols = append(cols, i)
		}
	}
	slices.SortStableFunc(cols, func(a, b int) int { return t.fromMiddle(a) - t.fromMiddle(b) })
	for _, i := range cols {
		*out = append(*out, t.spot(i))
	}
}

// clearWay reports whether an object standing on column i, even a block two high, leaves the ways around it open:
// the columns beside it that a player walks between and it are joined to each other around it, players do not
// arrive on it or beside it, and it is not on steps or at their ends.
func (t *terrain) clearWay(i int) bool {
	if t.noSpot[i] {
		return false
	}
	x, z := t.pos(i)
	for _, a := range t.arrive {
		if a < 0 {
			continue
		}
		if ax, az := t.pos(a); abs(ax-x) <= 1 && abs(az-z) <= 1 {
			return false
		}
	}
	var ring, ways []int
	for _, d := range [8][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}} {
		j := t.index(x+d[0], z+d[1])
		ring = append(ring, j)
		if j >= 0 && (d[0] == 0 || d[1] == 0) && (t.moves(i, j) || t.moves(j, i)) {
			ways = append(ways, j)
		}
	}
	if len(ways) < 2 {
		return true
	}
	joined := map[int]bool{ways[0]: true}
	queue := []int{ways[0]}
	for k := 0; k < len(queue); k++ {
		for _, d := range dirs {
			j := t.next(queue[k], d)
			if j >= 0 && !joined[j] && slices.Contains(ring, j) && t.walkable(queue[k], j) {
				joined[j] = true
				queue = append(queue, j)
			}
		}
	}
	for _, j := range ways {
		if !joined[j] {
			return false
		}
	}
	return true
}
