package store

// IntentKind is the kind of work an intent asks for.
type IntentKind string

const (
	// OpenArea opens a locked area: its keys are solved, or an admin unlocked it.
	OpenArea IntentKind = "open"
	// NewPuzzle gives an open area a new puzzle: an admin rerolled it, a player restarted it or a fail rule ended
	// the attempt.
	NewPuzzle IntentKind = "new-puzzle"
)

// Intent is work the overlay decided and must finish even across a crash or a stop: it is committed with the
// change that decides it ("area 0,0 is solved, so 0,-1 opens") and resolved by the change that does it. At start
// the overlay resumes every intent in the store, so what players were told is always carried out.
type Intent struct {
	Kind IntentKind `json:"kind"`
	Area AreaPos    `json:"area"`
	// Chain counts the areas without a puzzle that led to this one opening (see maxEmptyChain).
	Chain int `json:"chain,omitempty"`
}

// key is the intent's key in the store: one intent of a kind per area.
func (in Intent) key() string { return intentPrefix + string(in.Kind) + "/" + in.Area.String() }
