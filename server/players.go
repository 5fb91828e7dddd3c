package server

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	dfserver "github.com/df-mc/dragonfly/server"
	"github.com/df-mc/dragonfly/server/player"
	"riddlestone/overlay/pgstore"
)

// unloadedMessage is what a player whose saved data could not be read is told as they are turned away.
const unloadedMessage = "Your inventory and position could not be loaded just now. Nothing is lost: join again in a moment."

// dragonflyConfig opens what Dragonfly's configuration names (the world, the player data, the resources), as
// UserConfig.Config does, with one difference: with the PostgreSQL store ([Store] Kind = "postgres") and
// Players.SaveData on, the players' data is kept in that database (pgstore.PlayerStore), shared by every server of
// the network, instead of the players folder. A configuration Dragonfly refuses is its error (see configError);
// a database that cannot be reached is the store's, naming where it is. A player's save and load wait for a
// database that is away as a move's commit does, Store.LeaseSeconds, but at most 5 s for a save (the world waits
// for it) and 10 s for a load.
func dragonflyConfig(ctx context.Context, conf Config, log *slog.Logger) (dfserver.Config, error) {
	uc := conf.UserConfig
	postgres := conf.Store.Kind == storePostgres && uc.Players.SaveData
	if postgres {
		uc.Players.SaveData = false // no players folder: the data is in PostgreSQL
	}
	dfConf, err := uc.Config(log)
	if err != nil {
		closeProviders(dfConf, log)
		return dfConf, configError(conf, dfConf, err)
	}
	if !postgres {
		return dfConf, nil
	}
	ctx, cancel := context.WithTimeout(ctx, storeOpenTimeout)
	defer cancel()
	lease := time.Duration(conf.Store.LeaseSeconds) * time.Second
	ps, err := pgstore.OpenPlayers(ctx, conf.Store.URL, pgstore.PlayerOptions{
		Server:      holderName(conf.Network.Address),
		SaveTimeout: min(lease, pgstore.DefaultPlayerSaveTimeout),
		LoadTimeout: min(lease, pgstore.DefaultPlayerLoadTimeout),
		Log:         log,
	})
	if err != nil {
		closeProviders(dfConf, log)
		return dfConf, fmt.Errorf("players' data: %w", err)
	}
	dfConf.PlayerProvider = ps
	log.Info("players' data is kept in PostgreSQL, shared by the servers of the database", "url", hidePassword(conf.Store.URL))
	return dfConf, nil
}

// turnAwayUnloaded disconnects a player who joined without their saved data, which the player store could not
// read (the database did not answer in time), and reports whether it did: played on defaults, their session
// would be saved over their items. The store does not save that session either. It runs in the world
// transaction of the join.
func (s *Server) turnAwayUnloaded(p *player.Player) bool {
	ps := s.playerStore()
	if ps == nil || !ps.Unloaded(p.Inventory()) {
		return false
	}
	s.log.Warn("player turned away: their saved data could not be loaded", "name", p.Name(), "uuid", p.UUID())
	p.Disconnect(unloadedMessage)
	return true
}
