package translate

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// TestRoundTrip sends each packet whose form a translated version changes from one end of a connection to the
// other, as the server and a client of that version do: the sender converts it (ConvertFromLatest) and writes it
// with the version's writer, the receiver reads it with the version's packets and reader and converts it back
// (ConvertToLatest). What arrives must be what was sent, byte for byte in gophertunnel's form. The server's end
// is checked against the foreign client (internal/bedrockjs); this checks that a gophertunnel client of the
// version (the load benchmark's bots) speaks the same forms.
func TestRoundTrip(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	stone := world.BlockRuntimeID(block.Stone{})
	for _, v := range []*version{v1_26_51, v1_26_60} {
		for _, c := range roundTripCases(stone) {
			t.Run(fmt.Sprintf("%s/%T", v.ver, c.pk), func(t *testing.T) {
				got, err := roundTrip(v, c.pk, c.fromServer)
				if err != nil {
					t.Fatal(err)
				}
				if want, have := latestBytes(c.pk), latestBytes(got); !bytes.Equal(want, have) {
					t.Fatalf("sent %x\nreceived %x", want, have)
				}
			})
		}
	}
}

// roundTripCase is a packet and who sends it.
type roundTripCase struct {
	pk         packet.Packet
	fromServer bool
}

// roundTripCases are the packets of another form in 1.26.51 or 1.26.60, with every optional field present, and a
// few of the same form with blocks in them.
func roundTripCases(stone uint32) []roundTripCase {
	heights := make([]int8, 256)
	for i := range heights {
		heights[i] = int8(i % 100)
	}
	held := protocol.ItemInstance{StackNetworkID: 3, Stack: protocol.ItemStack{ItemType: protocol.ItemType{NetworkID: 5}, BlockRuntimeID: int32(stone), Count: 1}}
	actions := []protocol.InventoryAction{{SourceType: protocol.InventoryActionSourceContainer, WindowID: protocol.Option[int8](0), SourceFlags: protocol.Option[uint32](0), InventorySlot: 2, OldItem: held}}
	use := protocol.UseItemTransactionData{LegacyRequestID: 0, Actions: protocol.Option(actions), ActionType: protocol.UseItemActionClickBlock,
		TriggerType: protocol.TriggerTypePlayerInput, BlockPosition: protocol.BlockPos{1, 70, -3}, BlockFace: 1, HotBarSlot: 2, HeldItem: held,
		Position: mgl32.Vec3{1, 71.62, -2}, ClickedPosition: mgl32.Vec3{0.5, 1, 0.5}, BlockRuntimeID: stone, ClientPrediction: protocol.ClientPredictionSuccess}
	flags := protocol.NewInputFlags(packet.InputFlagCount)
	flags.Set(packet.InputFlagJumping)
	flags.Set(packet.InputFlagSneaking)
	skin := protocol.Skin{SkinID: "s", PlayFabID: "p123", SkinData: []byte{1, 2, 3, 4}, SkinImageWidth: 1, SkinImageHeight: 1}
	return []roundTripCase{
		{&packet.BossEvent{BossEntityUniqueID: 7, EventType: packet.BossEventShow, BossBarTitle: "Goal", HealthPercentage: 0.5, Colour: 2}, true},
		{&packet.PlaySound{SoundName: "note.harp", Position: mgl32.Vec3{1, 2, 3}, Volume: 1, Pitch: 1, LoopCount: 1, Handle: protocol.Option[uint64](9)}, true},
		{&packet.MoveActorDelta{EntityRuntimeID: 4, PositionX: protocol.Option[float32](1.5), RotationYHead: protocol.Option[float32](90), OnGround: true}, true},
		{&packet.SubChunk{Dimension: 0, Position: protocol.SubChunkPos{-1, -4, -1}, SubChunkEntries: []protocol.SubChunkEntry{
			{Offset: protocol.SubChunkOffset{0, 1, 0}, Result: protocol.SubChunkResultSuccess, RawPayload: protocol.Option(subChunkOf(stone)),
				HeightMapType: protocol.HeightMapDataHasData, HeightMapData: protocol.Option(heights),
				RenderHeightMapType: protocol.HeightMapDataHasData, RenderHeightMapData: protocol.Option(heights), BlobHash: protocol.Option[uint64](5)},
			{Offset: protocol.SubChunkOffset{0, 2, 0}, Result: protocol.SubChunkResultSuccessAllAir}}}, true},
		{&packet.ItemStackResponse{Responses: []protocol.ItemStackResponse{{Status: protocol.ItemStackResponseStatusOK, RequestID: -3,
			ContainerInfo: []protocol.StackResponseContainerInfo{{Container: protocol.FullContainerName{ContainerID: protocol.ContainerHotBar},
				SlotInfo: []protocol.StackResponseSlotInfo{{Slot: 1, HotbarSlot: 1, Count: 1, StackNetworkID: 8, FilteredCustomName: protocol.Option("n")}}}}},
			{Status: protocol.ItemStackResponseStatusError, RequestID: -5}}}, true},
		{&packet.StartGame{EntityUniqueID: 1, EntityRuntimeID: 1, PlayerPosition: mgl32.Vec3{0, 66, 0}, WorldName: "World", ExportedFromEditor: true,
			GameVersion: "1.26.45", Blocks: []protocol.BlockEntry{}, PropertyData: map[string]any{}, Experiments: []protocol.ExperimentData{}}, true},
		{&packet.AddPlayer{UUID: uuid.New(), Username: "Ann", EntityRuntimeID: 3, HeldItem: held, DeviceID: "d", EntityMetadata: map[uint32]any{},
			AbilityData: protocol.AbilityData{Layers: []protocol.AbilityLayer{}}}, true},
		{&packet.AddActor{EntityUniqueID: 5, EntityRuntimeID: 5, EntityType: "minecraft:villager_v2", EntityMetadata: map[uint32]any{}}, true},
		{&packet.Animate{ActionType: packet.AnimateActionSwingArm, EntityRuntimeID: 3}, true},
		{&packet.Animate{ActionType: packet.AnimateActionSwingArm, EntityRuntimeID: 1}, false},
		{&packet.LevelChunk{Position: protocol.ChunkPos{-1, 2}, SubChunkCount: 24, SubChunkLimit: protocol.Option[int32](9), RawPayload: []byte{0}}, true},
		{&packet.PlayerList{Entries: []protocol.PlayerListEntry{{ActionType: protocol.PlayerListActionAdd, UUID: uuid.New(), Username: "Ann", XUID: "x1", Skin: skin},
			{ActionType: protocol.PlayerListActionRemove, UUID: uuid.New()}}}, true},
		{&packet.PlayerSkin{UUID: uuid.New(), Skin: protocol.Skin{SkinID: "s", SkinData: []byte{1, 2, 3, 4}, SkinImageWidth: 1, SkinImageHeight: 1}}, false},
		{&packet.PlayerAuthInput{Position: mgl32.Vec3{1, 2, 3}, InputData: flags, InputMode: packet.InputModeMouse, PlayMode: packet.PlayModeNormal,
			InteractionModel: packet.InteractionModelCrosshair, Tick: 12, ItemInteractionData: protocol.Option(use),
			BlockActions:    protocol.Option([]protocol.PlayerBlockAction{{Action: protocol.PlayerActionStartBreak, BlockPos: protocol.BlockPos{1, 2, 3}, Face: 1}}),
			VehicleRotation: protocol.Option(mgl32.Vec2{1, 2}), ClientPredictedVehicle: protocol.Option[int64](4)}, false},
		{&packet.InventoryTransaction{LegacyRequestID: -2, LegacySetItemSlots: []protocol.LegacySetItemSlot{{ContainerID: 1, Slots: []byte{2}}}, Actions: actions, TransactionData: &use}, false},
		{&packet.InventoryTransaction{TransactionData: &protocol.UseItemOnEntityTransactionData{TargetEntityRuntimeID: 9, ActionType: 0, HotBarSlot: 3, HeldItem: held,
			Position: mgl32.Vec3{1, 2, 3}, ClickedPosition: mgl32.Vec3{0, 1, 0}}}, false},
		{&packet.InventoryTransaction{TransactionData: &protocol.ReleaseItemTransactionData{ActionType: 1, HotBarSlot: 4, HeldItem: held, HeadPosition: mgl32.Vec3{1, 2, 3}}}, false},
		{&packet.UpdateBlock{Position: protocol.BlockPos{1, 2, 3}, NewBlockRuntimeID: stone, Flags: packet.BlockUpdateNetwork}, true},
		{&packet.Text{TextType: packet.TextTypeRaw, Message: "hello"}, true},
	}
}

