package translate

import (
	"bytes"
	"encoding/binary"
	"slices"

	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// remapBlocks returns pk, a packet of gophertunnel's form, with every block runtime ID in it changed by table (the
// server's IDs to a client's, or back): in sub-chunks, block updates, block particles and sounds, falling blocks,
// block items, and what a client uses. A packet with none is returned as it is; one with some is copied first,
// since the server may send the same packet to several players.
func remapBlocks(pk packet.Packet, table []uint32) packet.Packet {
	rid := func(id uint32) uint32 {
		if int(id) < len(table) {
			return table[id]
		}
		return id
	}
	switch pk := pk.(type) {
	case *packet.SubChunk:
		c := *pk
		c.SubChunkEntries = slices.Clone(pk.SubChunkEntries)
		for i, e := range c.SubChunkEntries {
			if payload, ok := e.RawPayload.Value(); ok {
				c.SubChunkEntries[i].RawPayload = protocol.Option(remapSubChunk(payload, table))
			}
		}
		return &c
	case *packet.UpdateBlock:
		c := *pk
		c.NewBlockRuntimeID = rid(pk.NewBlockRuntimeID)
		return &c
	case *packet.UpdateBlockSynced:
		c := *pk
		c.NewBlockRuntimeID = rid(pk.NewBlockRuntimeID)
		return &c
	case *packet.UpdateSubChunkBlocks:
		c := *pk
		c.Blocks, c.Extra = remapEntries(pk.Blocks, rid), remapEntries(pk.Extra, rid)
		return &c
	case *packet.LevelEvent:
		return levelEventBlocks(pk, rid)
	case *packet.LevelSoundEvent:
		if blockSounds[pk.SoundType] && pk.ExtraData >= 0 {
			c := *pk
			c.ExtraData = int32(rid(uint32(pk.ExtraData)))
			return &c
		}
	case *packet.AddActor:
		return addActorBlocks(pk, rid)
	case *packet.PlayerAuthInput:
		return authInputBlocks(pk, rid)
	case *packet.InventoryTransaction:
		return transactionBlocks(pk, rid)
	}
	return itemBlocks(pk, rid)
}

// authInputBlocks changes the block used and the block item held in a PlayerAuthInput's use of an item.
func authInputBlocks(pk *packet.PlayerAuthInput, rid func(uint32) uint32) packet.Packet {
	data, ok := pk.ItemInteractionData.Value()
	if !ok {
		return pk
	}
	c := *pk
	data.BlockRuntimeID = rid(data.BlockRuntimeID)
	data.HeldItem.Stack = stackBlock(data.HeldItem.Stack, rid)
	c.ItemInteractionData = protocol.Option(data)
	return &c
}

// transactionBlocks changes the block used and the block item held in an InventoryTransaction's use of an item.
func transactionBlocks(pk *packet.InventoryTransaction, rid func(uint32) uint32) packet.Packet {
	c := *pk
	switch data := pk.TransactionData.(type) {
	case *protocol.UseItemTransactionData:
		d := *data
		d.BlockRuntimeID = rid(d.BlockRuntimeID)
		d.HeldItem.Stack = stackBlock(d.HeldItem.Stack, rid)
		c.TransactionData = &d
	case *protocol.UseItemOnEntityTransactionData:
		d := *data
		d.HeldItem.Stack = stackBlock(d.HeldItem.Stack, rid)
		c.TransactionData = &d
	case *protocol.ReleaseItemTransactionData:
		d := *data
		d.HeldItem.Stack = stackBlock(d.HeldItem.Stack, rid)
		c.TransactionData = &d
	default:
		return pk
	}
	return &c
}

// blockSounds are the sounds whose extra data Dragonfly sets to a block runtime ID.
var blockSounds = map[string]bool{
	packet.SoundEventPlace: true, packet.SoundEventBreak: true, packet.SoundEventHit: true,
	packet.SoundEventItemUseOn: true, packet.SoundEventDoorOpen: true, packet.SoundEventDoorClose: true,
	packet.SoundEventTrapdoorOpen: true, packet.SoundEventTrapdoorClose: true,
	packet.SoundEventFenceGateOpen: true, packet.SoundEventFenceGateClose: true,
}

// remapEntries returns a copy of entries with their block runtime IDs changed by rid.
func remapEntries(entries []protocol.BlockChangeEntry, rid func(uint32) uint32) []protocol.BlockChangeEntry {
	out := slices.Clone(entries)
	for i := range out {
		out[i].BlockRuntimeID = rid(out[i].BlockRuntimeID)
	}
	return out
}

// levelEventBlocks changes the block of a block particle event: destroy (the ID) or crack (the ID with the face
// in the top byte).
func levelEventBlocks(pk *packet.LevelEvent, rid func(uint32) uint32) packet.Packet {
	switch pk.EventType {
	case packet.LevelEventParticlesDestroyBlock:
		c := *pk
		c.EventData = int32(rid(uint32(pk.EventData)))
		return &c
	case packet.LevelEventParticlesCrackBlock:
		c := *pk
		c.EventData = int32(rid(uint32(pk.EventData)&0xffffff)) | pk.EventData&^0xffffff
		return &c
	}
	return pk
}

// addActorBlocks changes the block of a falling block, which its variant holds.
func addActorBlocks(pk *packet.AddActor, rid func(uint32) uint32) packet.Packet {
	v, ok := pk.EntityMetadata[protocol.EntityDataKeyVariant].(int32)
	if pk.EntityType != "minecraft:falling_block" || !ok {
		return pk
	}
	c := *pk
	c.EntityMetadata = make(map[uint32]any, len(pk.EntityMetadata))
	for k, val := range pk.EntityMetadata {
		c.EntityMetadata[k] = val
	}
	c.EntityMetadata[protocol.EntityDataKeyVariant] = int32(rid(uint32(v)))
	return &c
}

// itemBlocks changes the block of every block item in the packets that carry items to a player.
func itemBlocks(pk packet.Packet, rid func(uint32) uint32) packet.Packet {
	switch pk := pk.(type) {
	case *packet.InventoryContent:
		c := *pk
		c.Content = slices.Clone(pk.Content)
		for i := range c.Content {
			c.Content[i].Stack = stackBlock(c.Content[i].Stack, rid)
		}
		return &c
	case *packet.InventorySlot:
		c := *pk
		c.NewItem.Stack = stackBlock(pk.NewItem.Stack, rid)
		return &c
	case *packet.AddItemActor:
		c := *pk
		c.Item.Stack = stackBlock(pk.Item.Stack, rid)
		return &c
	case *packet.MobEquipment:
		c := *pk
		c.NewItem.Stack = stackBlock(pk.NewItem.Stack, rid)
		return &c
	case *packet.AddPlayer:
		c := *pk
		c.HeldItem.Stack = stackBlock(pk.HeldItem.Stack, rid)
		return &c
	case *packet.CreativeContent:
		c := *pk
		c.Items = slices.Clone(pk.Items)
		for i := range c.Items {
			c.Items[i].Item = stackBlock(c.Items[i].Item, rid)
		}
		return &c
	}
	return pk
}

// stackBlock returns s with its block runtime ID, if it has one, changed by rid.
func stackBlock(s protocol.ItemStack, rid func(uint32) uint32) protocol.ItemStack {
	if s.BlockRuntimeID > 0 {
		s.BlockRuntimeID = int32(rid(uint32(s.BlockRuntimeID)))
	}
	return s
}

// remapSubChunk returns a network-encoded sub-chunk (version 8 or 9: the layer count, for 9 the sub-chunk's
// Y, then each layer's paletted storage, then block entities) with its palettes' runtime IDs changed by table.
// The indices into the palettes stay as they are. A payload it cannot read is returned as it is.
func remapSubChunk(payload []byte, table []uint32) []byte {
	if len(payload) < 2 || (payload[0] != 8 && payload[0] != 9) {
		return payload
	}
	head := 2
	if payload[0] == 9 {
		head = 3
	}
	if len(payload) < head {
		return payload
	}
	out := bytes.NewBuffer(make([]byte, 0, len(payload)+64))
	out.Write(payload[:head])
	rest := payload[head:]
	for range payload[1] {
		var ok bool
		if rest, ok = remapStorage(out, rest, table); !ok {
			return payload
		}
	}
	out.Write(rest) // block entities
	return out.Bytes()
}

// remapStorage copies one paletted storage from in to out with its palette changed by table, and returns what
// follows it.
func remapStorage(out *bytes.Buffer, in []byte, table []uint32) ([]byte, bool) {
	if len(in) == 0 || in[0]&1 == 0 {
		return nil, false
	}
	bits := int(in[0] >> 1)
	if bits > 16 {
		return nil, false
	}
	size := 1
	if bits > 0 {
		perWord := 32 / bits
		size += (4096 + perWord - 1) / perWord * 4
	}
	if len(in) < size {
		return nil, false
	}
	out.Write(in[:size])
	in = in[size:]
	count := int64(1)
	if bits > 0 {
		var n int
		if count, n = binary.Varint(in); n <= 0 || count <= 0 || count > 4096 {
			return nil, false
		}
		out.Write(in[:n])
		in = in[n:]
	}
	var buf [binary.MaxVarintLen64]byte
	for range count {
		id, n := binary.Varint(in)
		if n <= 0 {
			return nil, false
		}
		in = in[n:]
		if id >= 0 && int(id) < len(table) {
			id = int64(table[id])
		}
		out.Write(buf[:binary.PutVarint(buf[:], id)])
	}
	return in, true
}

// reverse returns the table from a client's block runtime IDs to the server's, the inverse of table: each of
// the client's states maps to the first server state table maps to it; a state no server state maps to (a
// block or a property value new in the client's version) maps to air.
func reverse(table []uint32, clientStates int, air uint32) []uint32 {
	out := make([]uint32, clientStates)
	for i := range out {
		out[i] = air
	}
	for s := len(table) - 1; s >= 0; s-- {
		out[table[s]] = uint32(s)
	}
	return out
}

// serverAir is the server's runtime ID of air (data/blocks-1.26.45.txt).
const serverAir = 13629
