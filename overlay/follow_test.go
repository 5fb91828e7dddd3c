package overlay

import (
	"context"
	"log/slog"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
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
// leases of a world in regions when holder is set (those listed, or every region it can get), without leases
// otherwise (a server that only follows).
func openOnPostgres(t *testing.T, w *world.World, url, holder string, regions ...string) *Overlay {
	t.Helper()
	return openPackOnPostgres(t, w, url, yardPack, holder, regions...)
}

// openPackOnPostgres is openOnPostgres with the pack src.
func openPackOnPostgres(t *testing.T, w *world.World, url, src, holder string, regions ...string) *Overlay {
	t.Helper()
	return openWrappedOnPostgres(t, w, url, src, nil, holder, regions...)
}

// openWrappedOnPostgres is openPackOnPostgres with the store the overlay uses made by wrap from the PostgreSQL
// store, unless wrap is nil.
func openWrappedOnPostgres(t *testing.T, w *world.World, url, src string, wrap func(*pgstore.Store) store.Store, holder string, regions ...string) *Overlay {
	t.Helper()
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	var st *pgstore.Store
	open := func() (store.Store, error) {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		opts := pgstore.Options{Holder: holder, Lease: 3 * time.Second}
		if holder != "" { // a server of a world in regions of 2 by 2 areas: those listed, or any it can get
			opts.Regions, opts.RegionAreas, opts.AreaSize = regions, 2, 1
		}
		var err error
		st, err = pgstore.OpenWith(ctx, url, opts)
		if err != nil || wrap == nil {
			return st, err
		}
		return wrap(st), nil
	}
	changes := func(a store.AreaPos) bool { return st.Changes(a) } // as the server sets it
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, OpenStore: open, Changes: changes,
		Log: slog.New(slog.NewTextHandler(testWriter{t}, nil)).With("server", holder)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = o.Close() })
	o.Start()
	wait(t, o)
	return o
}

// Two servers on one PostgreSQL database, a world in regions: A takes the regions it can get, B holds one far away
// and follows A's areas. B follows the start area A opened; A's player solves it (the key picked up and used, the
// crate opened, four neighbours opened with their puzzles); then B follows those areas, and its state and its
// world are A's: every area's record, every object's record, the open crate, the used key gone from the ground,
// the new puzzles' blocks and items. Each server's objects take ids from its own block: following A's objects
// leaves B's next id in B's block, and an area B opens gets objects no id of which A has.
func TestFollowingTheAreasAnotherServerChanges(t *testing.T) {
	url := pgtest.Database(t)
	wA, wB := overlayWorld(t), overlayWorld(t)
	b := openOnPostgres(t, wB, url, "server B", "r5,5") // first: A's block of ids lies above B's
	a := openOnPostgres(t, wA, url, "server A")
	waitReply(t, b.Follow([]store.AreaPos{{0, 0}}))
	wait(t, b)
	sameStateAndWorld(t, a, b, wA, wB)

	crateAt, keyAt := a.view().where.At(objectsOf(a, "0,0", "Crate")[0]), a.view().where.At(objectsOf(a, "0,0", "Key")[0])
	if !entityAt(wB, keyAt) {
		t.Fatal("server B does not show the key lying on the ground at start")
	}
	solveStart(t, a, wA)
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

	// Each server makes objects with ids of its own block: A's new puzzles' objects from A's, and B's, following
	// A's objects, keeps its own next id; an area B opens gets objects none of A's has.
	aFirst, bFirst := a.store.(store.IDBlocks).FirstID(), b.store.(store.IDBlocks).FirstID()
	if aFirst <= 0 || bFirst <= 0 || aFirst == bFirst {
		t.Fatalf("first ids: server A %d, server B %d, want a block each", aFirst, bFirst)
	}
	for _, id := range objectsOf(a, "1,0", "Key") {
		if id < aFirst {
			t.Errorf("server A's new key %d lies below its block %d", id, aFirst)
		}
	}
	if next := b.view().game.State.NextID; next != bFirst {
		t.Errorf("server B's next id is %d after following A's objects, want its own block's first %d", next, bFirst)
	}
	far := store.AreaPos{10, 10} // in region r5,5, server B's
	waitReply(t, b.Unlock(far))
	wait(t, b)
	made := b.view().game.State.InAreas(areaName(far))
	if len(made) == 0 {
		t.Fatal("server B's unlocked area has no objects")
	}
	for _, obj := range made {
		if _, taken := a.view().game.State.Object(obj.ID); taken || obj.ID < bFirst {
			t.Errorf("server B made object %v, whose id server A has or lies outside B's block from %d", obj, bFirst)
		}
	}
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

// solveStart has a player (without a network session) solve the yard's start area: pick the key up and open the
// crate with it. It returns once the areas the solve opens are open.
func solveStart(t *testing.T, o *Overlay, w *world.World) {
	t.Helper()
	crate, key := objectsOf(o, "0,0", "Crate")[0], objectsOf(o, "0,0", "Key")[0]
	crateAt := o.view().where.At(crate)
	h := joinTester(o, w, "Tester", mgl64.Vec3{8, -60, 8})
	var r *Reply
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		r = o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}).Done()
	waitReply(t, r)
	wait(t, o)
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		hold(t, p, key)
		v := o.view()
		r = o.act(p, o.movesFrom(v, v.game, p, crate)[0], crateAt.Block, nil)
	}).Done()
	waitReply(t, r)
	wait(t, o)
	wait(t, o)
}

