package overlay

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"regexp"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// lampPack puts twenty lamps of twenty kinds anyone may light and douse beside the yard's crate: in all-rules mode
// the state space has over a million states, far past the check's cap.
func lampPack() string {
	var items, rules strings.Builder
	for i := range 20 {
		fmt.Fprintf(&items, "  Lamp%d: {props: {lit: false}, look: {block: lantern}}\n", i)
		fmt.Fprintf(&rules, "  Lamp%d[lit: true] ::= Light Lamp%d[lit: false]\n  Lamp%d[lit: false] ::= Douse Lamp%d[lit: true]\n", i, i, i, i)
	}
	return "items:\n  Crate: {props: {open_bit: false}, look: {block: barrel}}\n  Key: {props: {carryable: true}, look: {item: emerald}}\n" +
		items.String() + "rules: |\n  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key\n" + rules.String() +
		"areas:\n  - {name: Yard, start: true, goals: [\"Crate[open_bit: true]\"], maxDepth: 1}\n"
}

// Check and export on a space past the cap answer honestly: no -1 or overflowing counts, the export writes a
// graph marked partial and the server goes on (before, the export crashed the server with a nil pointer).
func TestCheckAndExportPastTheCap(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("lamps.yaml", []byte(lampPack()))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, Mode: puzzle.AllRules, CheckStates: 5000, StoreDir: t.TempDir(),
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	waitReply(t, o.post(&request{name: "lamps", run: func(_ context.Context, s *state) (result, error) {
		for i := range 20 {
			d := s.game.Add(puzzle.Object{Item: fmt.Sprintf("Lamp%d", i), Area: "0,0", Props: puzzle.Props{"lit": puzzle.Bool(false)}})
			s.setWhere(d.Created[0].ID, store.Where{Kind: store.AtBlock, Block: cube.Pos{1 + i%5*3, -60, 1 + i/5*4}})
		}
		return result{inMemory: true}, nil
	}}))
	rep, err := o.Check(store.AreaPos{0, 0}, false)
	if err != nil {
		t.Fatal(err)
	}
	summary := rep.Summary()
	if rep.Complete || strings.Contains(summary, "-1") || strings.Contains(summary, fmt.Sprint(math.MaxInt64)) ||
		regexp.MustCompile(`\b\d{7,}\b`).MatchString(summary) || !strings.Contains(summary, "solvable yes") {
		t.Errorf("the check of a space past the cap says %q", summary)
	}
	paths, note, err := o.Export(store.AreaPos{0, 0}, t.TempDir())
	if err != nil || len(paths) != 4 || note == "" {
		t.Fatalf("export past the cap: %v, note %q, %v", paths, note, err)
	}
	waitReply(t, o.Lock(store.AreaPos{0, 0})) // the owner goes on
}
