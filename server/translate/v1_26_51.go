package translate

import (
	"sync"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// v1_26_51 is Minecraft 1.26.51, protocol 2193 (gophertunnel v1.62.0 calls it 1.26.50). Its packets differ
// from 1.26.45's in a few fields (packets51.go) and its blocks are numbered among 22 091 states rather than
// 17 499 (blocks.go, remap.go). Items need no table: the server sends its item numbering in the ItemRegistry
// packet, which the client follows, and no item of 1.26.45 is gone in 1.26.51.
var v1_26_51 = &version{id: 2193, ver: "1.26.51", forms: formTable(forms51()), blocks: blocksTo1_26_51[:], back: fromClient51}

// forms51 are the packets of 1.26.51's own form: those of another form; those a 1.26.51 client sends that the
// server has no use for (new ones, and SetPlayerFurnaceOptions, new in 1.26.51); and those of another form that
// Dragonfly v0.11.4 never sends, dropped rather than sent wrong.
func forms51() map[uint32]makeForm {
	return map[uint32]makeForm{
		packet.IDBossEvent:         func(pk packet.Packet) form { return &bossEvent51{pk.(*packet.BossEvent)} },
		packet.IDPlaySound:         func(pk packet.Packet) form { return &playSound51{pk.(*packet.PlaySound)} },
		packet.IDMoveActorDelta:    func(pk packet.Packet) form { return &moveActorDelta51{pk.(*packet.MoveActorDelta)} },
		packet.IDSubChunk:          func(pk packet.Packet) form { return &subChunk51{pk.(*packet.SubChunk)} },
		packet.IDItemStackResponse: func(pk packet.Packet) form { return &itemStackResponse51{pk.(*packet.ItemStackResponse)} },
		packet.IDPlayerAuthInput:   func(pk packet.Packet) form { return &playerAuthInput51{pk.(*packet.PlayerAuthInput)} },
		packet.IDInventoryTransaction: func(pk packet.Packet) form {
			return &inventoryTransaction51{InventoryTransaction: pk.(*packet.InventoryTransaction)}
		},

		packet.IDServerBoundPackSettingChange: dropped,
		packet.IDServerBoundDiagnostics:       dropped,
		idSetPlayerFurnaceOptions:             dropped,

		packet.IDCameraPresets:                 dropped,
		packet.IDDimensionData:                 dropped,
		packet.IDClientboundUpdateSoundData:    dropped,
		packet.IDClientBoundAttributeLayerSync: dropped,
		packet.IDPrimitiveShapes:               dropped,
	}
}

// idSetPlayerFurnaceOptions is SetPlayerFurnaceOptions, new in 1.26.51: the furnace tab a player chose.
const idSetPlayerFurnaceOptions = 0x15f

// fromClient51 returns the table from 1.26.51's block runtime IDs to the server's.
var fromClient51 = sync.OnceValue(func() []uint32 { return reverse(blocksTo1_26_51[:], clientStates1_26_51, serverAir) })
