package e2e_test

import (
	"context"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// crateYard is a small pack: the start area's puzzle is to pick up a key and open a crate with it; the areas
// around have the same kind of puzzle.
const crateYard = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], maxDepth: 1, connects: [Field]}
  - {name: Field, goals: ["Crate[open_bit: true]"], maxDepth: 1, minDistance: 1}
`

// guardYard asks a guard (an NPC) for the key first, then opens the crate with it: a puzzle with a step on a block
// and one on an entity.
const guardYard = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
  Guard: {look: {entity: villager_v2}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
  Key Guard ::= Ask Guard
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], minDepth: 2, maxDepth: 2, connects: [Field]}
  - {name: Field, goals: ["Crate[open_bit: true]"], maxDepth: 2, minDistance: 1}
`

// puzzleServer starts a server with the puzzle overlay over crateYard, areas of two chunks, and Admin as an
// offline admin.
func puzzleServer(t *testing.T, opts ...e2e.Option) *e2e.Server {
	t.Helper()
	return puzzleServerWith(t, crateYard, opts...)
}

// puzzleServerWith is puzzleServer with another pack.
func puzzleServerWith(t *testing.T, src string, opts ...e2e.Option) *e2e.Server {
	t.Helper()
	pack := filepath.Join(t.TempDir(), "yard.yaml")
	if err := os.WriteFile(pack, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return e2e.Start(t, append([]e2e.Option{
		e2e.WithExtension(server.Puzzles),
		e2e.WithConfig(func(c *server.Config) {
			c.Riddlestone.Seed = 42 // a fixed world, so that a failure can be reproduced
			c.Riddlestone.Packs = []string{pack}
			c.Riddlestone.OfflineAdmins = []string{"Admin"}
			c.Puzzles.AreaSize = 2
			c.Puzzles.TwoKeyPercent = 0
		}),
	}, opts...)...)
}

// step is a line of /puzzle plan: "2. Open: Crate #11 block at 5,70,2; Key #12 from step 1".
type step struct {
	action string
	item   string
	place  string // "block", "entity", "held" or "from"
	pos    cube.Pos
	hand   int // the object of an input held by a player, to use the step with; 0 for an empty hand
}

// heldInput finds the first input of a plan line that a player holds: "Key #12 held by ...".
var heldInput = regexp.MustCompile(`\w+ #(\d+) held by`)

// handSlot returns the hotbar slot a bot uses a step's thing with: the one holding the step's carried input, or
// one holding no puzzle item.
func handSlot(t *testing.T, b *e2e.Bot, s step) int {
	t.Helper()
	if s.hand == 0 {
		return b.EmptyHotbarSlot()
	}
	slot, ok := b.HotbarSlotOf(s.hand)
	if !ok {
		t.Fatalf("%s: object #%d is not in the hotbar", s.action, s.hand)
	}
	return slot
}

// keyPlace finds where the plan says a key lies on the ground.
var keyPlace = regexp.MustCompile(`Key #\d+ entity at ([-\d]+,[-\d]+,[-\d]+)`)

// parsePos reads "x,y,z".
func parsePos(s string) cube.Pos {
	var xyz []int
	for _, f := range strings.Split(s, ",") {
		n, _ := strconv.Atoi(f)
		xyz = append(xyz, n)
	}
	return cube.Pos{xyz[0], xyz[1], xyz[2]}
}

var stepLine = regexp.MustCompile(`^\d+\. (\w+): (\w+) #\d+ (block at|entity at|held by|from step) ?([-\d,]*)`)

// plan asks for the plan of the bot's area and parses its first step; ok is false when the area has no steps left.
func plan(t *testing.T, b *e2e.Bot) (step, bool) {
	t.Helper()
	out, err := b.Command("/puzzle plan")
	if err != nil {
		t.Fatal(err)
	}
	if !out.Success {
		t.Logf("/puzzle plan: %s", out)
		return step{}, false
	}
	for _, l := range out.Lines {
		m := stepLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		s := step{action: m[1], item: m[2], place: strings.Fields(m[3])[0]}
		if s.place == "block" || s.place == "entity" {
			s.pos = parsePos(m[4])
		}
		if h := heldInput.FindStringSubmatch(l); h != nil {
			s.hand, _ = strconv.Atoi(h[1])
		}
		return s, true
	}
	t.Logf("/puzzle plan has no step: %q", out.Lines)
	return step{}, false
}

// follow makes the bot carry out one step of the plan: walking over an item to pick it up, or using its held item
// on the block and choosing the action in the menu.
func follow(t *testing.T, b *e2e.Bot, s step) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	switch {
	case s.action == "PickUp":
		if err := b.MoveTo(s.pos.Vec3Middle().Sub(mgl64.Vec3{0, 0.5, 0})); err != nil {
			t.Fatal(err)
		}
		for {
			if next, ok := plan(t, b); !ok || next != s {
				return
			}
			select {
			case <-ctx.Done():
				t.Fatalf("walking over %s at %v did not pick it up", s.item, s.pos)
			case <-time.After(200 * time.Millisecond):
				_ = b.MoveTo(s.pos.Vec3Middle().Sub(mgl64.Vec3{0, 0.5, 0}))
			}
		}
	case s.place == "entity":
		// A person: find the entity the server showed at that place, and use the held item on it.
		if err := b.MoveTo(s.pos.Vec3Middle().Add(mgl64.Vec3{0, -0.5, 2})); err != nil {
			t.Fatal(err)
		}
		near := func(a *packet.AddActor) bool {
			d := vec64(a.Position).Sub(s.pos.Vec3Middle())
			return math.Abs(d[0]) < 1 && math.Abs(d[2]) < 1 && math.Abs(d[1]) < 2
		}
		var rid uint64 // the last entity shown there, or the next (a bot just joined is shown it after its chunks)
		for _, a := range e2e.Received[*packet.AddActor](b) {
			if near(a) {
				rid = a.EntityRuntimeID
			}
		}
		if rid == 0 {
			pk, err := b.WaitFor(ctx, func(pk packet.Packet) bool { a, ok := pk.(*packet.AddActor); return ok && near(a) })
			if err != nil {
				t.Fatalf("no entity shown at %v for %s: %v", s.pos, s.item, err)
			}
			rid = pk.(*packet.AddActor).EntityRuntimeID
		}
		mark := b.Mark()
		if err := b.UseItemOnEntity(rid, handSlot(t, b, s)); err != nil {
			t.Fatal(err)
		}
		form, err := e2e.Await(ctx, b, mark, func(*packet.ModalFormRequest) bool { return true })
		if err != nil {
			t.Fatalf("using an item on %s at %v opened no menu: %v", s.item, s.pos, err)
		}
		choose(t, b, form, s.action)
		awaitDone(ctx, t, b, mark, s)
	case s.place == "block":
		if err := b.MoveTo(s.pos.Vec3Middle().Add(mgl64.Vec3{0, 0.5, 2})); err != nil {
			t.Fatal(err)
		}
		mark := b.Mark()
		if err := b.UseItemOnBlock(s.pos, cube.FaceUp, handSlot(t, b, s)); err != nil {
			t.Fatal(err)
		}
		form, err := e2e.Await(ctx, b, mark, func(*packet.ModalFormRequest) bool { return true })
		if err != nil {
			t.Fatalf("using an item on %s at %v opened no menu: %v", s.item, s.pos, err)
		}
		choose(t, b, form, s.action)
		awaitDone(ctx, t, b, mark, s)
	default:
		t.Fatalf("the test bot cannot follow %+v", s)
	}
}

