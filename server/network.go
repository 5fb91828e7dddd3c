package server

import (
	"context"
	"log/slog"
	"net"
	"sync"
	"sync/atomic"
	"time"

	"github.com/sandertv/go-raknet"
	"github.com/sandertv/gophertunnel/minecraft"
)

// rakNetwork is gophertunnel's RakNet network, except that its listener keeps track of its connections and
// can refuse newcomers (see rakListener). Listen records the listener it opens.
type rakNetwork struct {
	log      *slog.Logger // nil discards RakNet's errors
	gate     *versionGate // inspects each connection's first packet
	listener *rakListener
}

// DialContext dials a RakNet connection; the server never dials, but a minecraft.Network must.
func (n *rakNetwork) DialContext(ctx context.Context, address string) (net.Conn, error) {
	return raknet.Dialer{ErrorLog: n.log}.DialContext(ctx, address)
}

// PingContext pings a RakNet server.
func (n *rakNetwork) PingContext(ctx context.Context, address string) ([]byte, error) {
	return raknet.Dialer{ErrorLog: n.log}.PingContext(ctx, address)
}

// Listen opens the RakNet listener on address.
func (n *rakNetwork) Listen(address string) (minecraft.NetworkListener, error) {
	gate := &gate{}
	l, err := raknet.ListenConfig{ErrorLog: n.log, UpstreamPacketListener: gate}.Listen(address)
	if err != nil {
		return nil, err
	}
	n.listener = &rakListener{Listener: l, gate: gate, versions: n.gate, conns: map[*raknet.Conn]struct{}{}}
	return n.listener, nil
}

// gate opens the listener's UDP socket; once closed, the socket drops every RakNet message from outside a
// connection (pings and the requests that open a connection) and only the open connections go on.
//
// Refusing newcomers at this level, rather than accepting their connection and closing it, keeps a RakNet
// handshake from finishing while the socket closes: go-raknet hands such a connection over on a channel the
// closing listener closes, which panics ("send on closed channel") or, under the race detector, is a race.
type gate struct {
	closed atomic.Bool
}

// ListenPacket opens the UDP socket behind the gate.
func (g *gate) ListenPacket(network, address string) (net.PacketConn, error) {
	c, err := net.ListenPacket(network, address)
	if err != nil {
		return nil, err
	}
	return &gatedConn{PacketConn: c, gate: g}, nil
}

// datagramFlag is set in the first byte of every RakNet message within a connection (datagrams, ACKs, NACKs).
const datagramFlag = 0x80

// gatedConn is the UDP socket of a listener behind a gate.
type gatedConn struct {
	net.PacketConn
	gate *gate
}

// ReadFrom reads the next packet that passes the gate.
func (c *gatedConn) ReadFrom(b []byte) (int, net.Addr, error) {
	for {
		n, addr, err := c.PacketConn.ReadFrom(b)
		if err != nil || n == 0 || b[0]&datagramFlag != 0 || !c.gate.closed.Load() {
			return n, addr, err
		}
	}
}

// rakListener is a RakNet listener that knows its open connections, so that the server, when it stops, can
// close them cleanly (the other end is told) before the socket closes; a connection cut by closing the socket
// is noticed by its client only when it times out. Each connection is handed on with its first packet read
// through the version gate (versions.go), which keeps the RakNet connection's methods: gophertunnel looks for
// optional methods on them.
//
// Once it refuses newcomers (refuse), the connections whose handshake was under way still come through Accept;
// they log in and are turned away with a message by the listener.
type rakListener struct {
	*raknet.Listener
	gate     *gate
	versions *versionGate

	mu    sync.Mutex
	conns map[*raknet.Conn]struct{}
}

// Accept returns the next connection, recording it until it closes.
func (l *rakListener) Accept() (net.Conn, error) {
	c, err := l.Listener.Accept()
	if err != nil {
		return nil, err
	}
	rc, ok := c.(*raknet.Conn)
	if !ok {
		return c, nil
	}
	l.track(rc)
	return l.versions.wrap(rc), nil
}

// track records c until it closes.
func (l *rakListener) track(c *raknet.Conn) {
	l.mu.Lock()
	l.conns[c] = struct{}{}
	l.mu.Unlock()
	context.AfterFunc(c.Context(), func() {
		l.mu.Lock()
		delete(l.conns, c)
		l.mu.Unlock()
	})
}

// refuse closes the gate to new connections: from now on only the open ones are served.
func (l *rakListener) refuse() { l.gate.closed.Store(true) }

// closeConns closes every open connection, including those that open meanwhile, and waits until they have all
// closed (the other end has acknowledged what was sent and been told) or timeout has passed.
func (l *rakListener) closeConns(timeout time.Duration) {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	for {
		conns := l.closeAll()
		if len(conns) == 0 {
			return
		}
		for _, c := range conns {
			select {
			case <-c.Context().Done():
			case <-deadline.C:
				return
			}
		}
	}
}

// closeAll starts closing every open connection without waiting, and returns them. A RakNet connection that
// is closing ends within five seconds, even once the socket is closed.
func (l *rakListener) closeAll() []*raknet.Conn {
	l.mu.Lock()
	conns := make([]*raknet.Conn, 0, len(l.conns))
	for c := range l.conns {
		conns = append(conns, c)
	}
	l.mu.Unlock()
	for _, c := range conns {
		_ = c.Close()
	}
	return conns
}
