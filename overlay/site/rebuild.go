package site

import (
	"math"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Building what another server built. In a network of servers (docs/network.md) each server has a world of its
// own on the same terrain: the structures and steps one server planned for an area are in its world only. The
// area's record names them (store.Built): a structure by the pack's structure, its anchor and its turn, steps by
// their treads. Rebuild plans the same blocks on another world's terrain, so that a server following the area, or
// taking its region over, shows what the story placed there.

// Rebuild returns the blocks of a structure or a run of steps an area's record names, planned on the blocks r as
// the server that built it planned them, and true; false when r has it built already (most of its blocks stand
// as planned), when the pack has no structure of that name, or when it no longer fits. Rebuild the records of an
// area in their order, each on the blocks the earlier ones set (as they were planned).
func Rebuild(r BlockReader, p *puzzle.Pack, l Looks, rec store.Built) ([]Cell, bool) {
	var cells []Cell
	if rec.Structure == StepsName {
		cells = treadCells(r, rec.Treads)
	} else {
		s, ok := p.Structure(rec.Structure)
		if !ok {
			return nil, false
		}
		sh, err := compileShape(s, rec.Rot, l)
		if err != nil {
			return nil, false
		}
		everywhere := Bounds{math.MinInt, math.MinInt, math.MaxInt, math.MaxInt}
		pl, ok := planShape(r, sh, cube.Pos(rec.Anchor), everywhere, func(cube.Pos) bool { return false })
		if !ok {
			return nil, false
		}
		cells = pl.Cells
	}
	if len(cells) == 0 || standing(r, cells) {
		return nil, false
	}
	return cells, true
}

// treadCells returns the blocks of a run of steps: each tread's step blocks from its feet up, and air where plants
// stand in the room above it, as waySets plans them.
func treadCells(r BlockReader, treads []store.Tread) []Cell {
	var out []Cell
	for _, t := range treads {
		for y := t.Feet; y < t.Feet+t.Fill; y++ {
			out = append(out, Cell{off: cube.Pos{t.X, y, t.Z}, b: StepBlock})
		}
		for y := t.Feet + t.Fill; y <= t.Feet+t.Fill+stepRoom; y++ {
			b := r.Block(cube.Pos{t.X, y, t.Z})
			if _, air := b.(block.Air); air || !Passable(b) {
				break
			}
			out = append(out, Cell{off: cube.Pos{t.X, y, t.Z}})
		}
	}
	return out
}

// standing reports whether most of the solid blocks of cells already stand in r as the cells set them (by the
// kind of block, whatever its states): built, by this server earlier or by a player's hand.
func standing(r BlockReader, cells []Cell) bool {
	solid, same := 0, 0
	for _, c := range cells {
		if c.b == nil {
			continue
		}
		solid++
		if sameKind(r.Block(c.off), c.b) {
			same++
		}
	}
	return solid > 0 && same*10 >= solid*9
}

// sameKind reports whether two blocks are the same kind of block, whatever their states.
func sameKind(a, b world.Block) bool {
	na, _ := a.EncodeBlock()
	nb, _ := b.EncodeBlock()
	return na == nb
}

// RebuildAll rebuilds the records of an area in their order (Rebuild), each on the blocks the earlier ones set,
// and returns the blocks to set, in the order to set them: none for those r has built already.
func RebuildAll(r BlockReader, p *puzzle.Pack, l Looks, recs []store.Built) []Cell {
	edited := editedBlocks{r: r, edits: map[cube.Pos]world.Block{}}
	var out []Cell
	for _, rec := range recs {
		cells, ok := Rebuild(edited, p, l, rec)
		if !ok {
			continue
		}
		for _, c := range cells {
			edited.edits[c.off] = c.b
		}
		out = append(out, cells...)
	}
	return out
}
