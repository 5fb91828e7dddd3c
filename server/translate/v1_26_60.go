package translate

import (
	"sync"

	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// v1_26_60 is Minecraft 1.26.60, protocol 2225. It has 1.26.51's differences from 1.26.45 and more
// (packets60.go, io60.go, from minecraft-data 3.119.0's protocol.json of 1.26.51 and 1.26.60), and numbers its
// blocks among 23 960 states. Items follow the server's ItemRegistry, as in 1.26.51.
type v1_26_60 struct{}

// ID returns 2225.
func (v1_26_60) ID() int32 { return 2225 }

// Ver returns "1.26.60".
func (v1_26_60) Ver() string { return "1.26.60" }

// Packets returns 1.26.51's packets with those a 1.26.60 client sends in yet another form, and its new ones.
func (v1_26_60) Packets(listener bool) packet.Pool {
	pool := v1_26_51{}.Packets(listener)
	if !listener {
		return pool
	}
	pool[packet.IDInventoryTransaction] = func() packet.Packet { return &inventoryTransaction51{entityHands: true} }
	pool[packet.IDAnimate] = func() packet.Packet { return &animate60{} }
	pool[packet.IDPlayerSkin] = func() packet.Packet { return &playerSkin60{} }
	for _, id := range unused60 {
		pool[id] = func() packet.Packet { return &unused{id: id} }
	}
	return pool
}

// unused60 are the packets new in 1.26.60 that a client sends and the server has no use for: the stonecutter's
// recipe, a matchmaking cancel, a passenger of a block, a cursor drag and audio content registrations.
var unused60 = []uint32{0x162, 0x164, 0x165, 0x166, 0x168}

// NewReader returns a reader of 1.26.51's forms; the packets with fields 1.26.60 dropped wrap it (io60.go).
func (v1_26_60) NewReader(r minecraft.ByteReader, shieldID int32, enableLimits bool) protocol.IO {
	return &reader51{Reader: protocol.NewReader(r, shieldID, enableLimits)}
}

// NewWriter returns gophertunnel's writer; the packets with fields 1.26.60 added or moved wrap it (io60.go).
func (v1_26_60) NewWriter(w minecraft.ByteWriter, shieldID int32) protocol.IO {
	return protocol.NewWriter(w, shieldID)
}

// ConvertToLatest converts a packet a 1.26.60 client sent to gophertunnel's form.
func (v1_26_60) ConvertToLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	switch pk := pk.(type) {
	case *animate60:
		return []packet.Packet{&pk.Animate}
	case *playerSkin60:
		return []packet.Packet{&pk.PlayerSkin}
	}
	return toServer(pk, fromClient60())
}

// fromClient60 returns the table from 1.26.60's block runtime IDs to the server's.
var fromClient60 = sync.OnceValue(func() []uint32 { return reverse(blocksTo1_26_60[:], clientStates1_26_60, serverAir) })

// ConvertFromLatest converts a packet of gophertunnel's form to 1.26.60's, with the client's block runtime IDs.
func (v1_26_60) ConvertFromLatest(pk packet.Packet, _ *minecraft.Conn) []packet.Packet {
	pk = toClientBlocks(pk, blocksTo1_26_60[:])
	switch pk := pk.(type) {
	case *packet.StartGame:
		return []packet.Packet{&startGame60{StartGame: pk}}
	case *packet.AddPlayer:
		return []packet.Packet{&addPlayer60{AddPlayer: pk}}
	case *packet.AddActor:
		return []packet.Packet{&addActor60{AddActor: pk}}
	case *packet.Animate:
		return []packet.Packet{&animate60{Animate: *pk}}
	case *packet.LevelChunk:
		return []packet.Packet{&levelChunk60{LevelChunk: pk}}
	case *packet.PlayerList:
		return []packet.Packet{&playerList60{PlayerList: pk}}
	case *packet.PlayerSkin:
		return []packet.Packet{&playerSkin60{PlayerSkin: *pk}}
	case *packet.EducationSettings, *packet.CameraInstruction:
		// Of another form in 1.26.60 and never sent by Dragonfly v0.11.4: dropped rather than sent wrong.
		return nil
	}
	return fromLatest51(pk)
}
