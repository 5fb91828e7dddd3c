package overlay

import (
	"context"
	"log/slog"
	"reflect"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// openOnPostgres attaches an overlay of the yard pack to a world, its state in a PostgreSQL database: with the
// lease when holder is set (the server that changes the puzzles), without it otherwise (one that follows).
func openOnPostgres(t *testing.T, w *world.World, url, holder string) *Overlay {
	t.Helper()
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(yardPack))
	if err != nil {
		t.Fatal(err)
	}
	open := func() (store.Store, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		return pgstore.OpenWith(ctx, url, pgstore.Options{Holder: holder, Lease: 3 * time.Second})
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, OpenStore: open,
		Log: slog.New(slog.NewTextHandler(testWriter{t}, nil)).With("server", holder)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = o.Close() })
	o.Start()
	wait(t, o)
	return o
}

// Two servers on one PostgreSQL database: A changes the puzzles, B follows them. B starts showing what A stored;
// A's player solves the start area (the key picked up and used, the crate opened, four neighbours opened with
// their puzzles); then B follows those areas, and its state and its world are A's: every area's record, every
// object's record, the open crate, the used key gone from the ground, the new puzzles' blocks and items.
func TestFollowingTheAreasAnotherServerChanges(t *testing.T) {
	url := pgtest.Database(t)
	wA, wB := overlayWorld(t), overlayWorld(t)
	a := openOnPostgres(t, wA, url, "server A")
	b := openOnPostgres(t, wB, url, "")
	sameStateAndWorld(t, a, b, wA, wB)

	crate, key := objectsOf(a, "0,0", "Crate")[0], objectsOf(a, "0,0", "Key")[0]
	crateAt, keyAt := a.view().where.At(crate), a.view().where.At(key)
	if !entityAt(wB, keyAt) {
		t.Fatal("server B does not show the key lying on the ground at start")
	}
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: mgl64.Vec3{8, -60, 8}, ID: id}.New(player.Type, player.Config{Name: "Tester", UUID: id})
	var r *Reply
	<-wA.Do(func(tx *world.Tx) {
		p := tx.AddEntity(h).(*player.Player)
		a.Join(p)
		r = a.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}).Done()
	waitReply(t, r)
	wait(t, a)
	<-wA.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		hold(t, p, key)
		v := a.view()
		r = a.act(p, a.movesFrom(v, v.game, p, crate)[0], crateAt.Block, nil)
	}).Done()
	waitReply(t, r)
	wait(t, a)
	wait(t, a)
	if n := a.view().areas.Len(); n != 5 {
		t.Fatalf("server A has %d areas after the solve, want the start and its four neighbours", n)
	}
	if reflect.DeepEqual(a.view().areas.At(store.AreaPos{0, 0}).rec, b.view().areas.At(store.AreaPos{0, 0}).rec) {
		t.Fatal("server B has the start area as server A has it before following it")
	}

	var areas []store.AreaPos
	for pos := range a.view().areas.All() {
		areas = append(areas, pos)
	}
	waitReply(t, b.Follow(areas))
	wait(t, b)
	sameStateAndWorld(t, a, b, wA, wB)
	if entityAt(wB, keyAt) {
		t.Error("server B still shows the key on the ground, which server A's player picked up and used")
	}
	<-wB.Do(func(tx *world.Tx) {
		if barrel, ok := tx.Block(crateAt.Block).(block.Barrel); !ok || !barrel.Open {
			t.Errorf("server B shows the crate as %#v, want an open barrel", tx.Block(crateAt.Block))
		}
	}).Done()
}

// sameStateAndWorld checks that server B has every area and object as server A has them, and shows each object
// where A does: the same block, or an entity of the same id.
func sameStateAndWorld(t *testing.T, a, b *Overlay, wA, wB *world.World) {
	t.Helper()
	va, vb := a.view(), b.view()
	for pos, run := range va.areas.All() {
		if got, ok := vb.areas.Get(pos); !ok || !reflect.DeepEqual(got.rec, run.rec) {
			t.Errorf("area %v: server B has %+v, server A %+v", pos, got, run.rec)
		}
	}
	if va.areas.Len() != vb.areas.Len() || va.game.State.Len() != vb.game.State.Len() {
		t.Errorf("server B has %d areas and %d objects, server A %d and %d", vb.areas.Len(), vb.game.State.Len(), va.areas.Len(), va.game.State.Len())
	}
	for obj := range va.game.State.All() {
		ra, _ := va.record(obj.ID)
		if rb, ok := vb.record(obj.ID); !ok || !sameRecord(ra, rb) {
			t.Errorf("object %d: server B has %+v (%v), server A %+v", obj.ID, rb, ok, ra)
		}
		if ra.Where.Kind == store.AtBlock {
			if ba, bb := blockAt(wA, ra.Where), blockAt(wB, ra.Where); ba != bb {
				t.Errorf("object %d (%s) at %v: server B shows block %d, server A %d", obj.ID, obj.Item, ra.Where.Block, bb, ba)
			}
		}
		if ra.Where.Kind == store.AtEntity && !entityAt(wB, ra.Where) {
			t.Errorf("object %d (%s): server B does not show its entity at %v", obj.ID, obj.Item, ra.Where.Block)
		}
	}
	for obj := range vb.game.State.All() {
		if _, ok := va.game.State.Object(obj.ID); !ok {
			t.Errorf("server B still has object %v, which server A no longer has", obj)
		}
	}
}

// blockAt returns the runtime id of the block where an object is.
func blockAt(w *world.World, where store.Where) uint32 {
	var id uint32
	<-w.Do(func(tx *world.Tx) { id = world.BlockRuntimeID(tx.Block(where.Block)) }).Done()
	return id
}

// entityAt reports whether the entity of an object stands in its world.
func entityAt(w *world.World, where store.Where) bool {
	var ok bool
	<-w.Do(func(tx *world.Tx) { _, ok = findEntity(tx, where.Entity, where.Block) }).Done()
	return ok
}
