package pgstore_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// backend is one implementation of store.Store, as the contract tests use it.
type backend struct {
	name string
	// place makes a new, empty place for a store (a folder, a database) and returns where it is.
	place func(t testing.TB) string
	// open opens the store at a place: again after Close, the same store.
	open func(at string) (store.Store, error)
	// failOn makes every later commit that writes object id fail inside the store, after the change's areas were
	// written; nil when the backend has no such failure to test (LevelDB writes a batch whole or not at all).
	failOn func(t *testing.T, at string, id int)
}

// backends are the stores the contract holds for.
var backends = []backend{
	{
		name:  "leveldb",
		place: func(t testing.TB) string { return filepath.Join(t.TempDir(), "puzzles") },
		open:  func(at string) (store.Store, error) { return store.OpenStore(at) },
	},
	{
		name:  "postgres",
		place: pgtest.Database,
		open: func(at string) (store.Store, error) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			return pgstore.Open(ctx, at)
		},
		failOn: failObjectInPostgres,
	},
	{
		// A server's store: it holds the lease, and every commit is fenced by it.
		name:  "postgres-leased",
		place: pgtest.Database,
		open: func(at string) (store.Store, error) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			return pgstore.OpenWith(ctx, at, pgstore.Options{Holder: fmt.Sprintf("the test process %d", os.Getpid()), Lease: testLease})
		},
		failOn: failObjectInPostgres,
	},
}

// testLease is the lease of the tests' leased stores: short, so that a killed holder is replaced quickly.
const testLease = 2 * time.Second

// TestStoreContract runs every case of the store's contract on every backend.
func TestStoreContract(t *testing.T) {
	cases := []struct {
		name string
		run  func(t *testing.T, b backend, at string)
	}{
		{"EmptyStoreLoadsEmpty", emptyStoreLoadsEmpty},
		{"CommitLoadRoundTrip", commitLoadRoundTrip},
		{"LaterRecordsReplaceEarlier", laterRecordsReplaceEarlier},
		{"Deletes", deletes},
		{"OrderWithinAChange", orderWithinAChange},
		{"Intents", intents},
		{"NextID", nextID},
		{"FailingCommitWritesNothing", failingCommitWritesNothing},
		{"ReopenKeepsEverything", reopenKeepsEverything},
		{"LoadSeesWholeCommits", loadSeesWholeCommits},
		{"SnapshotKeepsItsMoment", snapshotKeepsItsMoment},
		{"LoadAreasReadsAPart", loadAreasReadsAPart},
	}
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			for _, c := range cases {
				t.Run(c.name, func(t *testing.T) { c.run(t, b, b.place(t)) })
			}
		})
	}
}

// openT opens a backend's store at a place and closes it when the test ends.
func openT(t *testing.T, b backend, at string) store.Store {
	t.Helper()
	s, err := b.open(at)
	if err != nil {
		t.Fatalf("open %s store: %v", b.name, err)
	}
	t.Cleanup(func() { _ = s.Close() })
	return s
}

func commitT(t *testing.T, s store.Store, c store.Change) {
	t.Helper()
	if err := s.Commit(c); err != nil {
		t.Fatalf("commit: %v", err)
	}
}

func loadT(t *testing.T, s store.Store) store.Saved {
	t.Helper()
	saved, err := s.Load()
	if err != nil {
		t.Fatalf("load: %v", err)
	}
	return normal(saved)
}

// normal sorts a loaded state's lists, which stores may return in any order.
func normal(s store.Saved) store.Saved {
	slices.SortFunc(s.Cleared, func(a, b store.ClearedBlock) int { return slices.Compare(a.Pos[:], b.Pos[:]) })
	slices.SortFunc(s.Intents, func(a, b store.Intent) int {
		return strings.Compare(fmt.Sprint(a.Kind, a.Area), fmt.Sprint(b.Kind, b.Area))
	})
	return s
}

