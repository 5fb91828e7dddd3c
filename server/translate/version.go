package translate

import (
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// version is a client version whose packets differ from gophertunnel's own: some packets have another form
// (forms), and its blocks are numbered otherwise (blocks). Its protocol serves either end of a connection: in the
// server's listener it reads the client's packets in the version's form and writes the server's in it; in a
// client's dialer (the load benchmark's bots) it writes the client's packets and reads the server's. Both are the
// same forms, which read and write alike, and the same tables: "latest", gophertunnel's form, always numbers
// blocks as the server does.
type version struct {
	id  int32
	ver string
	// forms makes, by packet ID, the version's form of a packet of gophertunnel's form, to write it or, made
	// of an empty packet, to read one; dropped for a packet the version does not have or the server does not use.
	forms [maxPacketID]makeForm
	// blocks maps the server's block runtime IDs to the version's, back the version's to the server's.
	blocks []uint32
	back   func() []uint32
}

// maxPacketID bounds the packet IDs of the versions translated (1.26.60's last is 0x168).
const maxPacketID = 0x200

// makeForm returns the version's form of pk, a packet of gophertunnel's form, or nil when the version does not
// send it.
type makeForm func(pk packet.Packet) form

// dropped is the makeForm of a packet that is not sent: one the version does not have in that form and
// Dragonfly v0.11.4 never sends, or one a client sends that the server has no use for.
func dropped(packet.Packet) form { return nil }

// formTable returns the forms of a version by packet ID.
func formTable(forms map[uint32]makeForm) (t [maxPacketID]makeForm) {
	for id, f := range forms {
		t[id] = f
	}
	return t
}

// ID returns the version's protocol number.
func (v *version) ID() int32 { return v.id }

// Ver returns the game's version, such as "1.26.60".
func (v *version) Ver() string { return v.ver }

// Packets returns gophertunnel's packets with those of another form read in the version's, and those the
// version does not have or the server has no use for read to be dropped.
func (v *version) Packets(listener bool) packet.Pool {
	pool := minecraft.DefaultProtocol.Packets(listener)
	for id, mk := range v.forms {
		if mk == nil {
			continue
		}
		newLatest, known := pool[uint32(id)]
		pool[uint32(id)] = func() packet.Packet {
			if known {
				if f := mk(newLatest()); f != nil {
					return f
				}
			}
			return &unused{id: uint32(id)}
		}
	}
	return pool
}

// NewReader returns gophertunnel's reader: the packets of another form read their fields themselves.
func (v *version) NewReader(r minecraft.ByteReader, shieldID int32, enableLimits bool) protocol.IO {
	return protocol.NewReader(r, shieldID, enableLimits)
}

// NewWriter returns gophertunnel's writer: the packets of another form write their fields themselves.
func (v *version) NewWriter(w minecraft.ByteWriter, shieldID int32) protocol.IO {
	return protocol.NewWriter(w, shieldID)
}

// ConvertToLatest converts a packet read in the version's form to gophertunnel's, its block runtime IDs the
// server's; a packet the server has no use for is dropped, and the client's blob cache is refused (its blobs would
// hold the version's numbering).
func (v *version) ConvertToLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	if f, ok := pk.(form); ok {
		if pk = f.latest(); pk == nil {
			return nil
		}
	}
	if _, ok := pk.(*packet.ClientCacheStatus); ok {
		return []packet.Packet{&packet.ClientCacheStatus{Enabled: false}}
	}
	return []packet.Packet{remapBlocks(pk, v.back())}
}

// ConvertFromLatest converts a packet of gophertunnel's form to the version's, with the version's block runtime
// IDs; a packet the version does not have in that form is dropped.
func (v *version) ConvertFromLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	pk = remapBlocks(pk, v.blocks)
	if id := pk.ID(); id < maxPacketID && v.forms[id] != nil {
		f := v.forms[id](pk)
		if f == nil {
			return nil
		}
		return []packet.Packet{f}
	}
	return []packet.Packet{pk}
}
