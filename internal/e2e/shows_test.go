package e2e_test

import (
	"context"
	"fmt"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/gamecheck"
	"riddlestone/internal/e2e"
	"riddlestone/puzzle"
	"riddlestone/server"
)

// showSeeds are the worlds whose areas TestTheWorldShowsEachStep plays with the default pack.
var showSeeds = []int64{42, 7, 3}

// shownTally counts the steps whose story changes how a block or a carried item looks, and of those, the steps
// whose change the player saw.
type shownTally struct {
	changes, seen, same int
	missed              []string
}

// A player of the default pack sees each step happen: after every step whose rule changes how a block looks (a
// campfire lit, a door unlocked, a book on a lectern, a cauldron filled) the block the client was sent at that
// place is the look the pack gives the new state, and a carried item made or filled (a bucket of water) is in the
// inventory as the game's item of its look. The client knows only what the server sent it: the blocks of the
// chunks and their updates, the block entities, the inventory. It plays the start area and the areas after it
// until it has seen at least two block changes, on each of seeds 42, 7 and 3; 95 % of changes must show.
func TestTheWorldShowsEachStep(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole areas")
	}
	def, err := filepath.Abs("../../packs/default")
	if err != nil {
		t.Fatal(err)
	}
	pack, list := gamecheck.Load(def)
	if len(list.Errors()) > 0 {
		t.Fatal(list)
	}
	var all shownTally
	for _, seed := range showSeeds {
		t.Run(fmt.Sprint("seed ", seed), func(t *testing.T) {
			tally := playWatching(t, def, pack, seed)
			t.Logf("seed %d: %d of %d changes seen, %d steps the pack marks as looking the same", seed, tally.seen, tally.changes, tally.same)
			all.changes, all.seen, all.same = all.changes+tally.changes, all.seen+tally.seen, all.same+tally.same
			all.missed = append(all.missed, tally.missed...)
		})
	}
	if all.changes == 0 {
		t.Fatal("no step changed how anything looks: nothing was checked")
	}
	if all.seen*100 < all.changes*95 {
		t.Errorf("%d of %d changes shown; missed:\n%s", all.seen, all.changes, strings.Join(all.missed, "\n"))
	}
}

// playWatching plays areas of a world with the default pack, checking the world after each step, until it has
// seen two changes or played four areas.
func playWatching(t *testing.T, def string, pack *puzzle.Pack, seed int64) shownTally {
	return playPacksWatching(t, []string{def}, pack, seed, 4)
}

// playPacksWatching plays up to areas areas of a world with packs layered, checking the world after each step;
// it stops after the first area once it has seen two changes.
func playPacksWatching(t *testing.T, packs []string, pack *puzzle.Pack, seed int64, areas int) shownTally {
	srv := e2e.Start(t, e2e.WithExtension(server.Puzzles), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Seed = seed
		c.Riddlestone.Packs = packs
		c.Riddlestone.OfflineAdmins = []string{"Admin"}
		c.Riddlestone.GameMode = "adventure"
	}))
	h := srv.JoinHuman(t, "Admin")
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	area := activeArea(ctx, t, h)
	var tally shownTally
	known := map[string]puzzle.Props{}
	done := map[string]bool{}
	for n := 0; n < areas && (n == 0 || tally.changes < 2); n++ {
		if err := playWatchingArea(ctx, t, h, pack, area, known, &tally); err != nil {
			if n == 0 {
				t.Fatalf("start area %s: %v", area, err)
			}
			// The subject here is what the world shows: an area beyond the start that the walker cannot finish
			// (a trunk out of reach) ends the play, with the steps it made checked.
			t.Logf("seed %d: area %s left unsolved: %v", seed, area, err)
			break
		}
		done[area] = true
		t.Logf("seed %d: solved area %s", seed, area)
		if n+1 < areas {
			area = nextArea(t, h, area, done)
		}
	}
	return tally
}

