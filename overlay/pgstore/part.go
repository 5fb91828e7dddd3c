package pgstore

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// LoadAreas reads part of the state (store.Saved.Part: what a server following areas another server changes
// needs) in one read-only transaction at repeatable read, so it sees whole commits only. Objects are found by
// their area inside the record, which PostgreSQL reads for each object: the cost grows with the world.
func (s *Store) LoadAreas(areas []store.AreaPos, ids []int) (store.Saved, error) {
	out := store.Saved{Areas: map[store.AreaPos]store.AreaRecord{}, Objects: map[int]store.ObjectRecord{}, NextID: 1}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return loadPart(ctx, tx, areas, ids, &out)
	})
	if err != nil {
		return out, fmt.Errorf("read puzzle store: %w", err)
	}
	return out, nil
}

// loadPart reads the areas, their objects, the objects of ids and what all those hold, and the next id, into out.
func loadPart(ctx context.Context, tx pgx.Tx, areas []store.AreaPos, ids []int, out *store.Saved) error {
	xs, zs, names := make([]int32, len(areas)), make([]int32, len(areas)), []string{puzzle.Inventory}
	for i, a := range areas {
		xs[i], zs[i] = a[0], a[1]
		names = append(names, a.String())
	}
	err := eachOf(ctx, tx, "SELECT format('area %s,%s', x, z), record FROM puzzle_areas "+
		"WHERE (x, z) IN (SELECT * FROM unnest($1::integer[], $2::integer[]))", []any{xs, zs}, intoAreas(out))
	if err != nil {
		return err
	}
	if err := loadObjects(ctx, tx, "record->>'Area' = ANY($1) OR id = ANY($2)", []any{names, ids}, out); err != nil {
		return err
	}
	if err := loadContents(ctx, tx, out); err != nil {
		return err
	}
	return loadNextID(ctx, tx, out)
}

// loadContents adds what the objects of out hold, and what those hold, level by level.
func loadContents(ctx context.Context, tx pgx.Tx, out *store.Saved) error {
	seen := map[int]bool{}
	for {
		var held []int
		for _, rec := range out.Objects {
			if c := rec.Contained; c != 0 && !seen[c] {
				if _, have := out.Objects[c]; !have {
					held = append(held, c)
				}
				seen[c] = true
			}
		}
		if len(held) == 0 {
			return nil
		}
		err := loadObjects(ctx, tx, "id = ANY($1) AND record->>'Area' = $2", []any{held, puzzle.InContainer}, out)
		if err != nil {
			return err
		}
	}
}

// loadObjects reads the objects a condition selects into out.
func loadObjects(ctx context.Context, tx pgx.Tx, where string, args []any, out *store.Saved) error {
	return eachOf(ctx, tx, "SELECT format('object %s', id), record FROM puzzle_objects WHERE "+where, args, intoObjects(out))
}

// eachOf is each for a query with arguments.
func eachOf(ctx context.Context, tx pgx.Tx, sql string, args []any, read func(rec []byte) error) error {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		var key string
		var rec []byte
		if err := rows.Scan(&key, &rec); err != nil {
			return err
		}
		if err := read(rec); err != nil {
			return fmt.Errorf("puzzle store record %s: %w", key, err)
		}
	}
	return rows.Err()
}

// LoadIntents reads the intents the store holds.
func (s *Store) LoadIntents() ([]store.Intent, error) {
	var out []store.Intent
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	err := pgx.BeginTxFunc(ctx, s.pool, pgx.TxOptions{AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		return loadIntents(ctx, tx, &out)
	})
	if err != nil {
		return nil, fmt.Errorf("read puzzle store: %w", err)
	}
	return out, nil
}

var _ store.AreaReader = (*Store)(nil)
