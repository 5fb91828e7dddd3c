package store

import (
	"path/filepath"
	"testing"

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
