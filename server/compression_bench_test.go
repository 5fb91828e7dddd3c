package server

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// BenchmarkCompressMovementBatch compresses batches of other players' movements, most of what a player is sent
// with many players about (MoveActorAbsolute, 97 % of the packets in the load harness's runs), as gophertunnel
// compresses a batch at each flush. It reports how small the batch gets (out/in): batches below
// Riddlestone.CompressionThreshold are sent as they are instead.
func BenchmarkCompressMovementBatch(b *testing.B) {
	for _, size := range []int{512, 1024, 2048, 4096} {
		batch := movementBatch(size)
		b.Run(fmt.Sprintf("%dB", size), func(b *testing.B) {
			var out int
			for b.Loop() {
				c, err := packet.FlateCompression.Compress(batch)
				if err != nil {
					b.Fatal(err)
				}
				out = len(c)
			}
			b.ReportMetric(float64(out)/float64(len(batch)), "out/in")
		})
	}
}

// movementBatch returns a batch of at least size bytes of MoveActorAbsolute packets of players walking about.
func movementBatch(size int) []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var batch bytes.Buffer
	for batch.Len() < size {
		var pk bytes.Buffer
		(&packet.Header{PacketID: packet.IDMoveActorAbsolute}).Write(&pk)
		m := &packet.MoveActorAbsolute{
			EntityRuntimeID: uint64(r.IntN(200) + 1),
			Flags:           packet.MoveFlagOnGround,
			Position:        mgl32.Vec3{r.Float32()*200 - 100, 64 + r.Float32()*8, r.Float32()*200 - 100},
			Rotation:        mgl32.Vec3{r.Float32() * 90, r.Float32() * 360, r.Float32() * 360},
		}
		m.Marshal(protocol.NewWriter(&pk, 0))
		var l [5]byte
		n := putVaruint32(l[:], uint32(pk.Len()))
		batch.Write(l[:n])
		batch.Write(pk.Bytes())
	}
	return batch.Bytes()
}

// putVaruint32 writes v as a varuint32 to b and returns its length.
func putVaruint32(b []byte, v uint32) int {
	i := 0
	for v >= 0x80 {
		b[i] = byte(v) | 0x80
		v >>= 7
		i++
	}
	b[i] = byte(v)
	return i + 1
}
