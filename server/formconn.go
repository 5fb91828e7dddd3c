package server

import (
	"bytes"

	"github.com/google/uuid"
	"riddlestone/overlay"

	"github.com/df-mc/dragonfly/server/session"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// formConn is a player's connection as Dragonfly sees it, with two kinds of client packet corrected before
// Dragonfly reads them. A form response of JSON null, which some clients send when the player closes a form, is
// the form being closed: Dragonfly would parse it as button 0 of a menu (or "no" of a modal) and submit it, so
// closing a menu would run its first action. An inventory request that would take a puzzle item out of the
// player's inventory is refused (itemGuard).
type formConn struct {
	*minecraft.Conn
	guard itemGuard
	wall  clientWall // the wall of locked borders near the player, which the world does not have
}

// newFormConn wraps a connection that has logged in.
func newFormConn(conn *minecraft.Conn) *formConn {
	id, _ := uuid.Parse(conn.IdentityData().Identity) // Dragonfly's player UUID; a bad one is refused at spawn
	return &formConn{Conn: conn, guard: itemGuard{player: id, kept: overlay.KeptAt}}
}

// ReadPacket reads the next packet, corrected.
func (c *formConn) ReadPacket() (packet.Packet, error) {
	pk, err := c.Conn.ReadPacket()
	switch pk := pk.(type) {
	case *packet.ModalFormResponse:
		closeNullForm(pk)
	case *packet.ItemStackRequest:
		c.guard.check(pk)
	case *packet.ContainerClose:
		c.guard.closed()
	}
	return pk, err
}

// WritePacket writes a packet to the player, with the look flags of the puzzle's NPCs made entity flags
// (overlay.ShowEntityFlags): a sheared sheep shows shorn. After a chunk, the wall of locked borders in it is sent
// again (clientWall).
func (c *formConn) WritePacket(pk packet.Packet) error {
	overlay.ShowEntityFlags(pk)
	err := c.Conn.WritePacket(pk)
	c.wallAfter(pk)
	return err
}

// jsonNull is the JSON null literal.
var jsonNull = []byte("null")

// closeNullForm turns a response whose data is JSON null into a form closed by the player: no data, and the
// cancel reason a client sends for its close button. Dragonfly then calls the form's Close, if it has one,
// and submits nothing.
func closeNullForm(pk *packet.ModalFormResponse) {
	data, ok := pk.ResponseData.Value()
	if !ok || !bytes.Equal(bytes.TrimSpace(data), jsonNull) {
		return
	}
	pk.ResponseData = protocol.Optional[[]byte]{}
	pk.CancelReason = protocol.Option[uint8](packet.ModalFormCancelReasonUserClosed)
}

// unwrapConn returns the gophertunnel connection under a connection the listener handed to Dragonfly.
func unwrapConn(conn session.Conn) *minecraft.Conn {
	if c, ok := conn.(*formConn); ok {
		return c.Conn
	}
	return conn.(*minecraft.Conn)
}
