package translate

import (
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// The packets whose own fields differ between 1.26.51 and 1.26.60 (minecraft-data's protocol.json), beyond
// 1.26.51's. Read and written through fieldIO's hooks, or with a field added at the end.

// startGame60 is StartGame with the editor's level migration version after "exported from editor".
type startGame60 struct{ *packet.StartGame }

func (pk *startGame60) latest() packet.Packet { return pk.StartGame }

// Marshal reads or writes the game, migration version 0 (legacy).
func (pk *startGame60) Marshal(io protocol.IO) {
	f, fio := hooked(io)
	f.hookAfter(&pk.ExportedFromEditor, func() {
		var legacy uint8
		io.Uint8(&legacy)
	})
	pk.StartGame.Marshal(fio)
}

// addPlayer60 is AddPlayer with an optional block the player rides, before the device ID.
type addPlayer60 struct{ *packet.AddPlayer }

func (pk *addPlayer60) latest() packet.Packet { return pk.AddPlayer }

// Marshal reads or writes the player, riding no block.
func (pk *addPlayer60) Marshal(io protocol.IO) {
	f, fio := hooked(io)
	f.hookBefore(&pk.DeviceID, func() { noPassengerOfBlock(io) })
	pk.AddPlayer.Marshal(fio)
}

// noPassengerOfBlock reads or writes an absent PassengerOfBlockData; one present is refused when read.
func noPassengerOfBlock(io protocol.IO) {
	present := false
	io.Bool(&present)
	if present {
		io.InvalidValue(present, "passenger of block", "riding a block is not supported")
	}
}

// addActor60 is AddActor with an optional block the entity rides, at the end.
type addActor60 struct{ *packet.AddActor }

func (pk *addActor60) latest() packet.Packet { return pk.AddActor }

// Marshal reads or writes the entity, riding no block.
func (pk *addActor60) Marshal(io protocol.IO) {
	pk.AddActor.Marshal(io)
	noPassengerOfBlock(io)
}

// animate60 is Animate with the hand at the end: written as the main hand, read and dropped.
type animate60 struct{ *packet.Animate }

func (pk *animate60) latest() packet.Packet { return pk.Animate }

// Marshal reads or writes the animation.
func (pk *animate60) Marshal(io protocol.IO) {
	pk.Animate.Marshal(io)
	var hand uint8
	io.Uint8(&hand)
}

// levelChunk60 is LevelChunk with whether the client updates the biomes, at the end.
type levelChunk60 struct{ *packet.LevelChunk }

func (pk *levelChunk60) latest() packet.Packet { return pk.LevelChunk }

// Marshal reads or writes the chunk; the client does not update its biomes.
func (pk *levelChunk60) Marshal(io protocol.IO) {
	pk.LevelChunk.Marshal(io)
	update := false
	io.Bool(&update)
}

// playerList60 is PlayerList with each player's PlayFab ID after their XUID rather than in their skin.
type playerList60 struct{ *packet.PlayerList }

func (pk *playerList60) latest() packet.Packet { return pk.PlayerList }

// Marshal reads or writes the list, each entry as gophertunnel does with the PlayFab ID moved.
func (pk *playerList60) Marshal(io protocol.IO) {
	protocol.FuncSlice(io, &pk.Entries, func(e *protocol.PlayerListEntry) {
		f, fio := hooked(io)
		f.hookAfter(&e.XUID, func() { io.String(&e.Skin.PlayFabID) })
		f.leaveOut(&e.Skin.PlayFabID)
		e.Marshal(fio)
	})
}

// playerSkin60 is PlayerSkin whose skin has no PlayFab ID.
type playerSkin60 struct{ *packet.PlayerSkin }

func (pk *playerSkin60) latest() packet.Packet { return pk.PlayerSkin }

// Marshal reads or writes the skin without its PlayFab ID.
func (pk *playerSkin60) Marshal(io protocol.IO) {
	f, fio := hooked(io)
	f.leaveOut(&pk.Skin.PlayFabID)
	pk.PlayerSkin.Marshal(fio)
}
