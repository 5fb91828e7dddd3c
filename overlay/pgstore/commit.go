package pgstore

import (
	"encoding/json"
	"fmt"
	"riddlestone/overlay/store"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
)

// The statements of a commit, one per kind of record: writes replace the record of the same key.
const (
	putArea      = `INSERT INTO puzzle_areas (x, z, record) VALUES ($1, $2, $3) ON CONFLICT (x, z) DO UPDATE SET record = excluded.record`
	putObject    = `INSERT INTO puzzle_objects (id, holder, record) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET holder = excluded.holder, record = excluded.record`
	deleteObject = `DELETE FROM puzzle_objects WHERE id = $1`
	putCounter   = `INSERT INTO puzzle_counters (name, value) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET value = excluded.value`
	putCleared   = `INSERT INTO puzzle_cleared (x, y, z, record) VALUES ($1, $2, $3, $4) ON CONFLICT (x, y, z) DO UPDATE SET record = excluded.record`
	deleteClear  = `DELETE FROM puzzle_cleared WHERE x = $1 AND y = $2 AND z = $3`
	putIntent    = `INSERT INTO puzzle_intents (kind, x, z, record) VALUES ($1, $2, $3, $4) ON CONFLICT (kind, x, z) DO UPDATE SET record = excluded.record`
	deleteIntent = `DELETE FROM puzzle_intents WHERE kind = $1 AND x = $2 AND z = $3`
)

// nextIDCounter is the counter that holds the next free object id.
const nextIDCounter = "next-id"

// Commit writes a change as one transaction: its statements go as one pipeline, which PostgreSQL runs as one
// implicit transaction, committed (and synced) before the answer comes back. A failing statement rolls back the
// whole change. Records apply in the order the LevelDB store applies them (see store.Store).
//
// The first statements are the fences (riddlestone_fence), one for each region the change writes, in the order
// of their names: the change is written only if the store's lease of each is still its own, and nothing is
// written once another server took one (ErrLeaseLost, for good). A change writing a region whose lease the store
// does not hold is refused before it is sent (ErrNotHeld; see fenceRegions). A database that cannot be
// reached is waited for and tried again (retry.go); the store pauses meanwhile and tells Options.OnStatus.
func (s *Store) Commit(c store.Change) error {
	b := &pgx.Batch{}
	if err := queueChange(b, c); err != nil {
		return err
	}
	if b.Len() == 0 {
		return nil
	}
	s.commit.Lock()
	defer s.commit.Unlock()
	if err := s.health.refusal(); err != nil {
		return err
	}
	regions, err := s.fenceRegions(c)
	if err != nil {
		return err
	}
	s.seq++
	fenced := &pgx.Batch{}
	for _, r := range regions {
		fenced.Queue(fence, r, s.epochOf(r), s.seq)
	}
	fenced.QueuedQueries = append(fenced.QueuedQueries, b.QueuedQueries...)
	for _, r := range regions {
		fenced.Queue(notify, announcement(r, s.opts.Holder)) // delivered to the other servers at the commit
	}
	return s.commitRetrying(fenced, s.seq)
}

// queueChange queues a change's statements, in order. Every record is encoded before anything is sent, so a
// record that cannot be encoded fails the change before it reaches the database.
func queueChange(b *pgx.Batch, c store.Change) error {
	for _, a := range c.Areas {
		v, err := json.Marshal(a)
		if err != nil {
			return fmt.Errorf("store area %v: %w", a.Pos, err)
		}
		b.Queue(putArea, a.Pos[0], a.Pos[1], v)
	}
	for _, o := range c.Objects {
		v, err := json.Marshal(o)
		if err != nil {
			return fmt.Errorf("store object %d: %w", o.ID, err)
		}
		b.Queue(putObject, o.ID, holderOf(o), v)
	}
	for _, id := range c.Removed {
		b.Queue(deleteObject, id)
	}
	if c.NextID != 0 {
		b.Queue(putCounter, nextIDCounter, c.NextID)
	}
	for _, cl := range c.Forgotten {
		b.Queue(deleteClear, cl.Pos[0], cl.Pos[1], cl.Pos[2])
	}
	for _, cl := range c.Cleared {
		v, err := json.Marshal(cl)
		if err != nil {
			return fmt.Errorf("store cleared block %v: %w", cl.Pos, err)
		}
		b.Queue(putCleared, cl.Pos[0], cl.Pos[1], cl.Pos[2], v)
	}
	for _, in := range c.Resolved {
		b.Queue(deleteIntent, string(in.Kind), in.Area[0], in.Area[1])
	}
	for _, in := range c.Intents {
		v, err := json.Marshal(in)
		if err != nil {
			return fmt.Errorf("store intent %s %v: %w", in.Kind, in.Area, err)
		}
		b.Queue(putIntent, string(in.Kind), in.Area[0], in.Area[1], v)
	}
	return nil
}

// holderOf returns the player holding an object in their inventory, for the holder column; nil otherwise.
func holderOf(o store.ObjectRecord) any {
	if o.Where.Kind != store.InInventory || o.Where.Player == uuid.Nil {
		return nil
	}
	return o.Where.Player.String()
}
