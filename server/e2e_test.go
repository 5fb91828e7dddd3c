package server_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// gameModeSurvival is the protocol's number for survival mode (creative is 1).
const gameModeSurvival = 0

func timeout(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), e2e.DefaultTimeout)
	t.Cleanup(cancel)
	return ctx
}

// blockAt reads a block of a running server's overworld.
func blockAt(t *testing.T, srv *e2e.Server, pos cube.Pos) world.Block {
	t.Helper()
	b, err := world.Call(timeout(t), srv.World(), func(tx *world.Tx) (world.Block, error) { return tx.Block(pos), nil })
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestJoinPlayQuitAndReopenWorld(t *testing.T) {
	// A fixed seed whose spawn is on dry land: with a random one the broken block may sit by water, which flows in.
	srv := e2e.Start(t, e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.OfflineAdmins = []string{"Alice"}
		c.Riddlestone.Seed = 42
	}))
	bot := srv.Join(t, "Alice")
	ctx := timeout(t)

	// Spawned in survival, on the surface: solid ground under the feet, air for the body.
	if gm := bot.GameData().PlayerGameMode; gm != gameModeSurvival {
		t.Errorf("player game mode = %d, want survival (%d)", gm, gameModeSurvival)
	}
	feet := bot.Position()
	feetPos := cube.PosFromVec3(feet)
	if _, solid := blockAt(t, srv, feetPos.Side(cube.FaceDown)).Model().(model.Solid); !solid {
		t.Errorf("spawned at %v over %T, want solid ground", feet, blockAt(t, srv, feetPos.Side(cube.FaceDown)))
	}
	for _, p := range []cube.Pos{feetPos, feetPos.Side(cube.FaceUp)} {
		// Air, or a plant without a collision box (grass, flowers, sugar cane); never water.
		b := blockAt(t, srv, p)
		if _, empty := b.Model().(model.Empty); !empty {
			t.Errorf("spawned inside %T at %v", b, p)
		}
		if _, water := b.(block.Water); water {
			t.Errorf("spawned in water at %v", p)
		}
	}
	if srv.World().Spawn() != feetPos {
		t.Errorf("spawned at %v, world spawn %v", feetPos, srv.World().Spawn())
	}
	if err := bot.WaitChunks(ctx, 9); err != nil {
		t.Fatalf("chunks: %v (got %d)", err, bot.Chunks())
	}

	// Commands run and their output comes back.
	out, err := bot.Command("/seed")
	if err != nil {
		t.Fatal(err)
	}
	if want := "Seed: " + strconv.FormatInt(srv.Seed(), 10); !out.Success || out.String() != want {
		t.Errorf("/seed = %+v, want %q", out, want)
	}
	out, err = bot.Command("/list")
	if err != nil {
		t.Fatal(err)
	}
	if !out.Success || out.String() != "1 player online: Alice (1.26.45)" {
		t.Errorf("/list = %q", out)
	}

	// Break a block of the ground next to the spawn: the client is told, and the change must survive a restart.
	broken := groundNear(t, srv, feetPos)
	mark := bot.Mark()
	if err := bot.BreakBlock(broken); err != nil {
		t.Fatal(err)
	}
	if _, err := e2e.Await(ctx, bot, mark, func(pk *packet.UpdateBlock) bool {
		return pk.Position.X() == int32(broken.X()) && pk.Position.Y() == int32(broken.Y()) && pk.Position.Z() == int32(broken.Z())
	}); err != nil {
		t.Fatalf("no UpdateBlock for the broken block: %v", err)
	}
	if b := blockAt(t, srv, broken); b != (block.Air{}) {
		t.Fatalf("broken block is %T", b)
	}

	if err := bot.Close(); err != nil {
		t.Fatal(err)
	}
	waitFor(t, "player to leave", func() bool { return srv.Dragonfly().PlayerCount() == 0 })
	seed, spawn := srv.Seed(), srv.World().Spawn()
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}

	// The world folder reopens with its data: the seed, the spawn, the broken block.
	again := e2e.Start(t, e2e.WithDir(srv.Dir))
	if again.Seed() != seed {
		t.Errorf("seed after restart = %d, want %d", again.Seed(), seed)
	}
	if got := again.World().Spawn(); got != spawn {
		t.Errorf("spawn after restart = %v, want %v", got, spawn)
	}
	if b := blockAt(t, again, broken); b != (block.Air{}) {
		t.Errorf("broken block came back as %T after restart", b)
	}
	back := again.Join(t, "Alice")
	if gm := back.GameData().PlayerGameMode; gm != gameModeSurvival {
		t.Errorf("returning player game mode = %d", gm)
	}
}

func TestTwoBotsSeeEachOther(t *testing.T) {
	srv := e2e.Start(t)
	ctx := timeout(t)
	alice := srv.Join(t, "Alice")
	bob := srv.Join(t, "Bob")
	for _, w := range []struct {
		bot  *e2e.Bot
		name string
	}{{alice, "Bob"}, {bob, "Alice"}} {
		if err := w.bot.WaitPlayer(ctx, w.name); err != nil {
			t.Errorf("%s did not see %s in the player list: %v", w.bot.Name(), w.name, err)
		}
		if _, err := e2e.Await(ctx, w.bot, 0, func(pk *packet.AddPlayer) bool { return pk.Username == w.name }); err != nil {
			t.Errorf("%s did not see %s appear: %v", w.bot.Name(), w.name, err)
		}
	}
	// Alice sees Bob's join message.
	if _, err := e2e.Await(ctx, alice, 0, func(pk *packet.Text) bool {
		return strings.Contains(pk.Message, "joined") && len(pk.Parameters) > 0 && pk.Parameters[0] == "Bob"
	}); err != nil {
		t.Errorf("no join message for Bob: %v", err)
	}
	out, err := bob.Command("/list")
	if err != nil || out.String() != "2 players online: Alice (1.26.45), Bob (1.26.45)" {
		t.Errorf("/list = %q, %v", out, err)
	}
	// With authentication off and no OfflineAdmins nobody is an admin: /seed is refused.
	out, err = bob.Command("/seed")
	if err != nil {
		t.Fatal(err)
	}
	if out.Success || strings.Contains(out.String(), "Seed:") {
		t.Errorf("a non-admin ran /seed: %q", out)
	}
}

