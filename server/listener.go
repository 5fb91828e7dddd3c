package server

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	dfserver "github.com/df-mc/dragonfly/server"
	"github.com/df-mc/dragonfly/server/session"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
)

// connCloseTimeout bounds how long Close waits for the open connections to close cleanly before it closes the
// socket. A closing RakNet connection waits until the other end has acknowledged what was sent, five seconds at
// most, then tells it; a player still downloading the start-up data (about 2 MB) when the server stops can take
// that long. Closing the socket earlier drops the rest, the disconnection message included, and the client
// learns of it only by timing out.
const connCloseTimeout = 8 * time.Second

// listener is the Bedrock listener the server accepts players on. Riddlestone opens it itself, rather than
// letting Dragonfly do so inside Config.New, for three reasons:
//
//   - Dragonfly only logs a failure to listen and then runs a server nobody can join; here the failure stops
//     start-up with its cause.
//   - Shutting down starts with stopAccepting: Dragonfly is given no more connections, and the ones that finish
//     logging in afterwards are disconnected, so that no join completes behind Dragonfly's back while it stops.
//   - Every connection handed to Dragonfly is a formConn, which fixes the form responses of some clients.
//   - A login of a player who is still online (a client that dropped and came back before its old connection
//     timed out) first replaces the stale session (replaceStale), where Dragonfly would refuse it.
type listener struct {
	*minecraft.Listener
	rak *rakListener

	// replaceStale, once set, is called with each login's identity before Dragonfly sees it.
	replaceStale atomic.Pointer[func(login.IdentityData)]
	admitting    sync.WaitGroup // the logins between pump and Accept

	handedMu sync.Mutex
	handed   map[string]*minecraft.Conn // the open connections handed to Dragonfly, by identity UUID

	conns    chan *minecraft.Conn // logged-in connections, from pump to Accept
	versions sync.Map             // identity UUID -> clientVersion of each connection handed to Dragonfly, until it closes
	forms    sync.Map             // identity UUID -> the *formConn of each connection handed to Dragonfly, until it closes
	stopped  chan struct{}        // closed by stopAccepting
	stopOnce sync.Once
	pumped   chan struct{} // closed when pump has returned
}

// listen opens the Bedrock (RakNet) listener on addr for the Dragonfly configuration conf, compressing the
// batches sent of compressFrom bytes or more (see compressionThreshold).
func listen(conf dfserver.Config, addr, name string, compressFrom int, authClient *http.Client) (*listener, error) {
	cfg, network := listenConfig(conf, name, authClient)
	cfg.CompressionThreshold = compressionThreshold(compressFrom)
	l, err := cfg.ListenNetwork(network, addr)
	if err != nil {
		return nil, fmt.Errorf("listen on %s: %w", addr, err)
	}
	ln := &listener{
		Listener: l,
		rak:      network.listener,
		conns:    make(chan *minecraft.Conn),
		stopped:  make(chan struct{}),
		pumped:   make(chan struct{}),
		handed:   map[string]*minecraft.Conn{},
	}
	go ln.pump()
	return ln, nil
}

// listenConfig returns gophertunnel's listener configuration for the Dragonfly configuration conf, and the
// network to listen on.
func listenConfig(conf dfserver.Config, name string, authClient *http.Client) (minecraft.ListenConfig, *rakNetwork) {
	cfg := minecraft.ListenConfig{
		MaximumPlayers:         conf.MaxPlayers,
		StatusProvider:         minecraft.NewStatusProvider(name, "Riddlestone"),
		AuthenticationDisabled: conf.AuthDisabled,
		HTTPClient:             authClient,
		ResourcePacks:          conf.Resources,
		TexturePacksRequired:   conf.ResourcesRequired,
		Compression:            conf.Compression,
	}
	var next func(net.Addr, login.IdentityData, login.ClientData) (string, bool)
	if conf.Allower != nil {
		next = conf.Allower.Allow
	}
	gate := newVersionGate(conf.Log)
	cfg.AcceptedProtocols = gate.protocols()
	cfg.Allow = gate.allow(next)
	network := &rakNetwork{gate: gate}
	if conf.Log.Enabled(context.Background(), slog.LevelDebug) {
		cfg.ErrorLog = conf.Log.With("net origin", "gophertunnel")
		network.log = conf.Log.With("net origin", "raknet")
	}
	return cfg, network
}

// defaultCompressionThreshold is the size from which Riddlestone compresses a batch of packets. Most batches a
// player is sent are other players' movements, 0.5 to 2 KiB of floats that flate shrinks by only 15 to 25 % at a
// cost of 35 to 45 µs each; chunks, which shrink to an eighth, are far larger. Sending the small batches as they
// are takes a fifth of the server's CPU off it at 100 players, for 14 % more bytes (docs/benchmarks.md,
// "Compression"); gophertunnel's own default is 256.
const defaultCompressionThreshold = 2048