// awaitDone waits for the message that a step is done: the server says so once the store has it, as a player
// would read it in the chat.
func awaitDone(ctx context.Context, t *testing.T, b *e2e.Bot, mark int, s step) {
	t.Helper()
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, s.action+"§r done") }); err != nil {
		t.Fatalf("%s on %s at %v: no word that it was done: %v", s.action, s.item, s.pos, err)
	}
}

// flat folds text for comparing an action as players read it ("Chop down") with the rule's ("ChopDown").
func flat(s string) string { return strings.ToLower(strings.ReplaceAll(s, " ", "")) }

// choose answers a menu with the button whose text starts with the action.
func choose(t *testing.T, b *e2e.Bot, form *packet.ModalFormRequest, action string) {
	t.Helper()
	var menu struct {
		Title   string `json:"title"`
		Buttons []struct {
			Text string `json:"text"`
		} `json:"elements"`
	}
	if err := json.Unmarshal(form.FormData, &menu); err != nil {
		t.Fatalf("menu %s: %v", form.FormData, err)
	}
	for i, btn := range menu.Buttons {
		if strings.HasPrefix(flat(btn.Text), flat(action)) {
			if err := b.AnswerForm(form.FormID, i); err != nil {
				t.Fatal(err)
			}
			return
		}
	}
	t.Fatalf("menu %q has no button for %s: %s", menu.Title, action, form.FormData)
}

