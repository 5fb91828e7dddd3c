package server

import (
	"cmp"
	"context"
	"encoding/binary"
	"fmt"
	"log/slog"
	"math"
	"net"
	"slices"
	"sync"
	"sync/atomic"

	"github.com/sandertv/go-raknet"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/server/translate"
)

// acceptedVersions are the client versions the server accepts, oldest first: the game's version and its
// protocol number. gophertunnel's own needs no translation; the others are package translate's.
var acceptedVersions = func() []clientVersion {
	list := []clientVersion{{Protocol: protocol.CurrentProtocol, Game: protocol.CurrentVersion}}
	for _, p := range translate.Protocols() {
		list = append(list, clientVersion{Protocol: p.ID(), Game: p.Ver()})
	}
	slices.SortFunc(list, func(a, b clientVersion) int { return cmp.Compare(a.Protocol, b.Protocol) })
	return list
}()

// clientVersion is a client's version: its protocol number and the game's version ("1.26.45").
type clientVersion struct {
	Protocol int32
	Game     string
}

// acceptedRange says in words which versions the server accepts: "1.26.45" or "1.26.40 to 1.26.60".
func acceptedRange() string {
	first, last := acceptedVersions[0].Game, acceptedVersions[len(acceptedVersions)-1].Game
	if first == last {
		return first
	}
	return first + " to " + last
}

// refusalText is what a client of a version the server does not accept is told on its screen.
func refusalText(game string, proto int32) string {
	if game == "" {
		game = fmt.Sprintf("protocol %d", proto)
	}
	return fmt.Sprintf("This server accepts Minecraft %s; you have %s.", acceptedRange(), game)
}

// accepts reports whether the server speaks protocol number proto.
func accepts(proto int32) bool {
	for _, v := range acceptedVersions {
		if v.Protocol == proto {
			return true
		}
	}
	return false
}

// versionGate lets a client of a version the server does not accept log in far enough to be told, in words,
// which versions it accepts, and to be logged with its name and version. gophertunnel alone answers such a
// client at its first packet with a bare "login failed" status, which the game shows as "outdated server" or
// "outdated client" without saying what would do, and logs nothing.
//
// The gate reads the first packet of each connection (RequestNetworkSettings, sent uncompressed) at the RakNet
// level. When its protocol number is not accepted, the gate notes it against the client's address and changes
// it to refusedProtocol's, which gophertunnel accepts: the login that follows (its packets have kept their
// form across versions) reaches Allow, which refuses it with the text and logs the refusal.
type versionGate struct {
	log *slog.Logger

	mu      sync.Mutex
	refused map[string]int32 // remote address -> the protocol number the client announced
}

// newVersionGate returns a gate logging to log.
func newVersionGate(log *slog.Logger) *versionGate {
	return &versionGate{log: log, refused: map[string]int32{}}
}

// protocols returns gophertunnel's AcceptedProtocols: the translated versions' and the refusal's (the current
// one is always added). Its length is its capacity, as gophertunnel appends to it for every connection.
func (g *versionGate) protocols() []minecraft.Protocol {
	return slices.Clip(append(translate.Protocols(), refusedProtocol))
}

// allow wraps the server's join filter next: a client the gate noted is refused with the text, and logged.
func (g *versionGate) allow(next func(net.Addr, login.IdentityData, login.ClientData) (string, bool)) func(net.Addr, login.IdentityData, login.ClientData) (string, bool) {
	return func(addr net.Addr, id login.IdentityData, c login.ClientData) (string, bool) {
		if proto, ok := g.take(addr.String()); ok {
			g.log.Info("refused a client of a version the server does not accept", "name", id.DisplayName,
				"version", c.GameVersion, "protocol", proto, "accepted", acceptedRange(), "addr", addr)
			return refusalText(c.GameVersion, proto), false
		}
		if next == nil {
			return "", true
		}
		return next(addr, id, c)
	}
}

// take returns and forgets the protocol number the client at addr announced, if the gate noted it.
func (g *versionGate) take(addr string) (int32, bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	proto, ok := g.refused[addr]
	delete(g.refused, addr)
	return proto, ok
}

// wrap returns the connection c with its first packet inspected by the gate.
func (g *versionGate) wrap(c *raknet.Conn) net.Conn {
	return &gatedRakConn{Conn: c, gate: g}
}

// inspect reads the first batch b a client sent at addr; when it announces a protocol the server does not
// accept, the gate notes it and changes it in b to refusedProtocol's. A connection that closes before it has
// been refused is logged too, without a name.
func (g *versionGate) inspect(ctx context.Context, addr string, b []byte) {
	at, ok := clientProtocolAt(b)
	if !ok {
		return
	}
	proto := int32(binary.BigEndian.Uint32(b[at:]))
	if accepts(proto) {
		return
	}
	binary.BigEndian.PutUint32(b[at:], uint32(refusedProtocolID))
	g.mu.Lock()
	g.refused[addr] = proto
	g.mu.Unlock()
	context.AfterFunc(ctx, func() {
		if proto, ok := g.take(addr); ok {
			g.log.Info("refused a client of a version the server does not accept; it left before logging in",
				"protocol", proto, "accepted", acceptedRange(), "addr", addr)
		}
	})
}

// batchHeader is the first byte of every batch of game packets.
const batchHeader = 0xfe

// clientProtocolAt returns where, in an uncompressed batch b holding a RequestNetworkSettings packet first,
// that packet's protocol number starts (a big-endian int32).
func clientProtocolAt(b []byte) (int, bool) {
	if len(b) == 0 || b[0] != batchHeader {
		return 0, false
	}
	_, n := binary.Uvarint(b[1:]) // the packet's length
	if n <= 0 {
		return 0, false
	}
	at := 1 + n
	header, n := binary.Uvarint(b[at:])
	if n <= 0 || header&0x3ff != packet.IDRequestNetworkSettings {
		return 0, false
	}
	at += n
	if len(b) < at+4 {
		return 0, false
	}
	return at, true
}

// gatedRakConn is a RakNet connection whose first packet the version gate inspects. The connection's other
// methods, which gophertunnel looks for, are the RakNet connection's own.
type gatedRakConn struct {
	*raknet.Conn
	gate *versionGate
	seen atomic.Bool
}

// ReadPacket reads the next packet, the first one through the gate.
func (c *gatedRakConn) ReadPacket() ([]byte, error) {
	b, err := c.Conn.ReadPacket()
	if err == nil && !c.seen.Swap(true) {
		c.gate.inspect(c.Context(), c.RemoteAddr().String(), b)
	}
	return b, err
}

// refusedProtocolID is the protocol number the gate gives a client it refuses; no client has it.
const refusedProtocolID = math.MaxInt32

// refusedProtocol is the protocol of a client the gate refuses: the current one, under refusedProtocolID. It
// only carries the login (RequestNetworkSettings, NetworkSettings, Login, Disconnect), whose packets have the
// same form in every version the game has had since 1.19.30.
var refusedProtocol = translate.Same{Number: refusedProtocolID, Version: "refused"}

// versionOf returns the client version of a connection of protocol p: the accepted version of its number (so
// that the names are few and known, whatever the client says of itself).
func versionOf(p minecraft.Protocol) clientVersion {
	for _, v := range acceptedVersions {
		if v.Protocol == p.ID() {
			return v
		}
	}
	return clientVersion{Protocol: p.ID(), Game: p.Ver()}
}

// String returns the game's version, such as "1.26.45".
func (v clientVersion) String() string { return v.Game }
