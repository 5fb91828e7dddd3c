package server

import (
	"fmt"
	"net"
	"path/filepath"
	"sync"

	"riddlestone/overlay"
	"riddlestone/server/web"
	"riddlestone/worldgen"
)

// WebSettings is the [Web] section of config.toml: the admin's dashboard (package server/web).
type WebSettings struct {
	// Enabled serves the dashboard.
	Enabled bool
	// Address is where the dashboard listens, host:port. The default, 127.0.0.1:8080, is reachable from this
	// machine only; an address open to others should come with a ReadSecret.
	Address string
	// Secret must be given with every admin action (reroll, unlock, lock, check, export); empty turns the
	// actions off.
	Secret string
	// ReadSecret, if set, is needed to see anything: pages, map tiles, live events and metrics (Prometheus sends
	// it as a bearer token).
	ReadSecret string
	// Hosts are the names the dashboard is reached by besides this machine's loopback and Address's IP (a name
	// behind a proxy, or the machine's name); a request naming another host is refused (DNS rebinding).
	Hosts []string
}

// defaultWeb is the [Web] section's defaults.
func defaultWeb() WebSettings {
	return WebSettings{Enabled: true, Address: "127.0.0.1:8080", Hosts: []string{}}
}

// validate checks the address of an enabled dashboard.
func (w WebSettings) validate() error {
	if !w.Enabled {
		return nil
	}
	if _, _, err := net.SplitHostPort(w.Address); err != nil {
		return fmt.Errorf("%q is not host:port, such as 127.0.0.1:8080", w.Address)
	}
	return nil
}

// webServers holds each server's dashboard.
var webServers sync.Map // *Server -> *web.Server

// Web is the extension that serves the admin's dashboard (server/web) as [Web] configures it: a live map of the
// world with the puzzle areas and the players, a page per area with its puzzle drawn, admin actions behind the
// secret, and Prometheus metrics. It finds the puzzle overlay when it needs it, so it may be attached before or
// after Puzzles; it stops before the world closes. An address it cannot listen on is logged as an error and the
// server runs without a dashboard.
func Web(s *Server) error {
	conf := s.Config()
	if !conf.Web.Enabled {
		s.Log().Info("web dashboard off (Web.Enabled = false)")
		return nil
	}
	gen, _ := newGenerator(s.Seed()).(*worldgen.Generator)
	w := s.World()
	ws, err := web.New(web.Options{
		Address:    conf.Web.Address,
		Secret:     conf.Web.Secret,
		ReadSecret: conf.Web.ReadSecret,
		Hosts:      conf.Web.Hosts,
		World:      w,
		Overlay: func() *overlay.Overlay {
			o, _ := overlay.Of(w)
			return o
		},
		Generator:     gen,
		ExportDir:     filepath.Join(conf.World.Folder, "riddlestone-exports"),
		ClientVersion: s.ClientVersion,
		Store:         s.storeView,
		Log:           s.Log(),
	})
	if err != nil {
		// The game matters more than its dashboard: a port in use is said loudly, and the game runs on.
		s.Log().Error("web dashboard not started; the game runs without it (change Web.Address)", "err", err)
		return nil
	}
	webServers.Store(s, ws)
	s.OnClose(func() error {
		webServers.Delete(s)
		return ws.Close()
	})
	ws.Start()
	if host, _, _ := net.SplitHostPort(ws.Addr().String()); !net.ParseIP(host).IsLoopback() && conf.Web.ReadSecret == "" {
		s.Log().Warn("the web dashboard is open to other machines without a read secret (Web.ReadSecret)", "address", ws.Addr().String())
	}
	return nil
}

// WebURL returns the address of the server's dashboard, such as "http://127.0.0.1:8080/", or "" when it has none.
func (s *Server) WebURL() string {
	if ws, ok := webServers.Load(s); ok {
		return ws.(*web.Server).URL()
	}
	return ""
}
