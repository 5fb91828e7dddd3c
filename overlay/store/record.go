package store

import (
	"encoding/json"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"riddlestone/puzzle"
)

// AreaState is how far an area has come.
type AreaState uint8

const (
	// Locked areas have keys not yet achieved; players cannot enter them.
	Locked AreaState = iota
	// Active areas are open and have a puzzle in progress.
	Active
	// Solved areas have achieved their goal and opened the areas they are a key to.
	Solved
)

// String names the state as /puzzle status shows it.
func (s AreaState) String() string {
	switch s {
	case Active:
		return "active"
	case Solved:
		return "solved"
	}
	return "locked"
}

// AreaRecord is what the store keeps of an area.
type AreaRecord struct {
	Pos      AreaPos         `json:"pos"`
	State    AreaState       `json:"state"`
	Template string          `json:"template"`         // the pack area it was made from
	Goal     string          `json:"goal"`             // the goal term chosen, in rule notation
	Puzzle   json.RawMessage `json:"puzzle,omitempty"` // the generated puzzle, as the engine encodes it
	Rerolls  int             `json:"rerolls"`          // how many times the puzzle was generated again
	// NoPuzzle is why the area got no puzzle when its last generation made none (it opened as open ground,
	// solved, and opened what it unlocks), for admins; "" when it has one.
	NoPuzzle string `json:"noPuzzle,omitempty"`
	// Relaxed is why the area's puzzle does not keep to all its template's bounds (puzzle.Relaxation.Explain),
	// for admins; "" when it does.
	Relaxed string `json:"relaxed,omitempty"`
	// Structures are the structures built around the area's objects (overlay/site, structure.go), all of them
	// since it opened: they stay in the world when the puzzle is generated again.
	Structures []Built `json:"structures,omitempty"`
}

// WhereKind says where a puzzle object is.
type WhereKind uint8

const (
	// AtBlock objects are a block in the world.
	AtBlock WhereKind = iota
	// AtEntity objects are an entity in the world, such as an NPC.
	AtEntity
	// InInventory objects are an item stack in a player's inventory.
	InInventory
	// Nowhere objects exist in the puzzle state but not in the world yet (or any more): they are placed again.
	Nowhere
)

// Where is the place of a puzzle object in the world.
type Where struct {
	Kind   WhereKind `json:"kind"`
	Block  cube.Pos  `json:"block,omitzero"`
	Entity uuid.UUID `json:"entity,omitzero"`
	Player uuid.UUID `json:"player,omitzero"`  // the holder of an InInventory object
	Tagged bool      `json:"tagged,omitempty"` // found in the world by tagging: never placed or removed by the overlay
}

// ObjectRecord is what the store keeps of a puzzle object: the engine's object and where it is.
type ObjectRecord struct {
	puzzle.Object
	Where Where `json:"where"`
	// Blocks are every block of a tagged terrain feature (a pond, a trunk, a vein): any of them is the object.
	Blocks []cube.Pos `json:"blocks,omitempty"`
}

// Built is a structure built around a placed object, as the area's record keeps it.
type Built struct {
	Structure string    `json:"structure"`
	Object    int       `json:"object"` // the id of the object it was built around
	Anchor    AreaBlock `json:"anchor"` // the object's feet block
	Rot       int       `json:"rot"`    // quarter turns clockwise seen from above
	Min       AreaBlock `json:"min"`    // the corners of the blocks it built, both included
	Max       AreaBlock `json:"max"`
	// Treads are the columns of a run of steps (Structure "steps"), in order: what another server of a network
	// needs to build the same steps in its own world (site.Rebuild). Empty for a structure, which the pack gives.
	Treads []Tread `json:"treads,omitempty"`
}

// Tread is a column of a run of steps: step blocks from its feet block up, Fill of them.
type Tread struct {
	X    int `json:"x"`
	Z    int `json:"z"`
	Feet int `json:"feet"`
	Fill int `json:"fill"`
}

// Covers reports whether the column of p lies within the structure's footprint, grown by margin blocks.
func (b Built) Covers(p cube.Pos, margin int) bool {
	return p[0] >= b.Min[0]-margin && p[0] <= b.Max[0]+margin && p[2] >= b.Min[2]-margin && p[2] <= b.Max[2]+margin
}
