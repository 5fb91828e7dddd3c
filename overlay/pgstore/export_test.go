package pgstore

import (
	"context"
	"riddlestone/overlay/store"
	"testing"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/jackc/pgx/v5"
)

// OpenAt is Open migrating only up to a schema version, for the tests of migrations.
func OpenAt(ctx context.Context, url string, version int) (*Store, error) {
	return openAt(ctx, url, version, Options{})
}

// Setting returns a run-time setting as the store's connections have it.
func Setting(t *testing.T, s *Store, name string) string {
	t.Helper()
	var v string
	if err := s.pool.QueryRow(context.Background(), "SELECT current_setting($1)", name).Scan(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

// CommitUnfenced commits a change as the store did before leases, without the fence: the reference
// BenchmarkMoveCommit measures the fence's cost against.
func CommitUnfenced(s *Store, c store.Change) error {
	b := &pgx.Batch{}
	if err := queueChange(b, c); err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	return s.pool.SendBatch(ctx, b).Close()
}

// EncodePlayer is a player's record as riddlestone_players keeps it.
func EncodePlayer(t testing.TB, c player.Config, w *world.World) []byte {
	t.Helper()
	b, err := encodePlayer(c, w)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// DecodePlayer reads a player's record as riddlestone_players keeps it.
func DecodePlayer(t testing.TB, b []byte) (player.Config, world.Dimension) {
	t.Helper()
	c, dim, err := decodePlayer(b)
	if err != nil {
		t.Fatal(err)
	}
	return c, dim
}

// OnTookLease has f called between the database's giving a lease and the store's noting it (tryAcquire).
func OnTookLease(s *Store, f func(region string)) { s.tookLease = f }