// Every shipped example pack's start area, played by the watching bot on seed 42 (the mod example over the
// default pack), shows each change its steps make.
func TestEveryShippedPackShowsItsSteps(t *testing.T) {
	if testing.Short() {
		t.Skip("plays whole areas")
	}
	examples, err := filepath.Glob("../../packs/examples/*")
	if err != nil || len(examples) == 0 {
		t.Fatalf("no example packs: %v", err)
	}
	var all shownTally
	for _, ex := range examples {
		packs := []string{ex}
		if filepath.Base(ex) == "mod" {
			packs = []string{"../../packs/default", ex}
		}
		for i := range packs {
			packs[i], _ = filepath.Abs(packs[i])
		}
		t.Run(filepath.Base(ex), func(t *testing.T) {
			pack, list := gamecheck.Load(packs...)
			if len(list.Errors()) > 0 {
				t.Fatal(list)
			}
			tally := playPacksWatching(t, packs, pack, 42, 1)
			t.Logf("%s: %d of %d changes seen, %d marked as looking the same", filepath.Base(ex), tally.seen, tally.changes, tally.same)
			all.changes, all.seen, all.same = all.changes+tally.changes, all.seen+tally.seen, all.same+tally.same
			all.missed = append(all.missed, tally.missed...)
		})
	}
	if all.changes == 0 {
		t.Fatal("no step of any example pack changed how anything looks: nothing was checked")
	}
	if all.seen*100 < all.changes*95 {
		t.Errorf("%d of %d changes shown; missed:\n%s", all.seen, all.changes, strings.Join(all.missed, "\n"))
	}
}

// playWatchingArea plays an area's plan to the end, checking the world after each step.
func playWatchingArea(ctx context.Context, t *testing.T, h *e2e.Human, pack *puzzle.Pack, area string, known map[string]puzzle.Props, tally *shownTally) error {
	for i := 0; ; i++ {
		s, ok := firstStep(t, h, area)
		if !ok {
			return nil
		}
		if i > 20 {
			return fmt.Errorf("not solved after %d steps", i)
		}
		if err := tryStep(ctx, h, s); err != nil {
			return err
		}
		checkShown(ctx, t, h, pack, s, known, tally)
	}
}

