package pgstore

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"sync/atomic"
	"time"
	"weak"

	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
)

// ErrNoPlayerData is what PlayerStore.Load returns for a player the database has no data of: a player new to the
// network. Dragonfly then gives them the defaults (the world's spawn and game mode, an empty inventory).
var ErrNoPlayerData = errors.New("no player data stored for this player")

// ErrPlayerDataUnavailable is what PlayerStore.Load returns when a player's data exists but could not be read:
// the database did not answer in time, or the record does not decode. Dragonfly would give the player the
// defaults; the store refuses to save that session over the stored data (see PlayerStore.Unloaded).
var ErrPlayerDataUnavailable = errors.New("the player's data could not be loaded")

// PlayerOptions configure a PlayerStore.
type PlayerOptions struct {
	// Server names this server in riddlestone_players.server for the players it loaded and has not saved yet
	// (the holder name of Options.Holder). Empty leaves the column alone.
	Server string
	// SaveTimeout bounds a Save, tries included: Dragonfly saves a leaving player on the world's goroutine,
	// which waits for it. 0 means DefaultPlayerSaveTimeout.
	SaveTimeout time.Duration
	// LoadTimeout bounds a Load, tries included; it runs on the joining player's connection goroutine. 0 means
	// DefaultPlayerLoadTimeout.
	LoadTimeout time.Duration
	// Log receives the store's logs; nil means slog.Default().
	Log *slog.Logger
}

// The default bounds of a player's save and load.
const (
	DefaultPlayerSaveTimeout = 5 * time.Second
	DefaultPlayerLoadTimeout = 10 * time.Second
)

// awayAttempt bounds the single try of a save made while the database is known to be away, so that the players
// leaving a server cut off from it (all of them, when it stops) do not each hold its world for a whole
// SaveTimeout.
const awayAttempt = time.Second

// The statements of the player store.
const (
	// loadPlayer reads a player's data and notes that this server has them ($2; NULL leaves the column).
	loadPlayer = `UPDATE riddlestone_players SET server = coalesce($2, server) WHERE uuid = $1 RETURNING data`
	// savePlayer writes a player's data as they leave this server ($4), which then no longer has them.
	savePlayer = `INSERT INTO riddlestone_players (uuid, name, data, updated_at) VALUES ($1, $2, $3, now())
		ON CONFLICT (uuid) DO UPDATE SET name = excluded.name, data = excluded.data, updated_at = excluded.updated_at,
			server = CASE WHEN riddlestone_players.server = $4 THEN NULL ELSE riddlestone_players.server END`
)

// PlayerStore is a player.Provider that keeps Dragonfly's player data (position, rotation, health, food,
// experience, game mode, effects, dimension, inventory, armour, off hand, ender chest) in the table
// riddlestone_players of a PostgreSQL database, so that every server of a network reads and writes the same.
//
// Save is one upsert, committed synchronously (durable when it returns), bounded by PlayerOptions.SaveTimeout
// since Dragonfly calls it on the world's goroutine. A player whose stored data could not be loaded when they
// joined is never saved over it (Unloaded).
type PlayerStore struct {
	pool *pgxpool.Pool
	opts PlayerOptions
	away atomic.Bool // the last save gave up on the database: the next ones try once, briefly

	mu       sync.Mutex
	unloaded map[weak.Pointer[inventory.Inventory]]struct{} // the sessions whose stored data could not be loaded
	// handedOver are the sessions of players sent to another server, saved then (handover.go).
	handedOver map[weak.Pointer[inventory.Inventory]]struct{}

	ctx    context.Context // ends at Close
	cancel context.CancelFunc
}

var _ player.Provider = (*PlayerStore)(nil)

// OpenPlayers connects to the database at url for players' data and brings its schema to this build's version
// (the same migrations as Open). The database must exist; the first open makes the table.
func OpenPlayers(ctx context.Context, url string, opts PlayerOptions) (*PlayerStore, error) {
	pool, err := openPool(ctx, url, "player store")
	if err != nil {
		return nil, err
	}
	if err := migrate(ctx, pool, Version()); err != nil {
		pool.Close()
		return nil, err
	}
	if opts.SaveTimeout <= 0 {
		opts.SaveTimeout = DefaultPlayerSaveTimeout
	}
	if opts.LoadTimeout <= 0 {
		opts.LoadTimeout = DefaultPlayerLoadTimeout
	}
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	ps := &PlayerStore{pool: pool, opts: opts, unloaded: map[weak.Pointer[inventory.Inventory]]struct{}{}}
	ps.ctx, ps.cancel = context.WithCancel(context.Background())
	return ps, nil
}

