package e2e

import (
	"math"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
)

// A body moves through a cell in one of three ways: standing in its middle, or crossing it along X or along Z.
const (
	modeStand = iota
	modeX
	modeZ
)

// floorMax is the highest a block's collision boxes may reach for a player to stand on them inside its cell
// (a bottom slab, a carpet, a snow layer, a path block) rather than in the cell above.
const floorMax = 0.6

// shape is what a cell is to a player's body, worked out from the collision boxes of its block (and of the block
// below, where those reach up into it, as a fence's do).
type shape struct {
	known   bool
	liquid  bool    // lava: never entered
	water   bool    // water: the body may be in it, with its head out
	free    [3]bool // the body may be in the cell: standing in the middle, crossing along X, along Z
	floor   bool    // low boxes under the middle: the body stands in this cell, on top of them
	top     float64 // the height of those boxes (floor), relative to the cell
	support bool    // a box under the middle reaches the cell's top: the body stands in the cell above
}

var (
	freeShape  = shape{known: true, free: [3]bool{true, true, true}}
	solidShape = shape{known: true, support: true}
	// The parts of a cell a body of width 0.6 passes through: its middle, and the strips across it.
	centreBox = cube.Box(0.2, 0, 0.2, 0.8, 1, 0.8)
	stripX    = cube.Box(0, 0, 0.2, 1, 1, 0.8)
	stripZ    = cube.Box(0.2, 0, 0, 0.8, 1, 1)
)

// shapeOf works out the shape of the cell at pos. t.mu must be held.
func (t *Terrain) shapeOf(pos cube.Pos) shape {
	var boxes []cube.BBox // relative to pos
	switch t.class(pos) {
	case classUnknown:
		return shape{}
	case classLiquid:
		return shape{known: true, liquid: true}
	case classWater:
		return shape{known: true, water: true, free: [3]bool{true, true, true}}
	case classFull:
		return solidShape
	case classOther:
		rid, _ := t.rid(pos, 0)
		b, _ := world.BlockByRuntimeID(rid)
		boxes = b.Model().BBox(pos, lockedSource{t})
	}
	// Boxes of the block below that reach into this cell (fences, walls).
	below := pos.Side(cube.FaceDown)
	if c := t.class(below); c == classOther {
		rid, _ := t.rid(below, 0)
		b, _ := world.BlockByRuntimeID(rid)
		for _, bb := range b.Model().BBox(below, lockedSource{t}) {
			if bb.Max()[1] > 1 {
				boxes = append(boxes, bb.Translate(mgl64.Vec3{0, -1, 0}))
			}
		}
	} else if c == classUnknown {
		return shape{}
	}
	if len(boxes) == 0 {
		return freeShape
	}
	s := shape{known: true, free: [3]bool{true, true, true}}
	for _, bb := range boxes {
		if bb.Max()[1] <= 0 || bb.Min()[1] >= 1 {
			continue
		}
		for i, part := range []cube.BBox{centreBox, stripX, stripZ} {
			if bb.IntersectsWith(part) {
				s.free[i] = false
			}
		}
		if bb.IntersectsWith(centreBox) {
			s.top = math.Max(s.top, math.Min(bb.Max()[1], 1))
		}
	}
	switch {
	case s.top >= 0.999:
		s.support = true
	case s.top > 0 && s.top <= floorMax:
		s.floor = true
	}
	return s
}

// shapes caches the shapes of cells during one search. t.mu must be held while it is used.
type shapes struct {
	t *Terrain
	m map[cube.Pos]shape
}

func (s *shapes) at(pos cube.Pos) shape {
	if v, ok := s.m[pos]; ok {
		return v
	}
	v := s.t.shapeOf(pos)
	s.m[pos] = v
	return v
}

// stand returns the height at which a player stands with its feet in the cell at pos, and whether it can: on
// top of the low boxes in the cell, or on a block below whose boxes reach its top, with room for the body and
// its head out of water (wading); or floating at the surface of water (see swim).
func (s *shapes) stand(pos cube.Pos) (float64, bool) {
	f, ok, _ := s.place(pos)
	return f, ok
}

// place is stand, and whether the player swims there: its feet in the topmost water cell of deeper water, its
// head above the surface.
func (s *shapes) place(pos cube.Pos) (f float64, ok, swim bool) {
	here := s.at(pos)
	below := s.at(pos.Side(cube.FaceDown))
	switch {
	case here.floor:
		f = float64(pos[1]) + here.top
	case here.free[modeStand] && below.support:
		f = float64(pos[1])
	case here.water && below.water:
		f, swim = float64(pos[1]), true
	default:
		return 0, false, false
	}
	if s.at(cube.Pos{pos[0], int(math.Floor(f + eyeHeight)), pos[2]}).water {
		return 0, false, false // Under water: the Human does not dive.
	}
	return f, s.body(pos[0], pos[2], f, f+bodyHeight, modeStand), swim
}

// body reports whether a body crossing or standing in column x, z (by mode) fits from height y0 to y1: every
// cell it overlaps is free that way, or is a floor it is above.
func (s *shapes) body(x, z int, y0, y1 float64, mode int) bool {
	for y := int(math.Floor(y0 + 1e-6)); float64(y) < y1-1e-6; y++ {
		c := s.at(cube.Pos{x, y, z})
		if c.free[mode] || c.floor && y0 >= float64(y)+c.top-1e-6 {
			continue
		}
		return false
	}
	return true
}

// open reports whether a body fits in the cell at pos from its bottom to 1.8 above: no box in the way, no
// liquid (for the corners a diagonal step cuts).
func (s *shapes) open(x, z int, y0 float64) bool {
	for y := int(math.Floor(y0 + 1e-6)); float64(y) < y0+bodyHeight-1e-6; y++ {
		c := s.at(cube.Pos{x, y, z})
		if !c.free[modeStand] || !c.free[modeX] || !c.free[modeZ] {
			return false
		}
	}
	return true
}
