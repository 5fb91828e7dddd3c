package translate

import (
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// v1_26_40 is Minecraft 1.26.40, protocol 2168. It differs from 1.26.45 in its protocol number only:
// minecraft-data 3.119.0 has the same protocol.json for both but for the version (its proto.yml differs in
// the "!version" line alone), and 1.26.45 takes its block states and items from 1.26.40 (dataPaths.json). So
// every packet passes as it is.
type v1_26_40 struct{}

// ID returns 2168.
func (v1_26_40) ID() int32 { return 2168 }

// Ver returns "1.26.40".
func (v1_26_40) Ver() string { return "1.26.40" }

// Packets returns gophertunnel's packets.
func (v1_26_40) Packets(listener bool) packet.Pool {
	return minecraft.DefaultProtocol.Packets(listener)
}

// NewReader returns gophertunnel's reader.
func (v1_26_40) NewReader(r minecraft.ByteReader, shieldID int32, enableLimits bool) protocol.IO {
	return protocol.NewReader(r, shieldID, enableLimits)
}

// NewWriter returns gophertunnel's writer.
func (v1_26_40) NewWriter(w minecraft.ByteWriter, shieldID int32) protocol.IO {
	return protocol.NewWriter(w, shieldID)
}

// ConvertToLatest returns pk as it is.
func (v1_26_40) ConvertToLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	return []packet.Packet{pk}
}

// ConvertFromLatest returns pk as it is.
func (v1_26_40) ConvertFromLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	return []packet.Packet{pk}
}