// A bot reads /puzzle status, follows /puzzle plan to solve the start area with ordinary actions (walking over a
// puzzle item, using it on a puzzle block, choosing the action in the menu), and sees a neighbour unlock.
func TestBotSolvesTheStartArea(t *testing.T) {
	srv := puzzleServerWith(t, guardYard)
	b := srv.Join(t, "Admin")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := b.WaitChunks(ctx, 4); err != nil {
		t.Fatal(err)
	}
	// The start area opens as the server starts; give it a moment on a busy machine.
	var status e2e.Output
	for {
		var err error
		if status, err = b.Command("/puzzle status"); err != nil {
			t.Fatal(err)
		}
		if strings.Contains(status.String(), "active") || ctx.Err() != nil {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if !strings.Contains(status.String(), "Goal: an open crate") || !strings.Contains(status.String(), "0/2 steps") {
		t.Fatalf("/puzzle status:\n%s", status)
	}
	// The boss bar names the area and its progress.
	if _, err := e2e.Await(ctx, b, 0, func(pk *packet.BossEvent) bool { return strings.Contains(pk.BossBarTitle, "Area ") }); err != nil {
		t.Errorf("no boss bar for the area: %v", err)
	}
	mark := b.Mark()
	for i := 0; ; i++ {
		s, ok := plan(t, b)
		if !ok {
			break
		}
		if i > 10 {
			t.Fatalf("still not solved after %d steps; next %+v", i, s)
		}
		follow(t, b, s)
	}
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "solved") }); err != nil {
		t.Fatalf("no title saying the area is solved: %v", err)
	}
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "unlocked") }); err != nil {
		t.Fatalf("no title saying a neighbour unlocked: %v", err)
	}
	status, _ = b.Command("/puzzle status")
	if !strings.Contains(status.String(), "solved") || !strings.Contains(status.String(), ": active") {
		t.Errorf("/puzzle status after solving:\n%s", status)
	}
	// Players read words, never engine syntax: no brackets or engine-only properties in anything shown to them.
	for _, text := range playerTexts(b) {
		for _, bad := range []string{"[", "notSpawnable", "carryable", "open_bit"} {
			if strings.Contains(text, bad) {
				t.Errorf("the player was shown %q (%q)", text, bad)
			}
		}
	}
}

