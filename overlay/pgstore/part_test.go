package pgstore_test

import (
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"

	"github.com/df-mc/dragonfly/server/block/cube"
)

// A server following another's areas reads those areas' objects through the index on the area their records name
// (migration 7), not by reading every object: in a store of 20 000 objects over 200 areas, LoadAreas reads one
// area's hundred and PostgreSQL counts a scan of the index.
func TestAnAreasObjectsAreReadThroughTheirIndex(t *testing.T) {
	url := pgtest.Database(t)
	s, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	var c store.Change
	for a := range 200 {
		pos := store.AreaPos{int32(a % 20), int32(a / 20)}
		for k := range 100 {
			id := a*100 + k + 1
			c.Objects = append(c.Objects, store.ObjectRecord{Object: puzzle.Object{ID: id, Item: "Well", Area: pos.String()},
				Where: store.Where{Kind: store.AtBlock, Block: cube.Pos{int(pos[0])*16 + k%16, 64, int(pos[1])*16 + k/16}}})
		}
	}
	c.NextID = 20_001
	commitT(t, s, c)
	conn := connT(t, url)
	if _, err := conn.Exec(ctxT(t), "ANALYZE puzzle_objects"); err != nil { // as autovacuum does once a table grows
		t.Fatal(err)
	}
	got, err := s.LoadAreas([]store.AreaPos{{3, 4}}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Objects) != 100 {
		t.Fatalf("read %d objects of area 3,4, want 100", len(got.Objects))
	}
	deadline := time.Now().Add(30 * time.Second) // PostgreSQL counts a backend's scans when it goes idle
	for {
		var scans int64
		err := conn.QueryRow(ctxT(t), "SELECT pg_stat_clear_snapshot()::text, coalesce(sum(idx_scan), -1) FROM pg_stat_user_indexes WHERE indexrelname = 'puzzle_objects_area'").Scan(new(string), &scans)
		if err != nil {
			t.Fatal(err)
		}
		if scans > 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the index on the objects' area was scanned %d times after reading an area (-1: there is no such index)", scans)
		}
		time.Sleep(200 * time.Millisecond)
	}
}
