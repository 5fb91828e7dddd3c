package e2e

import (
	"context"
	"errors"
	"net"
	"sync/atomic"
	"time"

	"github.com/sandertv/go-raknet"
	"github.com/sandertv/gophertunnel/minecraft"
)

// handshakeDelay is how long each packet the bot writes before it has spawned is held back.
const handshakeDelay = 25 * time.Millisecond

// handshakeNetwork is gophertunnel's RakNet network with one difference: until the bot has spawned, each packet
// it writes is held back by handshakeDelay. gophertunnel v1.61.0's listener flushes StartGame and only then
// starts expecting the client's RequestChunkRadius; a client on loopback can answer in between, its answer is
// set aside and the join hangs on both sides. Real clients, behind a real network and a real game, are never
// that quick.
//
// Its UDP socket can also be cut (cut set): from then on nothing the bot sends reaches the server, as when a
// client loses its network, and the server learns of it only when the connection times out.
type handshakeNetwork struct {
	spawned *atomic.Bool
	cut     *atomic.Bool // nil: never cut
}

// DialContext dials a RakNet connection whose writes are delayed until spawned is set.
func (n handshakeNetwork) DialContext(ctx context.Context, address string) (net.Conn, error) {
	c, err := raknet.Dialer{UpstreamDialer: cuttable{cut: n.cut}}.DialContext(ctx, address)
	if err != nil {
		return nil, err
	}
	return &slowStartConn{Conn: c, spawned: n.spawned}, nil
}

// PingContext pings a RakNet server.
func (handshakeNetwork) PingContext(ctx context.Context, address string) ([]byte, error) {
	return raknet.Dialer{}.PingContext(ctx, address)
}

// Listen is not supported: the network is for bots only.
func (handshakeNetwork) Listen(string) (minecraft.NetworkListener, error) {
	return nil, errors.New("e2e: the bot network cannot listen")
}

// slowStartConn is a RakNet connection that delays writes until the bot has spawned. Embedding *raknet.Conn
// keeps the optional transport methods that gophertunnel looks for.
type slowStartConn struct {
	*raknet.Conn
	spawned  *atomic.Bool
	received *atomic.Uint64 // if not nil, counts the bytes read
}

// ReadPacket reads one RakNet packet, a batch as it came over the wire (compressed), counting its bytes.
func (c *slowStartConn) ReadPacket() ([]byte, error) {
	b, err := c.Conn.ReadPacket()
	if c.received != nil {
		c.received.Add(uint64(len(b)))
	}
	return b, err
}

// Write writes b, first waiting handshakeDelay while the bot has not spawned.
func (c *slowStartConn) Write(b []byte) (int, error) {
	if !c.spawned.Load() {
		time.Sleep(handshakeDelay)
	}
	return c.Conn.Write(b)
}

// cuttable dials UDP sockets that stop sending once cut is set.
type cuttable struct {
	cut *atomic.Bool
}

// DialContext dials a UDP socket.
func (d cuttable) DialContext(ctx context.Context, network, address string) (net.Conn, error) {
	c, err := (&net.Dialer{}).DialContext(ctx, network, address)
	if err != nil || d.cut == nil {
		return c, err
	}
	return &cutConn{Conn: c, cut: d.cut}, nil
}

// cutConn is a UDP socket whose writes are dropped once cut is set.
type cutConn struct {
	net.Conn
	cut *atomic.Bool
}

// Write sends b, or drops it when the socket is cut.
func (c *cutConn) Write(b []byte) (int, error) {
	if c.cut.Load() {
		return len(b), nil
	}
	return c.Conn.Write(b)
}
