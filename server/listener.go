package server

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"

	dfserver "github.com/df-mc/dragonfly/server"
	"github.com/df-mc/dragonfly/server/session"
	"github.com/sandertv/gophertunnel/minecraft"
)

// listener is the Bedrock listener the server accepts players on. Riddlestone opens it itself, rather than
// letting Dragonfly do so inside Config.New, because Dragonfly only logs a failure to listen and then runs a
// server nobody can join; here the failure stops start-up with its cause.
type listener struct {
	*minecraft.Listener
}

// listen opens the Bedrock (RakNet) listener on addr for the Dragonfly configuration conf.
func listen(conf dfserver.Config, addr, name string, authClient *http.Client) (*listener, error) {
	cfg := minecraft.ListenConfig{
		MaximumPlayers:         conf.MaxPlayers,
		StatusProvider:         minecraft.NewStatusProvider(name, "Riddlestone"),
		AuthenticationDisabled: conf.AuthDisabled,
		HTTPClient:             authClient,
		ResourcePacks:          conf.Resources,
		TexturePacksRequired:   conf.ResourcesRequired,
		Compression:            conf.Compression,
	}
	if conf.Allower != nil {
		cfg.Allow = conf.Allower.Allow
	}
	if conf.Log.Enabled(context.Background(), slog.LevelDebug) {
		cfg.ErrorLog = conf.Log.With("net origin", "gophertunnel")
	}
	l, err := cfg.Listen("raknet", addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	return &listener{l}, nil
}

// Accept implements dfserver.Listener.
func (l *listener) Accept() (session.Conn, error) {
	conn, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	return conn.(session.Conn), nil
}

// Disconnect implements dfserver.Listener.
func (l *listener) Disconnect(conn session.Conn, reason string) error {
	return l.Listener.Disconnect(conn.(*minecraft.Conn), reason)
}

// Addr returns the address the listener is bound to, with the real port when the configured one was 0.
func (l *listener) Addr() net.Addr { return l.Listener.Addr() }
