package site

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Spots for objects in structures. Spots lie three blocks apart, nearer the middle first, and a structure around
// one covers its neighbours: so objects that a structure goes with take spots apart from the others, and the
// others keep away from them. Without structures every object takes the next spot, as before.

const (
	// structureGap is how far, along either axis, an object with a structure stands from every other object.
	structureGap = 6
	// besideGap is how far an object without one stands from an object with one.
	besideGap = 4
	// spreadPool is how many spots past the objects' own the spreading may take instead.
	spreadPool = 12
)

// Spread returns the spot of each object, in order: objects with a structure first take the first spot at
// structureGap from the spots taken, the others the first at besideGap from those of objects with one; each
// takes the next free spot when none is so far. Only land spots of the first ones are taken out of order
// (rafts are built in their order, each joining the ground of earlier ones), but by objects that a structure
// built on water goes with, when no land spot is so far: they take the last spot so far, which no raft the
// others stand on is joined through, and players swim to them.
func Spread(p *puzzle.Pack, objs []puzzle.Object, spots []cube.Pos, snap *tagging.Snapshot) []cube.Pos {
	wide := spots[:min(len(spots), len(objs)+spreadPool)]
	pool := landPrefix(wide, snap)
	out := make([]cube.Pos, len(objs))
	used := make([]bool, len(spots))
	var framed []cube.Pos // spots of objects with a structure
	var all []cube.Pos
	take := func(i int, gap int, from []cube.Pos) {
		k := firstApart(pool, used, from, gap)
		if k < 0 && gap == structureGap && onWaterToo(p, objs[i].Item) {
			k = lastApart(wide, used, from, gap)
		}
		if k < 0 {
			k = firstFree(used)
		}
		used[k] = true
		out[i] = spots[k]
		all = append(all, spots[k])
	}
	for i, obj := range objs {
		if len(p.StructuresFor(obj.Item)) > 0 {
			take(i, structureGap, all)
			framed = append(framed, out[i])
		}
	}
	for i, obj := range objs {
		if len(p.StructuresFor(obj.Item)) == 0 {
			take(i, besideGap, framed)
		}
	}
	return out
}

// landPrefix returns the first spots that stand on ground in the snapshot, up to the first that does not.
func landPrefix(spots []cube.Pos, snap *tagging.Snapshot) []cube.Pos {
	r := snapReader{snap}
	for i, p := range spots {
		if snap == nil || !Standable(r.Block(p.Side(cube.FaceDown))) {
			return spots[:i]
		}
	}
	return spots
}

// firstApart returns the index of the first free spot of the pool at least gap from each of from, or -1.
func firstApart(pool []cube.Pos, used []bool, from []cube.Pos, gap int) int {
	for k, p := range pool {
		if !used[k] && apart(p, from, gap) {
			return k
		}
	}
	return -1
}

// lastApart returns the index of the last free spot of the pool at least gap from each of from, or -1.
func lastApart(pool []cube.Pos, used []bool, from []cube.Pos, gap int) int {
	for k := len(pool) - 1; k >= 0; k-- {
		if !used[k] && apart(pool[k], from, gap) {
			return k
		}
	}
	return -1
}

// apart reports whether p is at least gap from each of from, along either axis.
func apart(p cube.Pos, from []cube.Pos, gap int) bool {
	for _, q := range from {
		if max(abs(p[0]-q[0]), abs(p[2]-q[2])) < gap {
			return false
		}
	}
	return true
}

// firstFree returns the index of the first spot not taken.
func firstFree(used []bool) int {
	for k, u := range used {
		if !u {
			return k
		}
	}
	return -1
}

// onWaterToo reports whether a structure built on water goes with objects of an item.
func onWaterToo(p *puzzle.Pack, item string) bool {
	return len(forSurface(p.StructuresFor(item), true)) > 0
}
