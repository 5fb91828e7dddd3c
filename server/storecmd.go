package server

import (
	"context"
	"reflect"
	"runtime/debug"
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/player"
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
// each lease. The leases are read from the database off the world goroutine, so those lines come a moment later.
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
	s.outputLater(src, func(out *cmd.Output) {
		ctx, cancel := context.WithTimeout(context.Background(), storeWordsTimeout)
		defer cancel()
		for _, line := range s.storeView(ctx).Words() {
			out.Print(line)
		}
	})
}

// storeWordsTimeout bounds reading the leases for /puzzle status.
const storeWordsTimeout = 3 * time.Second

// outputLater runs f off the world goroutine and sends what it writes to src: through the console, which prints
// it before its line is done, or to a player still online. Other sources get nothing.
func (s *Server) outputLater(src cmd.Source, f func(out *cmd.Output)) {
	if c, ok := src.(*consoleSource); ok {
		c.Later(f)
		return
	}
	p, ok := src.(*player.Player)
	if !ok {
		return
	}
	h := p.H()
	go func() {
		defer func() {
			if r := recover(); r != nil {
				s.log.Error("/puzzle status: reading the puzzle store panicked", "panic", r, "stack", string(debug.Stack()))
			}
		}()
		var out cmd.Output
		f(&out)
		s.World().Do(func(tx *world.Tx) {
			if e, ok := h.Entity(tx); ok {
				if p, ok := e.(*player.Player); ok {
					p.SendCommandOutput(&out)
				}
			}
		})
	}()
}
