package overlay

import (
	"riddlestone/internal/cow"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// lockedState is a state of the yard pack with the start solved (its neighbours not open yet: the work of
// opening them is under way) or active, on a graph where every area that can have two keys has them.
func lockedState(t *testing.T, start store.AreaState) (*Overlay, *state) {
	t.Helper()
	p, err := puzzle.LoadBytes("yard.yaml", []byte(yardPack))
	if err != nil {
		t.Fatal(err)
	}
	o := &Overlay{graph: NewGraph(7, store.AreaPos{}, 100)}
	v := &state{pack: p, pending: map[store.AreaPos]bool{}, areas: cow.New[store.AreaPos, *areaRun](cowShards, byArea)}
	v.areas.Set(store.AreaPos{0, 0}, &areaRun{rec: store.AreaRecord{Pos: store.AreaPos{0, 0}, State: start, Template: "Yard", Goal: "Crate[open_bit: true]"}})
	return o, v
}

// The guide book of an area just solved names the areas it opened, also while their opening is under way.
func TestSolvedBookNamesWhatItOpened(t *testing.T) {
	o, v := lockedState(t, store.Solved)
	page := o.areaPage(v, store.AreaPos{0, 0}, nil)
	want := "Solved. It opened area 1,0, area -1,0, area 0,1 and area 0,-1."
	if !strings.Contains(page, want) {
		t.Errorf("the book of the solved start says\n%s\nwant %q", page, want)
	}
	v.areas.Set(store.AreaPos{1, 0}, &areaRun{rec: store.AreaRecord{Pos: store.AreaPos{1, 0}, State: store.Solved, Template: "Yard"}})
	page = o.areaPage(v, store.AreaPos{1, 0}, nil)
	for _, want := range []string{"Solved. It opened area 2,0.", "Area 1,1 opens when area 0,1 is solved (it is opening now)."} {
		if !strings.Contains(page, want) {
			t.Errorf("the book of a solved key of a two-key area says\n%s\nwant %q", page, want)
		}
	}
}

// A locked area is told in one wording that names the area and the goal that opens it, also through a key that
// is locked itself.
func TestLockedAreasNameTheGoalThatOpensThem(t *testing.T) {
	o, v := lockedState(t, store.Active)
	for a, want := range map[store.AreaPos]string{
		{1, 0}: "Area 1,0 opens when area 0,0 is solved (goal: an open crate).",
		{2, 0}: "Area 2,0 opens when area 1,0 is solved, which opens when area 0,0 is solved (goal: an open crate).",
		{1, 1}: "Area 1,1 opens when area 0,1 is solved, which opens when area 0,0 is solved (goal: an open crate) and area 1,0 is solved, which opens when area 0,0 is solved (goal: an open crate).",
	} {
		if got := o.lockedLine(v, a); got != want {
			t.Errorf("area %v: %q\nwant %q", a, got, want)
		}
		if got, _ := o.statusLine(v, a); !strings.Contains(got, strings.TrimSuffix(want[len("Area "+a.String()+" "):], ".")) {
			t.Errorf("the boss bar of area %v says %q, in another wording", a, got)
		}
		if page := o.areaPage(v, a, nil); !strings.Contains(page, want) {
			t.Errorf("the book of area %v says %q, in another wording", a, page)
		}
	}
}

// A locked border's title is shown once per approach: not again while the player keeps bumping it, however long,
// and again after they have stepped back and come again.
func TestOneTitlePerApproach(t *testing.T) {
	var ap approach
	border := store.AreaPos{1, 0} // areas of 16 blocks: its border is at x = 16
	at := func(x float64) mgl64.Vec3 { return mgl64.Vec3{x, 64, 8} }
	shown := 0
	bump := func() {
		ap.moved(at(15.7), 16)
		if ap.refused(border) {
			shown++
		}
	}
	for range 20 {
		bump()
		ap.moved(at(14), 16) // pushed back, still at the border
	}
	if shown != 1 {
		t.Errorf("%d titles for one approach, want 1", shown)
	}
	ap.moved(at(16-leaveDistance-1), 16) // beyond leaveDistance: gone
	bump()
	if shown != 2 {
		t.Errorf("%d titles after leaving and coming back, want 2", shown)
	}
	if ap.refused(store.AreaPos{0, 1}) {
		shown++
	}
	if shown != 3 {
		t.Error("another locked area's border was not told")
	}
}

// /puzzle restart in a solved area says it is solved.
func TestRestartInSolvedArea(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	h := addPlayer(t, w, o, "Alex")
	key, crate := objectsOf(o, "0,0", "Key")[0], objectsOf(o, "0,0", "Crate")[0]
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{key}}, groundAt(p), nil)
	}))
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply {
		return o.act(p, puzzle.Move{Rule: o.view().pack.Rules[0], Inputs: []int{crate, key}}, o.view().where.At(crate).Block, nil)
	}))
	wait(t, o)
	var out cmd.Output
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		restartCmd{}.Run(e.(*player.Player), &out, tx)
	}).Done()
	if len(out.Errors()) != 1 || out.Errors()[0].Error() != "Area 0,0 is solved: it needs no new puzzle." {
		t.Errorf("restart in the solved start area says %v %v", out.Errors(), out.Messages())
	}
}
