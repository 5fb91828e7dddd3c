package server

import (
	"strings"
	"time"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
)

// replacedMessage is what a session replaced by a newer login of the same player is told, should it still hear.
const replacedMessage = "You logged in again from another client."

// replaceTimeout bounds how long a login waits for the stale session it replaces to leave. The world removes it
// within a tick; a world that is stopping may never run the task, and then the join goes on and Dragonfly decides.
const replaceTimeout = 5 * time.Second

// onlinePlayer is what the server keeps of a player who joined and has not left.
type onlinePlayer struct {
	name string
	xuid string
}

// sameIdentity reports whether a login is the same player as one online: the same XUID with authentication on
// (Xbox Live vouches for it), else the same name (case does not matter, as in Minecraft) or the same UUID.
// Dragonfly would refuse a login whose UUID is online ("Already logged in") until the stale session timed out,
// some 40 seconds after a client dropped; with authentication off the name is the identity players see.
func sameIdentity(auth bool, id login.IdentityData, online uuid.UUID, on onlinePlayer) bool {
	if online.String() == id.Identity {
		return true
	}
	if auth {
		return id.XUID != "" && id.XUID == on.xuid
	}
	return strings.EqualFold(id.DisplayName, on.name)
}

// replaceStale disconnects every online session of the player who is logging in with identity id and waits (at
// most replaceTimeout) until they have left the world, so that the new login takes their place at once. It is
// called by the listener for each login before Dragonfly sees it, on a goroutine of its own, never on a world's.
func (s *Server) replaceStale(id login.IdentityData) {
	s.mu.Lock()
	var stale []*world.EntityHandle
	for h, on := range s.online {
		if sameIdentity(s.conf.Server.AuthEnabled, id, h.UUID(), on) {
			stale = append(stale, h)
		}
	}
	s.mu.Unlock()
	for _, h := range stale {
		s.log.Info("player logged in again: the old session is replaced", "name", id.DisplayName)
		task := player.Do(h, func(_ *world.Tx, p *player.Player) { p.Disconnect(replacedMessage) })
		timer := time.NewTimer(replaceTimeout)
		select {
		case <-task.Done():
		case <-timer.C:
			s.log.Warn("the stale session of a player logging in again did not leave in time", "name", id.DisplayName)
		}
		timer.Stop()
	}
}
