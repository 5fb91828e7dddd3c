package overlay

import (
	"fmt"
	"image/color"
	"math"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/bossbar"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/particle"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
)

// refreshHUD shows a player the boss bar of the area they stand in: its state, its goal and how many of its
// puzzle's steps are done. Call on the world goroutine, without mu.
func (o *Overlay) refreshHUD(p *player.Player) {
	o.refreshHUDIn(p, store.AreaOfBlock(cube.PosFromVec3(p.Position()), int32(o.opts.AreaSize)))
}

// refreshHUDIn shows a player the boss bar and the guide book of an area: the one they stand in, or are stepping
// into.
func (o *Overlay) refreshHUDIn(p *player.Player, a store.AreaPos) {
	o.updateGuide(p, a)
	text, progress := o.statusLine(o.view(), a)
	colour := bossbar.Yellow()
	if progress >= 1 {
		colour = bossbar.Green()
	}
	p.SendBossBar(bossbar.New(text).WithHealthPercentage(max(progress, 0.01)).WithColour(colour))
}

// statusLine is the boss bar text of an area and its progress from 0 to 1, as a state has them.
func (o *Overlay) statusLine(s *state, a store.AreaPos) (string, float64) {
	run, ok := s.areas.Get(a)
	switch {
	case !ok || run.rec.State == store.Locked:
		return fmt.Sprintf("Area %v · locked · %s", a, o.opensWith(s, a)), 0
	case run.rec.State == store.Solved:
		return fmt.Sprintf("Area %v · solved", a), 1
	}
	done, total := progress(s, a)
	return fmt.Sprintf("Area %v · active · %s · %d/%d steps", a, goalText(s.pack, run.rec.Goal), done, total), float64(done) / float64(max(total, 1))
}

// progress counts the rules of an area's puzzle that have run, and all a player runs on the shortest way
// (Tracked.Progress: of alternatives, one).
func progress(s *state, a store.AreaPos) (done, total int) {
	tr := s.tracked(a)
	if tr == nil {
		return 0, 0
	}
	return tr.Progress()
}

// borderColour marks the borders of locked areas.
var borderColour = color.RGBA{R: 220, G: 40, B: 40, A: 255}

// showBorders draws a line of particles along the borders of locked areas within a few blocks of each player, so
// they can see where they cannot go. Runs on the world goroutine once a second.
func (o *Overlay) showBorders(tx *world.Tx) {
	size := o.opts.AreaSize * 16
	for e := range tx.Players() {
		p, ok := e.(*player.Player)
		if !ok {
			continue
		}
		pos := p.Position()
		here := store.AreaOfBlock(cube.PosFromVec3(pos), int32(o.opts.AreaSize))
		v := o.view()
		for _, n := range here.Neighbours() {
			if v.open(n) {
				continue
			}
			// The border line between here and n, and the player's distance to it.
			var a, b mgl64.Vec3
			switch {
			case n[0] > here[0]:
				x := float64(n[0]) * float64(size)
				a, b = mgl64.Vec3{x, 0, pos[2] - 4}, mgl64.Vec3{x, 0, pos[2] + 4}
			case n[0] < here[0]:
				x := float64(here[0]) * float64(size)
				a, b = mgl64.Vec3{x, 0, pos[2] - 4}, mgl64.Vec3{x, 0, pos[2] + 4}
			case n[1] > here[1]:
				z := float64(n[1]) * float64(size)
				a, b = mgl64.Vec3{pos[0] - 4, 0, z}, mgl64.Vec3{pos[0] + 4, 0, z}
			default:
				z := float64(here[1]) * float64(size)
				a, b = mgl64.Vec3{pos[0] - 4, 0, z}, mgl64.Vec3{pos[0] + 4, 0, z}
			}
			if d := distanceToBorder(pos, a, b); d > 8 {
				continue
			}
			for t := 0.0; t <= 1; t += 0.125 {
				pt := a.Add(b.Sub(a).Mul(t))
				for dy := 0.5; dy < 2.5; dy += 1 {
					p.ShowParticle(mgl64.Vec3{pt[0], pos[1] + dy, pt[2]}, particle.Dust{Colour: borderColour})
				}
			}
		}
	}
}

// distanceToBorder is the horizontal distance from pos to the axis-aligned border through a and b.
func distanceToBorder(pos, a, b mgl64.Vec3) float64 {
	if a[0] == b[0] {
		return math.Abs(pos[0] - a[0])
	}
	return math.Abs(pos[2] - a[2])
}