// Load reads the data of the player id: their data and the world of the dimension they were in (from dim).
// ErrNoPlayerData for a player never saved. If the database does not answer within PlayerOptions.LoadTimeout or
// the record does not decode, the error wraps ErrPlayerDataUnavailable and the Config returned has an inventory
// of its own, by which Unloaded knows the session and Save refuses to write it over the stored data.
func (ps *PlayerStore) Load(id uuid.UUID, dim func(world.Dimension) *world.World) (player.Config, *world.World, error) {
	ctx, cancel := context.WithTimeout(ps.ctx, ps.opts.LoadTimeout)
	defer cancel()
	var server *string
	if ps.opts.Server != "" {
		server = &ps.opts.Server
	}
	var data []byte
	err := retrying(ctx, func(ctx context.Context) error {
		return ps.pool.QueryRow(ctx, loadPlayer, id, server).Scan(&data)
	})
	if errors.Is(err, pgx.ErrNoRows) {
		return player.Config{}, nil, ErrNoPlayerData
	}
	if err != nil {
		return ps.unavailable(id, fmt.Errorf("read from PostgreSQL: %w", err))
	}
	conf, d, err := decodePlayer(data)
	if err != nil {
		return ps.unavailable(id, fmt.Errorf("decode the stored record: %w", err))
	}
	conf.UUID = id
	var w *world.World
	if dim != nil {
		w = dim(d)
	}
	return conf, w, nil
}

// unavailable ends a Load that could not read the player's stored data: the session gets an inventory of its own,
// noted so that Save never writes that session over the stored data.
func (ps *PlayerStore) unavailable(id uuid.UUID, err error) (player.Config, *world.World, error) {
	ps.opts.Log.Error("player data: could not load a player's data; the player must not play on defaults", "uuid", id, "err", err)
	inv := inventory.New(inventorySize, nil)
	ps.mu.Lock()
	for p := range ps.unloaded { // forget the sessions gone without a save (a join that failed later)
		if p.Value() == nil {
			delete(ps.unloaded, p)
		}
	}
	ps.unloaded[weak.Make(inv)] = struct{}{}
	ps.mu.Unlock()
	return player.Config{Inventory: inv}, nil, fmt.Errorf("%w: %w", ErrPlayerDataUnavailable, err)
}

// Unloaded reports whether inv is the inventory of a session whose stored data Load could not read: the server
// should turn that player away, and Save will not write their session's data.
func (ps *PlayerStore) Unloaded(inv *inventory.Inventory) bool {
	if inv == nil {
		return false
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	_, ok := ps.unloaded[weak.Make(inv)]
	return ok
}

// forget reports whether inv is the inventory of a session whose stored data could not be loaded, and forgets it.
func (ps *PlayerStore) forget(inv *inventory.Inventory) bool {
	if inv == nil {
		return false
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	k := weak.Make(inv)
	_, ok := ps.unloaded[k]
	delete(ps.unloaded, k)
	return ok
}

// Save writes the data of the player id, who is leaving this server from world w, as one upsert committed
// synchronously. It tries again while the database cannot be reached, for at most PlayerOptions.SaveTimeout (one
// short try while the last save found it away), and then fails: the stored data stays as it was.
func (ps *PlayerStore) Save(id uuid.UUID, conf player.Config, w *world.World) error {
	if ps.handedOverNow(conf.Inventory) {
		return nil // saved as they were sent to another server, which may have them now (HandOver)
	}
	if ps.forget(conf.Inventory) {
		return fmt.Errorf("player data of %s (%s) not saved: it could not be loaded when they joined, and this session's would replace it", conf.Name, id)
	}
	data, err := encodePlayer(conf, w)
	if err != nil {
		return fmt.Errorf("player data of %s (%s) not saved: %w", conf.Name, id, err)
	}
	bound := ps.opts.SaveTimeout
	if ps.away.Load() {
		bound = min(bound, awayAttempt)
	}
	ctx, cancel := context.WithTimeout(ps.ctx, bound)
	defer cancel()
	err = retrying(ctx, func(ctx context.Context) error {
		_, err := ps.pool.Exec(ctx, savePlayer, id, conf.Name, data, ps.opts.Server)
		return err
	})
	if err != nil {
		ps.away.Store(isConnectionTrouble(err) || ctx.Err() != nil)
		return fmt.Errorf("player data of %s (%s) not saved to PostgreSQL within %v: %w; the data stored before stays", conf.Name, id, bound, err)
	}
	ps.away.Store(false)
	return nil
}

// retrying runs f until it succeeds, fails for a reason other than the database being away, or ctx ends; the
// waits between tries double from firstBackoff to lastBackoff. It returns f's last error.
func retrying(ctx context.Context, f func(ctx context.Context) error) error {
	wait := firstBackoff
	for {
		err := f(ctx)
		if err == nil || !isConnectionTrouble(err) {
			return err
		}
		t := time.NewTimer(wait)
		select {
		case <-ctx.Done():
			t.Stop()
			return err
		case <-t.C:
		}
		wait = min(2*wait, lastBackoff)
	}
}

// Close ends the waits of saves and loads under way and closes the store's connections. Closing again does
// nothing.
func (ps *PlayerStore) Close() error {
	ps.cancel()
	ps.pool.Close()
	return nil
}
