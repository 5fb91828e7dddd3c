package server

import (
	"slices"
	"strings"
	"sync"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
)

// Extension adds behaviour to a Server. It is called once, after the world is ready and before players can
// join; it typically registers join and quit hooks and wraps player handlers. The puzzle overlay attaches
// itself as an Extension (see extensions).
type Extension func(s *Server) error

// HandlerWrapper returns the handler for player p given next, the handler built so far. The returned handler
// should embed or forward to next for every event it does not consume, so that the wrappers attached before it
// (and the server's own quit handling) still see the events.
type HandlerWrapper func(p *player.Player, next player.Handler) player.Handler

// OnJoin registers f to run for each player who joins, after the handlers are attached. It runs on the
// player's world transaction, so p is valid only during the call. Register hooks from an Extension.
func (s *Server) OnJoin(f func(p *player.Player)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.joins = append(s.joins, f)
}

// OnQuit registers f to run when a player leaves (disconnects or the server stops). p is valid only during the
// call.
func (s *Server) OnQuit(f func(p *player.Player)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.quits = append(s.quits, f)
}

// OnClose registers f to run when the server stops, before the world closes, in the reverse order of
// registration. Extensions close what they opened on the world here.
func (s *Server) OnClose(f func() error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closers = append(s.closers, f)
}

// WrapHandler adds a wrapper around each joining player's handler. Wrappers apply in the order they are added:
// the last one added sees each event first.
func (s *Server) WrapHandler(w HandlerWrapper) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.wrappers = append(s.wrappers, w)
}

// join attaches the handler chain to a player who has just joined and runs the join hooks. It runs on the
// world's transaction, from the accept loop.
func (s *Server) join(p *player.Player) {
	s.mu.Lock()
	wrappers, joins := s.wrappers, s.joins
	s.mu.Unlock()

	players.Store(p.H(), s)
	version, _ := s.listener.clientVersion(p.UUID().String())
	s.mu.Lock()
	s.online[p.H()] = onlinePlayer{name: p.Name(), xuid: p.XUID(), version: version.String(), left: make(chan struct{})}
	s.mu.Unlock()
	var h player.Handler = baseHandler{s: s}
	for _, wrap := range wrappers {
		h = wrap(p, h)
	}
	p.Handle(h)
	// Saved player data keeps a game mode, possibly creative from another tool or an older setting: players
	// other than admins always join in the configured one.
	if !s.IsAdmin(p) && p.GameMode() != s.mode {
		p.SetGameMode(s.mode)
	}
	s.log.Info("player joined", "name", p.Name(), "xuid", p.XUID(), "admin", s.IsAdmin(p), "pos", p.Position(),
		"version", version.Game, "protocol", version.Protocol)
	for _, f := range joins {
		f(p)
	}
}

// Online returns the names of the players online, sorted. It is safe to call from anywhere, including world
// transactions.
func (s *Server) Online() []string {
	list := s.OnlinePlayers()
	names := make([]string, 0, len(list))
	for _, p := range list {
		names = append(names, p.Name)
	}
	return names
}

// OnlinePlayer is a player online as the server's roster has them.
type OnlinePlayer struct {
	// Name is the player's name.
	Name string
	// Version is the version of the player's client, such as "1.26.45".
	Version string
}

// OnlinePlayers returns the players online, sorted by name. It is safe to call from anywhere, including world
// transactions.
func (s *Server) OnlinePlayers() []OnlinePlayer {
	s.mu.Lock()
	list := make([]OnlinePlayer, 0, len(s.online))
	for _, on := range s.online {
		list = append(list, OnlinePlayer{Name: on.name, Version: on.version})
	}
	s.mu.Unlock()
	slices.SortFunc(list, func(a, b OnlinePlayer) int { return strings.Compare(a.Name, b.Name) })
	return list
}

// ClientVersion returns the client version of the player with handle h, such as "1.26.45", or "" when they are
// not online. It is safe to call from anywhere, including world transactions.
func (s *Server) ClientVersion(h *world.EntityHandle) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.online[h].version
}

// baseHandler is the innermost player handler: it runs the quit hooks.
type baseHandler struct {
	player.NopHandler
	s *Server
}

// HandleQuit runs the quit hooks and forgets the player.
func (h baseHandler) HandleQuit(p *player.Player) {
	h.s.mu.Lock()
	quits := h.s.quits
	h.s.mu.Unlock()
	for _, f := range quits {
		f(p)
	}
	players.Delete(p.H())
	h.s.mu.Lock()
	if on, ok := h.s.online[p.H()]; ok {
		close(on.left)
	}
	delete(h.s.online, p.H())
	h.s.mu.Unlock()
	h.s.log.Info("player left", "name", p.Name())
}

// players maps each online player's handle to its Server, so that commands, which Dragonfly registers
// globally, act on the right server even when a test process runs several.
var players sync.Map // *world.EntityHandle -> *Server

// worlds maps each server's overworld to the Server, for command sources that are not players.
var worlds sync.Map // *world.World -> *Server

func registerServer(s *Server)   { worlds.Store(s.df.World(), s) }
func unregisterServer(s *Server) { worlds.Delete(s.df.World()) }

// serverOfPlayer returns the server that player p is on.
func serverOfPlayer(p *player.Player) (*Server, bool) {
	s, ok := players.Load(p.H())
	if !ok {
		return nil, false
	}
	return s.(*Server), true
}

// serverOfWorld returns the server that owns w.
func serverOfWorld(w *world.World) (*Server, bool) {
	s, ok := worlds.Load(w)
	if !ok {
		return nil, false
	}
	return s.(*Server), true
}

// extensions returns the extensions that the server binary attaches: this is where the puzzle overlay plugs in.
func extensions() []Extension {
	return []Extension{Puzzles, Web}
}
