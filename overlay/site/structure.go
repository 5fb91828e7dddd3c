package site

import (
	"fmt"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// Structures. A placed object whose item a pack structure goes with stands in it: a stall, a hut, a camp. The
// overlay turns the structure's layout into a shape (its cells as offsets from the anchor, the object's feet
// block, in one of four rotations), plans it on the area's terrain when the object's spot is chosen (see
// structure_plan.go), and builds it with the object, once (structure_build.go). Its blocks are then the world's:
// they live in the world save, so a restart builds nothing again, and the area's record keeps where each stands.

// Cell is one built cell of a shape: its offset from the anchor (in a plan, its block) and its block, nil for air;
// what a container is built holding; and whether it is a post (set with the water around it displaced, as a player
// places one).
type Cell struct {
	off   cube.Pos
	b     world.Block
	items []item.Stack
	post  bool
}

// Pos returns where a cell of a plan is set: the block.
func (c Cell) Pos() cube.Pos { return c.off }

// Block returns the block a cell sets: nil for air.
func (c Cell) Block() world.Block { return c.b }

// Looks turns the looks a pack names into the game's blocks and items: the overlay's looks.
type Looks interface {
	// Block returns the block a look names.
	Block(look puzzle.Look) (world.Block, error)
	// ItemType returns the item a look shows as.
	ItemType(look puzzle.Look) (world.Item, error)
}

// shape is a structure turned by rot quarter turns clockwise (seen from above), with its blocks resolved.
type shape struct {
	name  string
	rot   int
	water bool   // built on water: the floor is a deck at the surface, on posts
	cells []Cell // bottom layer first
	floor int    // the offset in y of the bottom layer, the floor: at most -1
	top   int    // the offset in y of the top layer
}

// compileShape turns a structure into a shape in one rotation: every cell but the anchor, the cell above it and
// the cells kept as the world has them.
func compileShape(s *puzzle.Structure, rot int, l Looks) (shape, error) {
	sh := shape{name: s.Name, rot: rot, water: s.Water}
	_, h, _ := s.Size()
	a := s.Anchor
	sh.floor, sh.top = -a[0], h-1-a[0]
	palette, err := paletteCells(s, l)
	if err != nil {
		return shape{}, err
	}
	for li, rows := range s.Layers {
		for ri, row := range rows {
			for ci, c := range []rune(row) {
				if c == puzzle.KeepMark || c == puzzle.AnchorMark || (li == a[0]+1 && ri == a[1] && ci == a[2]) {
					continue
				}
				cell := palette[c]
				cell.off = turn(cube.Pos{ci - a[2], li - a[0], ri - a[1]}, rot)
				cell.post = cell.post && li == 0
				sh.cells = append(sh.cells, cell)
			}
		}
	}
	return sh, nil
}

// paletteCells resolves a structure's palette: each character's block, the items it is built holding, and
// whether it is a post.
func paletteCells(s *puzzle.Structure, l Looks) (map[rune]Cell, error) {
	out := map[rune]Cell{}
	for c, sb := range s.Palette {
		b, err := l.Block(puzzle.Look{Block: sb.Block, States: sb.States})
		if err != nil {
			return nil, fmt.Errorf("structure %s: palette %c: %w", s.Name, c, err)
		}
		cell := Cell{b: b, post: sb.Post}
		for _, it := range sb.Items {
			found, err := l.ItemType(puzzle.Look{Item: it.Name})
			if err != nil {
				return nil, fmt.Errorf("structure %s: palette %c: %w", s.Name, c, err)
			}
			cell.items = append(cell.items, item.NewStack(found, it.Count))
		}
		out[c] = cell
	}
	return out, nil
}

// turn turns an offset by rot quarter turns clockwise seen from above: east becomes south.
func turn(p cube.Pos, rot int) cube.Pos {
	for range rot & 3 {
		p = cube.Pos{-p[2], p[1], p[0]}
	}
	return p
}

// columns returns the columns a shape covers, as offsets from the anchor.
func (sh shape) columns() map[[2]int]bool {
	out := map[[2]int]bool{}
	for _, c := range sh.cells {
		out[[2]int{c.off[0], c.off[2]}] = true
	}
	out[[2]int{0, 0}] = true
	return out
}
