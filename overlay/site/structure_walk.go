package site

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/overlay/store"
)

// Walking around a structure. The terrain the spots are chosen on (walk.go) is a height map, one standing place a
// column, and a hut's floor under its roof is not on it; so a structure is checked in three dimensions, in the box
// of columns around it, with the moves a player makes both ways (a step, or a jump up one block with room for
// it): the ground around it that was joined before it is built stays joined, and a player walks from that ground
// up to its object. The object's own block, and the one above, are no way through.

// RingWidth is how many columns around a structure its walks are checked over.
const RingWidth = 3

// walkBox is the box of feet blocks the walks around a structure are checked in.
type walkBox struct {
	rec    store.Built
	y0, y1 int // the feet heights checked, both included
	anchor cube.Pos
	swim   bool // players also swim at the water's surface, and climb from it onto a block at most one above
}

// newWalkBox returns the box around a planned structure; swim counts swimming as a way.
func newWalkBox(rec store.Built, swim bool) walkBox {
	return walkBox{rec: rec, y0: rec.Min[1] - maxFoundation, y1: rec.Max[1] + 2, anchor: cube.Pos(rec.Anchor), swim: swim}
}

// inside reports whether a feet block is in the box.
func (w walkBox) inside(p cube.Pos) bool {
	return p[1] >= w.y0 && p[1] <= w.y1 && w.rec.Covers(p, RingWidth)
}

// ring reports whether a feet block is in the box but outside the structure's footprint.
func (w walkBox) ring(p cube.Pos) bool { return w.inside(p) && !w.rec.Covers(p, 0) }

// free reports whether a body fits in a block: passable, and not the object's.
func (w walkBox) free(r BlockReader, p cube.Pos) bool {
	return p != w.anchor && p != w.anchor.Side(cube.FaceUp) && Passable(r.Block(p))
}

// stands reports whether a player stands with their feet in block p, or, when swimming counts, swims there: feet
// in the water's surface, head above it.
func (w walkBox) stands(r BlockReader, p cube.Pos) bool {
	if !w.inside(p) || !w.free(r, p.Side(cube.FaceUp)) {
		return false
	}
	if w.swim && IsWater(r.Block(p)) {
		return true
	}
	return Standable(r.Block(p.Side(cube.FaceDown))) && w.free(r, p)
}

// steps returns the feet blocks a player at p walks to and back from.
func (w walkBox) steps(r BlockReader, p cube.Pos) []cube.Pos {
	var out []cube.Pos
	for _, d := range dirs {
		n := p.Add(cube.Pos{d[0], 0, d[1]})
		if w.stands(r, n) {
			out = append(out, n)
		}
		if up := n.Side(cube.FaceUp); w.free(r, p.Add(cube.Pos{0, 2, 0})) && w.stands(r, up) {
			out = append(out, up)
		}
		if down := n.Side(cube.FaceDown); w.free(r, n.Side(cube.FaceUp)) && w.stands(r, down) {
			out = append(out, down)
		}
	}
	return out
}

// parts labels the places a player stands in the box by the part of the box they walk all over.
func (w walkBox) parts(r BlockReader) map[cube.Pos]int {
	label := map[cube.Pos]int{}
	n := 0
	for x := w.rec.Min[0] - RingWidth; x <= w.rec.Max[0]+RingWidth; x++ {
		for z := w.rec.Min[2] - RingWidth; z <= w.rec.Max[2]+RingWidth; z++ {
			for y := w.y0; y <= w.y1; y++ {
				p := cube.Pos{x, y, z}
				if _, done := label[p]; done || !w.stands(r, p) {
					continue
				}
				n++
				label[p] = n
				queue := []cube.Pos{p}
				for k := 0; k < len(queue); k++ {
					for _, q := range w.steps(r, queue[k]) {
						if _, done := label[q]; !done {
							label[q] = n
							queue = append(queue, q)
						}
					}
				}
			}
		}
	}
	return label
}

// keepsWays reports whether building a structure leaves the ground around it walkable as before, and its
// object reached from there: places around it joined on foot before (on blocks before) are joined after (on
// blocks after), and a place beside the object, level with it or a block above or below, is joined to ground
// around. With swim (a structure on water) the object may be reached swimming at the water's surface too.
func keepsWays(before, after BlockReader, rec store.Built, swim bool) bool {
	walk := newWalkBox(rec, false)
	pa := walk.parts(after)
	if !walk.keepsJoined(walk.parts(before), pa) {
		return false
	}
	if swim {
		w := newWalkBox(rec, true)
		return w.reaches(w.parts(after))
	}
	return walk.reaches(pa)
}

// keepsJoined reports whether the places around the structure joined in the parts before are joined in the parts
// after.
func (w walkBox) keepsJoined(pb, pa map[cube.Pos]int) bool {
	joined := map[int]int{}
	for p, b := range pb {
		if !w.ring(p) {
			continue
		}
		a, ok := pa[p]
		if !ok {
			return false // ground around it is covered
		}
		if old, seen := joined[b]; seen && old != a {
			return false
		}
		joined[b] = a
	}
	return true
}

// reaches reports whether a place beside the object, level with it or a block above or below, is in the part of a
// place around the structure.
func (w walkBox) reaches(pa map[cube.Pos]int) bool {
	around := map[int]bool{}
	for p, a := range pa {
		if w.ring(p) {
			around[a] = true
		}
	}
	for _, d := range dirs {
		for dy := -1; dy <= 1; dy++ {
			if a, ok := pa[w.anchor.Add(cube.Pos{d[0], dy, d[1]})]; ok && around[a] {
				return true
			}
		}
	}
	return false
}

// SwimsTo reports whether a player swimming at the water's surface from p, a place in the box of columns checked
// around a structure (RingWidth), climbs onto it and reaches a place beside its object, level with it, on the
// blocks r.
func SwimsTo(r BlockReader, rec store.Built, p cube.Pos) bool {
	w := newWalkBox(rec, true)
	parts := w.parts(r)
	for _, d := range dirs {
		if a, ok := parts[w.anchor.Add(cube.Pos{d[0], 0, d[1]})]; ok && a == parts[p] {
			return true
		}
	}
	return false
}
