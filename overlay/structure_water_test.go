package overlay

import (
	"math/rand/v2"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/worldgen"
)

// In the open-sea start areas of real worlds (seed 3, the sea floor 14 blocks down; seed 174218, 34), objects
// on water get structures built on water: the object stands on the deck, which replaces the water's surface (so
// it is level with the water, and a swimmer climbs onto it); under each post of the deck a column of its block
// reaches down to the sea floor, and nothing built floats; a player swimming from open water reaches a place
// beside the object; and a structure built on ground never stands on water.
func TestWaterStructuresStandOnPosts(t *testing.T) {
	p := defaultPack(t)
	items := []string{"Farmer", "OakDoor", "Campfire", "Guard", "Furnace"}
	onWater := 0
	for _, seed := range []int64{3, 174218} {
		w := liveWorld(t, worldgen.New(seed))
		snap := areaSnapshot(t, w)
		spots := surfaceSpots(*snap, rand.New(rand.NewPCG(uint64(seed), 1)))
		plans, _ := planItems(p, snap, spots, items, uint64(seed))
		build(t, w, plans)
		sea := snapReader{snap}
		for _, pl := range plans {
			anchor := cube.Pos(pl.rec.Anchor)
			s, _ := p.Structure(pl.rec.Structure)
			wasWater := isWater(sea.Block(anchor.Side(cube.FaceDown)))
			t.Logf("seed %d: %s around object %d at %v, turn %d, on water %v", seed, s.Name, pl.rec.Object, anchor, pl.rec.Rot, wasWater)
			if s.Water != wasWater {
				t.Errorf("seed %d: %s (on water: %v) at %v, where the water's surface is %v", seed, s.Name, s.Water, anchor, wasWater)
				continue
			}
			if !s.Water {
				continue
			}
			onWater++
			run(t, w, func(tx *world.Tx) {
				checkBuilt(t, tx, seed, pl)
				checkPosts(t, tx, seed, pl)
				checkSwimmedTo(t, tx, seed, pl)
			})
		}
	}
	if onWater < 2 {
		t.Errorf("%d structures built on water on two seas: too few to test", onWater)
	}
}

// checkPosts checks that the deck of a structure on water rests on posts: in the columns where the plan sets
// blocks under the deck, they reach down unbroken to solid ground that is not the structure's, and every block
// built joins that ground through blocks built.
func checkPosts(t *testing.T, tx *world.Tx, seed int64, pl planned) {
	t.Helper()
	deck := cube.Pos(pl.rec.Anchor)[1] - 1
	built := map[cube.Pos]world.Block{}
	posts := 0
	for _, c := range pl.sets {
		built[c.off] = orAir(c.b)
	}
	for p := range built {
		if p[1] != deck-1 || !pl.rec.covers(p, 0) {
			continue
		}
		posts++
		q := p
		for ; built[q] != nil && name(tx.Block(q)) == name(built[q]); q = q.Side(cube.FaceDown) {
		}
		if !standable(tx.Block(q)) || name(tx.Block(q)) == name(built[p]) {
			t.Errorf("seed %d: %s: the post under %v ends at %v over %s, not on the sea floor", seed, pl.rec.Structure, p, q, name(tx.Block(q)))
		}
	}
	if posts < 4 {
		t.Errorf("seed %d: %s at %v stands on %d posts", seed, pl.rec.Structure, pl.rec.Anchor, posts)
	}
	if loose := floating(tx, built); len(loose) > 0 {
		t.Errorf("seed %d: %s: blocks float: %v", seed, pl.rec.Structure, loose)
	}
}

// checkSwimmedTo checks that a player swimming at the water's surface, from the edge of the box around a
// structure, climbs onto its deck and reaches a place beside the object.
func checkSwimmedTo(t *testing.T, tx *world.Tx, seed int64, pl planned) {
	t.Helper()
	w := newWalkBox(pl.rec, true)
	parts := w.parts(tx)
	anchor := cube.Pos(pl.rec.Anchor)
	from := cube.Pos{pl.rec.Min[0] - ringWidth, anchor[1] - 1, pl.rec.Min[2] - ringWidth}
	if _, ok := tx.Block(from).(block.Water); !ok {
		t.Fatalf("seed %d: %v, where the swim starts, is %s", seed, from, name(tx.Block(from)))
	}
	for _, d := range dirs {
		if a, ok := parts[anchor.Add(cube.Pos{d[0], 0, d[1]})]; ok && a == parts[from] {
			return
		}
	}
	t.Errorf("seed %d: %s at %v: no place beside the object is reached swimming from %v", seed, pl.rec.Structure, anchor, from)
}
