package overlay

import (
	"encoding/json"

	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// areaRun is an open area as the overlay holds it in memory.
type areaRun struct {
	rec    store.AreaRecord
	area   *puzzle.Area   // the instance of the template the puzzle was generated for
	puzzle *puzzle.Puzzle // nil for an area that got no puzzle; the game tracks its progress (state.tracked)
}

// encodePuzzle saves a puzzle and the progress of its tracked tree, in the engine's save format.
func encodePuzzle(pz *puzzle.Puzzle, tr *puzzle.Tracked) (json.RawMessage, error) {
	return pz.MarshalSaved(tr)
}

// decodePuzzle rebuilds a saved puzzle against the pack, and the indices (in the tree's solution order, as track
// tracks it) of the rules that ran.
func decodePuzzle(p *puzzle.Pack, area string, raw json.RawMessage) (*puzzle.Puzzle, []int, error) {
	return p.UnmarshalPuzzle(area, raw)
}
