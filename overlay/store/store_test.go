package store

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"riddlestone/puzzle"
)

func TestStoreKeepsChangesAcrossReopen(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "puzzles")
	s, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	holder := uuid.New()
	err = s.Commit(Change{
		Areas: []AreaRecord{{Pos: AreaPos{0, 0}, State: Active, Template: "Meadow", Goal: "Cake"}},
		Objects: []ObjectRecord{
			{Object: puzzle.Object{ID: 1, Item: "Safe", Area: "0,0", Props: puzzle.Props{"locked": puzzle.Bool(true)}}, Where: Where{Kind: AtBlock, Block: cube.Pos{3, 64, -2}}},
			{Object: puzzle.Object{ID: 2, Item: "Key", Area: puzzle.Inventory}, Where: Where{Kind: InInventory, Player: holder}},
		},
		NextID: 3,
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Commit(Change{Areas: []AreaRecord{{Pos: AreaPos{0, 0}, State: Solved, Template: "Meadow", Goal: "Cake"}}, Removed: []int{2}}); err != nil {
		t.Fatal(err)
	}
	if err := s.Close(); err != nil {
		t.Fatal(err)
	}
	s, err = OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	got, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	if a := got.Areas[AreaPos{0, 0}]; a.State != Solved || a.Goal != "Cake" || len(got.Areas) != 1 {
		t.Errorf("areas after reopen: %+v", got.Areas)
	}
	if len(got.Objects) != 1 || got.NextID != 3 {
		t.Fatalf("objects after reopen: %+v, next id %d", got.Objects, got.NextID)
	}
	safe := got.Objects[1]
	if safe.Item != "Safe" || safe.Props.Get("locked") != puzzle.Bool(true) || safe.Where.Block != (cube.Pos{3, 64, -2}) {
		t.Errorf("safe after reopen: %+v", safe)
	}
}

func TestStoreRejectsACorruptRecord(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenStore(dir)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if err := s.db.Put([]byte(objectPrefix+"9"), []byte("{not json"), nil); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(); err == nil {
		t.Fatal("a corrupt record loaded without error")
	}
}

// TestStoreSurvivesSIGKILL kills a process that commits changes as fast as it can, then checks that every change
// that reached the store is whole: each change writes object n and next id n+1 together.
func TestStoreSurvivesSIGKILL(t *testing.T) {
	if dir := os.Getenv("RIDDLESTONE_STORE_WRITER"); dir != "" {
		storeWriter(dir)
		return
	}
	dir := t.TempDir()
	for round := range 3 {
		cmd := exec.Command(os.Args[0], "-test.run", "^TestStoreSurvivesSIGKILL$")
		cmd.Env = append(os.Environ(), "RIDDLESTONE_STORE_WRITER="+dir)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(300+200*round) * time.Millisecond)
		if err := cmd.Process.Kill(); err != nil {
			t.Fatal(err)
		}
		_ = cmd.Wait()

		s, err := OpenStore(dir)
		if err != nil {
			t.Fatalf("round %d: reopen after kill: %v", round, err)
		}
		saved, err := s.Load()
		s.Close()
		if err != nil {
			t.Fatalf("round %d: %v", round, err)
		}
		if len(saved.Objects) != saved.NextID-1 {
			t.Fatalf("round %d: %d objects but next id %d: a change was torn", round, len(saved.Objects), saved.NextID)
		}
		for id := 1; id < saved.NextID; id++ {
			if o, ok := saved.Objects[id]; !ok || o.Item != "Coin"+strconv.Itoa(id) {
				t.Fatalf("round %d: object %d is %+v", round, id, o)
			}
		}
		t.Logf("round %d: %d changes survived the kill", round, saved.NextID-1)
	}
}

// storeWriter commits changes until it is killed.
func storeWriter(dir string) {
	s, err := OpenStore(dir)
	if err != nil {
		os.Exit(2)
	}
	saved, err := s.Load()
	if err != nil {
		os.Exit(3)
	}
	for id := saved.NextID; ; id++ {
		o := ObjectRecord{Object: puzzle.Object{ID: id, Item: "Coin" + strconv.Itoa(id), Area: "0,0"}}
		if err := s.Commit(Change{Objects: []ObjectRecord{o}, NextID: id + 1}); err != nil {
			os.Exit(4)
		}
	}
}
