package translate

import "github.com/sandertv/gophertunnel/minecraft/protocol"

// reader51 reads 1.26.51's forms of the shared types that differ from 1.26.45's: use-item transaction data
// with the hand and no presence byte before its actions, and inventory actions with single presence bytes.
type reader51 struct {
	*protocol.Reader
	present bool // the next Bool reads as true without a byte
}

// presentNext makes the next Bool read true without reading a byte: for a presence byte 1.26.51 dropped.
func (r *reader51) presentNext() { r.present = true }

// Bool reads a bool, or gives true for a presence byte that is gone.
func (r *reader51) Bool(x *bool) {
	if r.present {
		r.present, *x = false, true
		return
	}
	r.Reader.Bool(x)
}

// PlayerInventoryAction reads the use-item data of a PlayerAuthInput.
func (r *reader51) PlayerInventoryAction(x *protocol.UseItemTransactionData) {
	r.Varint32(&x.LegacyRequestID)
	protocol.OptionalFunc(r, &x.LegacySetItemSlots, func(slots *[]protocol.LegacySetItemSlot) { protocol.Slice(r, slots) })
	var actions []protocol.InventoryAction
	inventoryActions51(r, &actions)
	x.Actions = protocol.Option(actions)
	useItem51(r, x)
}

// inventoryActions51 reads a list of inventory actions, each with single presence bytes for its window and
// source flags.
func inventoryActions51(io protocol.IO, actions *[]protocol.InventoryAction) {
	var n uint32
	io.Varuint32(&n)
	if n > 1024 {
		io.InvalidValue(n, "inventory actions", "too many")
		return
	}
	*actions = make([]protocol.InventoryAction, n)
	for i := range *actions {
		a := &(*actions)[i]
		io.Varuint32(&a.SourceType)
		protocol.OptionalFunc(io, &a.WindowID, io.Int8)
		protocol.OptionalFunc(io, &a.SourceFlags, io.Varuint32)
		io.Varuint32(&a.InventorySlot)
		io.ItemInstance(&a.OldItem)
		io.ItemInstance(&a.NewItem)
	}
}

// useItem51 reads use-item data with the hand after the hot bar slot. The hand is dropped: Dragonfly v0.11.4
// uses the held item.
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
