// Package store keeps the overlay's puzzle state so that it survives a stop or a crash: the records of areas,
// objects, cleared blocks and intents (record.go, intent.go), the areas they are keyed by (areapos.go), a Change
// that commits them as a whole, and the Store every backend keeps (backend.go): LevelStore, LevelDB in the world
// folder, here; package overlay/pgstore keeps them in PostgreSQL. It knows nothing of the world or the owner, so a
// backend needs only this package.
package store
