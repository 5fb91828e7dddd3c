// Package server owns Dragonfly: it reads config.toml, opens the world with its generator and a safe spawn,
// attaches player handlers and commands, runs the console and shuts everything down gracefully. Extensions (the
// puzzle overlay) plug in through Extension, join and quit hooks and handler wrappers.
package server

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"

	dfserver "github.com/df-mc/dragonfly/server"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/pgstore"
)

// Options configure a Server beyond its Config: what the program or a test supplies.
type Options struct {
	// Config is the parsed config.toml.
	Config Config
	// Log receives the server's logs; nil means slog.Default().
	Log *slog.Logger
	// AuthHTTPClient reaches the authentication service when Config.Server.AuthEnabled is true; nil means
	// http.DefaultClient. Tests set it to simulate a machine with no network.
	AuthHTTPClient *http.Client
	// Extensions are attached in order after the world is ready and before players can join.
	Extensions []Extension
}

// Server is a running Riddlestone server: Dragonfly plus the world set-up, admins, hooks and console.
type Server struct {
	conf     Config
	log      *slog.Logger
	df       *dfserver.Server
	dfConf   dfserver.Config
	listener *listener
	seed     int64
	admins   admins
	mode     world.GameMode // the game mode players other than admins join in

	mu       sync.Mutex
	started  bool
	joins    []func(p *player.Player)
	quits    []func(p *player.Player)
	wrappers []HandlerWrapper
	closers  []func() error
	online   map[*world.EntityHandle]onlinePlayer // the players who joined and have not left

	closing   chan struct{} // closed when Close starts
	closeOnce sync.Once
	accepted  chan struct{} // closed when the accept loop has ended

	paused atomic.Pointer[string]        // what players are told while the puzzle store is paused (store.go); nil while it runs
	pg     atomic.Pointer[pgstore.Store] // the PostgreSQL puzzle store once open (store.go), for storeView; nil for LevelDB
	// followed is the reading of the leases the overlay last followed the other servers' regions at (follow.go):
	// the lease watcher's alone.
	followed []pgstore.Lease
	leases   atomic.Pointer[leaseReading] // the last reading of the PostgreSQL store's leases (watchLeases)
}

// New opens the world and the listener described by opts and attaches the extensions, but lets no player in
// until Start. With authentication on and no route to the authentication service it fails with
// ErrAuthUnreachable before touching the world.
func New(ctx context.Context, opts Options) (*Server, error) {
	conf := opts.Config
	log := opts.Log
	if log == nil {
		log = slog.Default()
	}
	mode, err := conf.Riddlestone.gameMode()
	if err != nil {
		return nil, err
	}
	if conf.Server.AuthEnabled {
		log.Info("checking the Xbox Live authentication service")
		if err := probeAuth(ctx, opts.AuthHTTPClient); err != nil {
			return nil, err
		}
	} else {
		log.Warn("authentication is off (Server.AuthEnabled = false): anyone can join under any name; " +
			"a public server must turn it on")
	}

	seed := conf.Riddlestone.Seed
	if conf.World.SaveData {
		var kept bool
		if seed, kept, err = worldSeed(conf.World.Folder, seed); err != nil {
			return nil, err
		}
		if kept {
			log.Warn("the world keeps the seed it was generated with; Riddlestone.Seed is ignored for it "+
				"(delete the world folder to generate a new world)", "seed", seed, "configured", conf.Riddlestone.Seed)
		}
	} else if seed, _, err = worldSeed("", seed); err != nil {
		return nil, err
	}

	tuneGC(conf.Riddlestone.GCPercent, log)
	dfConf, err := dragonflyConfig(ctx, conf, log)
	if err != nil {
		return nil, err
	}
	l, err := listen(dfConf, conf.Network.Address, conf.Server.Name, conf.Riddlestone.CompressionThreshold, opts.AuthHTTPClient)
	if err != nil {
		closeProviders(dfConf, log)
		return nil, err
	}
	dfConf.Listeners = []func(dfserver.Config) (dfserver.Listener, error){
		func(dfserver.Config) (dfserver.Listener, error) { return l, nil },
	}
	dfConf.Generator = generators(seed)
	dfConf.Entities = entityRegistry()

	s := &Server{
		conf:     conf,
		log:      log,
		dfConf:   dfConf,
		listener: l,
		seed:     seed,
		admins:   newAdmins(conf),
		mode:     mode,
		online:   map[*world.EntityHandle]onlinePlayer{},
		closing:  make(chan struct{}),
		accepted: make(chan struct{}),
	}
	replace := s.replaceStale
	l.replaceStale.Store(&replace)
	s.df = dfConf.New()
	w := s.df.World()
	w.SetDefaultGameMode(mode)
	spawn, err := world.Call(ctx, w, func(tx *world.Tx) (cube.Pos, error) {
		pos, changed := ensureSpawn(tx, conf.Puzzles.AreaSize)
		if changed {
			log.Info("spawn set on the surface", "pos", pos)
		}
		return pos, nil
	})
	if err != nil {
		s.closeUnstarted()
		return nil, fmt.Errorf("find spawn: %w", err)
	}
	registerServer(s)
	registerCommands()
	for _, ext := range opts.Extensions {
		if err := ext(s); err != nil {
			s.closeUnstarted()
			return nil, fmt.Errorf("attach extension: %w", err)
		}
	}
	log.Info("world ready", "folder", conf.World.Folder, "seed", seed, "spawn", spawn, "gamemode", conf.Riddlestone.GameMode)
	return s, nil
}

