package e2e_test

import (
	"context"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/form"
	"github.com/df-mc/dragonfly/server/player/title"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// recorder is an extension that records what players do and reacts to a few chat words, so that the test can
// check each bot action against the server's view of it.
type recorder struct {
	mu     sync.Mutex
	events []string
}

// record notes an event. It runs in world transactions, so it must never block.
func (r *recorder) record(format string, a ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.events = append(r.events, fmt.Sprintf(format, a...))
}

// wait waits for an event equal to want.
func (r *recorder) wait(t *testing.T, want string) {
	t.Helper()
	for deadline := time.Now().Add(e2e.DefaultTimeout); time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		r.mu.Lock()
		found := slices.Contains(r.events, want)
		r.mu.Unlock()
		if found {
			return
		}
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	t.Fatalf("no event %q; events: %q", want, r.events)
}

func (r *recorder) attach(s *server.Server) error {
	s.OnJoin(func(p *player.Player) {
		_, _ = p.Inventory().AddItem(item.NewStack(item.Stick{}, 1).WithCustomName("Wand"))
		p.SendTitle(title.New("Welcome"))
	})
	s.WrapHandler(func(p *player.Player, next player.Handler) player.Handler {
		return &recordingHandler{Handler: next, r: r}
	})
	return nil
}

type recordingHandler struct {
	player.Handler
	r *recorder
}

func (h *recordingHandler) HandleChat(ctx *player.Context, msg *string) {
	h.r.record("chat %s %s", ctx.Player().Name(), *msg)
	if *msg == "form" {
		ctx.Player().SendForm(form.NewModal(confirm{Yes: form.YesButton(), No: form.NoButton(), r: h.r}, "Sure?"))
	}
	h.Handler.HandleChat(ctx, msg)
}

func (h *recordingHandler) HandleItemUseOnBlock(ctx *player.Context, pos cube.Pos, face cube.Face, click mgl64.Vec3) {
	held, _ := ctx.Player().HeldItems()
	h.r.record("use %s on block %v face %v holding %s", ctx.Player().Name(), pos, face, held.CustomName())
	h.Handler.HandleItemUseOnBlock(ctx, pos, face, click)
}

func (h *recordingHandler) HandleItemUseOnEntity(ctx *player.Context, e world.Entity) {
	h.r.record("use %s on %s", ctx.Player().Name(), e.(*player.Player).Name())
	h.Handler.HandleItemUseOnEntity(ctx, e)
}

func (h *recordingHandler) HandleAttackEntity(ctx *player.Context, e world.Entity, force, height *float64, critical *bool) {
	h.r.record("attack %s on %s", ctx.Player().Name(), e.(*player.Player).Name())
	ctx.Cancel()
}

func (h *recordingHandler) HandleMove(ctx *player.Context, pos mgl64.Vec3, rot cube.Rotation) {
	if pos.Sub(ctx.Player().Position()).Len() > 2 {
		h.r.record("move %s to %.0f,%.0f", ctx.Player().Name(), pos[0], pos[2])
	}
	h.Handler.HandleMove(ctx, pos, rot)
}

type confirm struct {
	Yes, No form.Button
	r       *recorder
}

func (c confirm) Submit(sub form.Submitter, pressed form.Button, tx *world.Tx) {
	c.r.record("form %s pressed %s", sub.(*player.Player).Name(), pressed.Text)
}

// TestBotActions checks each of the bot's actions against what the server saw.
func TestBotActions(t *testing.T) {
	rec := &recorder{}
	srv := e2e.Start(t, e2e.WithExtension(rec.attach))
	ann := srv.Join(t, "Ann")
	ben := srv.Join(t, "Ben")
	ctx, cancel := context.WithTimeout(context.Background(), e2e.DefaultTimeout)
	defer cancel()

	// Packets sent at join: the title, and the wand arriving in the inventory.
	if _, err := e2e.Await(ctx, ann, 0, func(pk *packet.SetTitle) bool { return pk.Text == "Welcome" }); err != nil {
		t.Errorf("title: %v", err)
	}
	wand := waitSlot(t, ann)

	if err := ann.Chat("hello"); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, "chat Ann hello")

	ground := cube.PosFromVec3(ann.Position()).Side(cube.FaceDown)
	if err := ann.UseItemOnBlock(ground, cube.FaceUp, wand); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, fmt.Sprintf("use Ann on block %v face %v holding Wand", ground, cube.FaceUp))

	if err := ann.Chat("form"); err != nil {
		t.Fatal(err)
	}
	req, err := e2e.Await(ctx, ann, 0, func(*packet.ModalFormRequest) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	if err := ann.AnswerForm(req.FormID, true); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, "form Ann pressed gui.yes")

	benActor, err := e2e.Await(ctx, ann, 0, func(pk *packet.AddPlayer) bool { return pk.Username == "Ben" })
	if err != nil {
		t.Fatal(err)
	}
	if err := ann.UseItemOnEntity(benActor.EntityRuntimeID, 0); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, "use Ann on Ben")
	if err := ann.AttackEntity(benActor.EntityRuntimeID, 0); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, "attack Ann on Ben")

	to := ben.Position().Add(mgl64.Vec3{5, 0, 5})
	if err := ben.MoveTo(to); err != nil {
		t.Fatal(err)
	}
	rec.wait(t, fmt.Sprintf("move Ben to %.0f,%.0f", to[0], to[2]))
}

// waitSlot waits until an item is in the bot's hotbar and returns its slot.
func waitSlot(t *testing.T, b *e2e.Bot) int {
	t.Helper()
	deadline := time.Now().Add(e2e.DefaultTimeout)
	for time.Now().Before(deadline) {
		for i, it := range b.Inventory(0) {
			if i < 9 && it.Stack.NetworkID != 0 {
				return i
			}
		}
		time.Sleep(20 * time.Millisecond)
	}
	t.Fatal("no item arrived in the hotbar")
	return 0
}
