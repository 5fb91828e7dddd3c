// Package e2e starts a whole Riddlestone server in-process and joins it with bots that speak the real Bedrock
// protocol over loopback, for end-to-end tests.
//
//	srv := e2e.Start(t)
//	bot := srv.Join(t, "Alice")
//	out, err := bot.Command("/list")
package e2e

import (
	"bytes"
	"context"
	"log/slog"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"riddlestone/server"
)

// Option changes how Start sets up a server.
type Option func(*setup)

type setup struct {
	dir        string
	configure  []func(*server.Config)
	extensions []server.Extension
}

// WithDir keeps the server's data (world, players, resources) in dir instead of a new temporary folder: start
// a second server with the first one's Dir to test what survives a restart.
func WithDir(dir string) Option { return func(s *setup) { s.dir = dir } }

// WithConfig changes the configuration after the test defaults are applied.
func WithConfig(f func(c *server.Config)) Option {
	return func(s *setup) { s.configure = append(s.configure, f) }
}

// WithExtension attaches an extension to the server, as the binary attaches the overlay.
func WithExtension(ext server.Extension) Option {
	return func(s *setup) { s.extensions = append(s.extensions, ext) }
}

// Server is a Riddlestone server running in the test process.
type Server struct {
	*server.Server
	// Dir holds the server's data: world/, players/ and resources/.
	Dir string
	// Addr is the loopback address the server listens on.
	Addr string
	logs *logBuffer
}

// Config returns the test defaults for a server keeping its data in dir: authentication off, loopback at a free
// port, small chunk radius, every folder under dir.
func Config(dir string) server.Config {
	c := server.DefaultConfig()
	c.Server.AuthEnabled = false
	c.Network.Address = "127.0.0.1:0"
	c.World.Folder = filepath.Join(dir, "world")
	c.Players.Folder = filepath.Join(dir, "players")
	c.Resources.Folder = filepath.Join(dir, "resources")
	c.Players.MaximumChunkRadius = 4
	c.Riddlestone.LogLevel = "info"
	return c
}

// Start starts a server for the test and stops it when the test ends. Its logs are printed if the test fails.
func Start(t testing.TB, opts ...Option) *Server {
	t.Helper()
	s, err := StartErr(t, opts...)
	if err != nil {
		t.Fatalf("start server: %v", err)
	}
	return s
}

// StartErr is Start returning the start-up error instead of failing the test.
func StartErr(t testing.TB, opts ...Option) (*Server, error) {
	t.Helper()
	var set setup
	for _, o := range opts {
		o(&set)
	}
	if set.dir == "" {
		set.dir = t.TempDir()
	}
	conf := Config(set.dir)
	for _, f := range set.configure {
		f(&conf)
	}
	level, err := server.ParseLevel(conf.Riddlestone.LogLevel)
	if err != nil {
		return nil, err
	}
	logs := &logBuffer{}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("server logs:\n%s", logs.String())
		}
	})
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	srv, err := server.New(ctx, server.Options{
		Config:     conf,
		Log:        slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: level})),
		Extensions: set.extensions,
	})
	if err != nil {
		return nil, err
	}
	srv.Start()
	t.Cleanup(func() { _ = srv.Close() })
	return &Server{Server: srv, Dir: set.dir, Addr: srv.Addr().String(), logs: logs}, nil
}

// Logs returns what the server has logged so far.
func (s *Server) Logs() string { return s.logs.String() }

// Join connects a bot called name and disconnects it when the test ends. A player of that name who has just left
// may still be online for a moment, and a second login would replace that session, so it first waits for them to be
// gone.
func (s *Server) Join(t testing.TB, name string) *Bot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), DefaultTimeout)
	defer cancel()
	for slices.Contains(s.Online(), name) {
		select {
		case <-ctx.Done():
			t.Fatalf("join: %s is still online from before", name)
		case <-time.After(10 * time.Millisecond):
		}
	}
	b, err := Dial(ctx, s.Addr, name)
	if err != nil {
		t.Fatalf("join: %v", err)
	}
	t.Cleanup(func() { _ = b.Close() })
	// The client counts as spawned a little before the server has attached the player's handlers; wait for
	// that, so that the test sees a player who is fully in.
	for !slices.Contains(s.Online(), name) {
		select {
		case <-ctx.Done():
			t.Fatalf("join: %s spawned but the server did not accept the player", name)
		case <-time.After(10 * time.Millisecond):
		}
	}
	return b
}

// Console runs a console command and returns its output.
func (s *Server) Console(t testing.TB, line string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), DefaultTimeout)
	defer cancel()
	var out bytes.Buffer
	if err := s.Execute(ctx, line, &out); err != nil {
		t.Fatalf("console %q: %v", line, err)
	}
	return out.String()
}

// logBuffer collects log output safely from many goroutines, also after the test ends.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (l *logBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.Write(p)
}

func (l *logBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.buf.String()
}
