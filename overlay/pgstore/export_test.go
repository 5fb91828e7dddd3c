package pgstore

import "context"

// OpenAt is Open migrating only up to a schema version, for the tests of migrations.
func OpenAt(ctx context.Context, url string, version int) (*Store, error) {
	return openAt(ctx, url, version)
}
