package overlay

import (
	"testing"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
)

// A bearing names the compass point an object lies towards (north is -z, east +x) and how far.
func TestBearingPointsAtTheObject(t *testing.T) {
	from := mgl64.Vec3{0.5, 64, 0.5}
	for _, c := range []struct {
		to   cube.Pos
		want string
	}{
		{cube.Pos{0, 64, -20}, "20 blocks to the north"},
		{cube.Pos{16, 64, -16}, "23 blocks to the north-east"},
		{cube.Pos{30, 70, 0}, "30 blocks to the east"},
		{cube.Pos{-10, 64, 10}, "14 blocks to the south-west"},
		{cube.Pos{1, 64, 1}, "right here"},
	} {
		if got := bearing(from, c.to); got != c.want {
			t.Errorf("bearing to %v: %q, want %q", c.to, got, c.want)
		}
	}
}

// Hints escalate per step: what to look for, where it is, then the step itself.
func TestHintsEscalate(t *testing.T) {
	var h hintLevels
	k := hintKey{area: store.AreaPos{1, 2}, step: "Open: Crate"}
	for want := 1; want <= 4; want++ {
		if got := h.next(k); got != min(want, 3) {
			t.Fatalf("hint %d has level %d", want, got)
		}
	}
	if got := h.next(hintKey{area: store.AreaPos{1, 2}, step: "Forge: Smith"}); got != 1 {
		t.Errorf("a new step starts at level %d", got)
	}
}
