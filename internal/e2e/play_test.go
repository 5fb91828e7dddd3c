package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// humanSeeds are the worlds a human-like player plays in the suite: 42, and 3, whose start area is mostly ocean,
// so that its next areas are reached by swimming. RIDDLESTONE_HUMAN_SEEDS=N plays the first N of humanSeedsAll
// instead.
var humanSeeds, humanSeedsAll = []int64{42, 3}, []int64{1, 2, 3, 4, 5, 6, 7, 8, 42, 174218}

// planStep is one step of /puzzle plan as a player reads it: the action and its inputs with their places.
type planStep struct {
	action string
	inputs []planInput
}

type planInput struct {
	item  string
	place string // "block", "entity", "held", "from"
	pos   cube.Pos
}

var (
	planLine  = regexp.MustCompile(`^1\. (\w+): (.*)$`)
	inputPart = regexp.MustCompile(`(\w+) #\d+ (block at|entity at|held by|from step) ?([-\d,]*)`)
)

// firstStep reads the first step of an area's plan, or false when the area has none left.
func firstStep(t *testing.T, h *e2e.Human, area string) (planStep, bool) {
	t.Helper()
	out, err := h.Command("/puzzle plan " + area)
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range out.Lines {
		m := planLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		s := planStep{action: m[1]}
		for _, in := range inputPart.FindAllStringSubmatch(m[2], -1) {
			pi := planInput{item: in[1], place: strings.Fields(in[2])[0]}
			if pi.place == "block" || pi.place == "entity" {
				pi.pos = parsePos(in[3])
			}
			s.inputs = append(s.inputs, pi)
		}
		return s, true
	}
	return planStep{}, false
}

// entityNear finds an entity the client was shown within a block or two of a place: an item stack or a person.
func entityNear(h *e2e.Human, pos cube.Pos, item bool) (e2e.Entity, bool) {
	return h.FindEntity(func(e e2e.Entity) bool {
		d := e.Pos.Sub(pos.Vec3Middle())
		return e.IsItem() == item && math.Abs(d[0]) < 1.5 && math.Abs(d[2]) < 1.5 && math.Abs(d[1]) < 2.5
	})
}

// playStep carries out a step as a player would (tryStep), failing the test if it cannot.
func playStep(ctx context.Context, t *testing.T, h *e2e.Human, s planStep) {
	t.Helper()
	if err := tryStep(ctx, h, s); err != nil {
		t.Fatal(err)
	}
}

// tryStep carries out a step as a player would: walking over a stack to pick it up, or walking up to the first
// input that stands in the world, using the held item on it and choosing the action in its menu.
func tryStep(ctx context.Context, h *e2e.Human, s planStep) error {
	if s.action == "PickUp" {
		e, ok := entityNear(h, s.inputs[0].pos, true)
		if !ok {
			return fmt.Errorf("no %s shown at %v to pick up", s.inputs[0].item, s.inputs[0].pos)
		}
		if err := h.PickUp(ctx, e.RID); err != nil {
			return fmt.Errorf("picking up %s: %v", s.inputs[0].item, err)
		}
		return nil
	}
	if err := pickUpLying(ctx, h, s); err != nil {
		return err
	}
	form, err := useForMenu(ctx, h, s)
	if err != nil {
		return err
	}
	i := -1
	for j, b := range form.Buttons {
		if strings.HasPrefix(flat(b), flat(s.action)) {
			i = j
		}
	}
	if i < 0 {
		return fmt.Errorf("%s: the menu %q offers %q", s.action, form.Title, form.Buttons)
	}
	mark := h.Mark()
	if err := h.AnswerForm(form.ID, i); err != nil {
		return err
	}
	if _, err := e2e.Await(ctx, h.Bot, mark, func(pk *packet.Text) bool { return strings.Contains(flat(pk.Message), "§rdone") }); err != nil {
		return fmt.Errorf("%s: no word that it was done: %v", s.action, err)
	}
	return nil
}