// want builds the state a test expects; nil lists and maps are the empty ones Load returns.
func want(areas []store.AreaRecord, objects []store.ObjectRecord, next int, cleared []store.ClearedBlock, in []store.Intent) store.Saved {
	s := store.Saved{Areas: map[store.AreaPos]store.AreaRecord{}, Objects: map[int]store.ObjectRecord{}, NextID: next, Cleared: cleared, Intents: in}
	for _, a := range areas {
		s.Areas[a.Pos] = a
	}
	for _, o := range objects {
		s.Objects[o.ID] = o
	}
	return normal(s)
}

func same(t *testing.T, got, want store.Saved) {
	t.Helper()
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("loaded state differs:\ngot  %+v\nwant %+v", got, want)
	}
}

// Sample records, as the overlay writes them.
var (
	holder  = uuid.MustParse("6f1c2a9e-3b4d-4e5f-8a7b-1c2d3e4f5a6b")
	meadow  = store.AreaRecord{Pos: store.AreaPos{0, 0}, State: store.Active, Template: "Meadow", Goal: "Cake", Puzzle: json.RawMessage(`{"goal":"Cake","nodes":[{"term":"Cake","rule":3}],"note":"spaces kept"}`), Rerolls: 2, Structures: []store.Built{{Structure: "well", Object: 1, Anchor: store.AreaBlock{3, 64, -2}, Rot: 1, Min: store.AreaBlock{1, 63, -4}, Max: store.AreaBlock{5, 67, 0}}}}
	north   = store.AreaRecord{Pos: store.AreaPos{0, -1}, State: store.Locked, Template: "Field"}
	farWest = store.AreaRecord{Pos: store.AreaPos{-2147483648, 2147483647}, State: store.Solved, Template: "Edge", NoPuzzle: "no goal fits"}
	safe    = store.ObjectRecord{Object: puzzle.Object{ID: 1, Item: "Safe", Area: "0,0", Props: puzzle.Props{"locked": puzzle.Bool(true), "code": puzzle.Int(-42), "word": puzzle.String("ünïcode \"quoted\"")}, Contained: 2}, Where: store.Where{Kind: store.AtBlock, Block: cube.Pos{3, 64, -2}}}
	key     = store.ObjectRecord{Object: puzzle.Object{ID: 2, Item: "Key", Area: puzzle.Inventory, Props: puzzle.Props{"carryable": puzzle.Bool(true)}}, Where: store.Where{Kind: store.InInventory, Player: holder}}
	smith   = store.ObjectRecord{Object: puzzle.Object{ID: 3, Item: "Smith", Area: "0,0"}, Where: store.Where{Kind: store.AtEntity, Entity: uuid.MustParse("0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d")}}
	pond    = store.ObjectRecord{Object: puzzle.Object{ID: 4, Item: "Pond", Area: "0,0"}, Where: store.Where{Kind: store.AtBlock, Block: cube.Pos{9, 62, 9}, Tagged: true}, Blocks: []cube.Pos{{9, 62, 9}, {10, 62, 9}}}
	gone1   = store.ClearedBlock{Pos: store.AreaBlock{3, 64, -2}, Block: "minecraft:barrel"}
	gone2   = store.ClearedBlock{Pos: store.AreaBlock{-7, -64, 5}, Block: "minecraft:chest"}
	open1   = store.Intent{Kind: store.OpenArea, Area: store.AreaPos{0, -1}, Chain: 2}
	reroll  = store.Intent{Kind: store.NewPuzzle, Area: store.AreaPos{0, -1}}
)

func emptyStoreLoadsEmpty(t *testing.T, b backend, at string) {
	same(t, loadT(t, openT(t, b, at)), want(nil, nil, 1, nil, nil))
}

func commitLoadRoundTrip(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{
		Areas: []store.AreaRecord{meadow, north, farWest}, Objects: []store.ObjectRecord{safe, key, smith, pond},
		NextID: 5, Cleared: []store.ClearedBlock{gone1, gone2}, Intents: []store.Intent{open1},
	})
	got := loadT(t, s)
	same(t, got, want([]store.AreaRecord{meadow, north, farWest}, []store.ObjectRecord{safe, key, smith, pond}, 5,
		[]store.ClearedBlock{gone1, gone2}, []store.Intent{open1}))
	// /puzzle verify compares the puzzle as text: it comes back byte for byte as the overlay wrote it.
	if p := string(got.Areas[meadow.Pos].Puzzle); p != string(meadow.Puzzle) {
		t.Fatalf("puzzle came back as %s", p)
	}
}

