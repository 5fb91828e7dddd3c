package translate

import (
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// v1_26_51 is Minecraft 1.26.51, protocol 2193 (gophertunnel v1.62.0 calls it 1.26.50). Its packets differ
// from 1.26.45's in a few fields (packets51.go, io51.go) and its blocks are numbered among 22 091 states
// rather than 17 499 (blocks.go, remap.go). Items need no table: the server sends its item numbering in the
// ItemRegistry packet, which the client follows, and no item of 1.26.45 is gone in 1.26.51.
type v1_26_51 struct{}

// ID returns 2193.
func (v1_26_51) ID() int32 { return 2193 }

// Ver returns "1.26.51".
func (v1_26_51) Ver() string { return "1.26.51" }

// Packets returns gophertunnel's packets, with the client's packets of another form in 1.26.51 read in that
// form, and the client's packets new in 1.26.51 read to be dropped.
func (v1_26_51) Packets(listener bool) packet.Pool {
	pool := minecraft.DefaultProtocol.Packets(listener)
	if !listener {
		return pool
	}
	pool[packet.IDPlayerAuthInput] = func() packet.Packet { return &playerAuthInput51{} }
	pool[packet.IDInventoryTransaction] = func() packet.Packet { return &inventoryTransaction51{} }
	for _, id := range unused51 {
		pool[id] = func() packet.Packet { return &unused{id: id} }
	}
	return pool
}

// unused51 are the packets a 1.26.51 client sends that the server has no use for: new ones, and ones of
// another form that Dragonfly v0.11.4 ignores.
var unused51 = []uint32{packet.IDServerBoundPackSettingChange, packet.IDServerBoundDiagnostics, idSetPlayerFurnaceOptions}

// NewReader returns a reader of 1.26.51's forms (io51.go).
func (v1_26_51) NewReader(r minecraft.ByteReader, shieldID int32, enableLimits bool) protocol.IO {
	return &reader51{Reader: protocol.NewReader(r, shieldID, enableLimits)}
}

// NewWriter returns gophertunnel's writer: the packets of another form are written by their own types.
func (v1_26_51) NewWriter(w minecraft.ByteWriter, shieldID int32) protocol.IO {
	return protocol.NewWriter(w, shieldID)
}

// ConvertToLatest converts a packet a 1.26.51 client sent to gophertunnel's form, with its block runtime IDs
// the server's; the packets the server has no use for are dropped.
func (v1_26_51) ConvertToLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	return toServer(pk, fromClient51())
}

// ConvertFromLatest converts a packet of gophertunnel's form to 1.26.51's, with the client's block runtime IDs.
func (v1_26_51) ConvertFromLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	return fromLatest51(toClientBlocks(pk, blocksTo1_26_51[:]))
}

// fromLatest51 converts a packet of gophertunnel's form, its blocks already the client's, to 1.26.51's.
func fromLatest51(pk packet.Packet) []packet.Packet {
	switch pk := pk.(type) {
	case *packet.BossEvent:
		return []packet.Packet{&bossEvent51{BossEvent: pk}}
	case *packet.PlaySound:
		return []packet.Packet{&playSound51{PlaySound: pk}}
	case *packet.MoveActorDelta:
		return []packet.Packet{&moveActorDelta51{MoveActorDelta: pk}}
	case *packet.SubChunk:
		return []packet.Packet{&subChunk51{SubChunk: pk}}
	case *packet.ItemStackResponse:
		return []packet.Packet{&itemStackResponse51{ItemStackResponse: pk}}
	case *packet.CameraPresets, *packet.DimensionData, *packet.ClientboundUpdateSoundData, *packet.ClientBoundAttributeLayerSync, *packet.PrimitiveShapes:
		// Of another form in 1.26.51 and never sent by Dragonfly v0.11.4: dropped rather than sent wrong.
		return nil
	}
	return []packet.Packet{pk}
}
