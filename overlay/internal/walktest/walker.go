// Package walktest is the tests' own walker, the oracle the planning of where objects stand is checked against: it
// finds where a player goes on foot, or swimming, in an area of a world or of chunks, block by block, with none of
// the site package's terrain model.
package walktest

import (
	"fmt"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// Reader reads blocks: a world's transaction, generated chunks or a snapshot.
type Reader interface {
	Block(p cube.Pos) world.Block
}

// BodyFits reports whether a player's body fits in a block: no collision box and no liquid.
func BodyFits(b world.Block) bool {
	if _, liquid := b.(world.Liquid); liquid {
		return false
	}
	_, empty := b.Model().(model.Empty)
	return empty
}

// CanStand reports whether a player's feet can be at p: on solid ground, with room for the body.
func CanStand(w Reader, p cube.Pos) bool {
	return SolidGround(w.Block(p.Side(cube.FaceDown))) && BodyFits(w.Block(p)) && BodyFits(w.Block(p.Side(cube.FaceUp)))
}

// SolidGround reports whether a block is ground to stand on: a full solid block that is no liquid.
func SolidGround(b world.Block) bool {
	_, solid := b.Model().(model.Solid)
	_, liquid := b.(world.Liquid)
	return solid && !liquid
}

// Walker finds where a player goes on foot inside area a (size 4): each move goes to a column beside, jumping up
// one block (with room for the jump) or stepping or dropping down up to three blocks (with room for the body over
// the lower column), to where the player can stand. It remembers what it read of each block.
type Walker struct {
	w      Reader
	x0, z0 int
	Swim   bool   // players also swim at the water's surface, and climb from it onto a block at most one above
	fits   []int8 // per block: 0 not read, 1 a body fits, 2 not
	ground []int8 // per block: 0 not read, 1 solid ground, 2 not
}

// New returns a walker of area a (size 4) of the blocks w.
func New(w Reader, a store.AreaPos) *Walker {
	lo, _ := a.Chunks(4)
	return &Walker{w: w, x0: int(lo[0]) << 4, z0: int(lo[1]) << 4, fits: make([]int8, 64*64*384), ground: make([]int8, 64*64*384)}
}

// key returns the index of a block inside the area, or -1 outside it.
func (k *Walker) key(p cube.Pos) int {
	x, z, y := p[0]-k.x0, p[2]-k.z0, p[1]-world.Overworld.Range().Min()
	if x < 0 || z < 0 || x >= 64 || z >= 64 || y < 0 || y >= 384 {
		return -1
	}
	return (x*64+z)*384 + y
}

// read answers f for the block at p, remembered in memo.
func (k *Walker) read(memo []int8, p cube.Pos, f func(world.Block) bool) bool {
	i := k.key(p)
	if i < 0 {
		return false
	}
	if memo[i] == 0 {
		memo[i] = 2
		if f(k.w.Block(p)) {
			memo[i] = 1
		}
	}
	return memo[i] == 1
}

// stand reports whether a player's feet can be at p (see CanStand), or, for a swimmer, whether p is water at the
// surface, with room for the head above it.
func (k *Walker) stand(p cube.Pos) bool {
	up := p.Side(cube.FaceUp)
	if k.Swim && isWater(k.w.Block(p)) {
		return BodyFits(k.w.Block(up))
	}
	return k.read(k.ground, p.Side(cube.FaceDown), SolidGround) && k.read(k.fits, p, k.fitsIn) &&
		k.read(k.fits, up, k.fitsIn) && !isWater(k.w.Block(up))
}

// fitsIn reports whether a body fits in a block: in water too, for a swimmer.
func (k *Walker) fitsIn(b world.Block) bool { return BodyFits(b) || (k.Swim && isWater(b)) }

// moves reports whether a player standing at p walks to n.
func (k *Walker) moves(p, n cube.Pos) bool {
	if !k.stand(n) {
		return false
	}
	room := func(c cube.Pos, from, to int) bool {
		for y := from; y <= to; y++ {
			if !k.read(k.fits, cube.Pos{c[0], y, c[2]}, k.fitsIn) {
				return false
			}
		}
		return true
	}
	switch dy := n[1] - p[1]; {
	case dy == 1:
		return room(p, p[1]+2, p[1]+2)
	case dy <= 0 && dy >= -3:
		return room(n, n[1], p[1]+1)
	}
	return false
}

// From returns the feet positions reachable from start; back, those from which start is reachable.
func (k *Walker) From(start cube.Pos, back bool) []bool { return k.FromAll([]cube.Pos{start}, back) }

// FromAll returns the feet positions reachable from any of starts; back, those from which one of them is reachable.
func (k *Walker) FromAll(starts []cube.Pos, back bool) []bool {
	seen := make([]bool, 64*64*384)
	var queue []cube.Pos
	for _, start := range starts {
		if i := k.key(start); i >= 0 && !seen[i] && k.stand(start) {
			seen[i] = true
			queue = append(queue, start)
		}
	}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, d := range []cube.Pos{{1, 0, 0}, {-1, 0, 0}, {0, 0, 1}, {0, 0, -1}} {
			for dy := -3; dy <= 3; dy++ {
				n := p.Add(d).Add(cube.Pos{0, dy, 0})
				i := k.key(n)
				if i < 0 || seen[i] || !k.stand(n) {
					continue
				}
				if (!back && k.moves(p, n)) || (back && k.moves(n, p)) {
					seen[i] = true
					queue = append(queue, n)
				}
			}
		}
	}
	return seen
}

