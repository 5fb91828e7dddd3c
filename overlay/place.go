package overlay

import (
	"math/rand/v2"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// spotMargin keeps placed objects this many blocks inside an area's border, so they are found while exploring it
// and never sit on a border a locked neighbour refuses.
const spotMargin = 4

// wantSpots is how many spots surfaceSpots offers at least where the area has the water to build rafts on: more
// than any puzzle spawns. Rafts are built only under the spots objects take.
const wantSpots = 32

// surfaceSpots returns the places in an area where an object can stand, each reachable on foot: the feet block
// above the ground (under a forest's canopy, the forest floor) with room for a body, all on the area's largest piece
// of ground a player walks all over. Spots lie on a grid of every third block, so objects do not touch; land spots
// are shuffled with rng, nearer the middle first. Where land gives fewer than wantSpots, spots on rafts follow, each
// joined to land or to an earlier raft, with the land they reach (see footing.go); showing an object builds its
// spot's raft, so every prefix of the spots is reachable once shown.
func surfaceSpots(s tagging.Snapshot, rng *rand.Rand) []cube.Pos {
	return surfaceSpotsFrom(s, rng, nil)
}

// surfaceSpotsFrom is surfaceSpots for an area players arrive in at the given feet positions (the world's spawn in
// the start area): its spots are on the largest piece of ground a player walks to from them.
func surfaceSpotsFrom(s tagging.Snapshot, rng *rand.Rand, arrive []cube.Pos) []cube.Pos {
	spots, _ := surfaceSpotsWalked(s, rng, arrive)
	return spots
}

// minNear is how many spots the ground walked to from where players arrive must give, rafts and all: fewer, and
// players there are shut in (on a ledge, under leaves at head height) and must climb or dig out anyway, so the spots
// are on the area's largest piece of ground instead.
const minNear = 12

// surfaceSpotsWalked is surfaceSpotsFrom, and reports whether the spots are on ground walked to from where players
// arrive.
func surfaceSpotsWalked(s tagging.Snapshot, rng *rand.Rand, arrive []cube.Pos) ([]cube.Pos, bool) {
	t := readTerrain(s)
	var cols []int
	for _, p := range arrive {
		cols = append(cols, t.index(p[0], p[2]))
	}
	main, pieces, walked := t.mainGround(cols)
	out, near := t.spotsOn(main, pieces, cols, rng)
	if walked && near < minNear && len(pieces[0]) > len(main) {
		t = readTerrain(s)
		out, _ = t.spotsOn(pieces[0], pieces, cols, rng)
		walked = false
	}
	return out, walked
}

// spotsOn returns the spots of an area whose objects stand on the piece of ground main (see surfaceSpots), and how
// many of them a player walks to from main.
func (t *terrain) spotsOn(main []int, pieces [][]int, arrive []int, rng *rand.Rand) (out []cube.Pos, near int) {
	for _, i := range main {
		t.reach[i] = true
	}
	t.arrive = arrive
	out = landSpots(t, t.grid(func(i int) bool { return t.reach[i] && t.clearWay(i) }), rng)
	filled := false
	for len(out) < wantSpots {
		switch {
		case t.joinRaft(&out):
		case !filled:
			filled = true
			t.fill(&out)
		default:
			near = len(out)
			for len(out) < wantSpots && (t.farGround(&out, pieces) || t.island(&out)) {
				for len(out) < wantSpots && t.joinRaft(&out) {
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

// newEntityID returns a fresh id for an entity the overlay spawns. Dragonfly keeps only the last 8 bytes of a
// non-player entity's UUID, so the first 8 are zero here too, and the id read back from the world matches.
func newEntityID() uuid.UUID {
	id := uuid.New()
	clear(id[:8])
	return id
}

// placement decides how an object shows in the world, standing at pos.
func (o *Overlay) placement(obj puzzle.Object, pos cube.Pos) Where {
	it, ok := o.opts.Pack.Item(obj.Item)
	if ok && it.Look.Block != "" && !it.Carryable() {
		return Where{Kind: AtBlock, Block: pos}
	}
	// Carryable items lie on the ground as item stacks; people and everything else stand as NPCs.
	return Where{Kind: AtEntity, Block: pos, Entity: newEntityID()}
}

// clearWay reports whether an object standing on column i, even a block two high, leaves the ways around it open:
// the columns beside it that a player walks between and it are joined to each other around it, and players do not
// arrive on it or beside it.
func (t *terrain) clearWay(i int) bool {
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