// useForMenu uses a step's item on its thing, as a player does, and waits for the menu. When none comes, the player
// reads what they were told instead and tries again, twice; then the step fails with what the server said.
func useForMenu(ctx context.Context, h *e2e.Human, s planStep) (e2e.Form, error) {
	var told []string
	for try := 0; try < 3; try++ {
		mark := h.Mark()
		slots := carriedSlots(h, s) // another stack of the same name on the next try
		if err := use(ctx, h, s, slots[try%len(slots)]); err != nil {
			return e2e.Form{}, fmt.Errorf("%s: %v", s.action, err)
		}
		wait, cancel := context.WithTimeout(ctx, 20*time.Second)
		form, err := h.AwaitForm(wait, mark)
		cancel()
		if err == nil {
			return form, nil
		}
		if ctx.Err() != nil {
			break
		}
		told = append(told, saidSince(h, mark)...)
	}
	return e2e.Form{}, fmt.Errorf("%s: no menu after three uses (hot bar slots %v); the server said %q", s.action, carriedSlots(h, s), told)
}

// saidSince returns the chat lines a player was sent after a mark.
func saidSince(h *e2e.Human, mark int) []string {
	var out []string
	for i, pk := range h.Packets() {
		if t, ok := pk.(*packet.Text); ok && i >= mark {
			out = append(out, t.Message)
		}
	}
	return out
}

// use walks up to the first input of a step that stands in the world and uses the item in a hotbar slot on it,
// or uses the item in the air when every input is carried.
func use(ctx context.Context, h *e2e.Human, s planStep, slot int) error {
	for _, in := range s.inputs {
		switch in.place {
		case "block":
			return useOnBlock(ctx, h, in.pos, slot)
		case "entity":
			e, ok := entityNear(h, in.pos, false)
			if !ok {
				return fmt.Errorf("no %s shown at %v", in.item, in.pos)
			}
			return h.UseOnEntity(ctx, e.RID, slot)
		}
	}
	return h.UseItem(slot)
}

// pickUpLying picks up the inputs of a step that lie on the ground as item stacks, as a player gathers what a step
// needs before using it: an input shown at its place as a stack, with no person or creature there.
func pickUpLying(ctx context.Context, h *e2e.Human, s planStep) error {
	for i, in := range s.inputs {
		if in.place != "entity" {
			continue
		}
		if _, person := entityNear(h, in.pos, false); person {
			continue
		}
		e, ok := stackNear(h, in.pos, in.item)
		if !ok {
			return fmt.Errorf("%s: no %s shown at %v", s.action, in.item, in.pos)
		}
		if err := h.PickUp(ctx, e.RID); err != nil {
			return fmt.Errorf("%s: picking up %s: %v", s.action, in.item, err)
		}
		s.inputs[i].place = "held"
	}
	return nil
}

// stackNear finds a stack of an item lying near a place, as a player looks around for it: the one at the place,
// or else the nearest within 6 blocks whose name fits the item (a stack may roll or float off).
func stackNear(h *e2e.Human, pos cube.Pos, item string) (e2e.Entity, bool) {
	if e, ok := entityNear(h, pos, true); ok {
		return e, true
	}
	var best e2e.Entity
	found := false
	for _, e := range h.Entities() {
		d := e.Pos.Sub(pos.Vec3Middle()).Len()
		if e.IsItem() && d <= 6 && nameFits(e.ItemName(), item) && (!found || d < best.Pos.Sub(pos.Vec3Middle()).Len()) {
			best, found = e, true
		}
	}
	return best, found
}

// useOnBlock uses the item in a slot on a block, or, when no way on foot leads to where the block can be reached
// (a log high in a trunk), on the same block below it, as a player clicks the trunk where they can reach it.
func useOnBlock(ctx context.Context, h *e2e.Human, pos cube.Pos, slot int) error {
	first, _ := h.BlockAt(pos)
	err := h.UseOnBlock(ctx, pos, slot)
	for below := pos.Side(cube.FaceDown); errors.Is(err, e2e.ErrNoPath) && pos[1]-below[1] <= 4; below = below.Side(cube.FaceDown) {
		if b, ok := h.BlockAt(below); !ok || b != first {
			break
		}
		err = h.UseOnBlock(ctx, below, slot)
	}
	return err
}

