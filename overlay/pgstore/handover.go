package pgstore

import (
	"weak"

	"github.com/df-mc/dragonfly/server/item/inventory"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
)

// HandOver saves the data of a player who leaves this server for another server of the network (a Transfer), as
// Save does, before they are sent there, and keeps the save Dragonfly makes as their session here ends from
// writing over it: by then the other server may have loaded the player, and conf may say where they arrive, which
// their last position here does not.
func (ps *PlayerStore) HandOver(id uuid.UUID, conf player.Config, w *world.World) error {
	if err := ps.Save(id, conf, w); err != nil {
		return err
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if ps.handedOver == nil {
		ps.handedOver = map[weak.Pointer[inventory.Inventory]]struct{}{}
	}
	ps.handedOver[weak.Make(conf.Inventory)] = struct{}{}
	return nil
}

// handedOverNow reports whether inv is the inventory of a session handed over to another server, and forgets it:
// its session's last save is not written.
func (ps *PlayerStore) handedOverNow(inv *inventory.Inventory) bool {
	if inv == nil {
		return false
	}
	ps.mu.Lock()
	defer ps.mu.Unlock()
	k := weak.Make(inv)
	_, ok := ps.handedOver[k]
	delete(ps.handedOver, k)
	return ok
}
