package overlay

import (
	"fmt"
	"math"
	"strings"

	"github.com/df-mc/dragonfly/server/player/title"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
)

// opensWith says what opens a locked area, in the one wording players read it in (the border's title, the boss
// bar, /puzzle status, the guide book): "opens when area 0,0 is solved (goal: a loaf of bread)". A key that is
// locked itself says what opens it in turn, so the words always reach a goal a player can work on.
func (o *Overlay) opensWith(s *state, a store.AreaPos) string {
	var parts []string
	for _, k := range o.graph.Keys(a) {
		if !s.solved(k) {
			parts = append(parts, fmt.Sprintf("area %v is solved%s", k, o.keyGoal(s, k)))
		}
	}
	if len(parts) == 0 {
		return "is opening now: its keys are solved"
	}
	return "opens when " + strings.Join(parts, " and ")
}

// keyGoal says what solving an unsolved key takes: its goal, that it is opening, or what opens it.
func (o *Overlay) keyGoal(s *state, k store.AreaPos) string {
	run, ok := s.areas.Get(k)
	switch {
	case ok && run.rec.State == store.Active && run.rec.Goal != "":
		return " (goal: " + goalWords(s.pack, run.rec.Goal) + ")"
	case s.open(k) || s.pending[k] || o.graph.Open(k, s.solved):
		return " (it is opening now)"
	}
	return ", which " + o.opensWith(s, k)
}

// lockedLine says, as a sentence, that an area is locked and what opens it: "Area 1,0 opens when area 0,0 is
// solved (goal: a loaf of bread)."
func (o *Overlay) lockedLine(s *state, a store.AreaPos) string {
	return fmt.Sprintf("Area %v %s.", a, o.opensWith(s, a))
}

// lockedTitle is the title a player gets at the border of a locked area.
func (o *Overlay) lockedTitle(s *state, a store.AreaPos) title.Title {
	return title.New("§cLocked").WithSubtitle(o.lockedLine(s, a))
}

// opensNext says what solving an area opened, as sentences for the guide book: the areas it opened (or is
// opening, when the work is under way) and those that wait for another key too.
func (o *Overlay) opensNext(s *state, a store.AreaPos) string {
	var opened, waiting []string
	for _, n := range o.graph.Unlocks(a) {
		if s.open(n) || s.pending[n] || o.graph.Open(n, s.solved) {
			opened = append(opened, "area "+n.String())
		} else {
			waiting = append(waiting, o.lockedLine(s, n))
		}
	}
	if len(opened) == 0 && len(waiting) == 0 {
		return "It opens no other area."
	}
	var b strings.Builder
	if len(opened) > 0 {
		fmt.Fprintf(&b, "It opened %s.", andList(opened))
	}
	for _, w := range waiting {
		b.WriteString(" " + w)
	}
	return strings.TrimSpace(b.String())
}

// andList joins words as a list: "a", "a and b", "a, b and c".
func andList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " and " + items[len(items)-1]
}

// leaveDistance is how far, in blocks, a player must step back from a locked area before coming back to its
// border counts as a new approach: beyond the reach of its wall, so that a player walking along the wall's edge
// is told once.
const leaveDistance = wallReach + 2

// approach remembers the locked areas a player is near, so that each border's title is shown once per approach:
// not again while they keep bumping it or walk along its wall, again once they have left and come back. A player
// can be near several at once (at a corner, or along a border two areas share).
type approach struct {
	near map[store.AreaPos]bool
}

// refused reports whether meeting a locked area's border is a new approach, to be told with a title.
func (ap *approach) refused(to store.AreaPos) bool {
	if ap.near[to] {
		return false
	}
	if ap.near == nil {
		ap.near = map[store.AreaPos]bool{}
	}
	ap.near[to] = true
	return true
}

// moved forgets the areas the player now stands farther than leaveDistance from (areas of size blocks).
func (ap *approach) moved(pos mgl64.Vec3, size int) {
	for a := range ap.near {
		if distanceToArea(pos, a, size) > leaveDistance {
			delete(ap.near, a)
		}
	}
}

// distanceToArea is the horizontal distance from a position to the nearest point of an area of size blocks.
func distanceToArea(pos mgl64.Vec3, a store.AreaPos, size int) float64 {
	gap := func(v float64, lo int32) float64 {
		from, to := float64(lo)*float64(size), float64(lo+1)*float64(size)
		return max(from-v, v-to, 0)
	}
	return math.Hypot(gap(pos[0], a[0]), gap(pos[2], a[1]))
}
