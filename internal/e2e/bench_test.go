package e2e_test

import (
	"context"
	"fmt"
	"testing"

	"riddlestone/internal/e2e"
)

// BenchmarkJoin measures a bot joining a running server over loopback until it has spawned, then leaving. It
// includes the bot's handshake delay (see handshakeNetwork), which is most of the time on an idle machine.
func BenchmarkJoin(b *testing.B) {
	srv := e2e.Start(b)
	ctx := context.Background()
	for i := 0; b.Loop(); i++ {
		bot, err := e2e.Dial(ctx, srv.Addr, fmt.Sprintf("b%d", i))
		if err != nil {
			b.Fatal(err)
		}
		_ = bot.Close()
	}
}

// BenchmarkCommand measures a command's round trip: CommandRequest from a bot to CommandOutput back.
func BenchmarkCommand(b *testing.B) {
	srv := e2e.Start(b)
	bot := srv.Join(b, "Bench")
	for b.Loop() {
		if _, err := bot.Command("/list"); err != nil {
			b.Fatal(err)
		}
	}
}
