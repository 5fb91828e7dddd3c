package overlay

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/internal/walktest"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/worldgen"
)

// The start area opens on oceans: "area -2,0 has no free ground for 4 objects" on seeds 3, 174218 and
// 1040025109366796747. In a real world, with the spawn found as the server finds it, the start area has spots
// for any puzzle, and objects shown at them (a door, an NPC, an item stack) stand on ground, out of the water, a
// walk from the spawn.
func TestOceanStartAreasGetSpots(t *testing.T) {
	for _, seed := range []int64{3, 174218, 1040025109366796747} {
		o := showOverlay(t)
		w := syncWorld(t, worldgen.New(seed))
		var spawn cube.Pos
		run(t, w, func(tx *world.Tx) { spawn = site.Spawn(tx, cube.Pos{0, 32767, 0}, 4) })
		a := store.AreaOfBlock(spawn, 4)
		lo, hi := a.Chunks(4)
		snap, err := Snapshot(context.Background(), w, lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		spots := site.SurfaceSpotsFrom(snap, rand.New(rand.NewPCG(uint64(seed), 1)), []cube.Pos{spawn})
		if len(spots) < site.WantSpots {
			t.Fatalf("seed %d: area %v has %d spots, want %d", seed, a, len(spots), site.WantSpots)
		}
		shown := showAll(t, o, w, spots[:12])
		for range 60 {
			w.AdvanceTick()
		}
		run(t, w, func(tx *world.Tx) {
			for _, where := range shown {
				if below := tx.Block(where.Block.Side(cube.FaceDown)); !site.Standable(below) {
					t.Errorf("seed %d: the object at %v stands on %v", seed, where.Block, below)
				}
				if where.Kind == store.AtEntity {
					if e, ok := findEntity(tx, where.Entity, where.Block); !ok || cube.PosFromVec3(e.Position()) != where.Block {
						t.Errorf("seed %d: the entity shown at %v is not there", seed, where.Block)
					}
				}
			}
			bad, _ := walktest.Reached(tx, a, spots[:len(shown)], &spawn, walktest.NearSpot, nil)
			for _, bad := range bad {
				t.Errorf("seed %d: %s", seed, bad)
			}
		})
	}
}

// showAll shows a door, an NPC and an item stack in turn at the spots, and returns where.
func showAll(t *testing.T, o *Overlay, w *world.World, spots []cube.Pos) []store.Where {
	items := []string{"Door", "Guard", "Key"}
	var shown []store.Where
	run(t, w, func(tx *world.Tx) {
		for i, p := range spots {
			where := store.Where{Kind: store.AtEntity, Block: p, Entity: newEntityID()}
			if items[i%3] == "Door" {
				where = store.Where{Kind: store.AtBlock, Block: p}
			}
			o.show(o.opts.Pack, object(o, i, items[i%3]), where)(tx)
			shown = append(shown, where)
		}
	})
	return shown
}
