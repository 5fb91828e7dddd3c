package pgstore

import (
	"context"
	"fmt"

	"riddlestone/overlay/store"

	"github.com/jackc/pgx/v5"
)

// snapshot is the store as it was at one moment: a read-only transaction at repeatable read whose snapshot its
// first statement fixed. It holds one connection of the pool until it is released.
type snapshot struct {
	tx pgx.Tx
}

// Snapshot takes the state as it is now: it begins the transaction and fixes its snapshot with a first statement,
// one round trip; Load reads it later, whatever is committed meanwhile.
func (s *Store) Snapshot() (store.StoreSnapshot, error) {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	tx, err := s.pool.BeginTx(ctx, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly})
	if err != nil {
		return nil, fmt.Errorf("read puzzle store: %w", err)
	}
	if _, err := tx.Exec(ctx, "SELECT 1"); err != nil {
		_ = tx.Rollback(context.Background())
		return nil, fmt.Errorf("read puzzle store: %w", err)
	}
	return &snapshot{tx: tx}, nil
}

// Load reads the whole state as the snapshot has it.
func (s *snapshot) Load() (store.Saved, error) {
	out := store.Saved{Areas: map[store.AreaPos]store.AreaRecord{}, Objects: map[int]store.ObjectRecord{}, NextID: 1}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	if err := loadAll(ctx, s.tx, &out); err != nil {
		return out, fmt.Errorf("read puzzle store: %w", err)
	}
	return out, nil
}

// Release ends the transaction and gives its connection back to the pool.
func (s *snapshot) Release() {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	_ = s.tx.Rollback(ctx)
}
