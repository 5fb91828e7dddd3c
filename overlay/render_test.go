package overlay

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"github.com/df-mc/dragonfly/server/world/mcdb"
	"riddlestone/overlay/internal/walktest"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
	"riddlestone/worldgen"
)

const showPack = `items:
  Key:   {props: {carryable: true}, look: {item: emerald, name: Brass key}}
  Guard: {look: {entity: villager_v2}}
  Door:  {props: {locked: true}, look: {block: wooden_door}}
  Gate:  {look: {block: iron_door}}
  Torch: {look: {block: torch, states: {torch_facing_direction: west}}}
  Lamp:  {look: {block: lantern, states: {hanging: true}}}
  Lever: {look: {block: lever, states: {lever_direction: north}}}
  Poppy: {look: {block: poppy}}
  Sunflower: {look: {block: sunflower}}
  Wheat: {look: {block: wheat, states: {growth: 7}}}
areas:
  - {name: Yard, start: true, goals: [Key], maxDepth: 1}
`

// showOverlay is an overlay with the show pack, enough to show and hide objects in a world.
func showOverlay(t *testing.T) *Overlay {
	t.Helper()
	pack, err := puzzle.LoadBytes("show.yaml", []byte(showPack))
	if err != nil {
		t.Fatal(err)
	}
	return &Overlay{opts: Options{Pack: pack, Mods: &Mods{}, AreaSize: 4}, looks: testLooks()}
}

// syncWorld is a real world in memory that runs only as the test ticks it.
func syncWorld(t *testing.T, gen world.Generator) *world.World {
	t.Helper()
	world.DefaultBlockRegistry.Finalize()
	w := world.Config{Synchronous: true, Generator: gen, Entities: entityRegistry()}.New()
	t.Cleanup(func() { _ = w.Close() })
	return w
}

// object is an object of the show pack's item.
func object(o *Overlay, id int, item string) puzzle.Object {
	it, _ := o.opts.Pack.Item(item)
	return puzzle.Object{ID: id, Item: item, Area: "Yard", Props: it.Props.Clone()}
}

// run runs f on the world's goroutine and waits.
func run(t *testing.T, w *world.World, f func(tx *world.Tx)) {
	t.Helper()
	if _, err := world.Call(context.Background(), w, func(tx *world.Tx) (struct{}, error) { f(tx); return struct{}{}, nil }); err != nil {
		t.Fatal(err)
	}
}

// Item stacks lie on the ground of their spot and NPCs stand on it, on land, on a raft at sea and on packed ice over
// water: they used to start half a block down, and stacks fell into the block below, or to the sea floor.
func TestShowStandsObjectsOnTheGround(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	ice := generator.NewFlat(biome.FrozenOcean{}, []world.Block{block.PackedIce{}, block.Water{Still: true, Depth: 8}, block.Water{Still: true, Depth: 8}, block.Bedrock{}})
	for seed, gen := range map[string]world.Generator{"42": worldgen.New(42), "174218": worldgen.New(174218), "ice": ice} {
		o := showOverlay(t)
		w := syncWorld(t, gen)
		lo, hi := store.AreaPos{0, 0}.Chunks(4)
		snap, err := Snapshot(context.Background(), w, lo, hi)
		if err != nil {
			t.Fatal(err)
		}
		spots := site.SurfaceSpots(snap, rand.New(rand.NewPCG(1, 2)))
		if len(spots) < 2 {
			t.Fatalf("seed %s: %d spots", seed, len(spots))
		}
		key, guard := store.Where{Kind: store.AtEntity, Block: spots[0], Entity: newEntityID()}, store.Where{Kind: store.AtEntity, Block: spots[1], Entity: newEntityID()}
		run(t, w, func(tx *world.Tx) {
			o.show(o.opts.Pack, object(o, 1, "Key"), key)(tx)
			o.show(o.opts.Pack, object(o, 2, "Guard"), guard)(tx)
		})
		for range 100 { // five seconds
			w.AdvanceTick()
		}
		run(t, w, func(tx *world.Tx) {
			for _, at := range []store.Where{key, guard} {
				e, ok := findEntity(tx, at.Entity, at.Block)
				if !ok {
					t.Fatalf("seed %s: the object at %v is gone", seed, at.Block)
				}
				pos, feet := e.Position(), at.Block
				if pos[1] < float64(feet[1]) || pos[1] > float64(feet[1])+0.01 || cube.PosFromVec3(pos) != feet {
					t.Errorf("seed %s: %s at %v, want on the ground at the bottom of %v", seed, e.H().Type().EncodeEntity(), pos, feet)
				}
				if !walktest.CanStand(tx, feet) {
					t.Errorf("seed %s: %v is not on standable ground with room above: %v under it", seed, feet, tx.Block(feet.Side(cube.FaceDown)))
				}
			}
		})
	}
}

