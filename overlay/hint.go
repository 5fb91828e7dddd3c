package overlay

import (
	"fmt"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/particle"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// hintLevels counts the hints each player asked for in each area and step, so that hints escalate: first what
// to look for, then where it is, then the exact step with the way shown. A new step starts again.
type hintLevels struct {
	mu    sync.Mutex
	asked map[hintKey]int
	said  map[hintPlace][]string // the hints given, for the guide book
}

// hintPlace is a player in an area.
type hintPlace struct {
	player uuid.UUID
	area   store.AreaPos
}

// maxGuideHints is how many of the latest hints the guide book keeps for an area.
const maxGuideHints = 6

// record keeps a hint given to a player in an area, for the guide book.
func (h *hintLevels) record(player uuid.UUID, a store.AreaPos, text string) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.said == nil {
		h.said = map[hintPlace][]string{}
	}
	k := hintPlace{player, a}
	h.said[k] = append(h.said[k], text)
	if n := len(h.said[k]); n > maxGuideHints {
		h.said[k] = h.said[k][n-maxGuideHints:]
	}
}

// given returns the hints given to a player in an area, oldest first.
func (h *hintLevels) given(player uuid.UUID, a store.AreaPos) []string {
	h.mu.Lock()
	defer h.mu.Unlock()
	return append([]string(nil), h.said[hintPlace{player, a}]...)
}

type hintKey struct {
	player uuid.UUID
	area   store.AreaPos
	step   string
}

// next returns the level of the next hint for a key, from 1.
func (h *hintLevels) next(k hintKey) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.asked == nil {
		h.asked = map[hintKey]int{}
	}
	h.asked[k] = min(h.asked[k]+1, 3)
	return h.asked[k]
}

// hint words the next hint for a player standing at pos: level 1 names what to look for, level 2 says where it
// is from the player (direction and distance), level 3 gives the step.
func hint(p *puzzle.Pack, s Step, pos mgl64.Vec3, level int) string {
	switch level {
	case 1:
		return "You will need " + needs(p, s) + "."
	case 2:
		return where(p, s, pos)
	}
	return "Next: " + s.Hint(p) + "."
}

// needs lists a step's inputs in words: "the fishing rod and the pond".
func needs(p *puzzle.Pack, s Step) string {
	var parts []string
	for _, in := range s.Inputs {
		parts = append(parts, "the "+words.Item(p, in.Item))
	}
	return strings.Join(parts, " and ")
}

// where says where a step's inputs are from a position: "The pond is 23 blocks to the north-east; you carry the
// fishing rod."
func where(p *puzzle.Pack, s Step, pos mgl64.Vec3) string {
	var parts []string
	for _, in := range s.Inputs {
		name := "the " + words.Item(p, in.Item)
		switch {
		case in.MadeBy > 0:
			parts = append(parts, name+" is made by an earlier step")
		case in.Where.Kind == store.InInventory:
			parts = append(parts, "you carry "+name)
		case in.Where.Kind == store.AtBlock || in.Where.Kind == store.AtEntity:
			parts = append(parts, name+" is "+bearing(pos, in.Where.Block))
		}
	}
	return words.Capital(strings.Join(parts, "; ")) + "."
}

// bearing says how far and which way a block is from a position: "23 blocks to the north-east", "right here".
func bearing(from mgl64.Vec3, to cube.Pos) string {
	d := to.Vec3Centre().Sub(from)
	dist := int(math.Round(math.Hypot(d[0], d[2])))
	if dist < 3 {
		return "right here"
	}
	// Minecraft's north is -z and east is +x.
	angle := math.Atan2(d[0], -d[2]) * 180 / math.Pi
	names := []string{"north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west"}
	i := int(math.Round(angle/45)+8) % 8
	return fmt.Sprintf("%d blocks to the %s", dist, names[i])
}

// showTheWay shows a player, and only them, a column of particles at each of a step's placed inputs for a few
// seconds.
func (o *Overlay) showTheWay(h *world.EntityHandle, s Step) {
	var at []mgl64.Vec3
	for _, in := range s.Inputs {
		if in.MadeBy == 0 && (in.Where.Kind == store.AtBlock || in.Where.Kind == store.AtEntity) {
			at = append(at, in.Where.Block.Vec3Middle())
		}
	}
	for i := range 10 {
		o.w.DoAfter(time.Duration(i)*500*time.Millisecond, func(tx *world.Tx) {
			if e, ok := h.Entity(tx); ok {
				if p, ok := e.(*player.Player); ok {
					for _, v := range at {
						for dy := 0.5; dy < 4; dy += 0.5 {
							p.ShowParticle(v.Add(mgl64.Vec3{0, dy, 0}), particle.HugeExplosion{})
						}
					}
				}
			}
		})
	}
}
