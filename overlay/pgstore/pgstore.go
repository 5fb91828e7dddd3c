// Package pgstore keeps the overlay's puzzle state in PostgreSQL: an store.Store that several servers can share
// (the network of servers of docs/network.md), with the same guarantees as the LevelDB store in the world folder.
//
// Each Commit is one transaction, sent as one pipeline (one round trip) and committed with PostgreSQL's
// synchronous commit, so it is durable when Commit returns and all or nothing if anything fails or the process
// dies in the middle. Records are the same JSON the LevelDB store keeps, in json columns keyed by their area,
// object id or position. The schema is versioned: Open migrates a database to this build's version (see
// migrate.go and the numbered files in migrations/).
//
// A server's store (OpenWith) holds the lease of the puzzles (lease.go): every commit checks it in its own
// transaction, so a server whose lease another took writes nothing. A commit that cannot reach the database waits
// and tries again (retry.go), and the store tells the server when it pauses and resumes (Options.OnStatus).
//
// The driver is pgx (github.com/jackc/pgx/v5), the well-kept pure-Go PostgreSQL driver: pipelined batches,
// connection pooling and PostgreSQL's types, without cgo.
package pgstore

import (
	"context"
	"errors"
	"fmt"
	"riddlestone/overlay/store"
	"strings"
	"sync"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// opTimeout bounds a Load or a snapshot: a database that does not answer in this time fails it instead of holding
// its caller for ever. (A commit's tries are bounded by Options; see retry.go.)
const opTimeout = time.Minute

// Store is an store.Store in a PostgreSQL database. A store that a server writes holds the leases of its regions
// (OpenWith): every commit checks in its own transaction that the lease of each region it writes is the store's,
// so that two servers never both change the same puzzles.
type Store struct {
	pool *pgxpool.Pool
	opts Options

	leaseMu sync.Mutex
	held    map[string]int64 // region -> the epoch (fencing token) of its lease, for the regions held (under leaseMu)
	// settling are the regions taken over as the store runs whose state the server is still reading (takeover.go;
	// under leaseMu).
	settling map[string]bool
	others   map[string]bool // the regions other servers held at the last reading of the leases (SeenLeases)
	// taking counts, by region, the takings of its lease under way (tryAcquire; under leaseMu): the database may
	// have given the lease while the store has not noted it yet, and a reading of the leases meanwhile is told it
	// is this store's (Leases).
	taking map[string]int
	// tookLease, when set (by tests), is called between the database's giving a lease and the store's noting it.
	tookLease func(region string)
	seen      map[string]lease // every lease as it was at start, before the overlay loaded the state (takeOnDemand)
	commit    sync.Mutex       // one commit at a time, in order
	seq       int64            // the number of the last commit made under the leases (under commit)
	health    health
	firstID   int // the first object id of this server's block, in a world split into regions (ids.go)

	ctx    context.Context // ends at Close: the lease's renewal and commits' waits
	cancel context.CancelFunc
	kept   chan struct{} // closed when the renewal has ended
	closed sync.Once
}

var (
	_ store.Store    = (*Store)(nil)
	_ store.IDBlocks = (*Store)(nil)
)

// leased reports whether the store is a server's, holding leases, rather than a tool's.
func (s *Store) leased() bool { return s.opts.Holder != "" }

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

// openPool opens a pool on the database at url whose connections commit synchronously, and checks that the
// database answers. what names the store in errors.
func openPool(ctx context.Context, url, what string) (*pgxpool.Pool, error) {
	cfg, err := parseURL(url)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", what, err)
	}
	cfg.ConnConfig.RuntimeParams["synchronous_commit"] = "on" // durable when it returns, whatever the defaults
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("open %s in PostgreSQL: %w", what, err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("open %s in PostgreSQL at %s:%d/%s: %w", what, cfg.ConnConfig.Host, cfg.ConnConfig.Port, cfg.ConnConfig.Database, err)
	}
	return pool, nil
}

// Open connects to the database at url and brings its schema to this build's version, without a lease: the store
// reads, and writes a region only while no server holds its lease (tools and tests). The database must exist; the tables
// are made by the first Open.
func Open(ctx context.Context, url string) (*Store, error) {
	return openAt(ctx, url, Version(), Options{})
}

// OpenWith is Open for a server: with opts.Holder set, it takes the leases of its regions (opts.Regions; waiting
// for a lease that another server stopped renewing to run out, refusing one that is renewed) and keeps renewing
// them until Close; every commit fences the regions it writes; commits wait for a database that is away and
// pause the store, telling opts.OnStatus.
func OpenWith(ctx context.Context, url string, opts Options) (*Store, error) {
	return openAt(ctx, url, Version(), opts)
}

// openAt is OpenWith migrating only up to a schema version, for the tests of migrations.
func openAt(ctx context.Context, url string, version int, opts Options) (*Store, error) {
	pool, err := openPool(ctx, url, "puzzle store") // a commit is durable when it returns (synchronous_commit)
	if err != nil {
		return nil, err
	}
	if err := migrate(ctx, pool, version); err != nil {
		pool.Close()
		return nil, err
	}
	s := &Store{pool: pool, opts: opts.withDefaults(), kept: make(chan struct{})}
	s.health.onTell = s.opts.OnStatus
	s.ctx, s.cancel = context.WithCancel(context.Background())
	if s.opts.Holder == "" {
		close(s.kept)
		return s, nil
	}
	if err := s.leaseAtStart(ctx); err != nil {
		s.release() // the regions taken before the one refused
		s.cancel()
		pool.Close()
		return nil, err
	}
	if s.opts.RegionAreas > 0 {
		if err := s.takeIDBlock(ctx); err != nil {
			s.release()
			s.cancel()
			pool.Close()
			return nil, err
		}
	}
	go s.keepLease()
	return s, nil
}

// Close gives the leases up, if the store holds any, and closes its connections. Commits waiting for the database
// fail. Closing again does nothing.
func (s *Store) Close() error {
	s.closed.Do(func() {
		s.cancel()
		<-s.kept
		s.release() // only the leases of this store's epochs: one another server took stays taken
		s.pool.Close()
	})
	return nil
}