// Hints escalate: what to look for, then where it is (a direction and distance that point at the object the plan
// names), then the step itself.
func TestHintsPointTheWay(t *testing.T) {
	srv := puzzleServerWith(t, guardYard)
	b := srv.Join(t, "Admin")
	s, ok := plan(t, b)
	for deadline := time.Now().Add(time.Minute); !ok && time.Now().Before(deadline); s, ok = plan(t, b) {
		time.Sleep(200 * time.Millisecond)
	}
	if !ok || s.place != "entity" && s.place != "block" {
		t.Fatalf("first step %+v", s)
	}
	var hints []string
	for range 3 {
		out, err := b.Command("/puzzle hint")
		if err != nil {
			t.Fatal(err)
		}
		hints = append(hints, out.String())
	}
	if !strings.Contains(hints[0], "You will need") || !strings.Contains(hints[2], "Next:") {
		t.Errorf("hints do not escalate:\n%s", strings.Join(hints, "\n"))
	}
	m := regexp.MustCompile(`(\d+) blocks to the ([a-z-]+)`).FindStringSubmatch(hints[1])
	if m == nil {
		t.Fatalf("the second hint names no place: %s", hints[1])
	}
	d := s.pos.Vec3Centre().Sub(b.Position())
	if dist, _ := strconv.Atoi(m[1]); math.Abs(float64(dist)-math.Hypot(d[0], d[2])) > 1.5 {
		t.Errorf("hint says %s blocks; the object is %.1f away", m[1], math.Hypot(d[0], d[2]))
	}
	dir := map[string][2]float64{"north": {0, -1}, "south": {0, 1}, "east": {1, 0}, "west": {-1, 0},
		"north-east": {1, -1}, "north-west": {-1, -1}, "south-east": {1, 1}, "south-west": {-1, 1}}[m[2]]
	if cos := (dir[0]*d[0] + dir[1]*d[2]) / math.Hypot(dir[0], dir[1]) / math.Hypot(d[0], d[2]); cos < math.Cos(math.Pi/8)-0.01 {
		t.Errorf("hint says %s; the object is at %v from the player", m[2], d)
	}
}

// A new player is welcomed (a title and two lines) and given the guide book, whose second page says the area's
// goal in words; a player coming back is not welcomed again and keeps one book.
func TestNewPlayersGetAWelcomeAndTheGuide(t *testing.T) {
	srv := puzzleServer(t)
	b := srv.Join(t, "Newcomer")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := e2e.Await(ctx, b, 0, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "Welcome") }); err != nil {
		t.Fatalf("no welcome title: %v", err)
	}
	if _, err := e2e.Await(ctx, b, 0, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "/puzzle hint") }); err != nil {
		t.Errorf("the welcome does not say how to get hints: %v", err)
	}
	if _, err := b.WaitFor(ctx, func(packet.Packet) bool { return strings.Contains(guideText(b), "your goal is an open crate") }); err != nil {
		t.Fatalf("no guide book saying the goal (%q): %v", guideText(b), err)
	}
	_ = b.Close()
	b = srv.Join(t, "Newcomer")
	if _, err := b.WaitFor(ctx, func(packet.Packet) bool { return guideText(b) != "" }); err != nil {
		t.Fatalf("the returning player has no guide: %v", err)
	}
	for _, pk := range e2e.Received[*packet.SetTitle](b) {
		if strings.Contains(pk.Text, "Welcome") {
			t.Error("a returning player was welcomed again")
		}
	}
}

// guideText returns the pages of the guide book a bot holds, joined, or "" when it holds none.
func guideText(b *e2e.Bot) string {
	for _, it := range b.Inventory(protocol.WindowIDInventory) {
		if title, _ := it.Stack.NBTData["title"].(string); title == "Guide" {
			var text []string
			pages, _ := it.Stack.NBTData["pages"].([]any)
			for _, pg := range pages {
				if m, ok := pg.(map[string]any); ok {
					s, _ := m["text"].(string)
					text = append(text, s)
				}
			}
			return strings.Join(text, "\n")
		}
	}
	return ""
}

// playerTexts lists what a player was shown as text, apart from admin command output: chat, titles, boss bars
// and forms.
func playerTexts(b *e2e.Bot) []string {
	var out []string
	for _, pk := range b.Packets() {
		switch pk := pk.(type) {
		case *packet.Text:
			out = append(out, pk.Message)
		case *packet.SetTitle:
			out = append(out, pk.Text)
		case *packet.BossEvent:
			out = append(out, pk.BossBarTitle)
		case *packet.ModalFormRequest:
			var form struct {
				Title, Content string
				Elements       []struct{ Text string }
			}
			_ = json.Unmarshal(pk.FormData, &form)
			out = append(out, form.Title, form.Content)
			for _, e := range form.Elements {
				out = append(out, e.Text)
			}
		}
	}
	return out
}

