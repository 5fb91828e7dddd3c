package e2e_test

import (
	"context"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"riddlestone/gamecheck"
	"riddlestone/internal/e2e"
	"riddlestone/puzzle"
)

// lookYard is a two-step puzzle whose steps change how a creature and a block look: the sheep is shorn, and its
// wool lights the campfire.
const lookYard = `items:
  Sheep:    {props: {sheared: false}, look: {entity: sheep, when: [{if: {sheared: true}, flags: [sheared]}]}}
  Campfire: {props: {lit: false}, look: {block: campfire, states: {extinguished: true}, when: [
              {if: {lit: true}, states: {extinguished: false}, sound: ignite}]}}
  Shears:   {props: {carryable: true}, look: {item: shears}}
  Wool:     {props: {carryable: true}, look: {item: white_wool}}
rules: |
  Wool Sheep[sheared: true] ::= Shear Sheep[sheared: false] Shears
  Campfire[lit: true] ::= Light Campfire[lit: false] Wool
areas:
  - {name: Yard, start: true, goals: ["Campfire[lit: true]"], minDepth: 2, maxDepth: 2}
`

// What a player saw happen stays as they saw it across a crash and a clean stop of the real program: a shorn sheep
// is still shorn after a SIGKILL right after the shearing, and after the campfire is lit and the program stops
// cleanly, both look as they did. The client knows only what it is sent.
func TestLooksSurviveKillAndStop(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times")
	}
	dir := t.TempDir()
	p := &program{t: t, config: writeProgramConfig(t, dir, lookYard)}
	pack, list := gamecheck.Load(filepath.Join(dir, "pack.yaml"))
	if len(list.Errors()) > 0 {
		t.Fatal(list)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
	defer cancel()
	p.start()
	h := e2e.NewHuman(p.bot)
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	area := activeArea(ctx, t, h)
	seen := map[string]planInput{}
	playUntil(ctx, t, h, pack, area, "Shear", seen)
	sheep := seen["Sheep"]
	mustSee(ctx, t, h, sheep, pack, puzzle.Props{"sheared": puzzle.Bool(true)}, "after shearing")

	p.stop(syscall.SIGKILL)
	p.start()
	h = e2e.NewHuman(p.bot)
	mustSee(ctx, t, h, sheep, pack, puzzle.Props{"sheared": puzzle.Bool(true)}, "after a SIGKILL")

	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	playUntil(ctx, t, h, pack, area, "Light", seen)
	fire := seen["Campfire"]
	mustSee(ctx, t, h, fire, pack, puzzle.Props{"lit": puzzle.Bool(true)}, "after lighting")

	p.stop(syscall.SIGTERM)
	p.start()
	h = e2e.NewHuman(p.bot)
	mustSee(ctx, t, h, fire, pack, puzzle.Props{"lit": puzzle.Bool(true)}, "after a clean stop")
	mustSee(ctx, t, h, sheep, pack, puzzle.Props{"sheared": puzzle.Bool(true)}, "after a clean stop")
}

// playUntil plays an area's plan as a player would up to and including the first step of an action, noting the
// inputs each step names by item.
func playUntil(ctx context.Context, t *testing.T, h *e2e.Human, pack *puzzle.Pack, area, action string, seen map[string]planInput) {
	t.Helper()
	for i := 0; i < 10; i++ {
		s, ok := firstStep(t, h, area)
		if !ok {
			t.Fatalf("the plan of %s ended before a step to %s", area, action)
		}
		for _, in := range s.inputs {
			if in.place == "block" || in.place == "entity" {
				seen[in.item] = in
			}
		}
		playStep(ctx, t, h, s)
		if s.action == action {
			return
		}
	}
	t.Fatalf("no step to %s in 10", action)
}

// mustSee fails the test unless the client sees, within 30 s, the object at in's place as the pack's look of the
// item with props over its own.
func mustSee(ctx context.Context, t *testing.T, h *e2e.Human, in planInput, pack *puzzle.Pack, props puzzle.Props, when string) {
	t.Helper()
	it := pack.Items[in.item]
	want := gamecheck.Default().Shown(it, it.Props.With(props))
	deadline := time.Now().Add(30 * time.Second)
	for !looksAs(h, in.pos, want) {
		if time.Now().After(deadline) || ctx.Err() != nil {
			b, _ := h.BlockAt(in.pos)
			e, _ := entityNear(h, in.pos, false)
			t.Fatalf("%s, the %s at %v does not look %s: the client sees block %v, entity %+v",
				when, strings.ToLower(in.item), in.pos, puzzle.StateText(props), b, e)
		}
		time.Sleep(100 * time.Millisecond)
	}
}
