package pgstore_test

import (
	"context"
	"encoding/json"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"

	"github.com/jackc/pgx/v5"
)

// ctxT is a context for one test's database work.
func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	t.Cleanup(cancel)
	return ctx
}

// connT connects to a database for the test to look at it directly.
func connT(t *testing.T, url string) *pgx.Conn {
	t.Helper()
	conn, err := pgx.Connect(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = conn.Close(context.Background()) })
	return conn
}

// versions returns the schema versions a database records, in order.
func versions(t *testing.T, conn *pgx.Conn) []int {
	t.Helper()
	rows, err := conn.Query(ctxT(t), "SELECT version FROM riddlestone_migrations ORDER BY version")
	if err != nil {
		t.Fatal(err)
	}
	out, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// everyVersion returns the schema's versions, 1 to the last.
func everyVersion() []int {
	var out []int
	for v := 1; v <= pgstore.Version(); v++ {
		out = append(out, v)
	}
	return out
}

func TestSchemaVersionIsTheLastMigration(t *testing.T) {
	if v := pgstore.Version(); v != 7 {
		t.Fatalf("schema version %d, want 7 (the files in migrations/)", v)
	}
}

// TestMigrateFromEmpty opens a new database: every migration runs once, in order, and a second open runs none.
func TestMigrateFromEmpty(t *testing.T) {
	url := pgtest.Database(t)
	for range 2 {
		s, err := pgstore.Open(ctxT(t), url)
		if err != nil {
			t.Fatal(err)
		}
		s.Close()
	}
	conn := connT(t, url)
	if got := versions(t, conn); !slices.Equal(got, everyVersion()) {
		t.Fatalf("recorded versions %v, want 1 to %d", got, pgstore.Version())
	}
	var index string
	if err := conn.QueryRow(ctxT(t), "SELECT indexdef FROM pg_indexes WHERE indexname = 'puzzle_objects_holder'").Scan(&index); err != nil {
		t.Fatalf("no holder index after the migrations: %v", err)
	}
}

// TestMigrateFromVersion1 writes a store as a version 1 server would, then opens it with this build: the schema
// goes to version 2, the new holder column is filled from the records, and the state loads as it was written.
func TestMigrateFromVersion1(t *testing.T) {
	url := pgtest.Database(t)
	old, err := pgstore.OpenAt(ctxT(t), url, 1)
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	conn := connT(t, url)
	if got := versions(t, conn); len(got) != 1 {
		t.Fatalf("after opening at version 1 the database records %v", got)
	}
	// What a version 1 server wrote for a round-trip's records (version 1 had no holder column).
	v1 := []store.ObjectRecord{safe, key, smith, pond}
	for _, o := range v1 {
		if _, err := conn.Exec(ctxT(t), "INSERT INTO puzzle_objects (id, record) VALUES ($1, $2)", o.ID, mustJSON(t, o)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctxT(t), "INSERT INTO puzzle_areas (x, z, record) VALUES (0, 0, $1)", mustJSON(t, meadow)); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctxT(t), "INSERT INTO puzzle_counters (name, value) VALUES ('next-id', 5)"); err != nil {
		t.Fatal(err)
	}

	s, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := versions(t, conn); len(got) != pgstore.Version() {
		t.Fatalf("after the upgrade the database records %v", got)
	}
	saved, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	same(t, normal(saved), want([]store.AreaRecord{meadow}, v1, 5, nil, nil))
	holders := map[int]string{}
	rows, err := conn.Query(ctxT(t), "SELECT id, coalesce(holder::text, '') FROM puzzle_objects")
	if err != nil {
		t.Fatal(err)
	}
	for rows.Next() {
		var id int
		var h string
		if err := rows.Scan(&id, &h); err != nil {
			t.Fatal(err)
		}
		holders[id] = h
	}
	if rows.Err() != nil {
		t.Fatal(rows.Err())
	}
	if holders[key.ID] != holder.String() || holders[safe.ID] != "" || holders[smith.ID] != "" || len(holders) != 4 {
		t.Fatalf("holders after the upgrade: %v; want only object %d held by %s", holders, key.ID, holder)
	}
	// The upgraded store goes on: a commit writes the new column too.
	dropped := key
	dropped.Where = store.Where{Kind: store.AtBlock}
	commitT(t, s, store.Change{Objects: []store.ObjectRecord{dropped}})
	var h *string
	if err := conn.QueryRow(ctxT(t), "SELECT holder::text FROM puzzle_objects WHERE id = $1", key.ID).Scan(&h); err != nil || h != nil {
		t.Fatalf("a dropped key still has a holder: %v, %v", h, err)
	}
}

// TestNewerSchemaIsRefused opens a database that a newer build has migrated further: the older build refuses it
// rather than write a schema it does not know.
func TestNewerSchemaIsRefused(t *testing.T) {
	url := pgtest.Database(t)
	s, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	s.Close()
	if _, err := connT(t, url).Exec(ctxT(t), "INSERT INTO riddlestone_migrations (version, name) VALUES (99, 'future')"); err != nil {
		t.Fatal(err)
	}
	_, err = pgstore.Open(ctxT(t), url)
	if err == nil || !strings.Contains(err.Error(), "newer than this server's") {
		t.Fatalf("opening a newer schema: %v", err)
	}
}

// TestServersMigrateTogether opens one new database from several stores at once, as servers of a network
// starting together would: each migration runs once and every open succeeds.
func TestServersMigrateTogether(t *testing.T) {
	url := pgtest.Database(t)
	var wg sync.WaitGroup
	errs := make(chan error, 4)
	for range 4 {
		wg.Go(func() {
			s, err := pgstore.Open(ctxT(t), url)
			if err == nil {
				s.Close()
			}
			errs <- err
		})
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	if got := versions(t, connT(t, url)); !slices.Equal(got, everyVersion()) {
		t.Fatalf("recorded versions %v, want 1 to %d", got, pgstore.Version())
	}
}

// TestOpenFailsClearly opens a store where no server listens, and with a URL that is not one.
func TestOpenFailsClearly(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := pgstore.Open(ctx, "postgres://nobody@127.0.0.1:1/none?sslmode=disable&connect_timeout=5"); err == nil || !strings.Contains(err.Error(), "127.0.0.1:1/none") {
		t.Fatalf("open where nothing listens: %v", err)
	}
	err := pgstore.ParseURL("postgres://ann:s3cret@db.example:port/world")
	if err == nil || strings.Contains(err.Error(), "s3cret") || !strings.Contains(err.Error(), "not a PostgreSQL connection URL") {
		t.Fatalf("a broken URL: %v", err)
	}
	t.Log(err)
}

func mustJSON(t *testing.T, v any) []byte {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// TestCommitsAreSynchronous opens a store on a database whose default is asynchronous commit (faster, and able to
// lose the last commits in a crash of the database's machine): the store's connections commit synchronously.
func TestCommitsAreSynchronous(t *testing.T) {
	url := pgtest.Database(t)
	conn := connT(t, url)
	var db string
	if err := conn.QueryRow(ctxT(t), "SELECT current_database()").Scan(&db); err != nil {
		t.Fatal(err)
	}
	if _, err := conn.Exec(ctxT(t), "ALTER DATABASE "+pgx.Identifier{db}.Sanitize()+" SET synchronous_commit = off"); err != nil {
		t.Fatal(err)
	}
	s, err := pgstore.Open(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if got := pgstore.Setting(t, s, "synchronous_commit"); got != "on" {
		t.Fatalf("the store's connections have synchronous_commit = %s", got)
	}
}

// storeAtVersion makes a database of an older schema version holding two objects (the safe and the key) and the
// next id 5, as a server of that version would have written them, and returns its URL and a connection to it.
func storeAtVersion(t *testing.T, version int) (string, *pgx.Conn) {
	t.Helper()
	url := pgtest.Database(t)
	old, err := pgstore.OpenAt(ctxT(t), url, version)
	if err != nil {
		t.Fatal(err)
	}
	old.Close()
	conn := connT(t, url)
	for _, o := range []store.ObjectRecord{safe, key} {
		if _, err := conn.Exec(ctxT(t), "INSERT INTO puzzle_objects (id, record) VALUES ($1, $2)", o.ID, mustJSON(t, o)); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := conn.Exec(ctxT(t), "INSERT INTO puzzle_counters (name, value) VALUES ('next-id', 5)"); err != nil {
		t.Fatal(err)
	}
	return url, conn
}

// TestMigrateFromVersion2 writes a store as a version 2 server would, then opens it with this build as a server
// does: the schema goes to version 3 (the leases), the state loads as it was written, the server takes the lease
// and its commits go through the fence.
func TestMigrateFromVersion2(t *testing.T) {
	url, conn := storeAtVersion(t, 2)
	s := openLeased(t, url, "server A", pgstore.Options{})
	if got := versions(t, conn); !slices.Equal(got, everyVersion()) {
		t.Fatalf("after the upgrade the database records %v", got)
	}
	same(t, loadT(t, s), want(nil, []store.ObjectRecord{safe, key}, 5, nil, nil))
	commitT(t, s, store.Change{Removed: []int{safe.ID}, NextID: 6})
	same(t, loadT(t, s), want(nil, []store.ObjectRecord{key}, 6, nil, nil))
	var holder string
	var seq int64
	if err := conn.QueryRow(ctxT(t), "SELECT holder, commit_seq FROM riddlestone_leases WHERE region = 'world'").Scan(&holder, &seq); err != nil || holder != "server A" || seq != 1 {
		t.Fatalf("the lease after one commit: holder %q, commit %d, %v", holder, seq, err)
	}
}
