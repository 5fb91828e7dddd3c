package server

import (
	"strings"

	"github.com/df-mc/dragonfly/server/player"
)

// admins decides who is an admin. With authentication on, XUIDs are verified by Xbox Live and only Admins
// count. With it off, anyone may claim any name or XUID, so only the OfflineAdmins names count, and only
// because the config's owner asked for them (LAN play, tests).
type admins struct {
	xuids map[string]bool
	names map[string]bool
}

func newAdmins(c Config) admins {
	a := admins{xuids: map[string]bool{}, names: map[string]bool{}}
	if c.Server.AuthEnabled {
		for _, x := range c.Riddlestone.Admins {
			a.xuids[strings.TrimSpace(x)] = true
		}
		return a
	}
	for _, n := range c.Riddlestone.OfflineAdmins {
		a.names[strings.ToLower(strings.TrimSpace(n))] = true
	}
	return a
}

// is reports whether a player with this name and XUID is an admin.
func (a admins) is(name, xuid string) bool {
	if xuid != "" && a.xuids[xuid] {
		return true
	}
	return a.names[strings.ToLower(name)]
}

// IsAdmin reports whether p is an admin of this server: by XUID with authentication on, by name from
// OfflineAdmins with it off. The console is always an admin (see consoleSource).
func (s *Server) IsAdmin(p *player.Player) bool {
	return s.admins.is(p.Name(), p.XUID())
}