// carriedSlots returns the hotbar slots holding the first carried input of a step, found as a player finds it, by
// the name on the stack: the stack they were given last first, as a player uses the ingot they just picked up
// rather than the one they brought from elsewhere. An empty hand (the first empty slot) when the step carries
// nothing or no slot's name fits.
func carriedSlots(h *e2e.Human, s planStep) []int {
	inv := h.Inventory(0)
	for _, in := range s.inputs {
		if in.place == "block" || in.place == "entity" {
			continue
		}
		var fits []int
		for slot := 0; slot < min(9, len(inv)); slot++ {
			if nameFits(stackName(inv[slot]), in.item) {
				fits = append(fits, slot)
			}
		}
		if len(fits) > 0 {
			given := slotsGiven(h)
			slices.SortStableFunc(fits, func(a, b int) int { return given[b] - given[a] })
			return fits
		}
	}
	return []int{h.EmptyHotbarSlot()}
}

// slotsGiven returns, for each slot of the inventory, the index of the last packet that put a stack in it.
func slotsGiven(h *e2e.Human) map[int]int {
	given := map[int]int{}
	for i, pk := range h.Packets() {
		switch pk := pk.(type) {
		case *packet.InventoryContent:
			if pk.WindowID == protocol.WindowIDInventory {
				for slot, it := range pk.Content {
					if it.Stack.NetworkID != 0 {
						given[slot] = i
					}
				}
			}
		case *packet.InventorySlot:
			if pk.WindowID == protocol.WindowIDInventory && pk.NewItem.Stack.NetworkID != 0 {
				given[int(pk.Slot)] = i
			}
		}
	}
	return given
}

// stackName is the custom name a stack shows, or "".
func stackName(it protocol.ItemInstance) string {
	display, _ := it.Stack.NBTData["display"].(map[string]any)
	name, _ := display["Name"].(string)
	return name
}

// nameFits reports whether a shown name is an item's name in words, as a player reads it: "§eFishing Rod" fits
// FishingRod, "§eGuard's Badge" fits Badge.
func nameFits(shown, item string) bool {
	letters := func(s string) string {
		s = regexp.MustCompile(`§.`).ReplaceAllString(s, "")
		return strings.ToLower(regexp.MustCompile(`[^A-Za-z]`).ReplaceAllString(s, ""))
	}
	return shown != "" && strings.Contains(letters(shown), letters(item))
}

// solve plays an area's plan to the end.
func solve(ctx context.Context, t *testing.T, h *e2e.Human, area string) {
	t.Helper()
	for i := 0; ; i++ {
		s, ok := firstStep(t, h, area)
		if !ok {
			return
		}
		if i > 20 {
			t.Fatalf("area %s not solved after %d steps; next %+v", area, i, s)
		}
		playStep(ctx, t, h, s)
	}
}

// nextArea returns an active neighbour of an area, from /puzzle status as the player reads it there, waiting for
// the areas a solve opens to open.
func nextArea(t *testing.T, h *e2e.Human, area string, done map[string]bool) string {
	t.Helper()
	var out e2e.Output
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(250 * time.Millisecond) {
		var err error
		if out, err = h.Command("/puzzle status"); err != nil {
			t.Fatal(err)
		}
		for _, m := range regexp.MustCompile(`Neighbour (-?\d+,-?\d+): active`).FindAllStringSubmatch(out.String(), -1) {
			if !done[m[1]] {
				return m[1]
			}
		}
	}
	t.Fatalf("no active neighbour of %s to go on to:\n%s", area, out)
	return ""
}

