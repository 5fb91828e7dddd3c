// Package overlay binds the puzzle engine to a live Dragonfly world: it cuts the world into areas of chunks, joins
// them in a lock-and-key graph, tags and generates an area's puzzle when it unlocks, lets players solve it with
// ordinary actions, and keeps the puzzle state in a store beside the world.
//
// It holds the owner of that state, its requests and its journal of world changes. What it keeps is in
// overlay/store (the records and the backends that keep them) and what players read is made in overlay/words
// (names and sentences); neither imports this package.
package overlay
