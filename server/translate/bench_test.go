package translate

import (
	"bytes"
	"testing"

	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/chunk"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/worldgen"
)

// BenchmarkWrite measures what the server does for each packet it sends, per protocol: convert it
// (ConvertFromLatest) and marshal it with the protocol's writer. "moves" is a tick's worth of the packets most sent
// to a player among others (movements, a sound, a block change, a chat line); "subchunks" is the sub-chunks of a
// column of seed 42's terrain at spawn, as a client asks for them. 1.26.45 is gophertunnel's own protocol, which
// converts nothing.
func BenchmarkWrite(b *testing.B) {
	mix := map[string][]packet.Packet{"moves": movesMix(), "subchunks": {subChunkColumn(b)}}
	for _, name := range []string{"moves", "subchunks"} {
		for _, p := range []minecraft.Protocol{minecraft.DefaultProtocol, v1_26_51, v1_26_60} {
			b.Run(name+"/"+p.Ver(), func(b *testing.B) {
				var buf bytes.Buffer
				b.ReportAllocs()
				for b.Loop() {
					for _, pk := range mix[name] {
						for _, c := range p.ConvertFromLatest(pk, nil) {
							buf.Reset()
							c.Marshal(p.NewWriter(&buf, 0))
						}
					}
				}
			})
		}
	}
}

// movesMix returns the packets of a tick of a player among others walking about.
func movesMix() []packet.Packet {
	var pks []packet.Packet
	for i := range 20 {
		pks = append(pks, &packet.MoveActorAbsolute{EntityRuntimeID: uint64(i + 2), Position: mgl32.Vec3{float32(i), 70, 3}, Rotation: mgl32.Vec3{1, 2, 3}})
	}
	world.DefaultBlockRegistry.Finalize()
	return append(pks,
		&packet.LevelSoundEvent{SoundType: packet.SoundEventStep, Position: mgl32.Vec3{1, 70, 1}, ExtraData: 2736, EntityType: ":"},
		&packet.UpdateBlock{Position: protocol.BlockPos{1, 70, 1}, NewBlockRuntimeID: 2736, Flags: packet.BlockUpdateNetwork},
		&packet.Text{TextType: packet.TextTypeRaw, Message: "<Ann> hello"},
	)
}

// subChunkColumn returns a SubChunk packet with every sub-chunk of the seed-42 column at spawn.
func subChunkColumn(b *testing.B) packet.Packet {
	world.DefaultBlockRegistry.Finalize()
	c := chunk.New(world.DefaultBlockRegistry, world.Overworld.Range())
	worldgen.New(42).GenerateChunk(world.ChunkPos{-1, -1}, c)
	heights := make([]int8, 256)
	pk := &packet.SubChunk{Dimension: 0, Position: protocol.SubChunkPos{-1, -4, -1}}
	for i := range len(c.Sub()) {
		e := protocol.SubChunkEntry{Offset: protocol.SubChunkOffset{0, int8(i), 0}, Result: protocol.SubChunkResultSuccessAllAir,
			HeightMapType: protocol.HeightMapDataHasData, HeightMapData: protocol.Option(heights),
			RenderHeightMapType: protocol.HeightMapDataHasData, RenderHeightMapData: protocol.Option(heights)}
		if !c.Sub()[i].Empty() {
			e.Result, e.RawPayload = protocol.SubChunkResultSuccess, protocol.Option(chunk.EncodeSubChunk(c, chunk.NetworkEncoding, i))
		}
		pk.SubChunkEntries = append(pk.SubChunkEntries, e)
	}
	if len(pk.SubChunkEntries) == 0 {
		b.Fatal("no sub-chunks")
	}
	return pk
}
