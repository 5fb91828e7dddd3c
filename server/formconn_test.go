package server

import (
	"testing"

	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

func TestCloseNullForm(t *testing.T) {
	closed := packet.ModalFormResponse{FormID: 3, CancelReason: protocol.Option[uint8](packet.ModalFormCancelReasonUserClosed)}
	for _, c := range []struct {
		name   string
		in     packet.ModalFormResponse
		closed bool
	}{
		{"null", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte("null"))}, true},
		{"null in whitespace", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte(" \tnull\r\n"))}, true},
		{"button 0", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte("0"))}, false},
		{"false", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte("false"))}, false},
		{"a custom form's answers", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte(`[null,"x"]`))}, false},
		{"the string null", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte(`"null"`))}, false},
		{"empty", packet.ModalFormResponse{FormID: 3, ResponseData: protocol.Option([]byte(""))}, false},
		{"no data", packet.ModalFormResponse{FormID: 3}, false},
		{"already closed", closed, true},
	} {
		t.Run(c.name, func(t *testing.T) {
			pk := c.in
			closeNullForm(&pk)
			if !c.closed {
				if !same(pk, c.in) {
					t.Errorf("changed to %+v", pk)
				}
				return
			}
			if !same(pk, closed) {
				t.Errorf("got %+v, want the form closed by the player", pk)
			}
		})
	}
}

// same reports whether two responses are equal.
func same(a, b packet.ModalFormResponse) bool {
	ad, aok := a.ResponseData.Value()
	bd, bok := b.ResponseData.Value()
	ar, arok := a.CancelReason.Value()
	br, brok := b.CancelReason.Value()
	return a.FormID == b.FormID && aok == bok && string(ad) == string(bd) && arok == brok && ar == br
}
