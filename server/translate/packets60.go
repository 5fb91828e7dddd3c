package translate

import (
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// The packets whose own fields differ between 1.26.51 and 1.26.60 (minecraft-data's protocol.json), beyond
// 1.26.51's. Written through writer60's hooks, or with a field added at the end.

// startGame60 is StartGame with the editor's level migration version after "exported from editor".
type startGame60 struct{ *packet.StartGame }

// Marshal writes the game, migration version 0 (legacy).
func (pk *startGame60) Marshal(io protocol.IO) {
	w := &writer60{IO: io}
	w.hookAfter(&pk.ExportedFromEditor, func() {
		var legacy uint8
		w.Uint8(&legacy)
	})
	pk.StartGame.Marshal(w)
}

// addPlayer60 is AddPlayer with an optional block the player rides, before the device ID.
type addPlayer60 struct{ *packet.AddPlayer }

// Marshal writes the player, riding no block.
func (pk *addPlayer60) Marshal(io protocol.IO) {
	w := &writer60{IO: io}
	w.hookBefore(&pk.DeviceID, func() { noPassengerOfBlock(io) })
	pk.AddPlayer.Marshal(w)
}

// noPassengerOfBlock writes an absent PassengerOfBlockData.
func noPassengerOfBlock(io protocol.IO) {
	absent := false
	io.Bool(&absent)
}

// addActor60 is AddActor with an optional block the entity rides, at the end.
type addActor60 struct{ *packet.AddActor }

// Marshal writes the entity, riding no block.
func (pk *addActor60) Marshal(io protocol.IO) {
	pk.AddActor.Marshal(io)
	noPassengerOfBlock(io)
}

// animate60 is Animate with the hand at the end: written as the main hand, read and dropped.
type animate60 struct{ packet.Animate }

// Marshal writes or reads the animation.
func (pk *animate60) Marshal(io protocol.IO) {
	pk.Animate.Marshal(io)
	var hand uint8
	io.Uint8(&hand)
}

// levelChunk60 is LevelChunk with whether the client updates the biomes, at the end.
type levelChunk60 struct{ *packet.LevelChunk }

// Marshal writes the chunk; the client does not update its biomes.
func (pk *levelChunk60) Marshal(io protocol.IO) {
	pk.LevelChunk.Marshal(io)
	update := false
	io.Bool(&update)
}

// playerList60 is PlayerList with each player's PlayFab ID after their XUID rather than in their skin.
type playerList60 struct{ *packet.PlayerList }

// Marshal writes the list.
func (pk *playerList60) Marshal(io protocol.IO) {
	w := &writer60{IO: io}
	for i := range pk.Entries {
		e := &pk.Entries[i]
		w.hookAfter(&e.XUID, func() { io.String(&e.Skin.PlayFabID) })
		w.leaveOut(&e.Skin.PlayFabID)
	}
	pk.PlayerList.Marshal(w)
}

// playerSkin60 is PlayerSkin whose skin has no PlayFab ID.
type playerSkin60 struct{ packet.PlayerSkin }

// Marshal writes or reads the skin without its PlayFab ID.
func (pk *playerSkin60) Marshal(io protocol.IO) {
	if r, ok := io.(*reader51); ok {
		rr := &reader60{reader51: r}
		rr.leaveOut(&pk.Skin.PlayFabID)
		pk.PlayerSkin.Marshal(rr)
		return
	}
	w := &writer60{IO: io}
	w.leaveOut(&pk.Skin.PlayFabID)
	pk.PlayerSkin.Marshal(w)
}
