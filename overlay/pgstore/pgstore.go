// Package pgstore keeps the overlay's puzzle state in PostgreSQL: a store.Store that several servers can share
// (the network of servers of docs/network.md), with the same guarantees as the LevelDB store in the world folder.
//
// Each Commit is one transaction, sent as one pipeline (one round trip) and committed with PostgreSQL's
// synchronous commit, so it is durable when Commit returns and all or nothing if anything fails or the process
// dies in the middle. Records are the same JSON the LevelDB store keeps, in json columns keyed by their area,
// object id or position. The schema is versioned: Open migrates a database to this build's version (see
// migrate.go and the numbered files in migrations/).
//
// The driver is pgx (github.com/jackc/pgx/v5), the well-kept pure-Go PostgreSQL driver: pipelined batches,
// connection pooling and PostgreSQL's types, without cgo.
package pgstore

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"riddlestone/overlay/store"
)

// opTimeout bounds one Commit or Load: a database that does not answer in this time fails the request instead
// of holding the overlay's owner for ever. A Commit that times out may or may not have been committed (its
// commit may have reached the database just before); committing the same change again is harmless, since every
// record of a change is written or deleted by key.
const opTimeout = time.Minute

// Store is a store.Store in a PostgreSQL database.
type Store struct {
	pool *pgxpool.Pool
}

var _ store.Store = (*Store)(nil)

// ParseURL checks a connection URL (postgres://user:password@host:port/database?sslmode=...) or key=value
// connection string without connecting. Its error never quotes the URL, which may hold a password.
func ParseURL(url string) error {
	_, err := parseURL(url)
	return err
}

// parseURL parses a connection URL into the pool's configuration, with an error that does not quote it.
func parseURL(url string) (*pgxpool.Config, error) {
	cfg, err := pgxpool.ParseConfig(url)
	if err == nil {
		return cfg, nil
	}
	msg := err.Error()
	if i := strings.LastIndex(msg, "`: "); strings.HasPrefix(msg, "cannot parse `") && i >= 0 {
		msg = msg[i+len("`: "):] // pgx quotes the URL, hiding passwords only as far as it can tell them
	}
	return nil, errors.New("not a PostgreSQL connection URL (postgres://user:password@host:port/database): " + msg)
}

// Open connects to the database at url and brings its schema to this build's version. The database must exist;
// the tables are made by the first Open.
func Open(ctx context.Context, url string) (*Store, error) {
	return openAt(ctx, url, Version())
}

// openAt is Open migrating only up to a schema version, for the tests of migrations.
func openAt(ctx context.Context, url string, version int) (*Store, error) {
	cfg, err := parseURL(url)
	if err != nil {
		return nil, fmt.Errorf("puzzle store: %w", err)
	}
	// A commit is durable when it returns, whatever the database's or the role's defaults say.
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on"
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open puzzle store in PostgreSQL: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open puzzle store in PostgreSQL at %s:%d/%s: %w", cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database, err)
	}
	if err := migrate(ctx, pool, version); err != nil {
		pool.Close()
		return nil, err
	}
	return &Store{pool: pool}, nil
}

// Close closes the store's connections.
func (s *Store) Close() error {
	s.pool.Close()
	return nil
}
