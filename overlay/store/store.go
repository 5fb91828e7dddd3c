package store

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/df-mc/goleveldb/leveldb"
	"github.com/df-mc/goleveldb/leveldb/opt"
	"github.com/df-mc/goleveldb/leveldb/util"
)

// LevelStore keeps the overlay's puzzle state in a LevelDB database in the world folder: the default Store.
// Every Commit is one atomic batch written with fsync, so a crash at any moment leaves either all of a change or
// none of it.
//
// LevelDB is the engine Dragonfly already uses for the world itself, so the store adds no dependency, and its
// write-ahead journal with synchronous batches gives the atomic, durable commits the overlay needs; the data is
// small (areas and objects) and read whole at start-up.
type LevelStore struct {
	db *leveldb.DB
	// batch is the one a commit writes, kept between commits so that its memory is reused (a commit of a new
	// puzzle writes hundreds of records); mu makes commits take turns at it.
	mu    sync.Mutex
	batch leveldb.Batch
}

// storeOptions are the LevelDB settings of the store. A new puzzle commits hundreds of records at once, and the
// defaults (a 4 MiB memory table; writes slowed by a millisecond each from 8 tables at level 0) made the small
// commits of moves made meanwhile wait for LevelDB's compactions: a larger table is flushed less often, and the
// triggers give compaction room before a commit waits.
var storeOptions = opt.Options{
	WriteBuffer:            32 * opt.MiB,
	WriteL0SlowdownTrigger: 16,
	WriteL0PauseTrigger:    24,
}

// OpenStore opens or creates the LevelDB store in a folder.
func OpenStore(dir string) (*LevelStore, error) {
	o := storeOptions
	db, err := leveldb.OpenFile(dir, &o)
	if err != nil {
		return nil, fmt.Errorf("open puzzle store %s: %w", dir, err)
	}
	return &LevelStore{db: db}, nil
}

// Close closes the store.
func (s *LevelStore) Close() error { return s.db.Close() }

// Change is one step of the puzzle state, committed as a whole.
type Change struct {
	Areas   []AreaRecord   // areas to write
	Objects []ObjectRecord // objects to write
	Removed []int          // ids of objects that no longer exist
	NextID  int            // the next free object id; 0 leaves it unchanged
	// Cleared are blocks the change takes out of the world: if a crash comes before Dragonfly saves their chunks,
	// they come back at the next start, and reconciling removes them again.
	Cleared []ClearedBlock
	// Intents are work the change decided and that must be done even across a crash: areas to open, puzzles to
	// generate again. Each stays in the store until a later change resolves it.
	Intents []Intent
	// Resolved are intents done (or no longer wanted), by key.
	Resolved []Intent
	// Forgotten are cleared blocks whose chunks the world has saved without them: their records go.
	Forgotten []ClearedBlock
}

// Empty reports whether the change writes nothing.
func (c Change) Empty() bool {
	return len(c.Areas) == 0 && len(c.Objects) == 0 && len(c.Removed) == 0 && c.NextID == 0 &&
		len(c.Cleared) == 0 && len(c.Intents) == 0 && len(c.Resolved) == 0 && len(c.Forgotten) == 0
}

// Add appends another change's records to c, keeping order: later records of the same key win.
func (c *Change) Add(d Change) {
	c.Areas = append(c.Areas, d.Areas...)
	c.Objects = append(c.Objects, d.Objects...)
	c.Removed = append(c.Removed, d.Removed...)
	c.NextID = max(c.NextID, d.NextID)
	c.Cleared = append(c.Cleared, d.Cleared...)
	c.Intents = append(c.Intents, d.Intents...)
	c.Resolved = append(c.Resolved, d.Resolved...)
	c.Forgotten = append(c.Forgotten, d.Forgotten...)
}

// ClearedBlock is a puzzle block taken out of the world, and the block it showed as.
type ClearedBlock struct {
	Pos   AreaBlock `json:"pos"`
	Block string    `json:"block"`
}

// AreaBlock is a block position as the store keeps it.
type AreaBlock [3]int

// Saved is the whole puzzle state as the store holds it.
type Saved struct {
	Areas   map[AreaPos]AreaRecord
	Objects map[int]ObjectRecord
	NextID  int
	Cleared []ClearedBlock
	Intents []Intent
}

const (
	areaPrefix    = "area/"
	objectPrefix  = "object/"
	clearedPrefix = "cleared/"
	intentPrefix  = "intent/"
	nextIDKey     = "next-id"
)

