package overlay

import (
	"sync"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
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
	Where store.Where
}

// objectAt returns a stored object and its place, as mods see them.
func objectAt(r store.ObjectRecord) ObjectAt { return ObjectAt{Object: r.Object, Where: r.Where} }

// PropertyFunc computes a property of an object from the world (the time of day, the block under it, the weather).
// It is called on the world goroutine before a player's menu is built; ok false leaves the property as it is.
type PropertyFunc func(tx *world.Tx, obj puzzle.Object, where store.Where) (v puzzle.Value, ok bool)

// TagMatcher finds puzzle items in an area beyond what the pack's tag rules can say. It runs off the world
// goroutine on a copy of the area, after the tag rules.
type TagMatcher interface {
	Match(s tagging.Snapshot) []tagging.Found
}

// Spawner shows and hides the objects of an item in the world in place of the overlay's way (a block, a stack on
// the ground or an NPC from the item's look). Both run on the world goroutine and must be idempotent: reconciling
// after a restart calls Show again.
type Spawner interface {
	Show(tx *world.Tx, obj puzzle.Object, where store.Where)
	Hide(tx *world.Tx, id int, where store.Where)
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

// computeProps computes the properties Mods.Property registers for the objects of an area and the inventory, on
// the world goroutine, and returns those whose values differ from the state's. The menu built from them sends
// them along with the move, and the owner sets them before making it.
func (o *Overlay) computeProps(tx *world.Tx, v *state, area string) map[int]puzzle.Props {
	funcs := o.opts.Mods.properties()
	if len(funcs) == 0 {
		return nil
	}
	out := map[int]puzzle.Props{}
	for obj := range v.game.State.All() {
		if obj.Area != area && obj.Area != puzzle.Inventory {
			continue
		}
		for name, f := range funcs {
			if val, ok := f(tx, obj, v.where.At(obj.ID)); ok && obj.Props[name] != val {
				if out[obj.ID] == nil {
					out[obj.ID] = puzzle.Props{}
				}
				out[obj.ID][name] = val
			}
		}
	}
	return out
}

// withProps returns the game of a state with computed properties set: a copy when there are any.
func withProps(v *state, props map[int]puzzle.Props) *puzzle.Manager {
	if len(props) == 0 {
		return v.game
	}
	g := v.game.Clone(v.accessible)
	for id, set := range props {
		_, _ = g.SetProps(id, set)
	}
	return g
}

// Objects returns the puzzle objects of an area (and those players hold), with where they are.
func (o *Overlay) Objects(a store.AreaPos) []ObjectAt {
	v := o.view()
	var out []ObjectAt
	for obj := range v.game.State.All() {
		if obj.Area == areaName(a) || obj.Area == puzzle.Inventory {
			out = append(out, ObjectAt{Object: obj, Where: v.where.At(obj.ID)})
		}
	}
	return out
}

// MovesFrom returns the moves a player could choose in the menu of an object. Call on the world goroutine.
func (o *Overlay) MovesFrom(p *player.Player, id int) []puzzle.Move {
	v := o.view()
	obj, ok := v.game.State.Object(id)
	if !ok {
		return nil
	}
	return o.movesFrom(v, withProps(v, o.computeProps(p.Tx(), v, obj.Area)), p, id)
}

// Act asks for a move for a player, as choosing it in a menu does; at is where outputs that take no destroyed
// input's place appear. It returns at once: the owner commits the move and then shows it, telling the player.
// Call on the world goroutine; a caller elsewhere may wait for the returned reply.
func (o *Overlay) Act(p *player.Player, mv puzzle.Move, at cube.Pos) *Reply {
	v := o.view()
	var props map[int]puzzle.Props
	if len(mv.Inputs) > 0 {
		if obj, ok := v.game.State.Object(mv.Inputs[0]); ok {
			props = o.computeProps(p.Tx(), v, obj.Area)
		}
	}
	return o.act(p, mv, at, props)
}