// A server changes only the areas Options.Changes gives it: solving its start area opens the neighbours it
// changes and only commits the opening of the one it does not, for that one's server; a pick-up of an object lying
// in another server's area is refused in words and changes nothing (the key stays on the ground); so are a new
// puzzle, an unlock and a lock there, while its own areas still take them. Handed the other's area, it takes up
// the opening left in the store.
func TestAServerChangesOnlyItsAreas(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(yardPack))
	if err != nil {
		t.Fatal(err)
	}
	start, south, east := store.AreaPos{0, 0}, store.AreaPos{0, 1}, store.AreaPos{1, 0}
	var others sync.Map // the areas another server changes
	others.Store(south, true)
	changes := func(a store.AreaPos) bool { _, theirs := others.Load(a); return !theirs }
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: filepath.Join(t.TempDir(), "puzzles"),
		Changes: changes, Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	solveStart(t, o, w)
	if run := o.view().areas.At(east); run == nil || run.rec.State != store.Active {
		t.Fatalf("area %v, this server's, is %+v after the solve, want open", east, run)
	}
	if run, ok := o.view().areas.Get(south); ok && run.rec.State != store.Locked {
		t.Errorf("area %v, another server's, was opened here: %+v", south, run.rec)
	}
	saved, err := o.store.Load()
	if err != nil {
		t.Fatal(err)
	}
	if !slices.ContainsFunc(saved.Intents, func(in store.Intent) bool { return in.Kind == store.OpenArea && in.Area == south }) {
		t.Errorf("no intent to open area %v in the store for its server: %+v", south, saved.Intents)
	}

	others.Store(east, true) // another server takes the east area over
	key := objectsOf(o, areaName(east), "Key")[0]
	keyAt := o.view().where.At(key)
	h := joinTester(o, w, "Walker", mgl64.Vec3{14, -60, 8})
	var r *Reply
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		r = o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}).Done()
	if _, err := r.Wait(context.Background()); err == nil || !strings.Contains(err.Error(), "another server") {
		t.Errorf("picking up a key lying in another server's area: %v, want a refusal naming another server", err)
	}
	wait(t, o)
	if got := o.view().where.At(key); got != keyAt || !entityAt(w, keyAt) {
		t.Errorf("the key is at %+v after the refused pick-up, want still on the ground at %+v", got, keyAt)
	}
	for name, r := range map[string]*Reply{"unlock": o.Unlock(south), "reroll": o.Reroll(east), "lock": o.Lock(east)} {
		if _, err := r.Wait(context.Background()); err == nil || !strings.Contains(err.Error(), "another server") {
			t.Errorf("%s of another server's area: %v, want a refusal naming another server", name, err)
		}
	}
	if _, err := o.Reroll(start).Wait(context.Background()); err != nil {
		t.Errorf("a new puzzle for the server's own area: %v", err)
	}

	// The south area's server hands it over (it stopped, say): this server takes up the opening left in the store.
	others.Delete(south)
	if text := waitReply(t, o.TakeUp()); !slices.Equal(text, []string{"1 areas to open taken up."}) {
		t.Errorf("taking up the store's intents: %q", text)
	}
	wait(t, o)
	if run := o.view().areas.At(south); run == nil || run.rec.State != store.Active || run.puzzle == nil {
		t.Fatalf("area %v after taking up its opening: %+v, want open with a puzzle", south, run)
	}
	if saved, err = o.store.Load(); err != nil || len(saved.Intents) != 0 {
		t.Errorf("intents left in the store: %+v (%v), want none", saved.Intents, err)
	}
	if text := waitReply(t, o.TakeUp()); !slices.Equal(text, []string{"0 areas to open taken up."}) {
		t.Errorf("taking up the store's intents again: %q", text)
	}
}

// joinTester adds a player (without a network session) to a world at pos and joins it to the overlay.
func joinTester(o *Overlay, w *world.World, name string, pos mgl64.Vec3) *world.EntityHandle {
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: pos, ID: id}.New(player.Type, player.Config{Name: name, UUID: id})
	<-w.Do(func(tx *world.Tx) { o.Join(tx.AddEntity(h).(*player.Player)) }).Done()
	return h
}

// yardWithRuin is yardPack with a ruin of cobblestone built round the crate.
const yardWithRuin = yardPack + `structures:
  Ruin:
    for: [Crate]
    palette: {M: mossy_cobblestone, C: cobblestone}
    layout:
      - [MMMMM, MCCCM, MCCCM, MCCCM, MMMMM]
      - [MM.MM, M...-, ..@.M, M...M, M-.-M]
`

