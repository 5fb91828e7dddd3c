package puzzle

// Inventory is the Area value of an object held by a player.
const Inventory = "inventory"

// Object is an instance of a puzzle item in the game: the dissertation's game item. Its properties start as the
// item's and change as rules run.
type Object struct {
	ID        int    // unique over a whole game
	Item      string // the name of the puzzle item it is made from
	Area      string // the area it is in, or Inventory
	Props     Props
	Contained int // the ID of the object held inside it (contains), or 0
}
