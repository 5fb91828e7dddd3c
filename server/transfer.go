package server

import (
	"github.com/df-mc/dragonfly/server/player"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
)

// cross sends a player who steps into an area of a region another server of the network holds to that server
// (overlay.Options.Cross): their data is saved with them standing where they step, their puzzle items in their
// inventory (pgstore.PlayerStore.HandOver), and Bedrock's Transfer packet sends their client to the address the
// region's lease gives ([Store] PublicAddress). A region that no live server holds, or whose holder gave no address,
// lets them walk in: they look and change nothing. Called on the world goroutine: the save is one synchronous
// commit, as Dragonfly's own save of a leaving player is.
func (s *Server) cross(p *player.Player, to store.AreaPos, newPos mgl64.Vec3) bool {
	pg, ps := s.pg.Load(), s.playerStore()
	address := s.addressOf(pg, to)
	if address == "" || ps == nil {
		return false
	}
	data := p.Data()
	data.Position = newPos
	if err := ps.HandOver(p.UUID(), data, p.Tx().World()); err != nil {
		s.log.Warn("a player could not be sent to the server of the area they walk into: their data was not saved", "player", p.Name(), "err", err)
		p.Message("§cThat part of the world runs on another server, and you cannot be sent there just now.")
		return false
	}
	if err := p.Transfer(address); err != nil {
		s.log.Warn("a player could not be sent to the server of the area they walk into", "player", p.Name(), "address", address, "err", err)
		return false
	}
	s.log.Info("player sent to the server of the region they walk into", "player", p.Name(), "area", to.String(), "address", address)
	return true
}

// addressOf returns where players reach the live holder of an area's region, as the last reading of the leases has
// it; "" when this server holds it, nobody does, or the holder gave no address.
func (s *Server) addressOf(pg *pgstore.Store, a store.AreaPos) string {
	r := s.leases.Load()
	if pg == nil || r == nil {
		return ""
	}
	region := pg.RegionOf(a)
	for _, l := range r.leases {
		if l.Region == region && !l.Ours && l.Holder != "" && l.Left > 0 {
			return l.Address
		}
	}
	return ""
}

// playerStore returns the PostgreSQL store of players' data, if the server keeps them there.
func (s *Server) playerStore() *pgstore.PlayerStore {
	ps, _ := s.dfConf.PlayerProvider.(*pgstore.PlayerStore)
	return ps
}
