package overlay

import (
	"sync"

	"github.com/df-mc/dragonfly/server/world"
)

// overlays maps each world to its overlay, for commands and forms, which Dragonfly hands a world (through a Tx)
// but not the overlay; tests run several servers in one process.
var overlays sync.Map // *world.World -> *Overlay

func register(w *world.World, o *Overlay) { overlays.Store(w, o) }
func unregister(w *world.World)           { overlays.Delete(w) }

// Of returns the overlay of a world.
func Of(w *world.World) (*Overlay, bool) {
	o, ok := overlays.Load(w)
	if !ok {
		return nil, false
	}
	return o.(*Overlay), true
}

// only returns the overlay when exactly one exists, for console commands, which have no world.
func only() (*Overlay, bool) {
	var found *Overlay
	n := 0
	overlays.Range(func(_, v any) bool {
		found, n = v.(*Overlay), n+1
		return n < 2
	})
	return found, n == 1
}

// joined maps each online player's handle to the overlay of their world, for permission checks, which Dragonfly
// makes with a player but no transaction.
var joined sync.Map // *world.EntityHandle -> *Overlay

// ofPlayer returns the overlay a player joined.
func ofPlayer(p interface{ H() *world.EntityHandle }) (*Overlay, bool) {
	o, ok := joined.Load(p.H())
	if !ok {
		return nil, false
	}
	return o.(*Overlay), true
}
