package overlay

import (
	"context"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

const yardPack = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Key:   {props: {carryable: true}, look: {item: emerald, name: Brass key}}
  Well:  {props: {notSpawnable: true}, look: {block: cauldron}}
  Water: {props: {carryable: true}, look: {item: paper}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
  Water ::= Draw Well
tags:
  - {item: Well, block: cauldron}
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], maxDepth: 1}
  - {name: Field, goals: [Water, "Crate[open_bit: true]"], maxDepth: 1, minDistance: 1}
`

// overlayWorld is a real world in memory: flat grass with its surface at y -61, and spawn in area 0,0 (areas of
// one chunk).
func overlayWorld(t testing.TB) *world.World {
	t.Helper()
	world.DefaultBlockRegistry.Finalize()
	w := world.Config{
		Generator: generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}),
		Entities:  entityRegistry(),
	}.New()
	w.SetSpawn(cube.Pos{8, -60, 8})
	t.Cleanup(func() { _ = w.Close() })
	return w
}

func newTestOverlay(t *testing.T, w *world.World, dir string) *Overlay {
	t.Helper()
	o := openTestOverlay(t, w, dir)
	o.Start()
	wait(t, o)
	return o
}

// openTestOverlay attaches an overlay of the yard pack to a world, not yet started.
func openTestOverlay(t testing.TB, w *world.World, dir string) *Overlay {
	t.Helper()
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(yardPack))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: dir,
		Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	return o
}

func wait(t *testing.T, o *Overlay) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
}

// objectsOf returns the ids of an area's objects of an item.
func objectsOf(o *Overlay, area, item string) []int {
	var ids []int
	for _, obj := range o.view().game.State.Objects() {
		if obj.Area == area && obj.Item == item {
			ids = append(ids, obj.ID)
		}
	}
	return ids
}

func TestOverlaySolvesTheStartAreaAndUnlocksItsNeighbours(t *testing.T) {
	w := overlayWorld(t)
	// A cauldron in area 1,0 for tagging to find as a Well.
	cauldron, err := testLooks().Block(puzzle.Look{Block: "cauldron"})
	if err != nil {
		t.Fatal(err)
	}
	<-w.Do(func(tx *world.Tx) { tx.SetBlock(cube.Pos{24, -60, 8}, cauldron, nil) }).Done()
	dir := filepath.Join(t.TempDir(), "puzzles")
	o := newTestOverlay(t, w, dir)

	start := o.view().areas.At(store.AreaPos{0, 0})
	if start == nil || start.rec.State != store.Active || start.rec.Goal != "Crate[open_bit: true]" {
		t.Fatalf("start area = %+v, want active with the crate goal", start)
	}
	crates, keys := objectsOf(o, "0,0", "Crate"), objectsOf(o, "0,0", "Key")
	if len(crates) != 1 || len(keys) != 1 {
		t.Fatalf("crates %v keys %v, want one of each spawned", crates, keys)
	}
	crate, key := crates[0], keys[0]
	crateAt, keyAt := o.view().where.At(crate), o.view().where.At(key)
	if crateAt.Kind != store.AtBlock || keyAt.Kind != store.AtEntity {
		t.Fatalf("crate %+v, key %+v: want a block and an item on the ground", crateAt, keyAt)
	}
	<-w.Do(func(tx *world.Tx) {
		if b, ok := tx.Block(crateAt.Block).(block.Barrel); !ok || b.Open {
			t.Errorf("at the crate's place: %#v, want a closed barrel", tx.Block(crateAt.Block))
		}
		if _, ok := findEntity(tx, keyAt.Entity, keyAt.Block); !ok {
			t.Error("the key is not lying on the ground")
		}
	}).Done()

	// A player (without a network session) picks up the key and opens the crate through the menu's moves.
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: mgl64.Vec3{8, -60, 8}, ID: id}.New(player.Type, player.Config{Name: "Tester", UUID: id})
	var r *Reply
	<-w.Do(func(tx *world.Tx) {
		p := tx.AddEntity(h).(*player.Player)
		o.Join(p)
		r = o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}).Done()
	waitReply(t, r)
	wait(t, o)
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		if !holds(p, key) {
			t.Error("the key is not in the player's inventory")
		}
		if _, ok := findEntity(tx, keyAt.Entity, keyAt.Block); ok {
			t.Error("the key still lies on the ground")
		}
		hold(t, p, key)
		v := o.view()
		moves := o.movesFrom(v, v.game, p, crate)
		if len(moves) != 1 || moves[0].Rule.Action != "Open" {
			t.Fatalf("menu of the crate: %v, want Open", moves)
		}
		r = o.act(p, moves[0], crateAt.Block, nil)
	}).Done()
	waitReply(t, r)
	wait(t, o)
	wait(t, o) // the neighbours unlock after the solve is committed

	state := o.view().areas.At(store.AreaPos{0, 0}).rec.State
	var active []store.AreaPos
	for _, n := range (store.AreaPos{0, 0}).Neighbours() {
		if run, ok := o.view().areas.Get(n); ok && run.rec.State == store.Active {
			active = append(active, n)
		}
	}
	if state != store.Solved {
		t.Fatalf("start area is %v after opening the crate, want solved", state)
	}
	if len(active) != 4 {
		t.Errorf("active neighbours %v, want all four (each has the start as its key)", active)
	}
	if wells := objectsOf(o, "1,0", "Well"); len(wells) != 1 {
		t.Errorf("wells tagged in 1,0: %v, want the cauldron", wells)
	}
	<-w.Do(func(tx *world.Tx) {
		if b, ok := tx.Block(crateAt.Block).(block.Barrel); !ok || !b.Open {
			t.Errorf("the crate shows as %#v, want an open barrel", tx.Block(crateAt.Block))
		}
		e, _ := h.Entity(tx)
		if holds(e.(*player.Player), key) {
			t.Error("the key was used up but the player still holds it")
		}
	}).Done()

	// The store has it all: a second overlay on the same store sees the same areas and objects.
	areas, objects := o.view().areas.Len(), len(o.view().game.State.Objects())
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	o2 := newTestOverlay(t, w, dir)
	defer o2.Close()
	if o2.view().areas.Len() != areas || len(o2.view().game.State.Objects()) != objects || o2.view().areas.At(store.AreaPos{0, 0}).rec.State != store.Solved {
		t.Errorf("after reopening: %d areas, %d objects; want %d and %d with the start solved", o2.view().areas.Len(), len(o2.view().game.State.Objects()), areas, objects)
	}
}

// testWriter sends logs to the test's log.
type testWriter struct{ t testing.TB }

func (w testWriter) Write(b []byte) (int, error) { w.t.Log(string(b)); return len(b), nil }

// In all-rules mode the state-space check catches a move that would make the area unsolvable.
func TestAllRulesModeDetectsUnsolvableMoves(t *testing.T) {
	w := overlayWorld(t)
	src := yardPack
	src = src[:len("items:\n")] + "  Scrap: {look: {block: iron_block}}\n" + src[len("items:\n"):]
	src = replaceOnce(src, "rules: |\n", "rules: |\n  Scrap ::= Melt Key\n")
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, Mode: puzzle.AllRules,
		StoreDir: t.TempDir(), Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	if v := o.Solvable(store.AreaPos{0, 0}); v != puzzle.Yes {
		t.Fatalf("start area solvable: %v", v)
	}
	key := objectsOf(o, "0,0", "Key")[0]
	melt := puzzle.Move{Rule: pack.Rules[0], Inputs: []int{key}, Area: "0,0"}
	pick := puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}
	if pack.Rules[0].Action != "Melt" || !o.blocksArea(o.view(), melt, store.AreaPos{0, 0}) {
		t.Error("melting the only key was not found to block the area")
	}
	if o.blocksArea(o.view(), pick, store.AreaPos{0, 0}) {
		t.Error("picking up the key was found to block the area")
	}
}

func replaceOnce(s, old, new string) string {
	i := strings.Index(s, old)
	if i < 0 {
		return s
	}
	return s[:i] + new + s[i+len(old):]
}

// Admin operations: a reload with a bad look keeps the running pack; check proves the start area solvable; export
// writes four files; lock closes an area and unlock opens it with a new puzzle.
func TestAdminOperations(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	start := store.AreaPos{0, 0}

	bad, err := puzzle.LoadBytes("bad.yaml", []byte(strings.Replace(yardPack, "{item: emerald", "{item: no_such_thing", 1)))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Reload(context.Background(), bad); err == nil || !strings.Contains(err.Error(), "bad.yaml:3:") {
		t.Errorf("reload of a pack with an unknown item look: %v, want an error at bad.yaml:3", err)
	}
	if o.view().pack == bad {
		t.Error("a failed reload replaced the pack")
	}

	rep, err := o.Check(start, false)
	if err != nil || rep.Solvable != puzzle.Yes || rep.Counts().Solutions.N < 1 {
		t.Fatalf("check of the start area: %+v, %v", rep, err)
	}
	paths, _, err := o.Export(start, t.TempDir())
	if err != nil || len(paths) != 4 {
		t.Fatalf("export wrote %v: %v", paths, err)
	}
	for _, p := range paths {
		if b := readFileT(t, p); len(b) == 0 || (strings.HasSuffix(p, ".dot") && !strings.HasPrefix(b, "digraph")) {
			t.Errorf("%s: %q", p, b[:min(len(b), 40)])
		}
	}

	waitReply(t, o.Lock(start))
	wait(t, o)
	if crates := objectsOf(o, "0,0", "Crate"); len(crates) != 0 {
		t.Errorf("a locked area keeps its crate %v", crates)
	}
	if _, err := o.Lock(start).Wait(context.Background()); err == nil {
		t.Error("locking a locked area gave no error")
	}
	if _, err := o.Reroll(start).Wait(context.Background()); err == nil || !strings.Contains(err.Error(), "not open") {
		t.Errorf("rerolling a locked area answered %v, want that it is not open", err)
	}
	waitReply(t, o.Unlock(start))
	wait(t, o)
	state := o.view().areas.At(start).rec.State
	if state != store.Active || len(objectsOf(o, "0,0", "Crate")) != 1 {
		t.Errorf("after unlocking: %v with crates %v", state, objectsOf(o, "0,0", "Crate"))
	}
}

func readFileT(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// goldCrates shows crates as gold blocks and counts what it hides.
type goldCrates struct{ hidden int }

func (g *goldCrates) Show(tx *world.Tx, _ puzzle.Object, w store.Where) {
	tx.SetBlock(w.Block, block.Gold{}, nil)
}
func (g *goldCrates) Hide(tx *world.Tx, _ int, w store.Where) {
	g.hidden++
	tx.SetBlock(w.Block, nil, nil)
}

// A spawner registered for an item shows and hides its objects instead of the item's look.
func TestSpawnerReplacesTheLook(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(yardPack))
	if err != nil {
		t.Fatal(err)
	}
	spawner := &goldCrates{}
	mods := &Mods{}
	mods.Spawner("Crate", spawner)
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(), Mods: mods,
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	crate := objectsOf(o, "0,0", "Crate")[0]
	at := o.view().where.At(crate).Block
	<-w.Do(func(tx *world.Tx) {
		if _, ok := tx.Block(at).(block.Gold); !ok {
			t.Errorf("the crate shows as %T, want the spawner's gold block", tx.Block(at))
		}
	}).Done()
	waitReply(t, o.Lock(store.AreaPos{0, 0}))
	wait(t, o)
	if spawner.hidden != 1 {
		t.Errorf("the spawner hid %d objects, want the crate", spawner.hidden)
	}
}

// A fail rule ends the attempt: the area's puzzle is generated again, and play goes on.
func TestFailRuleRestartsTheArea(t *testing.T) {
	w := overlayWorld(t)
	src := strings.Replace(yardPack, "items:\n", "items:\n  Noise: {look: {item: paper}}\n", 1)
	src = strings.Replace(src, "tags:\n", "failRules: |\n  Noise ::= Kick Crate\ntags:\n", 1)
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	crate := objectsOf(o, "0,0", "Crate")[0]
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: mgl64.Vec3{8, -60, 8}, ID: id}.New(player.Type, player.Config{Name: "Clumsy", UUID: id})
	var r *Reply
	<-w.Do(func(tx *world.Tx) {
		p := tx.AddEntity(h).(*player.Player)
		v := o.view()
		moves := o.movesFrom(v, v.game, p, crate)
		names := o.buttons(v, p, moves)
		var kick *puzzle.Move
		for i := range moves {
			if names[i].Text == "Kick" {
				kick = &moves[i]
			}
		}
		if kick == nil {
			t.Errorf("the crate's menu %v has no Kick", names)
			return
		}
		r = o.act(p, *kick, groundAt(p), nil)
	}).Done()
	if r != nil {
		waitReply(t, r)
	}
	wait(t, o)
	wait(t, o)
	crates := objectsOf(o, "0,0", "Crate")
	failed, state := o.view().game.State.Failed, o.view().areas.At(store.AreaPos{0, 0}).rec
	if len(crates) != 1 || crates[0] == crate || failed != nil || state.State != store.Active || state.Rerolls != 1 {
		t.Errorf("after the fail rule: crates %v (was %d), failed %v, area %+v; want a new puzzle", crates, crate, failed, state)
	}
}

// A puzzle block taken out of the world that a crash brought back (its chunk saved before the change) is removed at
// the next start, and only if it still shows the same block.
func TestStaleBlocksAreClearedAtStart(t *testing.T) {
	w := overlayWorld(t)
	dir := t.TempDir()
	o := newTestOverlay(t, w, dir)
	crate := objectsOf(o, "0,0", "Crate")[0]
	at := o.view().where.At(crate).Block
	waitReply(t, o.Lock(store.AreaPos{0, 0}))
	wait(t, o)
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	// The crash: the barrel is back, as if its chunk had been saved before the lock.
	<-w.Do(func(tx *world.Tx) { tx.SetBlock(at, block.Barrel{}, nil) }).Done()
	o2 := newTestOverlay(t, w, dir)
	defer o2.Close()
	<-w.Do(func(tx *world.Tx) {
		if b := tx.Block(at); b != (block.Air{}) {
			t.Errorf("the stale crate is still there: %T", b)
		}
	}).Done()
	saved, err := o2.store.Load()
	if err != nil || len(saved.Cleared) != 0 {
		t.Errorf("cleared records after the repair: %v, %v", saved.Cleared, err)
	}
}

// After a reload that removes an item, its leftover objects answer a click with a message instead of crashing.
func TestLeftoverObjectAfterReload(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	crate := objectsOf(o, "0,0", "Crate")[0]
	smaller, err := puzzle.LoadBytes("smaller.yaml", []byte(`items:
  Key: {props: {carryable: true}, look: {item: emerald}}
  Door: {props: {open_bit: false}, look: {block: barrel}}
rules: |
  Door[open_bit: true] ::= Open Door[open_bit: false] Key
areas:
  - {name: Yard, start: true, goals: ["Door[open_bit: true]"], maxDepth: 1}
`))
	if err != nil {
		t.Fatal(err)
	}
	if err := o.Reload(context.Background(), smaller); err != nil {
		t.Fatal(err)
	}
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: mgl64.Vec3{8, -60, 8}, ID: id}.New(player.Type, player.Config{Name: "Late", UUID: id})
	<-w.Do(func(tx *world.Tx) {
		p := tx.AddEntity(h).(*player.Player)
		o.openMenu(p, crate, cube.Pos{}) // must not panic
		if moves := o.MovesFrom(p, crate); len(moves) != 0 {
			t.Errorf("a leftover crate offers %v", moves)
		}
	}).Done()
}

// waitReply waits for the owner's answer to a request and fails the test on an error.
func waitReply(t *testing.T, r *Reply) []string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	text, err := r.Wait(ctx)
	if err != nil {
		t.Fatal(err)
	}
	return text
}
