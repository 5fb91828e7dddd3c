package server

import (
	"reflect"
	"sync"

	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay"
)

// puzzleCommands returns the overlay's /puzzle overloads with /puzzle status in storeStatusCmd, which adds the
// puzzle store's state for admins.
func puzzleCommands() []cmd.Runnable {
	rs := overlay.Commands()
	for i, r := range rs {
		if isBareSubCommand(r, "status") {
			overlayStatus.once.Do(func() { overlayStatus.r = r })
			rs[i] = storeStatusCmd{}
		}
	}
	return rs
}

// overlayStatus is the overlay's own /puzzle status, which storeStatusCmd runs first.
var overlayStatus struct {
	once sync.Once
	r    cmd.Runnable
}

// isBareSubCommand reports whether r is a command of the one subcommand name and no parameters.
func isBareSubCommand(r cmd.Runnable, name string) bool {
	t := reflect.TypeOf(r)
	if t.Kind() != reflect.Struct || t.NumField() != 1 {
		return false
	}
	f := t.Field(0)
	return f.Type == reflect.TypeFor[cmd.SubCommand]() && f.Tag.Get("cmd") == name
}

// storeStatusCmd is /puzzle status: the overlay's answer (the player's area, its state and neighbours), and for
// admins the puzzle store's state in words (storeView): its kind, whether the puzzles are paused, and who holds
// each lease at the last reading. It is one answer: nothing waits for the database.
type storeStatusCmd struct {
	Status cmd.SubCommand `cmd:"status"`
}

// Run ...
func (storeStatusCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	if overlayStatus.r != nil {
		overlayStatus.r.Run(src, out, tx)
	}
	s, ok := serverFor(src, tx)
	if !ok || !IsAdminSource(src) {
		return
	}
	for _, line := range s.storeView().Words() {
		out.Print(line)
	}
}