// A snapshot loads the state as it was when it was taken, whatever is committed before it is read (/puzzle verify
// takes one on the owner and reads it off the owner).
func snapshotKeepsItsMoment(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{Areas: []store.AreaRecord{meadow}, Objects: []store.ObjectRecord{safe}, NextID: 2})
	snap, err := s.Snapshot()
	if err != nil {
		t.Fatal(err)
	}
	commitT(t, s, store.Change{Areas: []store.AreaRecord{north}, Objects: []store.ObjectRecord{key}, Removed: []int{safe.ID}, NextID: 9})
	got, err := snap.Load()
	snap.Release()
	if err != nil {
		t.Fatal(err)
	}
	same(t, got, want([]store.AreaRecord{meadow}, []store.ObjectRecord{safe}, 2, nil, nil))
	same(t, loadT(t, s), want([]store.AreaRecord{meadow, north}, []store.ObjectRecord{key}, 9, nil, nil))
}

func laterRecordsReplaceEarlier(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{Areas: []store.AreaRecord{north}, Objects: []store.ObjectRecord{key}, Cleared: []store.ClearedBlock{gone1}, Intents: []store.Intent{open1}})
	opened := north
	opened.State, opened.Goal = store.Active, "Cake"
	dropped := key
	dropped.Area, dropped.Where = "0,-1", store.Where{Kind: store.AtEntity, Entity: holder}
	otherLook := gone1
	otherLook.Block = "minecraft:chest"
	longer := open1
	longer.Chain = 7
	// Within one change the later record of a key wins too.
	commitT(t, s, store.Change{Areas: []store.AreaRecord{north, opened}, Objects: []store.ObjectRecord{key, dropped}, Cleared: []store.ClearedBlock{otherLook}, Intents: []store.Intent{longer}})
	same(t, loadT(t, s), want([]store.AreaRecord{opened}, []store.ObjectRecord{dropped}, 1, []store.ClearedBlock{otherLook}, []store.Intent{longer}))
}

func deletes(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{Objects: []store.ObjectRecord{safe, key, smith}, NextID: 4, Cleared: []store.ClearedBlock{gone1, gone2}, Intents: []store.Intent{open1, reroll}})
	commitT(t, s, store.Change{Removed: []int{2, 99}, Forgotten: []store.ClearedBlock{gone2}, Resolved: []store.Intent{reroll, {Kind: store.OpenArea, Area: store.AreaPos{5, 5}}}})
	same(t, loadT(t, s), want(nil, []store.ObjectRecord{safe, smith}, 4, []store.ClearedBlock{gone1}, []store.Intent{open1}))
}

func orderWithinAChange(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{Cleared: []store.ClearedBlock{gone1}, Intents: []store.Intent{open1}})
	// An object written and removed is gone; a block forgotten and cleared again, an intent resolved and made
	// again, stay.
	commitT(t, s, store.Change{
		Objects: []store.ObjectRecord{safe}, Removed: []int{safe.ID},
		Forgotten: []store.ClearedBlock{gone1}, Cleared: []store.ClearedBlock{gone1},
		Resolved: []store.Intent{open1}, Intents: []store.Intent{open1},
	})
	same(t, loadT(t, s), want(nil, nil, 1, []store.ClearedBlock{gone1}, []store.Intent{open1}))
}

