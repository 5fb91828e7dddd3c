package translate

import (
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// The packets whose own fields differ in 1.26.51 (gophertunnel v1.62.0's packet folder against v1.61.0's).
// Each wraps gophertunnel's packet and marshals it in 1.26.51's form: the server writes the first five and reads
// the others.

// idSetPlayerFurnaceOptions is SetPlayerFurnaceOptions, new in 1.26.51: the furnace tab a player chose.
const idSetPlayerFurnaceOptions = 0x15f

// bossEvent51 is BossEvent without the player's unique ID.
type bossEvent51 struct{ *packet.BossEvent }

// Marshal writes the boss event.
func (pk *bossEvent51) Marshal(io protocol.IO) {
	io.ActorUniqueID(&pk.BossEntityUniqueID)
	io.Uint8(&pk.EventType)
	io.String(&pk.BossBarTitle)
	io.String(&pk.FilteredBossBarTitle)
	io.Float32(&pk.HealthPercentage)
	io.Uint8(&pk.Colour)
	io.Uint8(&pk.Overlay)
}

// playSound51 is PlaySound with a flag to bypass the listener's range check and a playback position.
type playSound51 struct{ *packet.PlaySound }

// Marshal writes the sound: heard in range, from the start.
func (pk *playSound51) Marshal(io protocol.IO) {
	io.String(&pk.SoundName)
	io.SoundPos(&pk.Position)
	io.Float32(&pk.Volume)
	io.Float32(&pk.Pitch)
	io.Varint32(&pk.LoopCount)
	bypass := false
	io.Bool(&bypass)
	protocol.OptionalFunc(io, &pk.Handle, io.Uint64)
	var from protocol.Optional[float32]
	protocol.OptionalFunc(io, &from, io.Float32)
}

// moveActorDelta51 is MoveActorDelta with the tick of the move.
type moveActorDelta51 struct{ *packet.MoveActorDelta }

// Marshal writes the move, at tick 0 (Dragonfly does not know the client's tick).
func (pk *moveActorDelta51) Marshal(io protocol.IO) {
	io.ActorRuntimeID(&pk.EntityRuntimeID)
	protocol.OptionalFunc(io, &pk.PositionX, io.Float32)
	protocol.OptionalFunc(io, &pk.PositionY, io.Float32)
	protocol.OptionalFunc(io, &pk.PositionZ, io.Float32)
	protocol.OptionalFunc(io, &pk.RotationX, io.ByteFloat)
	protocol.OptionalFunc(io, &pk.RotationY, io.ByteFloat)
	protocol.OptionalFunc(io, &pk.RotationYHead, io.ByteFloat)
	io.Bool(&pk.OnGround)
	io.Bool(&pk.ForceMove)
	io.Bool(&pk.ForceMoveLocalEntity)
	io.Bool(&pk.ForceCompletion)
	var ticks uint64
	io.Varuint64(&ticks)
}

// subChunk51 is SubChunk with each height map as 16 rows (z) of 16 heights (x), each row led by its length.
type subChunk51 struct{ *packet.SubChunk }

// Marshal writes the sub-chunks.
func (pk *subChunk51) Marshal(io protocol.IO) {
	io.Bool(&pk.CacheEnabled)
	io.Varint32(&pk.Dimension)
	io.SubChunkPos(&pk.Position)
	n := uint32(len(pk.SubChunkEntries))
	io.Varuint32(&n)
	for i := range pk.SubChunkEntries {
		e := &pk.SubChunkEntries[i]
		protocol.Single(io, &e.Offset)
		io.Uint8(&e.Result)
		protocol.OptionalFunc(io, &e.RawPayload, io.ByteSlice)
		io.Uint8(&e.HeightMapType)
		protocol.OptionalFunc(io, &e.HeightMapData, func(data *[]int8) { heightMap51(io, *data) })
		io.Uint8(&e.RenderHeightMapType)
		protocol.OptionalFunc(io, &e.RenderHeightMapData, func(data *[]int8) { heightMap51(io, *data) })
		protocol.OptionalFunc(io, &e.BlobHash, io.Uint64)
	}
}

// heightMap51 writes a height map of 256 heights, indexed z<<4 | x, as 16 rows of 16, each led by its length
// (16, a one-byte varint), in one write.
func heightMap51(io protocol.IO, data []int8) {
	b := make([]byte, 16*17)
	for z := 0; z < 16; z++ {
		b[z*17] = 16
		for x := 0; x < 16; x++ {
			if i := z<<4 | x; i < len(data) {
				b[z*17+1+x] = byte(data[i])
			}
		}
	}
	io.Bytes(&b)
}

// itemStackResponse51 is ItemStackResponse without the outer presence bytes of its optional fields.
type itemStackResponse51 struct{ *packet.ItemStackResponse }

// Marshal writes the responses.
func (pk *itemStackResponse51) Marshal(io protocol.IO) {
	n := uint32(len(pk.Responses))
	io.Varuint32(&n)
	for i := range pk.Responses {
		r := &pk.Responses[i]
		io.Uint8(&r.Status)
		io.Varint32(&r.RequestID)
		var info protocol.Optional[[]protocol.StackResponseContainerInfo]
		if len(r.ContainerInfo) != 0 {
			info = protocol.Option(r.ContainerInfo)
		}
		protocol.OptionalFunc(io, &info, func(infos *[]protocol.StackResponseContainerInfo) {
			m := uint32(len(*infos))
			io.Varuint32(&m)
			for j := range *infos {
				containerInfo51(io, &(*infos)[j])
			}
		})
	}
}

// containerInfo51 writes the slots of a container an item stack response changed.
func containerInfo51(io protocol.IO, x *protocol.StackResponseContainerInfo) {
	protocol.Single(io, &x.Container)
	n := uint32(len(x.SlotInfo))
	io.Varuint32(&n)
	for i := range x.SlotInfo {
		s := &x.SlotInfo[i]
		io.Uint8(&s.Slot)
		io.Uint8(&s.HotbarSlot)
		io.Uint8(&s.Count)
		var id protocol.Optional[int32]
		if s.StackNetworkID > 0 {
			id = protocol.Option(s.StackNetworkID)
		}
		protocol.OptionalFunc(io, &id, io.Varint32)
		io.String(&s.CustomName)
		protocol.OptionalFunc(io, &s.FilteredCustomName, io.String)
		io.Varint32(&s.DurabilityCorrection)
	}
}

// playerAuthInput51 is PlayerAuthInput with its input flags always present and single presence bytes for its
// optional fields (1.26.45 had two each).
type playerAuthInput51 struct{ packet.PlayerAuthInput }

// Marshal reads the input; io is a reader51.
func (pk *playerAuthInput51) Marshal(io protocol.IO) {
	r, _ := io.(interface{ presentNext() })
	io.Float32(&pk.Pitch)
	io.Float32(&pk.Yaw)
	io.Vec3(&pk.Position)
	io.Vec2(&pk.MoveVector)
	io.Float32(&pk.HeadYaw)
	if r != nil {
		r.presentNext() // The flags' presence byte is gone: the flags are always there.
	}
	protocol.InputFlagList(io, &pk.InputData, packet.InputFlagCount)
	io.Varuint32(&pk.InputMode)
	io.Varuint32(&pk.PlayMode)
	io.Varint32(&pk.InteractionModel)
	io.Float32(&pk.InteractPitch)
	io.Float32(&pk.InteractYaw)
	io.Varuint64(&pk.Tick)
	io.Vec3(&pk.Delta)
	protocol.OptionalFunc(io, &pk.ItemInteractionData, io.PlayerInventoryAction)
	protocol.OptionalFunc(io, &pk.ItemStackRequest, func(x *protocol.ItemStackRequest) { x.Marshal(io) })
	protocol.OptionalFunc(io, &pk.BlockActions, func(x *[]protocol.PlayerBlockAction) { protocol.Slice(io, x) })
	protocol.OptionalFunc(io, &pk.VehicleRotation, io.Vec2)
	protocol.OptionalFunc(io, &pk.ClientPredictedVehicle, io.ActorUniqueID)
	io.Vec2(&pk.AnalogueMoveVector)
	io.Vec3(&pk.CameraOrientation)
	io.Vec2(&pk.RawMoveVector)
}

// inventoryTransaction51 is InventoryTransaction without the presence bytes before its type and its actions,
// whose use-item data carries the hand; with entityHands (1.26.60), so do its use-on-entity data (after the
// hot bar slot) and its release data (at the end).
type inventoryTransaction51 struct {
	packet.InventoryTransaction
	entityHands bool
}

// Marshal reads the transaction.
func (pk *inventoryTransaction51) Marshal(io protocol.IO) {
	io.Varint32(&pk.LegacyRequestID)
	hasLegacy := pk.LegacyRequestID < -1 && (pk.LegacyRequestID&1) == 0
	io.Bool(&hasLegacy)
	if hasLegacy {
		protocol.Slice(io, &pk.LegacySetItemSlots)
	}
	io.TransactionDataType(&pk.TransactionData)
	inventoryActions51(io, &pk.Actions)
	var hand uint8
	switch data := pk.TransactionData.(type) {
	case *protocol.UseItemTransactionData:
		useItem51(io, data)
	case *protocol.UseItemOnEntityTransactionData:
		if !pk.entityHands {
			data.Marshal(io)
			return
		}
		io.ActorRuntimeID(&data.TargetEntityRuntimeID)
		io.Varint32(&data.ActionType)
		io.Varint32(&data.HotBarSlot)
		io.Uint8(&hand)
		io.ItemInstance(&data.HeldItem)
		io.Vec3(&data.Position)
		io.Vec3(&data.ClickedPosition)
	case *protocol.ReleaseItemTransactionData:
		data.Marshal(io)
		if pk.entityHands {
			io.Uint8(&hand)
		}
	default:
		pk.TransactionData.Marshal(io)
	}
}

// unused is a packet a 1.26.51 client sends that the server has no use for: read whole and dropped.
type unused struct {
	id   uint32
	data []byte
}

// ID returns the packet's ID.
func (pk *unused) ID() uint32 { return pk.id }

// Marshal reads the rest of the packet.
func (pk *unused) Marshal(io protocol.IO) { io.Bytes(&pk.data) }
