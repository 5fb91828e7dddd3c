package overlay

import (
	"log/slog"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Options configure an Overlay.
type Options struct {
	// Pack is the rule set: items, rules, tag rules and area templates.
	Pack *puzzle.Pack
	// Seed is the world seed; the area graph, templates and puzzles follow from it.
	Seed int64
	// AreaSize is the side of an area in chunks; 0 means 4 (64×64 blocks).
	AreaSize int
	// Mode chooses which rules players may run: the puzzle trees' (puzzle.TreeRules) or all (puzzle.AllRules).
	Mode puzzle.Mode
	// TwoKeyPercent is the share of areas, among those that can, that need two neighbours solved to open; 0
	// means 30, a negative value none.
	TwoKeyPercent int
	// StoreDir is the folder of the puzzle store, normally inside the world folder.
	StoreDir string
	// OpenStore opens the puzzle store, when it is not the LevelDB store in StoreDir (PostgreSQL, say: see
	// overlay/pgstore); nil means OpenStore(StoreDir). New calls it once; the overlay closes the store in Close,
	// or at once when New fails.
	OpenStore func() (store.Store, error)
	// IsAdmin reports whether a player may use the admin commands (identified by XUID, never by name).
	IsAdmin func(p *player.Player) bool
	// LoadPacks loads and validates the configured packs again, for /puzzle reload; nil disables reloading.
	LoadPacks func() (*puzzle.Pack, error)
	// ExportDir is where /puzzle export writes its files.
	ExportDir string
	// Mods holds Go extensions (actions, computed properties, tag matchers, spawners); nil means DefaultMods.
	Mods *Mods
	// CheckStates caps the states /puzzle check and export explore (and so their time and memory); 0 means
	// 200 000. A check that reaches it says what it knows and that it stopped.
	CheckStates int
	// ShowBlocks sends one player a block the world does not have (the wall of a locked border, see wall.go); it
	// runs on the world goroutine and must not block. nil means no walls: only the refusal of each step over a
	// locked border holds it, and pushing at it sends the player and their viewers a correction per step.
	ShowBlocks func(p *player.Player, b WallBlock)
	// Changes reports whether this server changes an area's puzzle. In a network of servers (docs/network.md) each
	// area is changed by the server that holds its region; the others show it as the store has it (Follow) and
	// refuse moves, openings, new puzzles and locks there. nil means every area: a server on its own.
	Changes func(area store.AreaPos) bool
	// Cross is called on the world goroutine when a player steps into an open area this server does not change
	// (Changes), towards newPos: the server sends them to the server that changes it (Bedrock's Transfer packet)
	// and reports true, and the step is not made here; the player leaves with what they hold (their puzzle items
	// are not put down as a leaving player's are). nil, or false: the player walks in and looks, changing nothing.
	Cross func(p *player.Player, to store.AreaPos, newPos mgl64.Vec3) bool
	// Log receives the overlay's logs; nil means slog.Default().
	Log *slog.Logger
}

func (o Options) withDefaults() Options {
	if o.AreaSize <= 0 {
		o.AreaSize = 4
	}
	switch {
	case o.TwoKeyPercent == 0:
		o.TwoKeyPercent = 30
	case o.TwoKeyPercent < 0:
		o.TwoKeyPercent = 0
	}
	if o.IsAdmin == nil {
		o.IsAdmin = func(*player.Player) bool { return false }
	}
	if o.Mods == nil {
		o.Mods = DefaultMods
	}
	if o.CheckStates <= 0 {
		o.CheckStates = 200000
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	if o.Changes == nil {
		o.Changes = func(store.AreaPos) bool { return true }
	}
	return o
}

// openStore opens the store the options name: their OpenStore, or else the LevelDB store in StoreDir.
func (o Options) openStore() (store.Store, error) {
	if o.OpenStore != nil {
		return o.OpenStore()
	}
	return store.OpenStore(o.StoreDir)
}
