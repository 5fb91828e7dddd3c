package puzzle

import "strconv"

// Inventory is the Area value of an object held by a player.
const Inventory = "inventory"

// Object is an instance of a puzzle item in the game: the dissertation's game item. Its properties start as the
// item's and change as rules run.
type Object struct {
	ID        int    // unique over a whole game
	Item      string // the name of the puzzle item it is made from
	Area      string // the area it is in, or Inventory
	Props     Props  // shared with other objects and items: never change it in place, replace it
	Contained int    // the ID of the object held inside it (contains), or 0
}

// String formats the object as "12 Safe[locked: true] @Vault", followed by "holds 13" when it contains an object.
func (o Object) String() string {
	s := strconv.Itoa(o.ID) + " " + o.Item + o.Props.String() + " @" + o.Area
	if o.Contained != 0 {
		s += " holds " + strconv.Itoa(o.Contained)
	}
	return s
}

// clone returns a copy of o whose properties can be changed without changing o's.
func (o Object) clone() Object {
	o.Props = o.Props.Clone()
	return o
}