func intents(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	other := store.Intent{Kind: store.OpenArea, Area: store.AreaPos{-3, 8}}
	// One intent of each kind per area: two kinds on one area are two intents.
	commitT(t, s, store.Change{Intents: []store.Intent{open1, reroll, other}})
	same(t, loadT(t, s), want(nil, nil, 1, nil, []store.Intent{open1, reroll, other}))
	// Resolving matches on kind and area, not on the rest of the intent.
	commitT(t, s, store.Change{Resolved: []store.Intent{{Kind: store.OpenArea, Area: open1.Area}}})
	same(t, loadT(t, s), want(nil, nil, 1, nil, []store.Intent{reroll, other}))
}

func nextID(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{NextID: 7})
	commitT(t, s, store.Change{Objects: []store.ObjectRecord{safe}}) // 0 leaves it as it is
	same(t, loadT(t, s), want(nil, []store.ObjectRecord{safe}, 7, nil, nil))
	commitT(t, s, store.Change{NextID: 1 << 40})
	if got := loadT(t, s).NextID; got != 1<<40 {
		t.Fatalf("next id %d, want %d", got, 1<<40)
	}
}

func failingCommitWritesNothing(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	commitT(t, s, store.Change{Areas: []store.AreaRecord{north}, NextID: 2})
	before := loadT(t, s)
	// A record that cannot be encoded, after others that can: nothing of the change is written.
	broken := meadow
	broken.Puzzle = json.RawMessage(`{"goal":`)
	err := s.Commit(store.Change{Areas: []store.AreaRecord{farWest, broken}, Objects: []store.ObjectRecord{safe}, NextID: 9, Intents: []store.Intent{open1}})
	if err == nil {
		t.Fatal("a change with a record that cannot be encoded committed")
	}
	same(t, loadT(t, s), before)
	if b.failOn == nil {
		return
	}
	// A change that fails inside the store, after its area and another object were written.
	b.failOn(t, at, 666)
	bad := safe
	bad.ID = 666
	err = s.Commit(store.Change{Areas: []store.AreaRecord{meadow}, Objects: []store.ObjectRecord{key, bad}, NextID: 9, Cleared: []store.ClearedBlock{gone1}, Intents: []store.Intent{open1}})
	if err == nil {
		t.Fatal("the change that the store refuses committed")
	}
	same(t, loadT(t, s), before)
	commitT(t, s, store.Change{Objects: []store.ObjectRecord{key}}) // the store goes on
	same(t, loadT(t, s), want([]store.AreaRecord{north}, []store.ObjectRecord{key}, 2, nil, nil))
}

func reopenKeepsEverything(t *testing.T, b backend, at string) {
	s, err := b.open(at)
	if err != nil {
		t.Fatal(err)
	}
	commitT(t, s, store.Change{Areas: []store.AreaRecord{meadow, north}, Objects: []store.ObjectRecord{safe, key}, NextID: 3, Cleared: []store.ClearedBlock{gone1}, Intents: []store.Intent{open1}})
	commitT(t, s, store.Change{Removed: []int{1}, Objects: []store.ObjectRecord{smith}, NextID: 4})
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s = openT(t, b, at)
	same(t, loadT(t, s), want([]store.AreaRecord{meadow, north}, []store.ObjectRecord{key, smith}, 4, []store.ClearedBlock{gone1}, []store.Intent{open1}))
}

// loadSeesWholeCommits loads while another goroutine commits: each commit writes object n and next id n+1
// together, so every load must see as many objects as the next id says.
func loadSeesWholeCommits(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	const commits = 200
	errs := make(chan error, 1)
	go func() {
		for id := 1; id <= commits; id++ {
			o := store.ObjectRecord{Object: puzzle.Object{ID: id, Item: "Coin", Area: "0,0"}}
			if err := s.Commit(store.Change{Objects: []store.ObjectRecord{o}, NextID: id + 1}); err != nil {
				errs <- err
				return
			}
		}
		errs <- nil
	}()
	for loads := 0; ; loads++ {
		saved, err := s.Load()
		if err != nil {
			t.Fatal(err)
		}
		if len(saved.Objects) != saved.NextID-1 {
			t.Fatalf("load %d saw %d objects and next id %d: half a commit", loads, len(saved.Objects), saved.NextID)
		}
		if saved.NextID == commits+1 {
			t.Logf("%d loads during %d commits", loads+1, commits)
			break
		}
	}
	if err := <-errs; err != nil {
		t.Fatal(err)
	}
}

