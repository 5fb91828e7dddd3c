package pgstore

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// migrationFiles are the schema's versions, one SQL file each, named NNNN_what.sql and numbered from 0001 without
// gaps. A file, once released, never changes: a change to the schema is a new file.
//
//go:embed migrations/*.sql
var migrationFiles embed.FS

// migration is one version of the schema: the SQL that makes it from the version before.
type migration struct {
	Version int
	Name    string
	SQL     string
}

// migrationName is the form of a migration's file name.
var migrationName = regexp.MustCompile(`^(\d{4})_([a-z0-9_]+)\.sql$`)

// migrationLock is the advisory lock that lets one server at a time migrate a database.
const migrationLock = 0x5269646c // "Ridl"

// migrations returns the schema's versions in order, checking that they are numbered 1, 2, 3... without gaps.
func migrations() ([]migration, error) {
	entries, err := fs.ReadDir(migrationFiles, "migrations")
	if err != nil {
		return nil, err
	}
	var out []migration
	for _, e := range entries { // ReadDir sorts by name, so by number
		m := migrationName.FindStringSubmatch(e.Name())
		if m == nil {
			return nil, fmt.Errorf("migration %s: want a name like 0001_what.sql", e.Name())
		}
		v, _ := strconv.Atoi(m[1])
		if v != len(out)+1 {
			return nil, fmt.Errorf("migration %s: want number %04d next", e.Name(), len(out)+1)
		}
		sql, err := migrationFiles.ReadFile("migrations/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, migration{Version: v, Name: m[2], SQL: string(sql)})
	}
	return out, nil
}

// Version is the schema version this build writes: the number of its last migration.
func Version() int {
	ms, err := migrations()
	if err != nil || len(ms) == 0 {
		return 0
	}
	return ms[len(ms)-1].Version
}

// migrate brings the database's schema up to version target, one transaction per migration, each recorded in
// riddlestone_migrations. Servers starting together take turns (an advisory lock), so each migration runs once.
// A database whose schema is newer than this build knows is an error: an older server must not write it.
func migrate(ctx context.Context, pool *pgxpool.Pool, target int) error {
	ms, err := migrations()
	if err != nil {
		return err
	}
	if target > len(ms) {
		return fmt.Errorf("schema version %d: this build knows versions up to %d", target, len(ms))
	}
	for {
		done, err := migrateStep(ctx, pool, ms, target)
		if err != nil || done {
			return err
		}
	}
}

// migrateStep applies the next migration towards target, if any, and reports whether the schema is at target.
func migrateStep(ctx context.Context, pool *pgxpool.Pool, ms []migration, target int) (done bool, err error) {
	err = pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, "SELECT pg_advisory_xact_lock($1)", migrationLock); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, `CREATE TABLE IF NOT EXISTS riddlestone_migrations (
			version    integer PRIMARY KEY,
			name       text NOT NULL,
			applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
			return err
		}
		var current int
		if err := tx.QueryRow(ctx, "SELECT coalesce(max(version), 0) FROM riddlestone_migrations").Scan(&current); err != nil {
			return err
		}
		if current > len(ms) {
			return fmt.Errorf("the database's schema is version %d, newer than this server's %d: upgrade the server", current, len(ms))
		}
		if current >= target {
			done = true
			return nil
		}
		m := ms[current]
		if _, err := tx.Exec(ctx, m.SQL); err != nil {
			return fmt.Errorf("migration %04d_%s: %w", m.Version, m.Name, err)
		}
		_, err := tx.Exec(ctx, "INSERT INTO riddlestone_migrations (version, name) VALUES ($1, $2)", m.Version, m.Name)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("migrate the puzzle store's schema: %w", err)
	}
	return done, nil
}