func TestConsoleCommandsAndStop(t *testing.T) {
	srv := e2e.Start(t)
	bot := srv.Join(t, "Carol")
	if got := srv.Console(t, "list"); got != "1 player online: Carol (1.26.45)\n" {
		t.Errorf("console list = %q", got)
	}
	if got := srv.Console(t, "/seed"); got != "Seed: "+strconv.FormatInt(srv.Seed(), 10)+"\n" {
		t.Errorf("console seed = %q", got)
	}
	if got := srv.Console(t, "nonsense"); !strings.Contains(got, `Unknown command "nonsense"`) {
		t.Errorf("console unknown = %q", got)
	}
	if got := srv.Console(t, "help"); !strings.Contains(got, "/stop:") || !strings.Contains(got, "/list:") {
		t.Errorf("console help = %q", got)
	}
	srv.Console(t, "stop")
	select {
	case <-srv.Done():
	case <-time.After(e2e.DefaultTimeout):
		t.Fatal("stop did not stop the server")
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
	// Dragonfly disconnected the player on the way down (whether the bot hears of it at once is up to RakNet).
	if online := srv.Online(); len(online) != 0 {
		t.Errorf("players still online after stop: %v", online)
	}
	_ = bot
}

func TestAdminStopsServerFromGame(t *testing.T) {
	srv := e2e.Start(t, e2e.WithConfig(func(c *server.Config) { c.Riddlestone.OfflineAdmins = []string{"Dave"} }))
	bot := srv.Join(t, "Dave")
	if err := bot.SendCommand("/stop"); err != nil {
		t.Fatal(err)
	}
	select {
	case <-srv.Done():
	case <-time.After(e2e.DefaultTimeout):
		t.Fatal("/stop from an admin did not stop the server")
	}
	if err := srv.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestGameModeFromConfigAtEveryJoin(t *testing.T) {
	srv := e2e.Start(t)
	bot := srv.Join(t, "Eve")
	if gm := gameModeOf(t, srv, "Eve"); gm != world.GameModeSurvival {
		t.Errorf("game mode = %T, want survival", gm)
	}
	_ = bot.Close()
	waitFor(t, "Eve to leave", func() bool { return len(srv.Online()) == 0 })
	_ = srv.Close()

	// The same player, saved in survival, returns to the world now set to adventure.
	adventure := e2e.Start(t, e2e.WithDir(srv.Dir), e2e.WithConfig(func(c *server.Config) { c.Riddlestone.GameMode = "adventure" }))
	adventure.Join(t, "Eve")
	if gm := gameModeOf(t, adventure, "Eve"); gm != world.GameModeAdventure {
		t.Errorf("returning player's game mode = %T, want adventure", gm)
	}
}

// gameModeOf reads an online player's game mode on the server. (Dragonfly sends adventure as survival on the
// wire, with abilities that forbid building, so the client's view cannot tell them apart.)
func gameModeOf(t *testing.T, srv *e2e.Server, name string) world.GameMode {
	t.Helper()
	h, ok := srv.Dragonfly().PlayerByName(name)
	if !ok {
		t.Fatalf("%s is not online", name)
	}
	gm, err := player.Call(timeout(t), h, func(_ *world.Tx, p *player.Player) (world.GameMode, error) { return p.GameMode(), nil })
	if err != nil {
		t.Fatal(err)
	}
	return gm
}

// groundNear returns a solid block with no solid block above it, in a column near feet but not feet's own, and
// within reach: the ground, under any leaves or plants.
func groundNear(t *testing.T, srv *e2e.Server, feet cube.Pos) cube.Pos {
	t.Helper()
	solid := func(tx *world.Tx, p cube.Pos) bool { _, ok := tx.Block(p).Model().(model.Solid); return ok }
	pos, err := world.Call(timeout(t), srv.World(), func(tx *world.Tx) (cube.Pos, error) {
		for r := 1; r <= 3; r++ {
			for dx := -r; dx <= r; dx++ {
				for dz := -r; dz <= r; dz++ {
					for y := feet.Y() + 2; y >= feet.Y()-4; y-- {
						p := cube.Pos{feet.X() + dx, y, feet.Z() + dz}
						if solid(tx, p) && !solid(tx, p.Side(cube.FaceUp)) {
							return p, nil
						}
					}
				}
			}
		}
		return cube.Pos{}, fmt.Errorf("no solid ground within reach around %v (seed %d)", feet, srv.Seed())
	})
	if err != nil {
		t.Fatal(err)
	}
	return pos
}

func waitFor(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(e2e.DefaultTimeout)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("timed out waiting for %s", what)
		}
		time.Sleep(20 * time.Millisecond)
	}
}
