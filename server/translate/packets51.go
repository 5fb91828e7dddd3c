package translate

import (
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// The packets whose own fields differ in 1.26.51 (gophertunnel v1.62.0's packet folder against v1.61.0's). Each
// wraps gophertunnel's packet and reads and writes it in 1.26.51's form: the server writes the first five and
// reads the others, a client of 1.26.51 the other way round.

// form is a packet in the form of a version other than gophertunnel's, wrapping gophertunnel's packet.
type form interface {
	packet.Packet
	// latest returns the packet of gophertunnel's form, nil for one the server has no use for.
	latest() packet.Packet
}

// bossEvent51 is BossEvent without the player's unique ID.
type bossEvent51 struct{ *packet.BossEvent }

func (pk *bossEvent51) latest() packet.Packet { return pk.BossEvent }

// Marshal reads or writes the boss event.
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

func (pk *playSound51) latest() packet.Packet { return pk.PlaySound }

// Marshal reads or writes the sound: heard in range, from the start.
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

func (pk *moveActorDelta51) latest() packet.Packet { return pk.MoveActorDelta }

// Marshal reads or writes the move, at tick 0 (Dragonfly does not know the client's tick).
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

func (pk *subChunk51) latest() packet.Packet { return pk.SubChunk }

// Marshal reads or writes the sub-chunks.
func (pk *subChunk51) Marshal(io protocol.IO) {
	io.Bool(&pk.CacheEnabled)
	io.Varint32(&pk.Dimension)
	io.SubChunkPos(&pk.Position)
	protocol.FuncSlice(io, &pk.SubChunkEntries, func(e *protocol.SubChunkEntry) {
		protocol.Single(io, &e.Offset)
		io.Uint8(&e.Result)
		protocol.OptionalFunc(io, &e.RawPayload, io.ByteSlice)
		io.Uint8(&e.HeightMapType)
		protocol.OptionalFunc(io, &e.HeightMapData, func(data *[]int8) { heightMap51(io, data) })
		io.Uint8(&e.RenderHeightMapType)
		protocol.OptionalFunc(io, &e.RenderHeightMapData, func(data *[]int8) { heightMap51(io, data) })
		protocol.OptionalFunc(io, &e.BlobHash, io.Uint64)
	})
}

// heightMap51 reads or writes a height map of 256 heights, indexed z<<4 | x, as 16 rows of 16, each led by its
// length (16, a one-byte varint), written in one write.
func heightMap51(io protocol.IO, data *[]int8) {
	if reading(io) {
		*data = make([]int8, 256)
		for z := range 16 {
			var row []byte
			io.ByteSlice(&row)
			if len(row) != 16 {
				io.InvalidValue(len(row), "height map row", "must hold 16 heights")
				return
			}
			for x, h := range row {
				(*data)[z<<4|x] = int8(h)
			}
		}
		return
	}
	b := make([]byte, 16*17)
	for z := 0; z < 16; z++ {
		b[z*17] = 16
		for x := 0; x < 16; x++ {
			if i := z<<4 | x; i < len(*data) {
				b[z*17+1+x] = byte((*data)[i])
			}
		}
	}
	io.Bytes(&b)
}

// itemStackResponse51 is ItemStackResponse without the outer presence bytes of its optional fields.
type itemStackResponse51 struct{ *packet.ItemStackResponse }

func (pk *itemStackResponse51) latest() packet.Packet { return pk.ItemStackResponse }

// Marshal reads or writes the responses.
func (pk *itemStackResponse51) Marshal(io protocol.IO) {
	protocol.FuncSlice(io, &pk.Responses, func(r *protocol.ItemStackResponse) {
		io.Uint8(&r.Status)
		io.Varint32(&r.RequestID)
		var info protocol.Optional[[]protocol.StackResponseContainerInfo]
		if len(r.ContainerInfo) != 0 {
			info = protocol.Option(r.ContainerInfo)
		}
		protocol.OptionalFunc(io, &info, func(infos *[]protocol.StackResponseContainerInfo) {
			protocol.FuncSlice(io, infos, func(x *protocol.StackResponseContainerInfo) { containerInfo51(io, x) })
		})
		if reading(io) {
			r.ContainerInfo, _ = info.Value()
		}
	})
}

// containerInfo51 reads or writes the slots of a container an item stack response changed.
func containerInfo51(io protocol.IO, x *protocol.StackResponseContainerInfo) {
	protocol.Single(io, &x.Container)
	protocol.FuncSlice(io, &x.SlotInfo, func(s *protocol.StackResponseSlotInfo) {
		io.Uint8(&s.Slot)
		io.Uint8(&s.HotbarSlot)
		io.Uint8(&s.Count)
		var id protocol.Optional[int32]
		if s.StackNetworkID > 0 {
			id = protocol.Option(s.StackNetworkID)
		}
		protocol.OptionalFunc(io, &id, io.Varint32)
		if reading(io) {
			s.StackNetworkID, _ = id.Value()
		}
		io.String(&s.CustomName)
		protocol.OptionalFunc(io, &s.FilteredCustomName, io.String)
		io.Varint32(&s.DurabilityCorrection)
	})
}

// playerAuthInput51 is PlayerAuthInput with its input flags always present and single presence bytes for its
// optional fields (1.26.45 had two each), its use-item data in 1.26.51's form (useItemTransaction51).
type playerAuthInput51 struct{ *packet.PlayerAuthInput }

func (pk *playerAuthInput51) latest() packet.Packet { return pk.PlayerAuthInput }

// Marshal reads or writes the input.
func (pk *playerAuthInput51) Marshal(io protocol.IO) {
	io.Float32(&pk.Pitch)
	io.Float32(&pk.Yaw)
	io.Vec3(&pk.Position)
	io.Vec2(&pk.MoveVector)
	io.Float32(&pk.HeadYaw)
	flags, fio := hooked(io)
	flags.implicitNext() // The flags' presence byte is gone: the flags are always there.
	protocol.InputFlagList(fio, &pk.InputData, packet.InputFlagCount)
	io.Varuint32(&pk.InputMode)
	io.Varuint32(&pk.PlayMode)
	io.Varint32(&pk.InteractionModel)
	io.Float32(&pk.InteractPitch)
	io.Float32(&pk.InteractYaw)
	io.Varuint64(&pk.Tick)
	io.Vec3(&pk.Delta)
	protocol.OptionalFunc(io, &pk.ItemInteractionData, func(x *protocol.UseItemTransactionData) { useItemTransaction51(io, x) })
	protocol.OptionalFunc(io, &pk.ItemStackRequest, func(x *protocol.ItemStackRequest) { x.Marshal(io) })
	protocol.OptionalFunc(io, &pk.BlockActions, func(x *[]protocol.PlayerBlockAction) { protocol.Slice(io, x) })
	protocol.OptionalFunc(io, &pk.VehicleRotation, io.Vec2)
	protocol.OptionalFunc(io, &pk.ClientPredictedVehicle, io.ActorUniqueID)
	io.Vec2(&pk.AnalogueMoveVector)
	io.Vec3(&pk.CameraOrientation)
	io.Vec2(&pk.RawMoveVector)
}

// useItemTransaction51 reads or writes the use-item data of a PlayerAuthInput: no presence byte before its actions,
// which have single presence bytes, and the hand (useItem51).
func useItemTransaction51(io protocol.IO, x *protocol.UseItemTransactionData) {
	io.Varint32(&x.LegacyRequestID)
	protocol.OptionalFunc(io, &x.LegacySetItemSlots, func(slots *[]protocol.LegacySetItemSlot) { protocol.Slice(io, slots) })
	actions, _ := x.Actions.Value()
	inventoryActions51(io, &actions)
	if reading(io) {
		x.Actions = protocol.Option(actions)
	}
	useItem51(io, x)
}

// inventoryActions51 reads or writes a list of inventory actions, each with single presence bytes for its window
// and source flags.
func inventoryActions51(io protocol.IO, actions *[]protocol.InventoryAction) {
	protocol.FuncSlice(io, actions, func(a *protocol.InventoryAction) {
		io.Varuint32(&a.SourceType)
		protocol.OptionalFunc(io, &a.WindowID, io.Int8)
		protocol.OptionalFunc(io, &a.SourceFlags, io.Varuint32)
		io.Varuint32(&a.InventorySlot)
		io.ItemInstance(&a.OldItem)
		io.ItemInstance(&a.NewItem)
	})
}

// useItem51 reads or writes use-item data with the hand after the hot bar slot. The hand is dropped when read
// (Dragonfly v0.11.4 uses the held item) and written as the main hand.
func useItem51(io protocol.IO, x *protocol.UseItemTransactionData) {
	protocol.IntegerFunc(&x.ActionType, io.Varint32)
	protocol.IntegerFunc(&x.TriggerType, io.Uint8)
	io.BlockPos(&x.BlockPosition)
	protocol.IntegerFunc(&x.BlockFace, io.Uint8)
	io.Varint32(&x.HotBarSlot)
	var hand uint8
	io.Uint8(&hand)
	io.ItemInstance(&x.HeldItem)
	io.Vec3(&x.Position)
	io.Vec3(&x.ClickedPosition)
	io.Varuint32(&x.BlockRuntimeID)
	io.Uint8(&x.ClientPrediction)
	io.Uint8(&x.ClientCooldownState)
}

// inventoryTransaction51 is InventoryTransaction without the presence bytes before its type and its actions,
// whose use-item data carries the hand; with entityHands (1.26.60), so do its use-on-entity data (after the
// hot bar slot) and its release data (at the end).
type inventoryTransaction51 struct {
	*packet.InventoryTransaction
	entityHands bool
}

func (pk *inventoryTransaction51) latest() packet.Packet { return pk.InventoryTransaction }

// Marshal reads or writes the transaction.
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

// unused is a packet a client sends that the server has no use for, new in its version or of another form that
// Dragonfly v0.11.4 ignores: read whole and dropped.
type unused struct {
	id   uint32
	data []byte
}

// ID returns the packet's ID.
func (pk *unused) ID() uint32 { return pk.id }

// Marshal reads or writes the rest of the packet.
func (pk *unused) Marshal(io protocol.IO) { io.Bytes(&pk.data) }

func (pk *unused) latest() packet.Packet { return nil }
