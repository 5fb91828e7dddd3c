package server

import (
	"fmt"
	"path/filepath"
	"riddlestone/gamecheck"

	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay"
	"riddlestone/puzzle"
)

// mode reads the Mode setting.
func (p PuzzleSettings) mode() (puzzle.Mode, error) {
	switch p.Mode {
	case "tree", "":
		return puzzle.TreeRules, nil
	case "all":
		return puzzle.AllRules, nil
	}
	return 0, fmt.Errorf("%q is not a mode: use \"tree\" or \"all\"", p.Mode)
}

// entityRegistry is Dragonfly's entity registry with the overlay's NPC types, so that puzzle NPCs saved in chunks
// load again.
func entityRegistry() world.EntityRegistry {
	return entity.DefaultRegistry.Config().New(append(entity.DefaultRegistry.Types(), overlay.EntityTypes()...))
}

// Puzzles is the extension that lays the puzzles over the world: it loads the configured packs (a broken pack
// stops start-up with every problem as file:line:col: message), opens the overlay with the store [Store] names
// (LevelDB in the world folder, or PostgreSQL), and hooks it into joins, player handlers, commands and shutdown.
func Puzzles(s *Server) error {
	conf := s.Config()
	if len(conf.Riddlestone.Packs) == 0 {
		s.Log().Warn("no packs configured (Riddlestone.Packs): the world has no puzzles")
		return nil
	}
	pack, err := LoadPacks(conf.Riddlestone.Packs)
	if err != nil {
		return err
	}
	mode, _ := conf.Puzzles.mode() // checked with the config
	twoKeys := conf.Puzzles.TwoKeyPercent
	if twoKeys == 0 {
		twoKeys = -1 // the overlay reads 0 as its default
	}
	o, err := overlay.New(s.World(), overlay.Options{
		Pack:          pack,
		Seed:          s.Seed(),
		AreaSize:      conf.Puzzles.AreaSize,
		Mode:          mode,
		TwoKeyPercent: twoKeys,
		StoreDir:      filepath.Join(conf.World.Folder, "riddlestone"),
		OpenStore:     s.openStore(),
		IsAdmin:       s.IsAdmin,
		LoadPacks:     func() (*puzzle.Pack, error) { return LoadPacks(conf.Riddlestone.Packs) },
		ExportDir:     filepath.Join(conf.World.Folder, "riddlestone-exports"),
		ShowBlocks:    s.listener.showBlock,
		Changes:       s.changes,
		Cross:         s.cross,
		Log:           s.Log(),
	})
	if err != nil {
		return fmt.Errorf("puzzles: %w", err)
	}
	s.WrapHandler(o.Handler)
	s.OnJoin(o.Join)
	s.OnJoin(s.tellPaused)
	s.OnClose(o.Close)
	cmd.Register(cmd.New("puzzle", "Puzzles: status, hint, restart; admins: plan, reload, reroll, unlock, lock, tp, area, check, export", []string{"pz"}, puzzleCommands()...))
	o.Start()
	s.Log().Info("puzzles ready", "packs", conf.Riddlestone.Packs, "items", len(pack.Items), "rules", len(pack.Rules),
		"areaSize", conf.Puzzles.AreaSize, "mode", conf.Puzzles.Mode, "store", conf.Store.Kind)
	return nil
}

// LoadPacks loads packs layered in order and validates them; errors come back one a line as file:line:col:
// message, load errors and validation errors alike.
func LoadPacks(paths []string) (*puzzle.Pack, error) {
	pack, list := gamecheck.Load(paths...)
	if errs := list.Errors(); len(errs) > 0 {
		return nil, fmt.Errorf("packs %v:\n%w", paths, errs.Detailed())
	}
	return pack, nil
}