// smithYardBuilt is smithYard with structures round its objects, as the default pack has: the smith at a market
// stall on land or on a jetty at sea, the crate in a ruin.
const smithYardBuilt = smithYard + `structures:
  Stall:
    for: [Smith]
    palette: {P: oak_planks, F: oak_fence, B: barrel, R: red_wool, W: white_wool}
    layout:
      - [PPPPP, PPPPP, PPPPP]
      - [F...F, B.@.., F...F]
      - [F...F, ....., F...F]
      - [RWRWR, RWRWR, RWRWR]
  Jetty:
    for: [Smith]
    on: water
    palette: {P: oak_planks, L: {block: oak_log, states: {pillar_axis: y}, post: true}, F: oak_fence, R: red_wool}
    layout:
      - [LPL, PPP, LPL]
      - [F.F, .@., F.F]
      - [F.F, ..., F.F]
      - [RRR, RRR, RRR]
  Ruin:
    for: [Crate]
    palette: {M: mossy_cobblestone, C: cobblestone}
    layout:
      - [MMMMM, MCCCM, MCCCM, MCCCM, MMMMM]
      - [MM.MM, M...-, ..@.M, M...M, M-.-M]
`

// A player who only walks, jumps, looks and clicks, in adventure mode (no digging, no teleports), solves three
// areas in a row, reading /puzzle plan only to know what to do (see humanSeeds for the worlds). The objects stand
// in structures (smithYardBuilt), on land and at sea, and steps join the ground where cliffs part it.
func TestHumansSolveAreasInAdventure(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole areas")
	}
	seeds := humanSeeds
	if n, err := strconv.Atoi(os.Getenv("RIDDLESTONE_HUMAN_SEEDS")); err == nil {
		seeds = humanSeedsAll[:min(n, len(humanSeedsAll))]
	}
	sheltered := 0
	defer func() {
		if sheltered == 0 && !t.Failed() {
			t.Errorf("on none of %d seeds did the start area's smith stand under a stall's or a jetty's canopy", len(seeds))
		}
	}()
	for _, seed := range seeds {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			srv := puzzleServerWith(t, smithYardBuilt, e2e.WithConfig(func(c *server.Config) {
				c.Riddlestone.Seed = seed
				c.Riddlestone.GameMode = "adventure"
			}))
			h := srv.JoinHuman(t, "Admin")
			ctx, cancel := context.WithTimeout(context.Background(), 4*time.Minute)
			defer cancel()
			if err := h.WaitGround(ctx); err != nil {
				t.Fatal(err)
			}
			status := ""
			for !strings.Contains(status, "active") && ctx.Err() == nil {
				out, err := h.Command("/puzzle status")
				if err != nil {
					t.Fatal(err)
				}
				status = out.String()
				time.Sleep(200 * time.Millisecond)
			}
			area := areaName.FindStringSubmatch(status)[0][len("Area "):]
			if underCanopy(t, srv, h) {
				sheltered++
			}
			done := map[string]bool{}
			for n := 0; n < 3; n++ {
				solve(ctx, t, h, area)
				done[area] = true
				t.Logf("seed %d: solved area %s", seed, area)
				if n < 2 {
					area = nextArea(t, h, area, done)
				}
			}
		})
	}
}

// smithPlace finds where the plan says the smith stands.
var smithPlace = regexp.MustCompile(`Smith #\d+ entity at ([-\d]+,[-\d]+,[-\d]+)`)

// underCanopy reports whether the smith of the plan stands under wool two blocks above its feet, the canopy of the
// stall or the jetty smithYardBuilt builds round it, within 10 s (a structure is built over a few ticks).
func underCanopy(t *testing.T, srv *e2e.Server, h *e2e.Human) bool {
	t.Helper()
	var b world.Block
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(200 * time.Millisecond) {
		out, err := h.Command("/puzzle plan")
		if err != nil {
			t.Fatal(err)
		}
		m := smithPlace.FindStringSubmatch(out.String())
		if m == nil {
			continue
		}
		canopy := parsePos(m[1]).Add(cube.Pos{0, 2, 0})
		if b, err = world.Call(context.Background(), srv.World(), func(tx *world.Tx) (world.Block, error) { return tx.Block(canopy), nil }); err != nil {
			t.Fatal(err)
		}
		if _, wool := b.(block.Wool); wool {
			t.Logf("the smith at %s stands under a canopy", m[1])
			return true
		}
	}
	t.Logf("the smith stands under no canopy (%T two blocks above it)", b)
	return false
}
