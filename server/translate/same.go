package translate

import (
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// Same is gophertunnel's own protocol under another number and name: its packets, reader and writer, and every
// packet passed as it is. It serves a version whose packets have the form of gophertunnel's (1.26.40), and the
// server's refusal of a client it does not accept, which only carries the login.
type Same struct {
	// Number is the protocol number, Version the game's version ("1.26.40").
	Number  int32
	Version string
}

// ID returns the protocol number.
func (p Same) ID() int32 { return p.Number }

// Ver returns the game's version.
func (p Same) Ver() string { return p.Version }

// Packets returns gophertunnel's packets.
func (Same) Packets(listener bool) packet.Pool {
	return minecraft.DefaultProtocol.Packets(listener)
}

// NewReader returns gophertunnel's reader.
func (Same) NewReader(r minecraft.ByteReader, shieldID int32, enableLimits bool) protocol.IO {
	return protocol.NewReader(r, shieldID, enableLimits)
}

// NewWriter returns gophertunnel's writer.
func (Same) NewWriter(w minecraft.ByteWriter, shieldID int32) protocol.IO {
	return protocol.NewWriter(w, shieldID)
}

// ConvertToLatest returns pk as it is.
func (Same) ConvertToLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	return []packet.Packet{pk}
}

// ConvertFromLatest returns pk as it is.
func (Same) ConvertFromLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	return []packet.Packet{pk}
}
