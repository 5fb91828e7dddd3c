package translate

import (
	"maps"
	"sync"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// v1_26_60 is Minecraft 1.26.60, protocol 2225. It has 1.26.51's differences from 1.26.45 and more
// (packets60.go, from minecraft-data 3.119.0's protocol.json of 1.26.51 and 1.26.60), and numbers its blocks among
// 23 960 states. Items follow the server's ItemRegistry, as in 1.26.51.
var v1_26_60 = &version{id: 2225, ver: "1.26.60", forms: formTable(forms60()), blocks: blocksTo1_26_60[:], back: fromClient60}

// forms60 are 1.26.51's forms with those of yet another form in 1.26.60, the packets new in 1.26.60 that a client
// sends and the server has no use for (the stonecutter's recipe, a matchmaking cancel, a passenger of a block, a
// cursor drag and audio content registrations), and two more that Dragonfly v0.11.4 never sends.
func forms60() map[uint32]makeForm {
	forms := forms51()
	maps.Copy(forms, map[uint32]makeForm{
		packet.IDInventoryTransaction: func(pk packet.Packet) form {
			return &inventoryTransaction51{InventoryTransaction: pk.(*packet.InventoryTransaction), entityHands: true}
		},
		packet.IDStartGame:  func(pk packet.Packet) form { return &startGame60{pk.(*packet.StartGame)} },
		packet.IDAddPlayer:  func(pk packet.Packet) form { return &addPlayer60{pk.(*packet.AddPlayer)} },
		packet.IDAddActor:   func(pk packet.Packet) form { return &addActor60{pk.(*packet.AddActor)} },
		packet.IDAnimate:    func(pk packet.Packet) form { return &animate60{pk.(*packet.Animate)} },
		packet.IDLevelChunk: func(pk packet.Packet) form { return &levelChunk60{pk.(*packet.LevelChunk)} },
		packet.IDPlayerList: func(pk packet.Packet) form { return &playerList60{pk.(*packet.PlayerList)} },
		packet.IDPlayerSkin: func(pk packet.Packet) form { return &playerSkin60{pk.(*packet.PlayerSkin)} },

		0x162: dropped, 0x164: dropped, 0x165: dropped, 0x166: dropped, 0x168: dropped,

		packet.IDEducationSettings: dropped,
		packet.IDCameraInstruction: dropped,
	})
	return forms
}

// fromClient60 returns the table from 1.26.60's block runtime IDs to the server's.
var fromClient60 = sync.OnceValue(func() []uint32 { return reverse(blocksTo1_26_60[:], clientStates1_26_60, serverAir) })
