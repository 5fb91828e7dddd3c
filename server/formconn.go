package server

import (
	"bytes"

	"github.com/df-mc/dragonfly/server/session"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// formConn is a player's connection as Dragonfly sees it. It reads a form response of JSON null, which some
// clients send when the player closes a form, as the form being closed: Dragonfly would parse it as button 0
// of a menu (or "no" of a modal) and submit it, so closing a menu would run its first action.
type formConn struct {
	*minecraft.Conn
}

// ReadPacket reads the next packet, with a form response of null made a closed form.
func (c *formConn) ReadPacket() (packet.Packet, error) {
	pk, err := c.Conn.ReadPacket()
	if resp, ok := pk.(*packet.ModalFormResponse); ok {
		closeNullForm(resp)
	}
	return pk, err
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