// Tops returns, for each of the columns cols, the highest place in it where the walker stands, if any.
func (k *Walker) Tops(cols []cube.Pos) []cube.Pos {
	var out []cube.Pos
	r := world.Overworld.Range()
	for _, c := range cols {
		for y := r.Max(); y > r.Min(); y-- {
			if p := (cube.Pos{c[0], y, c[2]}); k.stand(p) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// OnSpot is the place a player stands to pick up an item stack lying at p: p.
func OnSpot(p cube.Pos) []cube.Pos { return []cube.Pos{p} }

// NearSpot returns the places a player stands to use a block at p: on a column beside it, diagonals included, at
// most three blocks up or down.
func NearSpot(p cube.Pos) []cube.Pos {
	var out []cube.Pos
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			for dy := -3; dy <= 3; dy++ {
				if dx != 0 || dz != 0 {
					out = append(out, p.Add(cube.Pos{dx, dy, dz}))
				}
			}
		}
	}
	return out
}

// Reached checks that a player walks from spawn to a place near each spot (as near lists them) and from there
// to those of the others and back, and reports the spots for which that fails, and the places walked to and from
// the first. The walk between the spots starts beside the first, at a place hub accepts (nil: any). Without a
// spawn (shut in), it checks the ways between the spots only.
func Reached(w Reader, a store.AreaPos, spots []cube.Pos, spawn *cube.Pos, near func(cube.Pos) []cube.Pos, hub func(int) bool) ([]string, func(int) bool) {
	k := New(w, a)
	fromSpawn := func(int) bool { return true }
	if spawn != nil {
		from := k.From(*spawn, false)
		fromSpawn = func(i int) bool { return from[i] }
	}
	start, ok := k.Find(near(spots[0]), func(i int) bool { return fromSpawn(i) && (hub == nil || hub(i)) })
	if !ok {
		return []string{fmt.Sprintf("%v: no place near it is reached from the spawn", spots[0])}, nil
	}
	to, back := k.From(start, false), k.From(start, true)
	both := func(i int) bool { return to[i] && back[i] && fromSpawn(i) }
	var bad []string
	for _, p := range spots {
		if _, ok := k.Find(near(p), both); !ok {
			bad = append(bad, fmt.Sprintf("%v: not reached on foot from the spawn, or not to and from %v", p, start))
		}
	}
	return bad, both
}

// Find returns the first of the places that a player stands at and whose key ok accepts.
func (k *Walker) Find(places []cube.Pos, ok func(int) bool) (cube.Pos, bool) {
	for _, p := range places {
		if i := k.key(p); i >= 0 && k.stand(p) && ok(i) {
			return p, true
		}
	}
	return cube.Pos{}, false
}

// isWater reports whether a block is water.
func isWater(b world.Block) bool {
	_, ok := b.(block.Water)
	return ok
}
