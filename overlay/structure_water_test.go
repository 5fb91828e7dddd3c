package overlay

import (
	"log/slog"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
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
		spots := site.SurfaceSpots(*snap, rand.New(rand.NewPCG(uint64(seed), 1)))
		plans, _ := planItems(p, snap, spots, items, uint64(seed))
		build(t, w, plans)
		sea := site.SnapshotBlocks(snap)
		for _, pl := range plans {
			anchor := cube.Pos(pl.Record.Anchor)
			s, _ := p.Structure(pl.Record.Structure)
			wasWater := site.IsWater(sea.Block(anchor.Side(cube.FaceDown)))
			t.Logf("seed %d: %s around object %d at %v, turn %d, on water %v", seed, s.Name, pl.Record.Object, anchor, pl.Record.Rot, wasWater)
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
func checkPosts(t *testing.T, tx *world.Tx, seed int64, pl site.Planned) {
	t.Helper()
	deck := cube.Pos(pl.Record.Anchor)[1] - 1
	built := map[cube.Pos]world.Block{}
	posts := 0
	for _, c := range pl.Cells {
		built[c.Pos()] = orAir(c.Block())
	}
	for p := range built {
		if p[1] != deck-1 || !pl.Record.Covers(p, 0) {
			continue
		}
		posts++
		q := p
		for ; built[q] != nil && name(tx.Block(q)) == name(built[q]); q = q.Side(cube.FaceDown) {
		}
		if !site.Standable(tx.Block(q)) || name(tx.Block(q)) == name(built[p]) {
			t.Errorf("seed %d: %s: the post under %v ends at %v over %s, not on the sea floor", seed, pl.Record.Structure, p, q, name(tx.Block(q)))
		}
	}
	if posts < 4 {
		t.Errorf("seed %d: %s at %v stands on %d posts", seed, pl.Record.Structure, pl.Record.Anchor, posts)
	}
	if loose := floating(tx, built); len(loose) > 0 {
		t.Errorf("seed %d: %s: blocks float: %v", seed, pl.Record.Structure, loose)
	}
}

// checkSwimmedTo checks that a player swimming at the water's surface, from the edge of the box around a
// structure, climbs onto its deck and reaches a place beside the object.
func checkSwimmedTo(t *testing.T, tx *world.Tx, seed int64, pl site.Planned) {
	t.Helper()
	anchor := cube.Pos(pl.Record.Anchor)
	from := cube.Pos{pl.Record.Min[0] - site.RingWidth, anchor[1] - 1, pl.Record.Min[2] - site.RingWidth}
	if _, ok := tx.Block(from).(block.Water); !ok {
		t.Fatalf("seed %d: %v, where the swim starts, is %s", seed, from, name(tx.Block(from)))
	}
	if site.SwimsTo(tx, pl.Record, from) {
		return
	}
	t.Errorf("seed %d: %s at %v: no place beside the object is reached swimming from %v", seed, pl.Record.Structure, anchor, from)
}

// The overlay's own placing, in the open-sea start area of world seed 3 (puzzle seed 2, whose start puzzle has a
// farmer; the default pack's puzzle seed 3 has no one there to stand on a jetty): the area records a jetty around
// its farmer, built with the raft under it; the farmer stands on the deck at the water's surface, the deck stands
// on posts to the sea floor, a swimmer reaches the farmer, and /puzzle verify finds nothing wrong.
func TestOverlayBuildsAJettyAtSea(t *testing.T) {
	p := defaultPack(t)
	w := liveWorld(t, worldgen.New(3))
	run(t, w, func(tx *world.Tx) { w.SetSpawn(site.Spawn(tx, cube.Pos{0, 32767, 0}, 4)) })
	o, err := New(w, Options{Pack: p, Seed: 2, AreaSize: 4, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		Log: slog.New(slog.NewTextHandler(testWriter{t}, &slog.HandlerOptions{Level: slog.LevelWarn}))})
	if err != nil {
		t.Fatal(err)
	}
	o.Start()
	t.Cleanup(func() { _ = o.Close() })
	wait(t, o)
	var jetty *store.Built
	for _, b := range o.view().areas.At(o.graph.Start()).rec.Structures {
		if b.Structure == "Jetty" {
			jetty = &b
		}
	}
	if jetty == nil {
		t.Fatalf("no jetty recorded at sea: %+v", o.view().areas.At(o.graph.Start()).rec.Structures)
	}
	anchor := cube.Pos(jetty.Anchor)
	if where := o.view().where.At(jetty.Object); where.Block != anchor || where.Kind != store.AtEntity {
		t.Errorf("the jetty's object stands at %+v, the jetty's anchor is %v", where, anchor)
	}
	canopy := anchor.Add(cube.Pos{0, 2, 0})
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		var top world.Block
		run(t, w, func(tx *world.Tx) { top = tx.Block(canopy) })
		if _, air := top.(block.Air); !air {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the jetty's canopy was not built")
		}
	}
	run(t, w, func(tx *world.Tx) {
		if deck, ok := tx.Block(anchor.Side(cube.FaceDown)).(block.Planks); !ok || !site.IsWater(tx.Block(anchor.Add(cube.Pos{3, -1, 3}))) {
			t.Errorf("the farmer stands on %v, the water beside the jetty is %s", deck, name(tx.Block(anchor.Add(cube.Pos{3, -1, 3}))))
		}
		if posts := postsDown(tx, *jetty); posts != 4 {
			t.Errorf("the jetty stands on %d posts to the sea floor, want 4", posts)
		}
		checkSwimmedTo(t, tx, 3, site.Planned{Record: *jetty})
	})
	verifyClean(t, o)
}

// postsDown counts the logs under a structure's deck that reach down unbroken to solid ground of another block.
func postsDown(tx *world.Tx, rec store.Built) int {
	n := 0
	for x := rec.Min[0]; x <= rec.Max[0]; x++ {
		for z := rec.Min[2]; z <= rec.Max[2]; z++ {
			p := cube.Pos{x, rec.Anchor[1] - 2, z}
			if !site.IsLog(tx.Block(p)) {
				continue
			}
			for site.IsLog(tx.Block(p)) {
				p = p.Side(cube.FaceDown)
			}
			if site.Standable(tx.Block(p)) && p[1] < rec.Anchor[1]-3 {
				n++
			}
		}
	}
	return n
}
