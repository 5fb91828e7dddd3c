package pgstore

import (
	"context"
	"testing"
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