// compressionThreshold returns gophertunnel's CompressionThreshold for batches compressed from n bytes: it reads
// 0 as its default and a negative value as "compress every batch".
func compressionThreshold(n int) int {
	if n <= 0 {
		return -1
	}
	return n
}

// pump takes each connection that has logged in and hands it to Accept, or disconnects it once the listener
// has stopped accepting. It returns when the listener is closed.
func (l *listener) pump() {
	defer close(l.pumped)
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return
		}
		l.admitting.Add(1)
		go l.admit(c.(*minecraft.Conn))
	}
}

// admit replaces the stale session of the player logging in on conn, if any, then hands conn to Accept, or
// disconnects it once the listener has stopped accepting. Each login is admitted on a goroutine of its own, so
// that one waiting for a stale session to leave holds up no other.
func (l *listener) admit(conn *minecraft.Conn) {
	defer l.admitting.Done()
	defer func() {
		if r := recover(); r != nil {
			_ = l.Listener.Disconnect(conn, "The server could not admit you.")
		}
	}()
	if replace := l.replaceStale.Load(); replace != nil {
		(*replace)(conn.IdentityData())
	}
	select {
	case l.conns <- conn:
		l.track(conn)
	case <-l.stopped:
		_ = l.Listener.Disconnect(conn, closingMessage)
	}
}

// track records a connection handed to Dragonfly until it closes.
func (l *listener) track(conn *minecraft.Conn) {
	id := identityKey(conn.IdentityData().Identity)
	l.handedMu.Lock()
	l.handed[id] = conn
	l.handedMu.Unlock()
	context.AfterFunc(conn.Context(), func() {
		l.handedMu.Lock()
		if l.handed[id] == conn {
			delete(l.handed, id)
		}
		l.handedMu.Unlock()
	})
}

// closeIdentity closes the connection of the player with an identity UUID, if it is open, and reports whether
// it was. Dragonfly then ends the player's session as for any connection that closes; the world never waits on a
// dead connection. Call it off the world goroutines: closing flushes what is buffered.
func (l *listener) closeIdentity(id string) bool {
	l.handedMu.Lock()
	conn, ok := l.handed[identityKey(id)]
	l.handedMu.Unlock()
	if ok {
		_ = conn.Close()
	}
	return ok
}

// Accept implements dfserver.Listener: it returns the next connection that has logged in, and an error once
// stopAccepting has been called, which ends Dragonfly's listening and cancels the joins it has under way.
func (l *listener) Accept() (session.Conn, error) {
	select {
	case conn := <-l.conns:
		l.noteVersion(conn)
		fc := newFormConn(conn)
		id := identityKey(conn.IdentityData().Identity)
		l.forms.Store(id, fc)
		context.AfterFunc(conn.Context(), func() { l.forms.CompareAndDelete(id, fc) })
		return fc, nil
	case <-l.stopped:
		return nil, &net.OpError{Op: "accept", Net: "minecraft", Addr: l.Addr(), Err: net.ErrClosed}
	}
}

// noteVersion remembers the client version of conn until it closes, for the player who joins on it.
func (l *listener) noteVersion(conn *minecraft.Conn) {
	id := conn.IdentityData().Identity
	l.versions.Store(id, versionOf(conn.Proto()))
	context.AfterFunc(conn.Context(), func() { l.versions.Delete(id) })
}

// clientVersion returns the client version of the player with identity UUID id, while their connection is open.
func (l *listener) clientVersion(id string) (clientVersion, bool) {
	v, ok := l.versions.Load(id)
	if !ok {
		return clientVersion{}, false
	}
	return v.(clientVersion), true
}

// stopAccepting makes Accept fail from now on: new connections are refused (the server no longer answers
// them), and those that finish logging in afterwards are disconnected. The connections already accepted are
// left to Dragonfly.
func (l *listener) stopAccepting() {
	l.stopOnce.Do(func() {
		close(l.stopped)
		l.rak.refuse()
	})
}

// Disconnect implements dfserver.Listener. Dragonfly calls it for a join that fails; during shutdown the
// reason given to the player is that the server is closing.
func (l *listener) Disconnect(conn session.Conn, reason string) error {
	select {
	case <-l.stopped:
		reason = closingMessage
	default:
	}
	return l.Listener.Disconnect(unwrapConn(conn), reason)
}

// Close stops accepting, lets every open connection close cleanly (those still logging in are closed now),
// then closes the socket. Dragonfly calls it last when it stops, after disconnecting the players.
func (l *listener) Close() error {
	l.stopAccepting()
	l.rak.closeConns(connCloseTimeout)
	err := l.Listener.Close()
	<-l.pumped
	l.admitting.Wait()
	l.rak.closeAll() // Those that opened at the last moment too; any still closing ends within seconds.
	return err
}

// Addr returns the address the listener is bound to, with the real port when the configured one was 0.
func (l *listener) Addr() net.Addr { return l.Listener.Addr() }

// closingMessage is what a player turned away because the server is stopping is told. (The players who are
// in when it stops are told Dragonfly's own, translated message.)
const closingMessage = "The server is stopping."