// Bad input breaks nothing: a click on a block that is no puzzle opens no menu, a menu answered after the puzzle
// changed is refused with a message, an answer to a form never sent drops only that client, and plans are for
// admins only.
func TestBadInputBreaksNothing(t *testing.T) {
	srv := puzzleServer(t)
	admin := srv.Join(t, "Admin")
	guest := srv.Join(t, "Guest")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := admin.WaitChunks(ctx, 4); err != nil {
		t.Fatal(err)
	}
	s, ok := plan(t, admin)
	for ; !ok && ctx.Err() == nil; s, ok = plan(t, admin) {
		time.Sleep(200 * time.Millisecond)
	}
	if s.place != "block" {
		t.Fatalf("first step %+v, want using the key on the crate (both lie in the area)", s)
	}
	crate := s
	// A menu shown, then the area gets a new puzzle, then the menu is answered: stale.
	if err := admin.MoveTo(crate.pos.Vec3Middle().Add(mgl64.Vec3{0, 0.5, 2})); err != nil {
		t.Fatal(err)
	}
	mark := admin.Mark()
	if err := admin.UseItemOnBlock(crate.pos, cube.FaceUp, 0); err != nil {
		t.Fatal(err)
	}
	form, err := e2e.Await(ctx, admin, mark, func(*packet.ModalFormRequest) bool { return true })
	if err != nil {
		t.Fatalf("no menu on the crate: %v", err)
	}
	if out, err := admin.Command("/puzzle restart"); err != nil || !out.Success {
		t.Fatalf("/puzzle restart: %v %s", err, out)
	}
	time.Sleep(time.Second) // the new puzzle is committed and placed
	mark = admin.Mark()
	choose(t, admin, form, "Open")
	if _, err := e2e.Await(ctx, admin, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "can no longer be done") }); err != nil {
		t.Errorf("a stale menu answer was not refused with a message: %v", err)
	}

	// A click on plain ground opens no menu.
	ground := cube.PosFromVec3(guest.Position()).Sub(cube.Pos{0, 1, 0})
	if err := guest.UseItemOnBlock(ground, cube.FaceUp, 0); err != nil {
		t.Fatal(err)
	}
	// Plans are for admins; hints for everyone.
	if out, err := guest.Command("/puzzle plan"); err == nil && strings.Contains(out.String(), "Plan of area") {
		t.Errorf("a guest got the plan:\n%s", out)
	}
	if out, err := guest.Command("/puzzle hint"); err != nil || !strings.Contains(out.String(), "You will need") {
		t.Errorf("/puzzle hint for a guest: %v\n%s", err, out)
	}
	if forms := e2e.Received[*packet.ModalFormRequest](guest); len(forms) > 0 {
		t.Errorf("clicking plain ground opened %d forms", len(forms))
	}
	// An answer to a form never sent: Dragonfly drops that client, and only that one.
	rogue := srv.Join(t, "Rogue")
	_ = rogue.AnswerForm(4242, 0)
	time.Sleep(500 * time.Millisecond)
	if out, err := admin.Command("/puzzle status"); err != nil || !out.Success {
		t.Fatalf("the server stopped answering the admin after bad input: %v %s", err, out)
	}
	if out, err := guest.Command("/puzzle status"); err != nil || !out.Success {
		t.Fatalf("the server stopped answering the guest after bad input: %v %s", err, out)
	}
}