// activeArea waits for the area the player stands in to have a puzzle, and returns its name.
func activeArea(ctx context.Context, t *testing.T, h *e2e.Human) string {
	t.Helper()
	for ctx.Err() == nil {
		out, err := h.Command("/puzzle status")
		if err != nil {
			t.Fatal(err)
		}
		if status := out.String(); strings.Contains(status, "active") {
			return areaName.FindStringSubmatch(status)[0][len("Area "):]
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatal("the start area never became active")
	return ""
}

// checkShown checks what the player sees after a step against the pack: each block input whose look the step's
// rule changes, and each carried output.
func checkShown(ctx context.Context, t *testing.T, h *e2e.Human, pack *puzzle.Pack, s planStep, known map[string]puzzle.Props, tally *shownTally) {
	t.Helper()
	r := ruleOf(pack, s)
	if r == nil {
		return // picking up or putting down: nothing changes its look
	}
	for _, in := range s.inputs {
		if in.place != "block" && in.place != "entity" {
			continue
		}
		it := pack.Items[in.item]
		key := fmt.Sprint(in.pos)
		before := it.Props.With(known[key])
		after := before
		for _, o := range r.Outputs {
			if pack.IsA(in.item, o.Type) {
				after = before.With(o.Props)
			}
		}
		known[key] = after
		want, was := gamecheck.Default().Shown(it, after), gamecheck.Default().Shown(it, before)
		if reflect.DeepEqual(want, was) {
			if !after.Equal(before) && it.Look.Same(after) {
				tally.same++
			}
			continue
		}
		tally.changes++
		what := fmt.Sprintf("%s: %s at %v should show as %s%s %v (holding %q, flags %v, variant %d)", s.action, in.item, in.pos,
			want.Block, want.Entity, want.States, want.Holds, want.Flags, want.Variant)
		if waitShown(ctx, h, in.pos, want) {
			tally.seen++
		} else {
			b, _ := h.BlockAt(in.pos)
			be, _ := h.Terrain().BlockEntity(in.pos)
			tally.missed = append(tally.missed, fmt.Sprintf("%s; the client sees %v %v", what, b, be))
		}
	}
	checkCarried(h, pack, r, tally)
}

// ruleOf finds the rule a plan step runs: the first of its action whose inputs the step's items fill in order.
func ruleOf(pack *puzzle.Pack, s planStep) *puzzle.Rule {
	for _, r := range pack.Rules {
		if r.Action != s.action || len(r.Inputs) != len(s.inputs) {
			continue
		}
		fits := true
		for i, in := range r.Inputs {
			fits = fits && pack.IsA(s.inputs[i].item, in.Type)
		}
		if fits {
			return r
		}
	}
	return nil
}

// waitShown waits up to 5 s for the client to see the look at pos: the block, every state the look names and
// the item it holds.
func waitShown(ctx context.Context, h *e2e.Human, pos [3]int, want puzzle.Look) bool {
	deadline := time.Now().Add(5 * time.Second)
	for ctx.Err() == nil && time.Now().Before(deadline) {
		if looksAs(h, pos, want) {
			return true
		}
		time.Sleep(50 * time.Millisecond)
	}
	return false
}

// looksAs reports whether the client sees the look at pos.
func looksAs(h *e2e.Human, pos [3]int, want puzzle.Look) bool {
	if want.Entity != "" {
		return entityLooksAs(h, pos, want)
	}
	b, ok := h.BlockAt(pos)
	if !ok {
		return false
	}
	name, states := b.EncodeBlock()
	if name != namespaced(want.Block) {
		return false
	}
	for k, v := range want.States {
		if stateString(states[k]) != stateString(v) {
			return false
		}
	}
	if want.Holds != "" {
		be, _ := h.Terrain().BlockEntity(pos)
		book, _ := be["book"].(map[string]any)
		if be["hasBook"] != uint8(1) || book["Name"] != namespaced(want.Holds) {
			return false
		}
	}
	return true
}

// entityLooksAs reports whether the client sees a person or creature of the look at pos: its model, variant and
// flags.
func entityLooksAs(h *e2e.Human, pos [3]int, want puzzle.Look) bool {
	e, ok := entityNear(h, pos, false)
	if !ok || e.Type != namespaced(want.Entity) || e.Variant != int32(want.Variant) {
		return false
	}
	for i, name := range gamecheck.EntityFlagNames() {
		if slices.Contains(want.Flags, name) != e.HasFlag(gamecheck.EntityFlagIndex(i)) {
			return false
		}
	}
	return true
}

// checkCarried checks that each carried output of a rule with a look of its state is with the player as the
// game's item of that look, in the inventory or lying at hand: a bucket of water as a water bucket.
func checkCarried(h *e2e.Human, pack *puzzle.Pack, r *puzzle.Rule, tally *shownTally) {
	for _, o := range r.Outputs {
		it, ok := pack.Items[o.Type]
		if !ok || !it.Carryable() || len(o.Props) == 0 {
			continue
		}
		want, _ := gamecheck.ShownItem(gamecheck.Default().Shown(it, it.Props.With(o.Props)))
		tally.changes++
		deadline := time.Now().Add(5 * time.Second)
		for !holdsItem(h, namespaced(want)) && !lyingNear(h, namespaced(want)) {
			if time.Now().After(deadline) {
				tally.missed = append(tally.missed, fmt.Sprintf("%s: no %s in the inventory or at hand for %s", r.Action, want, o))
				return
			}
			time.Sleep(50 * time.Millisecond)
		}
		tally.seen++
	}
}

// holdsItem reports whether the client's inventory holds an item of the name.
func holdsItem(h *e2e.Human, name string) bool {
	for _, s := range h.Inventory(0) {
		if it, ok := world.ItemByRuntimeID(s.Stack.NetworkID, int16(s.Stack.MetadataValue)); ok {
			if n, _ := it.EncodeItem(); n == name {
				return true
			}
		}
	}
	return false
}

// lyingNear reports whether an item stack of the name lies within 8 blocks of the player.
func lyingNear(h *e2e.Human, name string) bool {
	_, ok := h.FindEntity(func(e e2e.Entity) bool {
		if !e.IsItem() || e.Pos.Sub(h.Feet()).Len() > 8 {
			return false
		}
		n, _ := e.Item.Item().EncodeItem()
		return n == name
	})
	return ok
}

// stateString writes a block state's value as one form: a boolean as 1 or 0, a number in decimal.
func stateString(v any) string {
	switch v := v.(type) {
	case bool:
		if v {
			return "1"
		}
		return "0"
	}
	return fmt.Sprint(v)
}

// namespaced adds the minecraft: namespace to a bare name.
func namespaced(name string) string {
	if strings.Contains(name, ":") {
		return name
	}
	return "minecraft:" + name
}
