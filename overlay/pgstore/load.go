package pgstore

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"riddlestone/overlay/store"

	"github.com/jackc/pgx/v5"
)

// Load reads the whole state in one read-only transaction at repeatable read, so it sees one consistent state:
// every commit before it began and none after. A record that cannot be read is an error naming its table and key.
func (s *Store) Load() (store.Saved, error) {
	out := store.Saved{Areas: map[store.AreaPos]store.AreaRecord{}, Objects: map[int]store.ObjectRecord{}, NextID: 1}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return loadAll(ctx, tx, &out)
	})
	if err != nil {
		return out, fmt.Errorf("read puzzle store: %w", err)
	}
	return out, nil
}

// loadAll reads every table into out.
func loadAll(ctx context.Context, tx pgx.Tx, out *store.Saved) error {
	err := each(ctx, tx, "SELECT format('area %s,%s', x, z), record FROM puzzle_areas ORDER BY x, z", intoAreas(out))
	if err != nil {
		return err
	}
	err = each(ctx, tx, "SELECT format('object %s', id), record FROM puzzle_objects ORDER BY id", intoObjects(out))
	if err != nil {
		return err
	}
	err = each(ctx, tx, "SELECT format('cleared %s,%s,%s', x, y, z), record FROM puzzle_cleared ORDER BY x, y, z", func(rec []byte) error {
		var cl store.ClearedBlock
		err := json.Unmarshal(rec, &cl)
		out.Cleared = append(out.Cleared, cl)
		return err
	})
	if err != nil {
		return err
	}
	if err := loadIntents(ctx, tx, &out.Intents); err != nil {
		return err
	}
	return loadNextID(ctx, tx, out)
}

// intoAreas returns the reader of area records into out.
func intoAreas(out *store.Saved) func(rec []byte) error {
	return func(rec []byte) error {
		var a store.AreaRecord
		err := json.Unmarshal(rec, &a)
		out.Areas[a.Pos] = a
		return err
	}
}

// intoObjects returns the reader of object records into out.
func intoObjects(out *store.Saved) func(rec []byte) error {
	return func(rec []byte) error {
		var o store.ObjectRecord
		err := json.Unmarshal(rec, &o)
		out.Objects[o.ID] = o
		return err
	}
}

// loadIntents reads every intent into out.
func loadIntents(ctx context.Context, tx pgx.Tx, out *[]store.Intent) error {
	return each(ctx, tx, "SELECT format('intent %s %s,%s', kind, x, z), record FROM puzzle_intents ORDER BY kind, x, z", func(rec []byte) error {
		var in store.Intent
		err := json.Unmarshal(rec, &in)
		*out = append(*out, in)
		return err
	})
}

// each runs a query of (key, record) rows and hands each record to read; an error names the record's key.
func each(ctx context.Context, tx pgx.Tx, sql string, read func(rec []byte) error) error {
	return eachOf(ctx, tx, sql, nil, read)
}

// loadNextID reads the next free object id; a new store starts at 1.
func loadNextID(ctx context.Context, tx pgx.Tx, out *store.Saved) error {
	var next int64
	err := tx.QueryRow(ctx, "SELECT value FROM puzzle_counters WHERE name = $1", nextIDCounter).Scan(&next)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
	case err != nil:
		return err
	default:
		out.NextID = int(next)
	}
	return nil
}
