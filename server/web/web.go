// Package web is the admin's dashboard, served by the game server itself: a live map of the world with the
// puzzle areas over it and the players moving on it, a page for each area with its puzzle tree and state space
// drawn on the server, admin actions guarded by a secret, and Prometheus metrics. Every page, script and
// picture is in the binary; nothing is fetched from elsewhere.
//
// It reads the overlay only through its read-only view (overlay.Snapshot, Area, ObjectViews, PuzzleTree) and acts
// only through its admin methods (Reroll, Unlock, Lock, Check, Export). Its work on the world goroutine is a few
// short tasks: listing players, timed no-op probes, and copying chunks as overlay.Snapshot does.
package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay"
	"riddlestone/worldgen"
)

// Options configure a dashboard.
type Options struct {
	// Address is where it listens, such as "127.0.0.1:8080"; port 0 picks a free one.
	Address string
	// Secret must accompany every admin action; "" turns admin actions off.
	Secret string
	// ReadSecret, if set, is needed to read any page, tile, event stream or metric (as a cookie set by /login,
	// or an "Authorization: Bearer" header for Prometheus).
	ReadSecret string
	// Hosts are the names, besides this machine's loopback and the listening address, that the dashboard is
	// reached by (a name behind a proxy); a request naming any other host is refused.
	Hosts []string
	// World is the overworld.
	World *world.World
	// Overlay returns the puzzle overlay, or nil when the server has no puzzles.
	Overlay func() *overlay.Overlay
	// Generator draws the parts of the map no player has explored; it must be the world's generator.
	Generator *worldgen.Generator
	// ExportDir is where the export action writes its files.
	ExportDir string
	// ClientVersion returns the version of a player's client, such as "1.26.45", or "" if unknown; nil knows
	// none. It is called on the world goroutine and must not wait for it.
	ClientVersion func(h *world.EntityHandle) string
	// Store reads the puzzle store's state (its kind, whether the puzzles are paused, the leases) for the page,
	// /api/store and the metrics; nil shows none. It must answer at once, without waiting for a database.
	Store func() StoreView
	// Log receives the dashboard's logs, admin actions among them; nil means slog.Default().
	Log *slog.Logger
}

// Server is a running dashboard.
type Server struct {
	opts    Options
	log     *slog.Logger
	ln      net.Listener
	http    *http.Server
	tiles   *tiles
	live    *live
	metrics *metrics
	auth    *auth
	hosts   hosts
	events  *hub
	checks  chan struct{} // one state-space exploration at a time

	ctx    context.Context
	cancel context.CancelFunc
	wg     sync.WaitGroup
	once   sync.Once
}

// New opens the dashboard's listener; Start serves it. An address in use fails here, before the game opens.
func New(opts Options) (*Server, error) {
	if opts.Log == nil {
		opts.Log = slog.Default()
	}
	if opts.Overlay == nil {
		opts.Overlay = func() *overlay.Overlay { return nil }
	}
	ln, err := net.Listen("tcp", opts.Address)
	if err != nil {
		return nil, fmt.Errorf("web dashboard: %w", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	s := &Server{opts: opts, log: opts.Log, ln: newLimitListener(ln, limits.connections), ctx: ctx, cancel: cancel,
		events: newHub(), checks: make(chan struct{}, 1), hosts: newHosts(ln.Addr(), opts.Hosts)}
	s.auth = newAuth(opts.Secret, opts.ReadSecret)
	s.metrics = newMetrics(s)
	s.tiles = newTiles(opts.Generator)
	s.live = newLive(s)
	s.http = &http.Server{Handler: s.Handler(), ReadHeaderTimeout: limits.headerTimeout, ReadTimeout: limits.readTimeout,
		WriteTimeout: limits.writeTimeout, IdleTimeout: limits.idleTimeout, MaxHeaderBytes: limits.headerBytes,
		ErrorLog: slog.NewLogLogger(opts.Log.Handler(), slog.LevelDebug)}
	return s, nil
}

// Addr returns the address the dashboard listens on.
func (s *Server) Addr() net.Addr { return s.ln.Addr() }

// URL returns the dashboard's address as a URL.
func (s *Server) URL() string { return "http://" + s.ln.Addr().String() + "/" }

// Start serves the dashboard and starts watching the world.
func (s *Server) Start() {
	if o := s.opts.Overlay(); o != nil {
		o.SetMetrics(s.metrics)
	}
	s.wg.Add(2)
	go func() {
		defer s.wg.Done()
		if err := s.http.Serve(s.ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			s.log.Error("web dashboard stopped", "err", err)
		}
	}()
	go func() {
		defer s.wg.Done()
		s.live.run(s.ctx)
	}()
	s.log.Info("web dashboard ready", "url", s.URL(), "adminActions", s.opts.Secret != "", "readSecret", s.opts.ReadSecret != "")
}

// Close stops the dashboard: event streams end, requests under way get a few seconds to finish, and the world
// is left alone. Call it before the world closes. It is safe to call more than once.
func (s *Server) Close() error {
	var err error
	s.once.Do(func() {
		s.cancel()
		s.events.close()
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		err = s.http.Shutdown(ctx)
		if err != nil {
			err = s.http.Close()
		}
		_ = s.ln.Close() // when Start never ran
		s.wg.Wait()
		if o := s.opts.Overlay(); o != nil {
			o.SetMetrics(nil)
		}
	})
	return err
}

// Handler returns the dashboard's routes, with a check of the Host named, a back-off on wrong secrets,
// cross-origin protection, read access checks and recovery.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.index)
	mux.HandleFunc("GET /login", s.loginPage)
	mux.HandleFunc("POST /login", s.login)
	mux.Handle("GET /static/", http.StripPrefix("/static", http.FileServerFS(staticFS)))
	mux.HandleFunc("GET /api/map", s.apiMap)
	mux.HandleFunc("GET /api/players", s.apiPlayers)
	mux.HandleFunc("GET /api/status", s.apiStatus)
	mux.HandleFunc("GET /api/store", s.apiStore)
	mux.HandleFunc("GET /events", s.serveEvents)
	mux.HandleFunc("GET /tiles/{level}/{x}/{z}", s.serveTile)
	mux.HandleFunc("GET /area/{area}", s.areaPage)
	mux.HandleFunc("GET /area/{area}/tree.svg", s.treeSVG)
	mux.HandleFunc("GET /area/{area}/space.svg", s.spaceSVG)
	mux.HandleFunc("POST /area/{area}/{action}", s.action)
	mux.Handle("GET /metrics", s.metrics.handler(s))
	cop := http.NewCrossOriginProtection()
	return s.recovering(s.hosts.checkingHost(s.auth.guesses.slowingGuesses(cop.Handler(s.auth.reading(mux)))))
}

// recovering turns a handler's panic into a 500 and a log line with the stack; the server goes on.
func (s *Server) recovering(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if p := recover(); p != nil {
				if p == http.ErrAbortHandler {
					panic(p)
				}
				s.metrics.recovered.WithLabelValues("web").Inc()
				s.log.Error("web: a request panicked", "path", r.URL.Path, "panic", p, "stack", string(debug.Stack()))
				http.Error(w, "internal error", http.StatusInternalServerError)
			}
		}()
		next.ServeHTTP(w, r)
	})
}
