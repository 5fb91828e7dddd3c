package site

import (
	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// maxFoundation is how far down a structure's foundations reach to solid ground, in blocks: deeper, and the
// structure stands on stilts over a hollow, so it is not built there.
const maxFoundation = 4

// BlockReader reads blocks: a *world.Tx, a snapshot, or either with planned changes.
type BlockReader interface {
	Block(pos cube.Pos) world.Block
}

// editedBlocks reads r with planned changes on top; a nil change is air.
type editedBlocks struct {
	r     BlockReader
	edits map[cube.Pos]world.Block
}

// Block returns the block at p.
func (e editedBlocks) Block(p cube.Pos) world.Block {
	if b, ok := e.edits[p]; ok {
		if b == nil {
			return block.Air{}
		}
		return b
	}
	return e.r.Block(p)
}

// planned is a structure planned around an object: the blocks to set, in the order to set them (foundations,
// then the layers from the bottom up), and the record the area keeps.
type Planned struct {
	Cells  []Cell // absolute positions
	Record store.Built
}

// planShape plans a shape around the feet block anchor on the blocks r, fitted to the terrain: foundations fill
// down to solid ground under the floor (posts down to the sea floor under a deck on water), and the layers replace
// what stands in them. It reports false where the shape does not fit: a column outside the area or one avoid
// refuses, water or lava under or in it (but the water a deck and its posts stand in), a tree trunk it would cut,
// ground above it it would leave hanging, a block with contents in it, or foundations deeper than maxFoundation.
func planShape(r BlockReader, sh shape, anchor cube.Pos, in Bounds, avoid func(cube.Pos) bool) (Planned, bool) {
	for col := range sh.columns() {
		p := anchor.Add(cube.Pos{col[0], 0, col[1]})
		if !in.holds(p) || (col != [2]int{} && avoid(p)) || !clearAbove(r.Block(p.Add(cube.Pos{0, sh.top + 1, 0}))) {
			return Planned{}, false
		}
	}
	var out Planned
	for _, c := range sh.cells {
		p := anchor.Add(c.off)
		if !sh.replaces(r.Block(p), c.off[1]) {
			return Planned{}, false
		}
		if c.off[1] == sh.floor && c.b != nil {
			found, ok := sh.under(r, p, c)
			if !ok {
				return Planned{}, false
			}
			out.Cells = append(out.Cells, found...)
		}
	}
	for _, c := range sh.cells {
		c.off = anchor.Add(c.off)
		c.post = false
		out.Cells = append(out.Cells, c)
	}
	out.Record = store.Built{Structure: sh.name, Anchor: store.AreaBlock(anchor), Rot: sh.rot, Min: store.AreaBlock(anchor), Max: store.AreaBlock(anchor)}
	for _, s := range out.Cells {
		for i := range 3 {
			out.Record.Min[i], out.Record.Max[i] = min(out.Record.Min[i], s.off[i]), max(out.Record.Max[i], s.off[i])
		}
	}
	return out, true
}

// replaces reports whether a cell of the shape at height y (from the anchor) may replace a block: what
// replaceable allows, and water in a deck on water.
func (sh shape) replaces(b world.Block, y int) bool {
	return replaceable(b) || (sh.water && y == sh.floor && IsWater(b))
}

// under returns what a floor cell of the shape at p stands on: on ground, its foundations; on water, the post
// down to the sea floor of a post, and nothing under the rest of the deck, which the posts hold.
func (sh shape) under(r BlockReader, p cube.Pos, c Cell) ([]Cell, bool) {
	switch {
	case !sh.water:
		return foundations(r, p, c.b)
	case c.post:
		return post(r, p, c.b)
	}
	return nil, true
}

// foundations returns the blocks that fill the hollow under the floor block at p down to solid ground, of the
// floor's block, or false when the ground is water, lava, leaves or further down than maxFoundation.
func foundations(r BlockReader, p cube.Pos, b world.Block) ([]Cell, bool) {
	var out []Cell
	for n := 1; ; n++ {
		q := p.Sub(cube.Pos{0, n, 0})
		under := r.Block(q)
		switch {
		case Standable(under):
			return out, true
		case n > maxFoundation || !Passable(under):
			return nil, false
		}
		out = append(out, Cell{off: q, b: b})
	}
}

// maxPost is how far down a post of a deck on water reaches to the sea floor, in blocks: deeper, and the deck is
// not built there.
const maxPost = 48

// post returns the blocks of a post from under the deck block at p down to solid ground through water and what
// grows in it, of the deck block's block, or false when the floor is further down than maxPost or the way down is
// blocked by anything else.
func post(r BlockReader, p cube.Pos, b world.Block) ([]Cell, bool) {
	var out []Cell
	for n := 1; n <= maxPost+1; n++ {
		q := p.Sub(cube.Pos{0, n, 0})
		under := r.Block(q)
		switch {
		case Standable(under):
			return out, true
		case !IsWater(under) && !Passable(under):
			return nil, false
		}
		out = append(out, Cell{off: q, b: b, post: true})
	}
	return nil, false
}

// replaceable reports whether a structure may replace a block: anything but liquids, tree trunks (the tree
// would be left hanging) and blocks with contents (chests, puzzle blocks).
func replaceable(b world.Block) bool {
	if _, liquid := b.(world.Liquid); liquid {
		return false
	}
	if _, nbt := b.(world.NBTer); nbt {
		return false
	}
	return !IsLog(b)
}

// clearAbove reports whether the block above a structure's top leaves it standing free: air, a plant or leaves,
// not ground or a trunk the structure would cut under.
func clearAbove(b world.Block) bool {
	if Passable(b) {
		return true
	}
	name, _ := b.EncodeBlock()
	for _, leaf := range leafNames {
		if name == leaf {
			return true
		}
	}
	return false
}

// IsLog reports whether a block is part of a tree's trunk.
func IsLog(b world.Block) bool {
	switch b.(type) {
	case block.Log, block.Wood:
		return true
	}
	return false
}
