package server_test

import (
	"bytes"
	"testing"

	"github.com/sandertv/go-raknet"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// The server tells a client, as the protocol's first answer, from what size it compresses batches:
// Riddlestone.CompressionThreshold, 2048 by default; 0 compresses every batch.
func TestCompressionThresholdIsTheConfiguredOne(t *testing.T) {
	for _, c := range []struct{ set, want int }{{-1, 2048}, {4000, 4000}, {0, 0}} {
		srv := e2e.Start(t, e2e.WithConfig(func(conf *server.Config) {
			if c.set >= 0 {
				conf.Riddlestone.CompressionThreshold = c.set
			}
		}))
		ns := networkSettings(t, srv.Addr)
		if int(ns.CompressionThreshold) != c.want {
			t.Errorf("configured %d: the server compresses from %d bytes, want %d", c.set, ns.CompressionThreshold, c.want)
		}
		_ = srv.Close()
	}
}

// networkSettings asks the server at addr for its network settings, as a client does first, and returns them.
func networkSettings(t *testing.T, addr string) *packet.NetworkSettings {
	t.Helper()
	conn, err := raknet.Dialer{}.DialContext(timeout(t), addr)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	var buf bytes.Buffer
	(&packet.Header{PacketID: packet.IDRequestNetworkSettings}).Write(&buf)
	(&packet.RequestNetworkSettings{ClientProtocol: protocol.CurrentProtocol}).Marshal(protocol.NewWriter(&buf, 0))
	if err := packet.NewEncoder(conn).Encode([][]byte{buf.Bytes()}); err != nil {
		t.Fatal(err)
	}
	pks, err := packet.NewDecoder(conn).Decode()
	if err != nil || len(pks) == 0 {
		t.Fatalf("no answer to RequestNetworkSettings: %v", err)
	}
	r := bytes.NewBuffer(pks[0])
	var h packet.Header
	if err := h.Read(r); err != nil || h.PacketID != packet.IDNetworkSettings {
		t.Fatalf("the answer is packet %d (%v), not NetworkSettings", h.PacketID, err)
	}
	ns := &packet.NetworkSettings{}
	ns.Marshal(protocol.NewReader(r, 0, false))
	return ns
}