// Two bots work on one area: the one who forged the key throws it down, the other picks it up and quits, the key is put down where they stood, and the
// other finishes the puzzle.
func TestTwoBotsAndAHolderWhoQuits(t *testing.T) {
	pack := filepath.Join(t.TempDir(), "forge.yaml")
	if err := os.WriteFile(pack, []byte(forge), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := e2e.Start(t, e2e.WithExtension(server.Puzzles), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Seed = 42
		c.Riddlestone.Packs = []string{pack}
		c.Riddlestone.OfflineAdmins = []string{"Admin"}
		c.Puzzles.AreaSize = 2
		c.Puzzles.TwoKeyPercent = 0
	}))
	admin := srv.Join(t, "Admin")
	helper := srv.Join(t, "Helper")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, ok := plan(t, admin)
	for ; !ok && ctx.Err() == nil; s, ok = plan(t, admin) {
		time.Sleep(200 * time.Millisecond)
	}
	// An admin's check runs off the world goroutine: the command answers at once, the analysis follows.
	mark := admin.Mark()
	if out, err := admin.Command("/puzzle check"); err != nil || !strings.Contains(out.String(), "Checking area") {
		t.Fatalf("/puzzle check: %s, %v", out, err)
	}
	if _, err := e2e.Await(ctx, admin, mark, func(pk *packet.CommandOutput) bool {
		return len(pk.OutputMessages) > 0 && strings.Contains(pk.OutputMessages[0].Message, "solvable yes")
	}); err != nil {
		t.Fatalf("the check's answer never came: %v", err)
	}
	follow(t, admin, s) // Forge: the key is the admin's, who throws it down for Helper
	if _, err := admin.WaitFor(ctx, func(packet.Packet) bool { slot, _ := keySlot(admin); return slot >= 0 }); err != nil {
		t.Fatalf("the forged key did not go to the admin who forged it: %v", err)
	}
	slot, id := keySlot(admin)
	if _, ok := drop(ctx, t, admin, 1, slot, id); !ok {
		t.Fatal("the admin could not throw the key down")
	}
	var key []string
	for key == nil && ctx.Err() == nil {
		out, _ := admin.Command("/puzzle plan")
		key = keyPlace.FindStringSubmatch(out.String())
		time.Sleep(100 * time.Millisecond)
	}
	if key == nil {
		t.Fatal("the key thrown down does not lie on the ground")
	}
	// Helper picks the key up, then leaves with it; the admin steps away, so as not to pick it up again.
	at := parsePos(key[1])
	if err := admin.MoveTo(at.Vec3Middle().Add(mgl64.Vec3{0, -0.5, 6})); err != nil {
		t.Fatal(err)
	}
	if err := helper.MoveTo(at.Vec3Middle().Sub(mgl64.Vec3{0, 0.5, 0})); err != nil {
		t.Fatal(err)
	}
	if _, err := helper.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(helper, "Key") == 1 }); err != nil {
		t.Fatalf("Helper did not pick the key up: %v", err)
	}
	if out, _ := admin.Command("/puzzle plan"); !strings.Contains(out.String(), "held by") {
		t.Fatalf("the plan does not say the key is held:\n%s", out)
	}
	if err := helper.MoveTo(at.Vec3Middle().Add(mgl64.Vec3{3, -0.5, 0})); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	_ = helper.Close()
	// The key lies where Helper stood; Admin picks it up and opens the crate.
	var step1 step
	for ctx.Err() == nil {
		out, _ := admin.Command("/puzzle plan")
		if m := keyPlace.FindStringSubmatch(out.String()); m != nil {
			step1 = step{action: "PickUp", item: "Key", place: "entity", pos: parsePos(m[1])}
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	mark = admin.Mark()
	follow(t, admin, step1)
	s, _ = plan(t, admin)
	follow(t, admin, s)
	if _, err := e2e.Await(ctx, admin, mark, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "solved") }); err != nil {
		t.Fatalf("the area was not solved after the holder left: %v", err)
	}
}