// subChunkOf returns a network sub-chunk of one layer, all of block rid.
func subChunkOf(rid uint32) []byte {
	var b bytes.Buffer
	b.Write([]byte{9, 1, 1, 0}) // version 9, one layer, y 1; a storage of 0 bits a block
	_ = protocol.WriteVarint32(&b, int32(rid))
	return b.Bytes()
}

// roundTrip sends pk over v, from the server or from a client, and returns what the other end receives.
func roundTrip(v *version, pk packet.Packet, fromServer bool) (packet.Packet, error) {
	sent := v.ConvertFromLatest(pk, nil)
	if len(sent) != 1 {
		return nil, fmt.Errorf("%T converted to %d packets", pk, len(sent))
	}
	var buf bytes.Buffer
	sent[0].Marshal(v.NewWriter(&buf, 0))
	read := v.Packets(!fromServer)[pk.ID()]()
	r := bytes.NewBuffer(buf.Bytes())
	if err := unmarshal(read, v.NewReader(r, 0, true)); err != nil {
		return nil, err
	}
	if r.Len() != 0 {
		return nil, fmt.Errorf("%d bytes left unread of %x", r.Len(), buf.Bytes())
	}
	got := v.ConvertToLatest(read, nil)
	if len(got) != 1 {
		return nil, fmt.Errorf("%T came back as %d packets", read, len(got))
	}
	return got[0], nil
}

// unmarshal reads pk with io, returning the reader's panic as an error.
func unmarshal(pk packet.Packet, io protocol.IO) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("reading %T: %v", pk, v)
		}
	}()
	pk.Marshal(io)
	return nil
}

// latestBytes returns pk written in gophertunnel's own form.
func latestBytes(pk packet.Packet) []byte {
	var buf bytes.Buffer
	pk.Marshal(minecraft.DefaultProtocol.NewWriter(&buf, 0))
	return buf.Bytes()
}