// failObjectInPostgres installs a trigger that refuses to write object id: a failure inside the database, in
// the middle of a change's statements.
func failObjectInPostgres(t *testing.T, url string, id int) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	conn, err := pgx.Connect(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, fmt.Sprintf(`
CREATE FUNCTION refuse_object() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.id = %d THEN RAISE EXCEPTION 'object %d refused by the test'; END IF;
	RETURN NEW;
END $$;
CREATE TRIGGER refuse_object BEFORE INSERT OR UPDATE ON puzzle_objects FOR EACH ROW EXECUTE FUNCTION refuse_object();`, id, id))
	if err != nil {
		t.Fatal(err)
	}
}

// LoadAreas reads the areas asked for, the objects lying in them, held by players (the key) or asked for by id,
// what those hold and what that holds in turn, as Saved.Part picks them out of the whole state; LoadIntents reads
// the intents.
func loadAreasReadsAPart(t *testing.T, b backend, at string) {
	s := openT(t, b, at)
	chest := store.ObjectRecord{Object: puzzle.Object{ID: 5, Item: "Chest", Area: "0,-1", Contained: 6}, Where: store.Where{Kind: store.AtBlock, Block: cube.Pos{4, 64, -9}}}
	box := store.ObjectRecord{Object: puzzle.Object{ID: 6, Item: "Box", Area: puzzle.InContainer, Contained: 7}, Where: store.Where{Kind: store.Nowhere}}
	coin := store.ObjectRecord{Object: puzzle.Object{ID: 7, Item: "Coin", Area: puzzle.InContainer}, Where: store.Where{Kind: store.Nowhere}}
	stray := store.ObjectRecord{Object: puzzle.Object{ID: 8, Item: "Coin", Area: "5,5"}, Where: store.Where{Kind: store.AtEntity, Entity: holder}}
	commitT(t, s, store.Change{Areas: []store.AreaRecord{meadow, north, farWest},
		Objects: []store.ObjectRecord{safe, key, smith, pond, chest, box, coin, stray}, NextID: 9})
	reader, ok := s.(store.AreaReader)
	if !ok {
		t.Fatalf("the %s store reads no part of the state", b.name)
	}
	cases := []struct {
		areas   []store.AreaPos
		ids     []int
		areasTo []store.AreaRecord
		objects []store.ObjectRecord
	}{
		{[]store.AreaPos{north.Pos}, nil, []store.AreaRecord{north}, []store.ObjectRecord{chest, box, coin, key}},
		{[]store.AreaPos{meadow.Pos}, []int{smith.ID}, []store.AreaRecord{meadow}, []store.ObjectRecord{safe, smith, pond, key}},
		{[]store.AreaPos{{7, 7}}, []int{stray.ID, 99}, nil, []store.ObjectRecord{stray, key}},
		{[]store.AreaPos{farWest.Pos, north.Pos}, []int{box.ID}, []store.AreaRecord{farWest, north}, []store.ObjectRecord{chest, box, coin, key}},
	}
	whole := loadT(t, s)
	for _, c := range cases {
		got, err := reader.LoadAreas(c.areas, c.ids)
		if err != nil {
			t.Fatal(err)
		}
		expect := want(c.areasTo, c.objects, 9, nil, nil)
		same(t, normal(got), expect)
		same(t, normal(whole.Part(c.areas, c.ids)), expect)
	}
	// The intents, whoever decided them, are read on their own.
	commitT(t, s, store.Change{Intents: []store.Intent{open1, reroll}})
	intents, err := reader.LoadIntents()
	if err != nil {
		t.Fatal(err)
	}
	if got := normal(store.Saved{Intents: intents}).Intents; !reflect.DeepEqual(got, loadT(t, s).Intents) || len(got) != 2 {
		t.Fatalf("intents read on their own: %+v, want %+v", got, loadT(t, s).Intents)
	}
}
