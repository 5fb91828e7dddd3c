package overlay

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
)

// A locked border is a wall the player walks into, not a line the server pulls them back from. Near a locked area
// each player is sent, alone, invisible barrier blocks in the open cells of the locked area's first row of
// blocks: their own client stops them there, as at any wall, so pushing at a border costs the server nothing per
// push and no viewer is sent a correction. The server still refuses a step over the border (HandleMove), for a
// client that walks through walls. The wall follows the player and comes down when the area opens.
//
// The blocks go out through Options.ShowBlocks, the server's way to send one player a block that the world does
// not have; without it there is no wall, and only the refusal holds the border.

// wallReach is how near, in blocks, the cells of a locked border's wall are to a player's feet, across and along
// the border. A sprinting player covers it in more than a second, and the wall moves with every block they walk.
const wallReach = 6

// wallBelow and wallAbove are how far the wall reaches below and above a player's feet: from the ground they may
// step down to, to above the head of a player who has jumped.
const wallBelow, wallAbove = 2, 3

// wall is the part of a locked border's wall a player has been sent. It is only used on the world goroutine.
type wall struct {
	feet  cube.Pos               // where the player's feet were when the wall was last brought up to date
	view  *state                 // the state it was brought up to date for
	shown map[cube.Pos]bool      // the cells sent as barriers
	areas map[store.AreaPos]bool // the locked areas the shown cells stand against
	send  func(WallBlock)        // sends the player a block
}

// newWall returns a wall sent through send, with nothing shown yet.
func newWall(send func(WallBlock)) *wall {
	return &wall{shown: map[cube.Pos]bool{}, areas: map[store.AreaPos]bool{}, send: send}
}

// WallBlock is a block sent to one player only, for the wall of a locked border: a barrier, or the world's own
// block again when the wall comes down.
type WallBlock struct {
	Pos   cube.Pos
	Block world.Block
	// World is true when Block is the world's own block again: the wall is down at Pos.
	World bool
}

// wallCells returns the cells of the walls of locked borders near feet: the cells, within wallReach of feet, of
// each block column of a locked area next to a column of an open one, from wallBelow under the feet to wallAbove
// over them. open reports whether an area is open; size is an area's side in blocks.
func wallCells(feet cube.Pos, open func(store.AreaPos) bool, size int32) map[cube.Pos]store.AreaPos {
	out := map[cube.Pos]store.AreaPos{}
	if !nearLockedBorder(feet, open, size) {
		return out
	}
	chunks := size / 16
	for x := feet[0] - wallReach; x <= feet[0]+wallReach; x++ {
		for z := feet[2] - wallReach; z <= feet[2]+wallReach; z++ {
			a := store.AreaOfBlock(cube.Pos{x, 0, z}, chunks)
			if open(a) || !nextToOpen(x, z, open, chunks) {
				continue
			}
			for y := feet[1] - wallBelow; y <= feet[1]+wallAbove; y++ {
				out[cube.Pos{x, y, z}] = a
			}
		}
	}
	return out
}

// nearLockedBorder reports whether a locked area lies within wallReach of feet: most moves are far from any, and
// cost no more than this.
func nearLockedBorder(feet cube.Pos, open func(store.AreaPos) bool, size int32) bool {
	chunks := size / 16
	seen := map[store.AreaPos]bool{}
	for _, dx := range []int{-wallReach, 0, wallReach} {
		for _, dz := range []int{-wallReach, 0, wallReach} {
			a := store.AreaOfBlock(cube.Pos{feet[0] + dx, 0, feet[2] + dz}, chunks)
			if !seen[a] && !open(a) {
				return true
			}
			seen[a] = true
		}
	}
	return false
}

// nextToOpen reports whether a block column touches a column of an open area on one of its four sides.
func nextToOpen(x, z int, open func(store.AreaPos) bool, chunks int32) bool {
	for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		if open(store.AreaOfBlock(cube.Pos{x + d[0], 0, z + d[1]}, chunks)) {
			return true
		}
	}
	return false
}

// raise brings the wall up to date for a player whose feet are at feet, in the state v: it sends barriers to the
// new cells and the world's blocks to the cells no longer in it. It returns the locked areas the wall has newly
// come up against, to be told. Runs on the world goroutine.
func (w *wall) raise(tx *world.Tx, v *state, feet cube.Pos, size int32) []store.AreaPos {
	if w.view == v && w.feet == feet {
		return nil
	}
	w.view, w.feet = v, feet
	want := wallCells(feet, v.open, size)
	var met []store.AreaPos
	for pos, a := range want {
		if w.shown[pos] || !walkThrough(tx, pos) {
			continue
		}
		w.shown[pos] = true
		w.send(WallBlock{Pos: pos, Block: block.Barrier{}})
		if !w.areas[a] {
			w.areas[a] = true
			met = append(met, a)
		}
	}
	w.lower(tx, want)
	return met
}

// lower sends the world's own block to each shown cell that is not in want, and forgets the areas no cell stands
// against any more.
func (w *wall) lower(tx *world.Tx, want map[cube.Pos]store.AreaPos) {
	left := map[store.AreaPos]bool{}
	for pos := range w.shown {
		if a, ok := want[pos]; ok {
			left[a] = true
			continue
		}
		delete(w.shown, pos)
		w.send(WallBlock{Pos: pos, Block: tx.Block(pos), World: true})
	}
	w.areas = left
}

// walkThrough reports whether a cell of the world can hold a wall's barrier for a player: nothing in it stops them
// (air, water, grass, flowers), and it has no block entity whose data would be lost when the wall comes down.
func walkThrough(tx *world.Tx, pos cube.Pos) bool {
	b := tx.Block(pos)
	if _, nbt := b.(world.NBTer); nbt {
		return false
	}
	return len(b.Model().BBox(pos, tx)) == 0
}

// walls holds the wall of each online player with a wall, by player handle: the handler raises it as the player
// moves, and the overlay's tick brings it down where an area has opened.
type walls struct{ m sync.Map } // *world.EntityHandle -> *wall

// of returns a player's wall, made on first use, or nil when the server gives no way to send one player a block.
func (o *Overlay) wallOf(p *player.Player) *wall {
	if o.opts.ShowBlocks == nil {
		return nil
	}
	if w, ok := o.walls.m.Load(p.H()); ok {
		return w.(*wall)
	}
	w := newWall(func(b WallBlock) { o.opts.ShowBlocks(p, b) })
	o.walls.m.Store(p.H(), w)
	return w
}

// raiseWall brings a player's wall up to date with where they are moving to and what is open, and tells them of
// each locked area it newly stands against, once per approach. Runs on the world goroutine.
func (o *Overlay) raiseWall(tx *world.Tx, p *player.Player, to mgl64.Vec3, near *approach) {
	w := o.wallOf(p)
	if w == nil {
		return
	}
	v := o.view()
	for _, a := range w.raise(tx, v, cube.PosFromVec3(to), int32(o.opts.AreaSize*16)) {
		if near.refused(a) {
			p.SendTitle(o.lockedTitle(v, a))
		}
	}
}

// keepWalls brings every player's wall up to date with what is open: a wall comes down within a second of its area
// opening, under a player who stands still against it. Runs on the world goroutine, once a second.
func (o *Overlay) keepWalls(tx *world.Tx) {
	size := int32(o.opts.AreaSize * 16)
	for e := range tx.Players() {
		if p, ok := e.(*player.Player); ok {
			if w := o.wallOf(p); w != nil {
				w.raise(tx, o.view(), cube.PosFromVec3(p.Position()), size)
			}
		}
	}
}
