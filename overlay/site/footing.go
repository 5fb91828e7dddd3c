package site

import (
	"slices"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/world"
)

// Footing. Objects stand on dry ground a player walks to. Where an area has too little of it (a coast, an ocean, a
// lake), objects stand on rafts: a raft is the 3×3 of water blocks around the block under a spot on open water
// turned into planks, level with the water's surface, with a pier of planks over the water to the nearest ground
// when the raft touches none. Spots lie on a grid of every third block, so the rafts of neighbouring spots touch.
// SurfaceSpots plans the rafts with the same functions show uses to build them (BuildFooting), on the snapshot's
// blocks, and offers a raft spot only once its raft joins ground players reach.

// maxPier is how far a pier reaches out from its raft, in blocks.
const maxPier = 12

// raftBlock is what rafts and piers are made of.
var raftBlock world.Block = block.Planks{Wood: block.OakWood()}

// BlockEditor reads and sets blocks: a *world.Tx, or a snapshot's blocks with the changes planned on them.
type BlockEditor interface {
	Block(pos cube.Pos) world.Block
	SetBlock(pos cube.Pos, b world.Block, opts *world.SetOpts)
}

// Bounds are the columns of an area: from x0, z0 up to but not including x1, z1.
type Bounds struct{ x0, z0, x1, z1 int }

// BoundsOf returns the columns of the chunks from lo to hi, both included.
func BoundsOf(lo, hi world.ChunkPos) Bounds {
	return Bounds{int(lo[0]) << 4, int(lo[1]) << 4, int(hi[0]+1) << 4, int(hi[1]+1) << 4}
}

// grown returns the bounds grown by n columns on every side.
func (b Bounds) grown(n int) Bounds { return Bounds{b.x0 - n, b.z0 - n, b.x1 + n, b.z1 + n} }

// holds reports whether the column of p is inside.
func (b Bounds) holds(p cube.Pos) bool {
	return p[0] >= b.x0 && p[2] >= b.z0 && p[0] < b.x1 && p[2] < b.z1
}

// BuildFooting builds the ground under a spot on open water: its raft and, if the raft touches no ground, a pier
// to the nearest inside the spot's area (in). On dry ground it does nothing, so showing an object again (as
// reconciling does) builds nothing twice.
func BuildFooting(e BlockEditor, spot cube.Pos, in Bounds) {
	below := spot.Side(cube.FaceDown)
	if !IsWater(e.Block(below)) || !roomFor(e.Block(spot)) {
		return
	}
	planks := pier(e, spot, in)
	for _, p := range tile(below) {
		if IsWater(e.Block(p)) {
			planks = append(planks, p)
		}
	}
	for _, p := range planks {
		if _, lily := e.Block(p.Side(cube.FaceUp)).(block.LilyPad); lily {
			e.SetBlock(p.Side(cube.FaceUp), nil, nil)
		}
		e.SetBlock(p, raftBlock, nil)
	}
}

// tile returns the 3×3 of blocks around p at its height, p first.
func tile(p cube.Pos) []cube.Pos {
	out := []cube.Pos{p}
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			if dx != 0 || dz != 0 {
				out = append(out, p.Add(cube.Pos{dx, 0, dz}))
			}
		}
	}
	return out
}

// pier returns the water blocks a pier from the raft of a spot covers: the shortest way over water at the raft's
// height, through the four directions in a fixed order, to a block beside ground a player steps onto from the
// raft, within maxPier of it and inside the area (its planner sees nothing beyond). It is nil when the raft touches
// ground or no ground is near. Ground on the spot grid (columns a multiple of three from the spot along both axes)
// does not count: objects may stand there.
func pier(r BlockEditor, spot cube.Pos, in Bounds) []cube.Pos {
	y := spot[1] - 1
	type node struct {
		p    cube.Pos
		from int
	}
	var nodes []node
	seen := map[cube.Pos]bool{}
	for _, p := range tile(cube.Pos{spot[0], y, spot[2]}) {
		seen[p] = true
		switch landing(r, p, spot) {
		case onGround:
			return nil
		case overWater:
			nodes = append(nodes, node{p, -1})
		}
	}
	for k := 0; k < len(nodes); k++ {
		for _, d := range dirs {
			p := nodes[k].p.Add(cube.Pos{d[0], 0, d[1]})
			if seen[p] || !in.holds(p) || abs(p[0]-spot[0]) > maxPier+1 || abs(p[2]-spot[2]) > maxPier+1 {
				continue
			}
			seen[p] = true
			switch landing(r, p, spot) {
			case onGround:
				var path []cube.Pos
				for j := k; nodes[j].from >= 0; j = nodes[j].from {
					path = append(path, nodes[j].p)
				}
				return path
			case overWater:
				nodes = append(nodes, node{p, k})
			}
		}
	}
	return nil
}

// landingKind is what a block at a raft's height offers a pier.
type landingKind uint8

const (
	blocked   landingKind = iota
	overWater             // open water, to plank over
	onGround              // beside ground a player steps onto from the raft, at most one block up or down
)

// landing tells what the block p, at the height of the raft of spot, offers a pier.
func landing(r BlockEditor, p, spot cube.Pos) landingKind {
	if (p[0]-spot[0])%3 == 0 && (p[2]-spot[2])%3 == 0 && (p[0] != spot[0] || p[2] != spot[2]) {
		return blocked
	}
	for _, feet := range []int{p[1] + 2, p[1] + 1, p[1]} {
		if Standable(r.Block(cube.Pos{p[0], feet - 1, p[2]})) && Passable(r.Block(cube.Pos{p[0], feet, p[2]})) &&
			Passable(r.Block(cube.Pos{p[0], feet + 1, p[2]})) {
			return onGround
		}
	}
	if IsWater(r.Block(p)) && roomFor(r.Block(p.Side(cube.FaceUp))) && roomFor(r.Block(p.Add(cube.Pos{0, 2, 0}))) {
		return overWater
	}
	return blocked
}

// dirs are the four directions a player walks in.
var dirs = [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}

// IsWater reports whether a block is water.
func IsWater(b world.Block) bool {
	_, ok := b.(block.Water)
	return ok
}

// Passable reports whether a body can be in a block: no collision and no liquid (grass and flowers are passable).
func Passable(b world.Block) bool {
	if _, liquid := b.(world.Liquid); liquid {
		return false
	}
	_, empty := b.Model().(model.Empty)
	return empty
}

// roomFor reports whether a block leaves room for a body once a raft is built under it: passable, or a lily pad,
// which the raft takes away.
func roomFor(b world.Block) bool {
	_, lily := b.(block.LilyPad)
	return lily || Passable(b)
}

// Standable reports whether a block is solid ground: a full solid block that is no liquid and no leaves.
func Standable(b world.Block) bool {
	if _, liquid := b.(world.Liquid); liquid {
		return false
	}
	if _, solid := b.Model().(model.Solid); !solid {
		return false
	}
	name, _ := b.EncodeBlock()
	return name != "minecraft:air" && !slices.Contains(leafNames, name)
}

var leafNames = []string{"minecraft:oak_leaves", "minecraft:spruce_leaves", "minecraft:birch_leaves",
	"minecraft:jungle_leaves", "minecraft:acacia_leaves", "minecraft:dark_oak_leaves", "minecraft:mangrove_leaves",
	"minecraft:cherry_leaves", "minecraft:azalea_leaves", "minecraft:azalea_leaves_flowered", "minecraft:pale_oak_leaves"}
