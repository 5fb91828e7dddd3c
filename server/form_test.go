package server_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/form"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
)

// recordingMenu is a menu whose buttons and close are recorded on events, as "submit <button>" and "close".
type recordingMenu struct {
	First, Second form.Button
	events        chan string
}

// Submit records the button pressed.
func (m recordingMenu) Submit(_ form.Submitter, pressed form.Button, _ *world.Tx) {
	m.events <- "submit " + pressed.Text
}

// Close records that the menu was closed.
func (m recordingMenu) Close(form.Submitter, *world.Tx) { m.events <- "close" }

// TestClosedMenuRunsNoAction answers menus as some clients do when the player closes one: with the JSON null.
// Dragonfly alone parsed that as button 0 and ran the first action; the menu must be closed instead, the
// client must stay connected, and a later answer must still work.
func TestClosedMenuRunsNoAction(t *testing.T) {
	srv := e2e.Start(t)
	bot := srv.Join(t, "Fay")
	ctx := timeout(t)
	events := make(chan string, 4)
	menu := recordingMenu{First: form.NewButton("Open the door", ""), Second: form.NewButton("Wait", ""), events: events}

	for _, null := range []string{"null", " null\n"} {
		id := sendForm(ctx, t, srv, bot, form.NewMenu(menu, "Door"))
		if err := bot.Conn().WritePacket(&packet.ModalFormResponse{FormID: id, ResponseData: protocol.Option([]byte(null))}); err != nil {
			t.Fatal(err)
		}
		if got := next(ctx, t, events); got != "close" {
			t.Fatalf("answer %q to a menu: %s, want close", null, got)
		}
	}

	// Still connected, and a real answer to a new menu works.
	id := sendForm(ctx, t, srv, bot, form.NewMenu(menu, "Door"))
	if err := bot.AnswerForm(id, 1); err != nil {
		t.Fatal(err)
	}
	if got := next(ctx, t, events); got != "submit Wait" {
		t.Fatalf("answer 1 to a menu: %s, want submit Wait", got)
	}
	if online := srv.Online(); len(online) != 1 {
		t.Errorf("online after the answers: %v", online)
	}
}

// sendForm shows f to the bot's player and returns the form's ID as the bot received it.
func sendForm(ctx context.Context, t *testing.T, srv *e2e.Server, bot *e2e.Bot, f form.Form) uint32 {
	t.Helper()
	h, ok := srv.Dragonfly().PlayerByName(bot.Name())
	if !ok {
		t.Fatalf("%s is not online", bot.Name())
	}
	mark := bot.Mark()
	if _, err := player.Call(ctx, h, func(_ *world.Tx, p *player.Player) (struct{}, error) {
		p.SendForm(f)
		return struct{}{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	req, err := e2e.Await[*packet.ModalFormRequest](ctx, bot, mark, nil)
	if err != nil {
		t.Fatalf("no form arrived: %v", err)
	}
	return req.FormID
}

// next waits for the next event.
func next(ctx context.Context, t *testing.T, events <-chan string) string {
	t.Helper()
	select {
	case e := <-events:
		return e
	case <-ctx.Done():
		t.Fatal(fmt.Errorf("no form event: %w", ctx.Err()))
		return ""
	}
}