// A server following another's area builds, in its own world, the structures the other planned there, once:
// server A opens the start area with a ruin round the crate; server B, whose world has never had it, follows the
// area and shows the same blocks in the ruin's box as A's world; followed again, it builds nothing more (a block
// changed in B's world since stays as it is).
func TestFollowingBuildsWhatTheOtherServerBuilt(t *testing.T) {
	url := pgtest.Database(t)
	wA, wB := overlayWorld(t), overlayWorld(t)
	b := openPackOnPostgres(t, wB, url, yardWithRuin, "server B", "r5,5")
	a := openPackOnPostgres(t, wA, url, yardWithRuin, "server A")
	start := store.AreaPos{0, 0}
	built := a.view().areas.At(start).rec.Structures
	if len(built) == 0 {
		t.Fatal("server A built no ruin round the start area's crate: the test tests nothing")
	}
	box := func(w *world.World) map[cube.Pos]string {
		out := map[cube.Pos]string{}
		<-w.Do(func(tx *world.Tx) {
			for _, rec := range built {
				for x := rec.Min[0]; x <= rec.Max[0]; x++ {
					for y := rec.Min[1]; y <= rec.Max[1]; y++ {
						for z := rec.Min[2]; z <= rec.Max[2]; z++ {
							name, _ := tx.Block(cube.Pos{x, y, z}).EncodeBlock()
							out[cube.Pos{x, y, z}] = name
						}
					}
				}
			}
		}).Done()
		return out
	}
	if reflect.DeepEqual(box(wA), box(wB)) {
		t.Fatal("server B's world has the ruin before following the area")
	}
	waitReply(t, b.Follow([]store.AreaPos{start}))
	wait(t, b)
	deadline := time.Now().Add(10 * time.Second) // a structure is built in batches, a tick apart
	for !reflect.DeepEqual(box(wA), box(wB)) {
		if time.Now().After(deadline) {
			t.Fatalf("server B's world does not show the ruin as A's does:\nA %v\nB %v", box(wA), box(wB))
		}
		time.Sleep(50 * time.Millisecond)
	}
	corner := cube.Pos(built[0].Min)
	<-wB.Do(func(tx *world.Tx) { tx.SetBlock(corner, block.Stone{}, nil) }).Done()
	waitReply(t, b.Follow([]store.AreaPos{start}))
	wait(t, b)
	if got := box(wB)[corner]; got != "minecraft:stone" {
		t.Errorf("following the area again built the ruin again: its corner is %s", got)
	}
}

// heldRead is a PostgreSQL store whose first LoadAreas, once it has read, waits for gate to close before it answers:
// a follow whose read is older than what the server commits meanwhile.
type heldRead struct {
	*pgstore.Store
	once sync.Once
	read chan struct{} // closed once the first LoadAreas has read
	gate chan struct{} // closed to let it answer
}

// LoadAreas reads as the PostgreSQL store does; the first call waits for gate before it answers.
func (h *heldRead) LoadAreas(areas []store.AreaPos, ids []int) (store.Saved, error) {
	saved, err := h.Store.LoadAreas(areas, ids)
	h.once.Do(func() {
		close(h.read)
		<-h.gate
	})
	return saved, err
}

// A follow read from the store before this server's own commit to an area, and handed to the owner after it (a
// reading of the leases that raced with the commit taking the area's region, as on a server of a network), leaves
// the area as memory has it: the area stays open with its puzzle, memory and store agree. Before the fix the
// follow took the area and its objects out of memory, while the store kept them.
func TestAFollowOlderThanAnOwnCommitLeavesTheArea(t *testing.T) {
	url := pgtest.Database(t)
	w := overlayWorld(t)
	h := &heldRead{read: make(chan struct{}), gate: make(chan struct{})}
	o := openWrappedOnPostgres(t, w, url, yardPack, func(st *pgstore.Store) store.Store { h.Store = st; return h }, "server A")
	far := store.AreaPos{4, 4} // in region r2,2, which no server holds yet
	followed := o.Follow([]store.AreaPos{far})
	select {
	case <-h.read: // the store, read: the area is not open there yet
	case <-time.After(time.Minute):
		t.Fatal("the follow never read the store")
	}
	waitReply(t, o.Unlock(far)) // this server opens the area, taking its region
	run, ok := o.view().areas.Get(far)
	if !ok || run.rec.State != store.Active || run.puzzle == nil {
		t.Fatalf("area %v after /puzzle unlock: %+v, want open with a puzzle", far, run)
	}
	objects := len(o.view().game.State.InAreas(areaName(far)))
	close(h.gate)
	waitReply(t, followed)
	wait(t, o)
	if run, ok := o.view().areas.Get(far); !ok || run.rec.State != store.Active || run.puzzle == nil {
		t.Errorf("area %v after a follow read before it opened: %+v, want still open with its puzzle", far, run)
	}
	if n := len(o.view().game.State.InAreas(areaName(far))); n != objects {
		t.Errorf("area %v has %d objects after the follow, %d before", far, n, objects)
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	problems, _, err := o.Verify(ctx)
	if err != nil || len(problems) > 0 {
		t.Errorf("verify after the follow: %q (%v), want no problems", problems, err)
	}
}