// Admin commands from the console: a reload of a broken pack keeps the running one and shows every error as
// file:line:col; check, export, lock and unlock answer sensibly; a guest cannot run them.
func TestAdminCommands(t *testing.T) {
	dir := t.TempDir()
	pack := filepath.Join(dir, "yard.yaml")
	if err := os.WriteFile(pack, []byte(crateYard), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := e2e.Start(t, e2e.WithExtension(server.Puzzles), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Seed = 42
		c.Riddlestone.Packs = []string{pack}
		c.Puzzles.AreaSize = 2
	}))
	deadline := time.Now().Add(time.Minute)
	for !strings.Contains(srv.Console(t, "puzzle check"), "solvable yes") {
		if time.Now().After(deadline) {
			t.Fatalf("puzzle check never reported the start area solvable: %s", srv.Console(t, "puzzle check"))
		}
		time.Sleep(200 * time.Millisecond)
	}
	broken := strings.Replace(crateYard, "Crate[open_bit: true] ::= Open", "Crate[open_bit: true] ::= ", 1)
	if err := os.WriteFile(pack, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := srv.Console(t, "puzzle reload"); !strings.Contains(out, "running packs stay") || !strings.Contains(out, pack+":5:") {
		t.Errorf("reload of a broken pack:\n%s", out)
	}
	if err := os.WriteFile(pack, []byte(crateYard+"  - {name: Meadow, goals: [\"Crate[open_bit: true]\"], maxDepth: 1, minDistance: 3}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if out := srv.Console(t, "puzzle reload"); !strings.Contains(out, "3 area templates") {
		t.Errorf("reload of a fixed pack:\n%s", out)
	}
	if out := srv.Console(t, "puzzle export"); strings.Count(out, "Wrote ") != 4 {
		t.Errorf("export:\n%s", out)
	}
	if out := srv.Console(t, "puzzle unlock 5,5"); !strings.Contains(out, "Area 5,5 is open") {
		t.Errorf("unlock:\n%s", out)
	}
	if out := srv.Console(t, "puzzle lock nowhere"); !strings.Contains(out, "want x,z") {
		t.Errorf("lock with a bad area:\n%s", out)
	}
	guest := srv.Join(t, "Guest")
	if out, err := guest.Command("/puzzle lock 0,0"); err == nil && out.Success {
		t.Errorf("a guest locked an area: %s", out)
	}
}

// A player cannot walk into a locked area: the step is refused with a title saying what opens it. Puzzle blocks
// cannot be broken.
func TestLockedBordersAndProtectedBlocks(t *testing.T) {
	srv := puzzleServer(t, e2e.WithConfig(func(c *server.Config) { c.Riddlestone.GameMode = "survival" }))
	b := srv.Join(t, "Admin")
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, ok := plan(t, b)
	for ; !ok && ctx.Err() == nil; s, ok = plan(t, b) {
		time.Sleep(200 * time.Millisecond)
	}
	if s.place != "block" {
		t.Fatalf("first step %+v, want one on the crate", s)
	}
	// Break the crate: refused, and the crate stays.
	if err := b.MoveTo(s.pos.Vec3Middle().Add(mgl64.Vec3{0, 0.5, 2})); err != nil {
		t.Fatal(err)
	}
	mark := b.Mark()
	if err := b.BreakBlock(s.pos); err != nil {
		t.Fatal(err)
	}
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "part of a puzzle") }); err != nil {
		t.Errorf("breaking a puzzle block was not refused with a message: %v", err)
	}
	if again, _ := plan(t, b); again != s {
		t.Errorf("after trying to break the crate the plan changed: %+v, was %+v", again, s)
	}
	// Walk east until the border of the start area (areas of two chunks: 32 blocks); the next step is refused.
	pos := b.Position()
	border := int(math.Floor(pos[0]/32))*32 + 32 // the east edge of the bot's area
	mark = b.Mark()
	for x := float64(border) - 2; x < float64(border)+3; x++ {
		if err := b.MoveTo(mgl64.Vec3{x + 0.5, pos[1] + 40, pos[2]}); err != nil { // high up: no terrain in the way
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "Locked") }); err != nil {
		t.Fatalf("crossing into a locked area was not refused with a title: %v", err)
	}
	// Near the border the player sees it: a line of red dust along it.
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.LevelEvent) bool {
		return pk.EventType == packet.LevelEventParticleLegacyEvent|33 && math.Abs(float64(pk.Position[0])-float64(border)) < 0.01
	}); err != nil {
		t.Errorf("no dust marks the locked border at x = %d: %v", border, err)
	}
	sub, err := e2e.Await(ctx, b, mark, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "opens when") })
	if err != nil || !strings.Contains(sub.Text, "is solved (goal: ") {
		t.Errorf("the refusal does not say what opens the area: %v %v", sub, err)
	}
	// Pushing against the border for 5 s, a step every tick, is one approach: at most one title.
	mark = b.Mark()
	for end := time.Now().Add(5 * time.Second); time.Now().Before(end); time.Sleep(50 * time.Millisecond) {
		if err := b.MoveTo(mgl64.Vec3{float64(border) + 0.5, pos[1] + 40, pos[2]}); err != nil {
			t.Fatal(err)
		}
	}
	titles := 0
	for _, pk := range b.Packets()[mark:] {
		if st, ok := pk.(*packet.SetTitle); ok && strings.Contains(st.Text, "Locked") {
			titles++
		}
	}
	if titles > 1 {
		t.Errorf("a 5 s push against a locked border sent %d titles, want at most one", titles)
	}
}

