package server

import (
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
)

// commandList returns the commands every Riddlestone server registers. Add new commands (such as /puzzle) here.
// Dragonfly keeps commands in one global registry, so a command finds its server through serverFor.
func commandList() []cmd.Command {
	return []cmd.Command{
		cmd.New("stop", "Save the world and player data and stop the server (admins)", nil, stopCommand{}),
		cmd.New("seed", "Show the world's terrain seed (admins)", nil, seedCommand{}),
		cmd.New("list", "List the players online", nil, listCommand{}),
		cmd.New("help", "List the commands you can use", []string{"?"}, helpCommand{}),
	}
}

// registerCommands registers commandList with Dragonfly. Registering again replaces the same commands.
func registerCommands() {
	for _, c := range commandList() {
		cmd.Register(c)
	}
}

// serverFor returns the server a command runs on: the console's, the player's, or the one owning tx's world.
func serverFor(src cmd.Source, tx *world.Tx) (*Server, bool) {
	switch src := src.(type) {
	case *consoleSource:
		return src.s, true
	case *player.Player:
		if s, ok := serverOfPlayer(src); ok {
			return s, true
		}
	}
	if tx != nil {
		return serverOfWorld(tx.World())
	}
	return nil, false
}

// IsAdminSource reports whether a command source is an admin: the console always, a player per Server.IsAdmin.
func IsAdminSource(src cmd.Source) bool {
	switch src := src.(type) {
	case *consoleSource:
		return true
	case *player.Player:
		s, ok := serverOfPlayer(src)
		return ok && s.IsAdmin(src)
	}
	return false
}

// AdminOnly, embedded in a command's Runnable, limits the command to admins: others neither see nor run it.
type AdminOnly struct{}

// Allow implements cmd.Allower.
func (AdminOnly) Allow(src cmd.Source) bool { return IsAdminSource(src) }

// stopCommand is /stop.
type stopCommand struct{ AdminOnly }

// Run asks the server to shut down gracefully.
func (stopCommand) Run(src cmd.Source, o *cmd.Output, tx *world.Tx) {
	s, ok := serverFor(src, tx)
	if !ok {
		o.Errorf("no server to stop")
		return
	}
	o.Print("Stopping the server: saving the world and player data")
	s.Stop()
}

// seedCommand is /seed.
type seedCommand struct{ AdminOnly }

// Run prints the seed.
func (seedCommand) Run(src cmd.Source, o *cmd.Output, tx *world.Tx) {
	s, ok := serverFor(src, tx)
	if !ok {
		o.Errorf("no server")
		return
	}
	o.Printf("Seed: %d", s.Seed())
}

// listCommand is /list.
type listCommand struct{}

// Run prints the players online, each with their client's version: "2 players online: Ann (1.26.45), Bob
// (1.26.60)". It reads the server's roster rather than Dragonfly's Server.Players, which blocks on players
// that are still joining and would stall the world.
func (listCommand) Run(src cmd.Source, o *cmd.Output, tx *world.Tx) {
	s, ok := serverFor(src, tx)
	if !ok {
		o.Errorf("no server")
		return
	}
	var names []string
	for _, p := range s.OnlinePlayers() {
		names = append(names, p.Name+" ("+p.Version+")")
	}
	switch len(names) {
	case 0:
		o.Printf("No players online.")
	case 1:
		o.Printf("1 player online: %s", names[0])
	default:
		o.Printf("%d players online: %s", len(names), strings.Join(names, ", "))
	}
}

// helpCommand is /help.
type helpCommand struct{}

// Run lists the commands src may run, with their descriptions.
func (helpCommand) Run(src cmd.Source, o *cmd.Output, tx *world.Tx) {
	seen := map[string]bool{}
	var lines []string
	for _, c := range cmd.Commands() {
		if seen[c.Name()] || len(c.Runnables(src)) == 0 {
			continue
		}
		seen[c.Name()] = true
		lines = append(lines, "/"+c.Name()+": "+c.Description())
	}
	slices.Sort(lines)
	for _, l := range lines {
		o.Print(l)
	}
}