// Blocks are placed whole and stay through neighbour updates: both halves of doors and tall flowers, torches,
// lanterns and levers standing, plants on their soil. Hiding takes both halves away and drops nothing.
func TestShowPlacesBlocksWholeAndStable(t *testing.T) {
	o := showOverlay(t)
	w := syncWorld(t, generator.NewFlat(biome.Plains{}, []world.Block{block.Sand{}, block.Dirt{}, block.Bedrock{}}))
	items := []string{"Door", "Gate", "Torch", "Lamp", "Lever", "Poppy", "Sunflower", "Wheat"}
	at := func(i int) cube.Pos { return cube.Pos{4 + 3*i, -61, 4} }
	want := map[cube.Pos]string{}
	run(t, w, func(tx *world.Tx) {
		for i, item := range items {
			o.show(o.opts.Pack, object(o, i, item), store.Where{Kind: store.AtBlock, Block: at(i)})(tx)
			for _, p := range []cube.Pos{at(i), at(i).Side(cube.FaceUp)} {
				name, _ := tx.Block(p).EncodeBlock()
				want[p] = name
			}
		}
	})
	for range 3 {
		run(t, w, func(tx *world.Tx) { // every block around each object changes, as when a player walks up and builds
			for i := range items {
				for _, q := range walktest.NearSpot(at(i)) {
					if q[1] >= at(i)[1] && q[1] <= at(i)[1]+2 {
						tx.SetBlock(q, block.Stone{}, nil)
						tx.SetBlock(q, nil, nil)
					}
				}
			}
		})
		for range 20 {
			w.AdvanceTick()
		}
	}
	run(t, w, func(tx *world.Tx) {
		for i, item := range items {
			for _, p := range []cube.Pos{at(i), at(i).Side(cube.FaceUp)} {
				if name, _ := tx.Block(p).EncodeBlock(); name != want[p] {
					t.Errorf("%s: %v is %s, was %s", item, p, name, want[p])
				}
			}
			if name, props := tx.Block(at(i).Side(cube.FaceUp)).EncodeBlock(); props[upperBit] != nil && !isUpperHalfOf(tx.Block(at(i).Side(cube.FaceUp)), tx.Block(at(i))) {
				t.Errorf("%s: %v is not an upper half: %s %v", item, at(i).Side(cube.FaceUp), name, props)
			}
			if two := item == "Door" || item == "Gate" || item == "Sunflower"; two && LowerHalf(tx, at(i).Side(cube.FaceUp)) != at(i) {
				t.Errorf("%s: a click on its upper half is not taken to %v", item, at(i))
			}
			o.hide(i, item, store.Where{Kind: store.AtBlock, Block: at(i)})(tx)
			for _, p := range []cube.Pos{at(i), at(i).Side(cube.FaceUp)} {
				if _, air := tx.Block(p).(block.Air); !air {
					t.Errorf("%s: %v is still %v after hiding", item, p, tx.Block(p))
				}
			}
		}
	})
	w.AdvanceTick()
	run(t, w, func(tx *world.Tx) {
		for e := range tx.Entities() {
			t.Errorf("hiding left %s at %v", e.H().Type().EncodeEntity(), e.Position())
		}
	})
}

// An NPC is one NPC however often the server restarts: showing it again at start finds the copy saved in its chunk
// rather than making another beside it (the start area had five or six Farmers after four restarts), and copies
// that earlier starts made are taken away.
func TestShowFindsSavedNPCs(t *testing.T) {
	o := showOverlay(t)
	dir := t.TempDir()
	world.DefaultBlockRegistry.Finalize()
	gen := generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Bedrock{}})
	where := store.Where{Kind: store.AtEntity, Block: cube.Pos{40, -61, 40}, Entity: newEntityID()}
	open := func() *world.World {
		db, err := mcdb.Open(dir)
		if err != nil {
			t.Fatal(err)
		}
		return world.Config{Provider: db, Generator: gen, Entities: entityRegistry(), Synchronous: true}.New()
	}
	w := open()
	run(t, w, func(tx *world.Tx) { // two copies, as starts before this fix left them
		for range 2 {
			tx.AddEntity(world.EntitySpawnOpts{Position: where.Block.Vec3Middle(), ID: where.Entity}.New(npcType{model: "villager_v2"}, entity.StationaryBehaviourConfig{}))
		}
	})
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for start := range 5 {
		w := open()
		var ids, npcs int
		run(t, w, func(tx *world.Tx) {
			o.show(o.opts.Pack, object(o, 1, "Guard"), where)(tx)
			ids, npcs = countNPCs(tx, where)
		})
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if ids != 1 || npcs != 1 {
			t.Fatalf("start %d: %d entities with the NPC's id, %d NPCs at its place; want one", start+1, ids, npcs)
		}
	}
}

// countNPCs counts the loaded entities with the id of where, and the NPCs within a block of its place.
func countNPCs(tx *world.Tx, where store.Where) (ids, npcs int) {
	for e := range tx.Entities() {
		if e.H().UUID() == where.Entity {
			ids++
		}
		if isNPC(e) && e.Position().Sub(where.Block.Vec3Middle()).Len() < 1 {
			npcs++
		}
	}
	return ids, npcs
}
