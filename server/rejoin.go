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
	name    string
	xuid    string
	version string        // the client's version, such as "1.26.45"
	left    chan struct{} // closed when the player has left (their quit handler ran)
}

// sameIdentity reports whether a login is the same player as one online: the same XUID with authentication on
// (Xbox Live vouches for it), else the same name (case does not matter, as in Minecraft) or the same UUID.
// Dragonfly would refuse a login whose UUID is online ("Already logged in") until the stale session timed out,
// some 40 seconds after a client dropped; with authentication off the name is the identity players see.
func sameIdentity(auth bool, id login.IdentityData, online uuid.UUID, on onlinePlayer) bool {
	if online.String() == identityKey(id.Identity) {
		return true
	}
	if auth {
		return id.XUID != "" && id.XUID == on.xuid
	}
	return strings.EqualFold(id.DisplayName, on.name)
}

// replaceStale ends every online session of the player who is logging in with identity id and waits (at most
// replaceTimeout) until they have left the world, so that the new login takes their place at once. It is called
// by the listener for each login before Dragonfly sees it, on a goroutine of its own, never on a world's.
//
// The stale session's connection is closed, and Dragonfly ends the session as it ends any whose connection
// closes. Disconnecting the player from the world instead would write to the dead connection on the world
// goroutine, which can stall the world until the connection times out.
func (s *Server) replaceStale(id login.IdentityData) {
	s.mu.Lock()
	stale := map[*world.EntityHandle]onlinePlayer{}
	for h, on := range s.online {
		if sameIdentity(s.conf.Server.AuthEnabled, id, h.UUID(), on) {
			stale[h] = on
		}
	}
	s.mu.Unlock()
	for h, on := range stale {
		s.log.Info("player logged in again: the old session is replaced", "name", id.DisplayName)
		if !s.listener.closeIdentity(h.UUID().String()) {
			player.Do(h, func(_ *world.Tx, p *player.Player) { p.Disconnect(replacedMessage) })
		}
		timer := time.NewTimer(replaceTimeout)
		select {
		case <-on.left:
			// The quit handler runs in the transaction that takes the player out of Dragonfly's roster; the next
			// task of the world runs once it is over.
			select {
			case <-s.df.World().Do(func(*world.Tx) {}).Done():
			case <-timer.C:
			}
		case <-timer.C:
			s.log.Warn("the stale session of a player logging in again did not leave in time", "name", id.DisplayName)
		}
		timer.Stop()
	}
}

// identityKey is a login's identity UUID as Dragonfly writes a player's UUID, or the text as it is when it is no
// UUID.
func identityKey(id string) string {
	if u, err := uuid.Parse(id); err == nil {
		return u.String()
	}
	return id
}
