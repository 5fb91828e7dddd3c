package overlay

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
	"riddlestone/tagging"
)

// Mods holds what Go code adds to the puzzles without editing this package or the engine: actions that do
// something in the world when a rule runs, properties computed from the world, tag matchers and spawners. Register
// on DefaultMods before the server starts (as with Dragonfly's cmd.Register), or pass your own in Options.Mods.
// A Mods is safe for concurrent use.
type Mods struct {
	mu       sync.RWMutex
	actions  map[string][]ActionFunc
	props    map[string]PropertyFunc
	matchers []TagMatcher
	spawners map[string]Spawner
}

// DefaultMods is the registry overlays use when Options.Mods is nil.
var DefaultMods = &Mods{}

// ActionFunc is Go code run when a rule with its action runs in game: after the move is committed, on the world
// goroutine, once the objects have changed in the world. Keep it short; it must not block.
type ActionFunc func(ctx ActionContext)

// ActionContext is what an action sees.
type ActionContext struct {
	Tx      *world.Tx
	Player  *player.Player // the player who acted, if still online
	Rule    *puzzle.Rule
	Inputs  []ObjectAt // the inputs as they were before the move
	Outputs []ObjectAt // the outputs as they are after it
	At      cube.Pos   // where the move was made
}

// ObjectAt is an object and where it is.
type ObjectAt struct {
	puzzle.Object
	Where Where
}

// PropertyFunc computes a property of an object from the world (the time of day, the block under it, the weather).
// It is called on the world goroutine before a player's menu is built; ok false leaves the property as it is.
type PropertyFunc func(tx *world.Tx, obj puzzle.Object, where Where) (v puzzle.Value, ok bool)

// TagMatcher finds puzzle items in an area beyond what the pack's tag rules can say. It runs off the world
// goroutine on a copy of the area, after the tag rules.
type TagMatcher interface {
	Match(s tagging.Snapshot) []tagging.Found
}

// Spawner shows and hides the objects of an item in the world in place of the overlay's way (a block, a stack on
// the ground or an NPC from the item's look). Both run on the world goroutine and must be idempotent: reconciling
// after a restart calls Show again.
type Spawner interface {
	Show(tx *world.Tx, obj puzzle.Object, where Where)
	Hide(tx *world.Tx, id int, where Where)
}

// Action registers f to run whenever a rule with the action runs. Several functions may share an action.
func (m *Mods) Action(action string, f ActionFunc) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.actions == nil {
		m.actions = map[string][]ActionFunc{}
	}
	m.actions[action] = append(m.actions[action], f)
}

// Property registers a computed property: every object gets it from f.
func (m *Mods) Property(name string, f PropertyFunc) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.props == nil {
		m.props = map[string]PropertyFunc{}
	}
	m.props[name] = f
}

// TagMatcher registers a tag matcher.
func (m *Mods) TagMatcher(t TagMatcher) {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.matchers = append(m.matchers, t)
}

// Spawner registers the spawner of an item.
func (m *Mods) Spawner(item string, s Spawner) {
	m.mu.Lock()
	defer m.mu.Unlock()
	if m.spawners == nil {
		m.spawners = map[string]Spawner{}
	}
	m.spawners[item] = s
}

func (m *Mods) actionsOf(action string) []ActionFunc {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.actions[action]
}

func (m *Mods) spawner(item string) (Spawner, bool) {
	m.mu.RLock()
	defer m.mu.RUnlock()
	s, ok := m.spawners[item]
	return s, ok
}

func (m *Mods) match(s tagging.Snapshot) []tagging.Found {
	m.mu.RLock()
	matchers := m.matchers
	m.mu.RUnlock()
	var found []tagging.Found
	for _, t := range matchers {
		found = append(found, t.Match(s)...)
	}
	return found
}

func (m *Mods) properties() map[string]PropertyFunc {
	m.mu.RLock()
	defer m.mu.RUnlock()
	return m.props
}

// computeProps updates the computed properties of the objects of an area and the inventory. It runs on the world
// goroutine; call with mu held. The new values are kept in memory and stored with the next change.
func (o *Overlay) computeProps(tx *world.Tx, area string) {
	props := o.opts.Mods.properties()
	if len(props) == 0 {
		return
	}
	for i := range o.game.State.Objects {
		obj := &o.game.State.Objects[i]
		if obj.Area != area && obj.Area != puzzle.Inventory {
			continue
		}
		for name, f := range props {
			if v, ok := f(tx, *obj, o.where[obj.ID]); ok {
				if old, has := obj.Props[name]; has && old == v {
					continue
				}
				// The engine never changes a property map in place (outputs it returned share them): replace it.
				props := obj.Props.Clone()
				if props == nil {
					props = puzzle.Props{}
				}
				props[name] = v
				obj.Props = props
			}
		}
	}
}

// Objects returns the puzzle objects of an area (and those players hold), with where they are.
func (o *Overlay) Objects(a AreaPos) []ObjectAt {
	o.mu.Lock()
	defer o.mu.Unlock()
	var out []ObjectAt
	for _, obj := range o.game.State.Objects {
		if obj.Area == areaName(a) || obj.Area == puzzle.Inventory {
			out = append(out, ObjectAt{Object: obj, Where: o.where[obj.ID]})
		}
	}
	return out
}

// MovesFrom returns the moves a player could choose in the menu of an object. Call on the world goroutine.
func (o *Overlay) MovesFrom(p *player.Player, id int) []puzzle.Move {
	o.mu.Lock()
	defer o.mu.Unlock()
	if obj, ok := o.game.State.Object(id); ok {
		o.computeProps(p.Tx(), obj.Area)
	}
	return o.movesFrom(p, id)
}

// Act makes a move for a player, as choosing it in a menu does; at is where outputs that take no destroyed
// input's place appear. The change is committed and shown by the overlay's goroutine. Call on the world goroutine.
func (o *Overlay) Act(p *player.Player, mv puzzle.Move, at cube.Pos) error { return o.act(p, mv, at) }