// Commit writes a change atomically and durably.
func (s *LevelStore) Commit(c Change) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	b := &s.batch
	b.Reset()
	for _, a := range c.Areas {
		v, err := json.Marshal(a)
		if err != nil {
			return fmt.Errorf("store area %v: %w", a.Pos, err)
		}
		b.Put([]byte(areaPrefix+a.Pos.String()), v)
	}
	for _, o := range c.Objects {
		v, err := json.Marshal(o)
		if err != nil {
			return fmt.Errorf("store object %d: %w", o.ID, err)
		}
		b.Put([]byte(objectPrefix+strconv.Itoa(o.ID)), v)
	}
	for _, id := range c.Removed {
		b.Delete([]byte(objectPrefix + strconv.Itoa(id)))
	}
	if c.NextID != 0 {
		b.Put([]byte(nextIDKey), []byte(strconv.Itoa(c.NextID)))
	}
	for _, cl := range c.Forgotten {
		b.Delete([]byte(clearedKey(cl.Pos)))
	}
	for _, cl := range c.Cleared {
		v, _ := json.Marshal(cl)
		b.Put([]byte(clearedKey(cl.Pos)), v)
	}
	for _, in := range c.Resolved {
		b.Delete([]byte(in.key()))
	}
	for _, in := range c.Intents {
		v, _ := json.Marshal(in)
		b.Put([]byte(in.key()), v)
	}
	err := s.db.Write(b, &opt.WriteOptions{Sync: true})
	if len(b.Dump()) > maxKeptBatch {
		s.batch = leveldb.Batch{} // a rare large commit's memory is not kept for the small ones
	}
	if err != nil {
		return fmt.Errorf("commit puzzle state: %w", err)
	}
	return nil
}

// maxKeptBatch is the most bytes of records whose batch a store keeps for its next commit.
const maxKeptBatch = 1 << 20

// Load reads the whole state. A record that cannot be read is an error naming its key: the store is never
// silently half-loaded.
func (s *LevelStore) Load() (Saved, error) {
	snap, err := s.Snapshot()
	if err != nil {
		return Saved{}, err
	}
	defer snap.Release()
	return snap.Load()
}

// levelSnapshot is a LevelDB store as it was at one moment.
type levelSnapshot struct{ snap *leveldb.Snapshot }

// Snapshot takes the store as it is now, at once; read it with Load, off the owner, and Release it.
func (s *LevelStore) Snapshot() (StoreSnapshot, error) {
	snap, err := s.db.GetSnapshot()
	if err != nil {
		return nil, fmt.Errorf("read puzzle store: %w", err)
	}
	return &levelSnapshot{snap: snap}, nil
}

// Release lets the store forget the snapshot.
func (s *levelSnapshot) Release() { s.snap.Release() }

// Load reads the whole state as it was when the snapshot was taken. A record that cannot be read is an error naming
// its key.
func (s *levelSnapshot) Load() (Saved, error) {
	out := Saved{Areas: map[AreaPos]AreaRecord{}, Objects: map[int]ObjectRecord{}, NextID: 1}
	snap := s.snap
	it := snap.NewIterator(util.BytesPrefix([]byte(areaPrefix)), nil)
	for it.Next() {
		var a AreaRecord
		if err := json.Unmarshal(it.Value(), &a); err != nil {
			it.Release()
			return out, fmt.Errorf("puzzle store record %s: %w", it.Key(), err)
		}
		out.Areas[a.Pos] = a
	}
	it.Release()
	it = snap.NewIterator(util.BytesPrefix([]byte(objectPrefix)), nil)
	for it.Next() {
		var o ObjectRecord
		if err := json.Unmarshal(it.Value(), &o); err != nil {
			it.Release()
			return out, fmt.Errorf("puzzle store record %s: %w", it.Key(), err)
		}
		out.Objects[o.ID] = o
	}
	it.Release()
	it = snap.NewIterator(util.BytesPrefix([]byte(clearedPrefix)), nil)
	for it.Next() {
		var cl ClearedBlock
		if err := json.Unmarshal(it.Value(), &cl); err != nil {
			it.Release()
			return out, fmt.Errorf("puzzle store record %s: %w", it.Key(), err)
		}
		out.Cleared = append(out.Cleared, cl)
	}
	it.Release()
	it = snap.NewIterator(util.BytesPrefix([]byte(intentPrefix)), nil)
	for it.Next() {
		var in Intent
		if err := json.Unmarshal(it.Value(), &in); err != nil {
			it.Release()
			return out, fmt.Errorf("puzzle store record %s: %w", it.Key(), err)
		}
		out.Intents = append(out.Intents, in)
	}
	it.Release()
	v, err := snap.Get([]byte(nextIDKey), nil)
	switch {
	case errors.Is(err, leveldb.ErrNotFound):
	case err != nil:
		return out, fmt.Errorf("read puzzle store: %w", err)
	default:
		if out.NextID, err = strconv.Atoi(string(v)); err != nil {
			return out, fmt.Errorf("puzzle store record %s: %w", nextIDKey, err)
		}
	}
	return out, nil
}

func clearedKey(p AreaBlock) string {
	return fmt.Sprintf("%s%d,%d,%d", clearedPrefix, p[0], p[1], p[2])
}
