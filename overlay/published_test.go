package overlay

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// describe writes down what a published state holds: every object with its place in the world, and every area's
// record and puzzle progress.
func describe(v *state) string {
	var b strings.Builder
	for obj := range v.game.State.All() {
		fmt.Fprintf(&b, "%v %+v\n", obj, v.where.At(obj.ID))
	}
	for a, run := range v.areas.All() {
		fmt.Fprintf(&b, "%v %s %d %s", a, run.rec.State, run.rec.Rerolls, run.rec.Goal)
		if tr := v.tracked(a); tr != nil {
			done, total := tr.Progress()
			fmt.Fprintf(&b, " %d/%d %v", done, total, tr.Achieved)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// A published state never changes, whatever the owner does after: moves, new puzzles planned on copies and taken
// back, a step of a puzzle's tree and its solve, a lock. Each state published along the way is described when published and again at the end.
func TestPublishedStatesNeverChange(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	start := o.graph.Start()
	type seen struct {
		v    *state
		text string
	}
	var views []seen
	keep := func() { v := o.view(); views = append(views, seen{v, describe(v)}) }
	keep()
	key := objectsOf(o, areaName(start), "Key")[0]
	who := mover{name: "Tester"}
	for i := range 6 {
		rule := puzzle.PickUp
		if o.view().where.At(key).Kind == store.InInventory {
			rule = puzzle.PutDown
		}
		mv := puzzle.Move{Rule: rule, Inputs: []int{key}}
		if _, err := o.post(&request{name: "move", run: func(_ context.Context, s *state) (result, error) {
			return o.move(s, who, mv, who.feet, nil)
		}}).Wait(context.Background()); err != nil {
			t.Fatalf("move %d: %v", i, err)
		}
		keep()
		if i%2 == 0 {
			waitReply(t, o.Reroll(start))
			keep()
		}
	}
	// Then the puzzle's step: a key picked up and the crate opened, which runs a node of its tree and solves it.
	play := func(what string, match func(v *state, mv puzzle.Move) bool) {
		t.Helper()
		v := o.view()
		for _, mv := range v.game.MovesIn(areaName(start)) {
			if !match(v, mv) {
				continue
			}
			if _, err := o.post(&request{name: "move", run: func(_ context.Context, s *state) (result, error) {
				return o.move(s, who, mv, who.feet, nil)
			}}).Wait(context.Background()); err != nil {
				t.Fatalf("%s: %v", what, err)
			}
			keep()
			return
		}
		t.Fatalf("no move to %s among %v", what, v.game.MovesIn(areaName(start)))
	}
	play("pick up a key", func(v *state, mv puzzle.Move) bool {
		obj, _ := v.game.State.Object(mv.Inputs[0])
		return mv.Rule == puzzle.PickUp && obj.Item == "Key"
	})
	play("open the crate", func(_ *state, mv puzzle.Move) bool { return mv.Rule.Action == "Open" })
	if v := o.view(); v.tracked(start) == nil || !v.tracked(start).Achieved {
		t.Fatal("opening the crate did not solve the start area")
	}
	waitReply(t, o.Lock(start))
	keep()
	for i, s := range views {
		if now := describe(s.v); now != s.text {
			t.Fatalf("published state %d changed after it was published:\nthen\n%s\nnow\n%s", i, s.text, now)
		}
	}
}