// Start lets players in: it starts listening and accepting.
func (s *Server) Start() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.started {
		return
	}
	s.started = true
	s.df.Listen()
	s.log.Info("listening", "addr", s.Addr().String())
	go s.accept()
}

// Run starts the server and blocks until ctx is done or the server is stopped (the stop command, Close), then
// shuts it down gracefully.
func (s *Server) Run(ctx context.Context) error {
	s.Start()
	select {
	case <-ctx.Done():
	case <-s.closing:
	}
	return s.Close()
}

// Close stops accepting joins, disconnects the players, saves the world and player data and stops the server.
// It is safe to call more than once and from several goroutines, but not from a world transaction (use Stop
// there).
//
// The order matters. Joins stop first, and Close waits until every join under way has either failed or put its
// player in the world (a player whose join completes now is disconnected at once, see accept). Only then does
// Dragonfly's Close disconnect the players: it knows only those it had accepted when it starts, and waits for
// all the others to leave by themselves, so a join completing during its Close kept the server up until that
// player quit.
func (s *Server) Close() error {
	s.closeOnce.Do(func() {
		close(s.closing)
		s.mu.Lock()
		started := s.started
		s.started = true // Start after Close must not listen.
		s.mu.Unlock()
		if !started {
			s.closeUnstarted()
			return
		}
		s.log.Info("stopping: no more joins")
		s.listener.stopAccepting()
		<-s.accepted
		s.log.Info("stopping: saving the world and player data")
		s.runClosers()
		_ = s.df.Close()
		unregisterServer(s)
		s.log.Info("stopped")
	})
	return nil
}

// runClosers runs the OnClose hooks, the last registered first.
func (s *Server) runClosers() {
	s.mu.Lock()
	closers := s.closers
	s.mu.Unlock()
	for i := len(closers) - 1; i >= 0; i-- {
		if err := closers[i](); err != nil {
			s.log.Error("stopping an extension", "err", err)
		}
	}
}

// Stop asks the server to shut down without waiting for it; it is safe from world transactions and commands.
func (s *Server) Stop() { go s.Close() }

// Done returns a channel closed when the server starts shutting down.
func (s *Server) Done() <-chan struct{} { return s.closing }

// closeUnstarted releases what New opened when the server never started: Dragonfly's Close needs Listen first.
func (s *Server) closeUnstarted() {
	if s.df != nil {
		for _, w := range []*world.World{s.df.End(), s.df.Nether(), s.df.World()} {
			if err := w.Close(); err != nil {
				s.log.Error("close world", "dimension", w.Dimension(), "err", err)
			}
		}
	}
	if err := s.dfConf.PlayerProvider.Close(); err != nil {
		s.log.Error("close player provider", "err", err)
	}
	_ = s.listener.Close()
	unregisterServer(s)
}

// closeProviders closes the providers opened by UserConfig.Config when the server cannot be built, also when
// UserConfig.Config failed half-way.
func closeProviders(conf dfserver.Config, log *slog.Logger) {
	if !isNil(conf.WorldProvider) {
		if err := conf.WorldProvider.Close(); err != nil {
			log.Error("close world provider", "err", err)
		}
	}
	if !isNil(conf.PlayerProvider) {
		if err := conf.PlayerProvider.Close(); err != nil {
			log.Error("close player provider", "err", err)
		}
	}
}

// accept runs the join pipeline for each player until the listener stops accepting and the joins under way
// have ended.
func (s *Server) accept() {
	defer close(s.accepted)
	for p := range s.df.Accept() {
		select {
		case <-s.closing:
			// The join completed while the server is stopping: no hooks, the player is turned away at once.
			s.log.Info("player joined while the server is stopping: disconnected", "name", p.Name())
			p.Disconnect(closingMessage)
		default:
			if !s.turnAwayUnloaded(p) {
				s.join(p)
			}
		}
	}
}

// Addr returns the address the server listens on, with the real port when the configured one was 0.
func (s *Server) Addr() net.Addr { return s.listener.Addr() }

// World returns the overworld, where players spawn and puzzles live.
func (s *Server) World() *world.World { return s.df.World() }

// Config returns the configuration the server was started with.
func (s *Server) Config() Config { return s.conf }

// Seed returns the world's terrain seed.
func (s *Server) Seed() int64 { return s.seed }

// Log returns the server's logger.
func (s *Server) Log() *slog.Logger { return s.log }

// Dragonfly returns the underlying Dragonfly server, for what this package does not wrap.
func (s *Server) Dragonfly() *dfserver.Server { return s.df }