// The boss bar always shows the area the player stands in: after crossing into an open neighbour it names the
// same area as /puzzle status.
func TestBossBarFollowsThePlayer(t *testing.T) {
	srv := puzzleServer(t)
	b := srv.Join(t, "Admin")
	status := ""
	for deadline := time.Now().Add(time.Minute); !strings.Contains(status, "active") && time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		out, err := b.Command("/puzzle status")
		if err != nil {
			t.Fatal(err)
		}
		status = out.String()
	}
	pos := b.Position()
	east := int(math.Floor(pos[0]/32))*32 + 32
	srv.Console(t, fmt.Sprintf("puzzle unlock %d,%d", east/32, int(math.Floor(pos[2]/32))))
	mark := b.Mark()
	for x := float64(east) - 2; x < float64(east)+3; x++ {
		if err := b.MoveTo(mgl64.Vec3{x + 0.5, pos[1] + 40, pos[2]}); err != nil {
			t.Fatal(err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	out, err := b.Command("/puzzle status")
	if err != nil {
		t.Fatal(err)
	}
	var last *packet.BossEvent
	for _, pk := range b.Packets()[mark:] {
		if be, ok := pk.(*packet.BossEvent); ok && be.BossBarTitle != "" {
			last = be
		}
	}
	want := strings.SplitN(out.Lines[0], " · ", 2)[0]
	if last == nil || !strings.HasPrefix(last.BossBarTitle, want+" ") {
		t.Errorf("after crossing east the boss bar says %+v; /puzzle status says %q", last, out.Lines[0])
	}
}

func vec64(v [3]float32) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// The default pack runs in the real terrain: the start area opens with a plan, and the world ticks on with its
// puzzle blocks (a furnace made from a look once crashed Dragonfly's random ticks).
func TestDefaultPackRuns(t *testing.T) {
	if testing.Short() {
		t.Skip("lets the world tick for seconds")
	}
	def, err := filepath.Abs("../../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	srv := e2e.Start(t, e2e.WithExtension(server.Puzzles), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Seed = 42
		c.Riddlestone.Packs = []string{def}
		c.Riddlestone.OfflineAdmins = []string{"Admin"}
	}))
	b := srv.Join(t, "Admin")
	// A minute for the start area's puzzle and its structures, on a machine that may be busy with other tests.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	deadline := time.Now().Add(time.Minute)
	var out e2e.Output
	for {
		out, err = b.CommandContext(ctx, "/puzzle plan")
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(out.String(), "1. ") || time.Now().After(deadline) {
			break
		}
		time.Sleep(300 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "1. ") {
		t.Fatalf("no plan for the default pack's start area:\n%s", out)
	}
	time.Sleep(5 * time.Second) // random ticks reach the puzzle blocks near spawn
	if out, err := b.Command("/puzzle status"); err != nil || !strings.Contains(out.String(), "active") {
		t.Fatalf("after ticking: %v\n%s", err, out)
	}
}
