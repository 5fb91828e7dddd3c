package store

// Store keeps the puzzle state so that it survives a stop or a crash. The owner goroutine commits each change
// through it in order, before anyone sees the change; start-up and /puzzle verify load the whole state.
//
// Every implementation gives the same guarantees: a Commit that returns nil is durable (it survives a crash of
// the process or the machine), a Commit is all or nothing (a crash or an error in the middle leaves none of it),
// and commits apply in the order they are made, later records of the same key replacing earlier ones. Within a
// change, records apply in this order: areas, objects, removed objects, the next id, forgotten cleared blocks,
// cleared blocks, resolved intents, intents; so an object a change writes and removes is gone, while a cleared
// block it forgets and clears again, or an intent it resolves and makes again, is kept. Load reads one
// consistent state: the effect of some prefix of the commits. LevelStore (LevelDB in the world folder) is the default; package
// overlay/pgstore keeps the state in PostgreSQL.
type Store interface {
	// Commit writes a change atomically and durably.
	Commit(c Change) error
	// Load reads the whole state. A record that cannot be read is an error naming it: a store is never silently
	// half-loaded.
	Load() (Saved, error)
	// Snapshot takes the state as it is now, at once, to Load later (off the owner) whatever is committed
	// meanwhile: /puzzle verify compares it with memory without holding up requests.
	Snapshot() (StoreSnapshot, error)
	// Close releases the store. Commits already returned are kept.
	Close() error
}

// StoreSnapshot is a Store as it was at one moment.
type StoreSnapshot interface {
	// Load reads the whole state as it was when the snapshot was taken.
	Load() (Saved, error)
	// Release lets the store forget the snapshot; call it once, after Load.
	Release()
}

var _ Store = (*LevelStore)(nil)
