package e2e

import (
	"context"
	"errors"
	"fmt"
	"math"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// Reach is how far, from its eyes to the middle of a block or an entity, a Human reaches to use it.
const Reach = 4.5

const (
	walkSpeed    = 0.2  // blocks per tick on foot (a vanilla player walks 0.216)
	jumpVelocity = 0.42 // vertical speed at the start of a jump, as vanilla
	gravity      = 0.08 // vanilla gravity and drag per tick
	drag         = 0.98
	swimSpeed    = 0.12 // blocks per tick in water, at the surface or wading (vanilla swims about 0.1 to 0.15)
	waterGravity = 0.02 // vanilla gravity and drag per tick in water
	waterDrag    = 0.8
	swimUp       = 0.04 // what holding jump adds to the vertical speed in water, as vanilla
	climbOut     = 0.3  // the vertical speed of a body in water pushing against a bank with jump held, as vanilla
	halfWidth    = 0.3  // a player's box is 0.6 wide and 1.8 high
	bodyHeight   = 1.8
	stuckTicks   = 30 // ticks without progress before a walk gives up on a step
	maxRefusals  = 6  // steps the server may refuse before WalkTo gives up
	maxAttempts  = 40 // plans one WalkTo may make
	maxPartial   = 4  // plans that only go part of the way (into terrain not yet known)
)

var (
	// ErrNoPath is returned when the terrain the client knows offers no way on foot to the target.
	ErrNoPath = errors.New("no path on foot")
	// ErrRefused is returned when the server keeps putting the Human back where it was (a locked border).
	ErrRefused = errors.New("the server refused the steps")
	// ErrNotHuman is returned by the Bot methods a Human does not use: it never teleports itself or digs.
	ErrNotHuman = errors.New("a human bot walks and uses items; it does not teleport or dig")
	// ErrStuck is returned when a Human cannot make progress along its path.
	ErrStuck = errors.New("stuck")
)

// Human is a Bot that plays as a person does. It knows only what the client is sent: the terrain decoded from
// the chunks (Terrain), the entities shown to it (Entities), its inventory and its forms. It moves only by
// walking: every tick a PlayerAuthInput at most 0.2 blocks on from the last, standing on blocks and never inside
// one, jumping up single blocks and stepping down ledges of up to three, on paths planned over the decoded
// terrain; it adopts every position the server puts it at and plans again. Water it wades through, or swims
// across at its surface (slower, so paths go round it where they can), holding jump to keep its head out as a
// player does, and climbs out onto a bank up to a block above the water; it never dives, nor enters lava. It uses what it sees: it walks within
// Reach of a block or an entity, looks at it, and uses the held item on it; it picks up an item stack by walking
// over it.
//
// The Bot's own MoveTo and BreakBlock return ErrNotHuman; Command, AnswerForm, WaitFor, Inventory and the others
// work as on a Bot.
//
//	h := srv.JoinHuman(t, "Alice")
//	h.WaitTerrain(ctx, 32)                         // the chunks around it have arrived
//	key, _ := h.WaitEntity(ctx, func(e e2e.Entity) bool { return e.ItemName() == "Key" })
//	h.PickUp(ctx, key.RID)                         // walks over it
//	mark := h.Mark()
//	h.UseOnBlock(ctx, cratePos, 0)                 // walks within reach, looks, right-clicks
//	f, _ := h.AwaitForm(ctx, mark)
//	h.Choose(f, "Open")
type Human struct {
	*Bot
	// Logf, if set, is told each plan and each failed step of a walk (t.Logf suits it).
	Logf func(format string, args ...any)

	terrain *Terrain
	ents    *entities

	mu       sync.Mutex
	started  bool       // pos holds a position the bot sent
	pos      mgl64.Vec3 // feet
	vy       float64
	onGround bool
	wet      bool       // the body is in water
	hitWall  bool       // the last horizontal move was stopped by a block
	swimming bool       // jump is held in water: the flags say so
	sent     mgl32.Vec3 // eye position last sent
	yaw      float64
	pitch    float64
	look     *mgl64.Vec3 // the point looked at, if any
	run      *walkRun
	ticks    uint64
	ticked   chan struct{} // closed and replaced every tick
}

// NewHuman makes a Human of a bot that has just joined: from now on, the Human moves it.
func NewHuman(b *Bot) *Human {
	h := &Human{
		Bot:     b,
		terrain: newTerrain(),
		ents:    newEntities(b.GameData().EntityRuntimeID),
		ticked:  make(chan struct{}),
	}
	b.attach(h.observe, h.control)
	return h
}

// DialHuman joins the server at addr as a Human called name (see Dial).
func DialHuman(ctx context.Context, addr, name string) (*Human, error) {
	b, err := Dial(ctx, addr, name)
	if err != nil {
		return nil, err
	}
	return NewHuman(b), nil
}

// JoinHuman connects a Human called name and disconnects it when the test ends.
func (s *Server) JoinHuman(t testing.TB, name string) *Human {
	t.Helper()
	return NewHuman(s.Join(t, name))
}

// observe reads the packets that tell a client about the world. It runs in the bot's read loop.
func (h *Human) observe(pk packet.Packet) {
	h.terrain.handle(pk)
	h.ents.handle(pk)
}

// Terrain returns the blocks as the client knows them.
func (h *Human) Terrain() *Terrain { return h.terrain }

// BlockAt returns the block at pos as the client was sent it, and false if it was not.
func (h *Human) BlockAt(pos cube.Pos) (world.Block, bool) { return h.terrain.Block(pos) }

// Ground returns the feet height of the highest place to stand in column x, z, as the client knows it.
func (h *Human) Ground(x, z int) (int, bool) { return h.terrain.Ground(x, z) }

// Entities returns the entities shown to the client, by runtime ID, without the Human itself.
func (h *Human) Entities() []Entity { return h.ents.all() }

// Entity returns the entity with runtime ID rid, if the client was shown it and it is still there.
func (h *Human) Entity(rid uint64) (Entity, bool) { return h.ents.get(rid) }

// FindEntity returns the entity nearest to the Human for which match returns true.
func (h *Human) FindEntity(match func(Entity) bool) (Entity, bool) {
	feet := h.Feet()
	var best Entity
	found := false
	for _, e := range h.ents.all() {
		if match(e) && (!found || e.Pos.Sub(feet).Len() < best.Pos.Sub(feet).Len()) {
			best, found = e, true
		}
	}
	return best, found
}

// WaitEntity waits until the client is shown an entity for which match returns true, and returns the nearest.
func (h *Human) WaitEntity(ctx context.Context, match func(Entity) bool) (Entity, error) {
	var e Entity
	_, err := h.WaitFor(ctx, func(packet.Packet) bool {
		var ok bool
		e, ok = h.FindEntity(match)
		return ok
	})
	return e, err
}

// WaitTerrain waits until every chunk column within radius blocks (horizontally) of the Human has arrived.
func (h *Human) WaitTerrain(ctx context.Context, radius int) error {
	ready := func() bool {
		c := h.Cell()
		for x := c[0] - radius; x <= c[0]+radius+15; x += 16 {
			for z := c[2] - radius; z <= c[2]+radius+15; z += 16 {
				if !h.terrain.ColumnKnown(min(x, c[0]+radius), min(z, c[2]+radius)) {
					return false
				}
			}
		}
		return true
	}
	if ready() {
		return nil
	}
	_, err := h.WaitFor(ctx, func(packet.Packet) bool { return ready() })
	if err == nil {
		err = h.terrain.Err()
	}
	return err
}

// Feet returns the position of the Human's feet.
func (h *Human) Feet() mgl64.Vec3 {
	h.mu.Lock()
	defer h.mu.Unlock()
	if !h.started {
		return h.Bot.Position()
	}
	return h.pos
}

// Eye returns the position of the Human's eyes.
func (h *Human) Eye() mgl64.Vec3 { return h.Feet().Add(mgl64.Vec3{0, eyeHeight, 0}) }

// Cell returns the block the Human's feet are in.
func (h *Human) Cell() cube.Pos { return cellOf(h.Feet()) }

// cellOf returns the block holding feet at pos, forgiving a float32 rounding below a floor.
func cellOf(pos mgl64.Vec3) cube.Pos {
	return cube.PosFromVec3(pos.Add(mgl64.Vec3{0, 0.01, 0}))
}

// OnGround reports whether the Human stands on a block.
func (h *Human) OnGround() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.onGround
}

// InWater reports whether the Human's body is in water (swimming at the surface, or wading).
func (h *Human) InWater() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.wet
}

// settled reports whether the Human stands, or floats in water with its head out: a place to plan from.
func (h *Human) settled() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.onGround {
		return true
	}
	if !h.wet || math.Abs(h.vy) > 0.15 {
		return false
	}
	c := cellOf(h.pos)
	h.terrain.mu.RLock()
	s, ok := h.terrain.surface(c[0], c[1], c[2])
	h.terrain.mu.RUnlock()
	return ok && math.Abs(h.pos[1]-s) < 0.35
}

// MoveTo is not something a human does: it returns ErrNotHuman. Use WalkTo.
func (h *Human) MoveTo(mgl64.Vec3) error { return ErrNotHuman }

// BreakBlock is not something this human does: it returns ErrNotHuman.
func (h *Human) BreakBlock(cube.Pos) error { return ErrNotHuman }

// playerBox returns the box of a player with its feet at pos.
func playerBox(pos mgl64.Vec3) cube.BBox {
	return cube.Box(pos[0]-halfWidth, pos[1], pos[2]-halfWidth, pos[0]+halfWidth, pos[1]+bodyHeight, pos[2]+halfWidth)
}

// PlayerBox returns the collision box of a player whose feet are at pos, for tests that check where a player is.
func PlayerBox(pos mgl64.Vec3) cube.BBox { return playerBox(pos) }

// walkRun is one path being followed, tick by tick, by control.
type walkRun struct {
	path  []waypoint
	i     int
	stuck int // ticks without horizontal progress
	wait  int // ticks waiting to land
	done  chan struct{}
	err   error
}

// moveError reports that the server put the Human somewhere else while it walked.
type moveError struct {
	refused bool     // put back near where it was: the step was refused
	cell    cube.Pos // the cell the refused step went into
	to      mgl64.Vec3
}

func (e *moveError) Error() string {
	if e.refused {
		return fmt.Sprintf("the server refused a step into %v and put the player at %.2f", e.cell, e.to)
	}
	return fmt.Sprintf("the server moved the player to %.2f", e.to)
}

var errOffPath = errors.New("off the path")

// endRun ends the walk in progress with err. h.mu must be held.
func (h *Human) endRun(err error) {
	if h.run == nil {
		return
	}
	h.run.err = err
	close(h.run.done)
	h.run = nil
}

// control moves the Human by one tick: it runs in the bot's input loop with pk at the position the bot has, which
// is the one last sent unless the server moved the bot.
func (h *Human) control(pk *packet.PlayerAuthInput) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.ticks++
	close(h.ticked)
	h.ticked = make(chan struct{})
	if !h.started || pk.Position != h.sent {
		at := vec64(pk.Position).Sub(mgl64.Vec3{0, eyeHeight, 0})
		if h.started && h.run != nil {
			e := &moveError{refused: at.Sub(h.pos).Len() < 3, cell: cellOf(h.pos), to: at}
			if h.run.i < len(h.run.path) && e.refused {
				e.cell = h.run.path[h.run.i].cell
			}
			h.endRun(e)
		}
		if h.started {
			h.logf("%s: the server put the player at %.3f (it was at %.3f)", h.name, at, h.pos)
		}
		h.pos, h.vy, h.onGround, h.started = at, 0, false, true
	}
	moved, jumped := h.step()
	pk.Position = vec32(h.pos.Add(mgl64.Vec3{0, eyeHeight, 0}))
	h.sent = pk.Position

	var dir mgl64.Vec3
	if h.look != nil {
		dir = h.look.Sub(h.pos.Add(mgl64.Vec3{0, eyeHeight, 0}))
	} else if moved[0] != 0 || moved[2] != 0 {
		dir = mgl64.Vec3{moved[0], 0, moved[2]}
	}
	if dir.Len() > 1e-6 {
		h.yaw = mgl64.RadToDeg(math.Atan2(-dir[0], dir[2]))
		h.pitch = mgl64.RadToDeg(-math.Asin(dir[1] / dir.Len()))
	}
	pk.Yaw, pk.HeadYaw, pk.Pitch = float32(h.yaw), float32(h.yaw), float32(h.pitch)
	pk.Delta = vec32(moved)
	if moved[0] != 0 || moved[2] != 0 {
		pk.InputData.Set(packet.InputFlagUp)
		pk.MoveVector, pk.RawMoveVector = mgl32.Vec2{0, 1}, mgl32.Vec2{0, 1}
	}
	if h.swimming {
		// Holding jump in water: the client floats up, as a player keeps its head above the surface.
		pk.InputData.Set(packet.InputFlagJumping)
		pk.InputData.Set(packet.InputFlagWantUp)
		pk.InputData.Set(packet.InputFlagJumpDown)
		pk.InputData.Set(packet.InputFlagJumpCurrentRaw)
	}
	if jumped {
		pk.InputData.Set(packet.InputFlagStartJumping)
		pk.InputData.Set(packet.InputFlagJumping)
		pk.InputData.Set(packet.InputFlagJumpDown)
		pk.InputData.Set(packet.InputFlagJumpPressedRaw)
		pk.InputData.Set(packet.InputFlagJumpCurrentRaw)
	}
	if h.onGround {
		pk.InputData.Set(packet.InputFlagVerticalCollision)
	}
}

// step runs one tick of the body: the walk in progress picks the horizontal move and whether to jump, gravity
// the vertical one, and the decoded blocks stop both. Without the terrain around it, the body keeps still, as a
// client waits for its chunks. h.mu must be held.
func (h *Human) step() (moved mgl64.Vec3, jumped bool) {
	box := playerBox(h.pos).Grow(1)
	for _, c := range [][2]float64{{box.Min()[0], box.Min()[2]}, {box.Min()[0], box.Max()[2]}, {box.Max()[0], box.Min()[2]}, {box.Max()[0], box.Max()[2]}} {
		if !h.terrain.ColumnKnown(int(math.Floor(c[0])), int(math.Floor(c[1]))) {
			return mgl64.Vec3{}, false
		}
	}
	h.terrain.mu.RLock()
	h.wet = h.terrain.inWater(h.pos)
	h.terrain.mu.RUnlock()
	var want mgl64.Vec3
	jump := false
	if r := h.run; r != nil {
		want, jump = h.follow(r)
	} else if h.wet {
		jump = h.belowSurface(h.pos[1])
	}
	h.swimming = false
	switch {
	case h.wet:
		// In water: weak gravity and strong drag; jump held floats the body up, and against a bank lifts it out.
		h.vy = h.vy*waterDrag - waterGravity
		if jump {
			h.swimming = true
			h.vy += swimUp
			if h.hitWall {
				h.vy = climbOut
			}
		}
	case jump && h.onGround:
		h.vy, jumped = jumpVelocity, true
	default:
		h.vy = (h.vy - gravity) * drag
	}
	delta := mgl64.Vec3{want[0], h.vy, want[2]}
	moved = h.collide(h.pos, delta)
	if moved[1] != delta[1] {
		h.vy = 0
	}
	h.hitWall = math.Hypot(moved[0]-delta[0], moved[2]-delta[2]) > 1e-4
	h.pos = h.pos.Add(moved)
	for i, v := range h.pos {
		if r := math.Round(v*1e6) / 1e6; math.Abs(v-r) < 1e-9 {
			h.pos[i] = r // Keep whole and tenth positions exact, so that boxes meet faces exactly.
		}
	}
	// Standing is having a block right under the box where it ended, not having been stopped on the way: the
	// vertical move is made before the horizontal one, which may have just left the edge.
	h.onGround = h.vy <= 0 && h.collide(h.pos, mgl64.Vec3{0, -1e-3, 0})[1] > -1e-3
	if r := h.run; r != nil {
		if w := math.Hypot(want[0], want[2]); w > 1e-3 && math.Hypot(moved[0], moved[2]) < w/10 {
			if r.stuck++; r.stuck > stuckTicks {
				h.endRun(fmt.Errorf("%w at %.2f on the way to %v", ErrStuck, h.pos, r.path[r.i].cell))
			}
		} else {
			r.stuck = 0
		}
	}
	return moved, jumped
}

// follow returns the horizontal move of this tick along the walk r, and whether to jump (in water: to hold jump
// and float up); it ends the walk when the last cell is reached. h.mu must be held.
func (h *Human) follow(r *walkRun) (mgl64.Vec3, bool) {
	for r.i < len(r.path) {
		w := r.path[r.i]
		c := w.feet()
		d := mgl64.Vec3{c[0] - h.pos[0], 0, c[2] - h.pos[2]}
		dist := d.Len()
		up := c[1]-h.pos[1] > 0.01
		if h.wet {
			// Keep the head above the surface where it swims, and rise to a bank it goes to.
			up = up || h.belowSurface(h.pos[1])
		}
		if dist < 1e-6 {
			if (h.onGround && math.Abs(h.pos[1]-c[1]) < 0.1) || (w.swim && h.wet && math.Abs(h.pos[1]-c[1]) < 0.35) {
				r.i, r.wait = r.i+1, 0
				continue
			}
			if r.wait++; (h.onGround && !h.wet && h.pos[1] < c[1]) || r.wait > stuckTicks {
				h.endRun(fmt.Errorf("%w: at %.2f, expected to stand at %.2f", errOffPath, h.pos, c))
			}
			return mgl64.Vec3{}, h.wet && up // Falling (or floating up) into the cell: wait to get there.
		}
		speed := walkSpeed
		if h.wet {
			speed = swimSpeed
		}
		return d.Mul(math.Min(speed, dist) / dist), up
	}
	h.endRun(nil)
	return mgl64.Vec3{}, false
}

// belowSurface reports whether feet at height y are below where they float with the head out of the water the
// body is in. h.mu must be held.
func (h *Human) belowSurface(y float64) bool {
	h.terrain.mu.RLock()
	defer h.terrain.mu.RUnlock()
	c := cellOf(h.pos)
	s, ok := h.terrain.surface(c[0], c[1], c[2])
	return ok && y < s
}

// startHere returns the waypoint a plan starts from: where the feet stand, or the surface of the water the body
// floats in. h.mu must not be held.
func (h *Human) startHere() waypoint {
	h.mu.Lock()
	pos, wet, ground := h.pos, h.wet, h.onGround
	h.mu.Unlock()
	if !h.started || !wet || ground {
		return startAt(h.Feet())
	}
	c := cellOf(pos)
	h.terrain.mu.RLock()
	s, ok := h.terrain.surface(c[0], c[1], c[2])
	h.terrain.mu.RUnlock()
	if !ok {
		return startAt(pos)
	}
	return waypoint{cell: cube.Pos{c[0], int(s), c[2]}, y: s, swim: true}
}

// collide returns how much of delta a body at pos can move before it meets a block, axis by axis (Y, then X,
// then Z) as a client does. Blocks the client does not know count as solid.
func (h *Human) collide(pos, delta mgl64.Vec3) mgl64.Vec3 {
	// A box a hair smaller, so that one resting on a face by a rounding error below it still counts as on it
	// (the offsets let a box that already overlaps a block move through it).
	box := playerBox(pos).Grow(-1e-6)
	t := h.terrain
	t.mu.RLock()
	near := t.boxesNear(box.Extend(delta))
	t.mu.RUnlock()
	dy := delta[1]
	for _, b := range near {
		dy = box.YOffset(b, dy)
	}
	box = box.Translate(mgl64.Vec3{0, dy, 0})
	dx := delta[0]
	for _, b := range near {
		dx = box.XOffset(b, dx)
	}
	box = box.Translate(mgl64.Vec3{dx, 0, 0})
	dz := delta[2]
	for _, b := range near {
		dz = box.ZOffset(b, dz)
	}
	return mgl64.Vec3{dx, dy, dz}
}

// waitTicks waits until n ticks of the Human's body have passed.
func (h *Human) waitTicks(ctx context.Context, n int) error {
	for range n {
		h.mu.Lock()
		ch := h.ticked
		h.mu.Unlock()
		select {
		case <-ch:
		case <-h.Bot.stop:
			return ErrDisconnected
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	return nil
}

// WaitGround waits until the Human stands on the ground: the terrain around it has arrived and it is not falling.
func (h *Human) WaitGround(ctx context.Context) error {
	for {
		if h.OnGround() {
			return nil
		}
		if err := h.waitTicks(ctx, 1); err != nil {
			return fmt.Errorf("waiting to stand on the ground at %.2f: %w", h.Feet(), err)
		}
	}
}

// waitSettled waits until the Human stands on the ground or floats at the surface of water.
func (h *Human) waitSettled(ctx context.Context) error {
	for !h.settled() {
		if err := h.waitTicks(ctx, 1); err != nil {
			return fmt.Errorf("waiting to stand or float at %.2f: %w", h.Feet(), err)
		}
	}
	return nil
}

// follow walks the path and returns when the last cell is reached, or why not.
func (h *Human) walkPath(ctx context.Context, path []waypoint) error {
	r := &walkRun{path: path, done: make(chan struct{})}
	h.mu.Lock()
	h.endRun(errors.New("another walk started"))
	h.look = nil
	h.run = r
	h.mu.Unlock()
	select {
	case <-r.done:
		return r.err
	case <-h.Bot.stop:
		return ErrDisconnected
	case <-ctx.Done():
		h.mu.Lock()
		if h.run == r {
			h.endRun(ctx.Err())
		}
		h.mu.Unlock()
		return ctx.Err()
	}
}

// goal is where a walk should end.
type goal struct {
	reached func(feet mgl64.Vec3) bool // whether standing with the feet there is enough
	target  mgl64.Vec3                 // the point aimed at, for the search's estimate
	slack   float64                    // how far from target a cell may still be a goal
	what    string
}

// walk plans a path to the goal over the terrain the client knows and follows it, planning again when the
// server puts the Human back (avoiding the refused cell), when it gets stuck, or when the path only went as far
// as the known terrain did.
func (h *Human) walk(ctx context.Context, g goal) error {
	blocked := map[cube.Pos]bool{}
	refusals, partials, lastEst := 0, 0, math.Inf(1)
	for attempt := 0; attempt < maxAttempts; attempt++ {
		if err := h.waitSettled(ctx); err != nil {
			return err
		}
		start := h.startHere()
		if g.reached(start.feet()) {
			return nil
		}
		est := func(f mgl64.Vec3) float64 { return math.Max(0, f.Sub(g.target).Len()-g.slack) }
		s := &search{t: h.terrain, start: start, goal: g.reached, h: est, blocked: blocked, budget: pathBudget}
		path, complete := s.run()
		if len(path) == 0 {
			return fmt.Errorf("walk from %v to %s: %w", start.cell, g.what, ErrNoPath)
		}
		if !complete {
			// Only part of the way is known: walk as near as it goes, then look again.
			e := est(path[len(path)-1].feet())
			if partials++; e > lastEst-1 || partials > maxPartial {
				return fmt.Errorf("walk from %v to %s: %w (got no nearer than %v)", start.cell, g.what, ErrNoPath, path[len(path)-1].cell)
			}
			lastEst = e
		}
		h.logf("%s: plan %d from %v: %d cells to %v (complete %v)", h.name, attempt, start.cell, len(path), path[len(path)-1].cell, complete)
		err := h.walkPath(ctx, path)
		if err != nil {
			h.logf("%s: %v", h.name, err)
		}
		var me *moveError
		switch {
		case err == nil:
		case errors.As(err, &me):
			if me.refused {
				if refusals++; refusals >= maxRefusals {
					return fmt.Errorf("walk to %s: %w: %v", g.what, ErrRefused, err)
				}
				blocked[me.cell] = true
			}
			// The server answers each refused step with a teleport; let the answers to the steps sent before the
			// first one arrived come in before planning again, or they would end the next walk too.
			if err := h.waitTicks(ctx, 3); err != nil {
				return err
			}
		case errors.Is(err, ErrStuck), errors.Is(err, errOffPath):
			h.mu.Lock()
			if r := path; len(r) > 0 {
				blocked[nextCell(r, h.pos)] = true
			}
			h.mu.Unlock()
		default:
			return fmt.Errorf("walk to %s: %w", g.what, err)
		}
	}
	return fmt.Errorf("walk to %s: %w after %d plans", g.what, ErrNoPath, maxAttempts)
}

func (h *Human) logf(format string, args ...any) {
	if h.Logf != nil {
		h.Logf(format, args...)
	}
}

// nextCell returns the cell of the path nearest to pos that pos is not in: the step that failed.
func nextCell(path []waypoint, pos mgl64.Vec3) cube.Pos {
	here := cellOf(pos)
	best, bestD := path[0].cell, math.Inf(1)
	for _, w := range path {
		if d := w.feet().Sub(pos).Len(); w.cell != here && d < bestD {
			best, bestD = w.cell, d
		}
	}
	return best
}

// WalkTo walks until the Human's feet are within `within` blocks of target. It ends in the middle of a block,
// so within should be at least 0.75 for a target that is not in the middle of one.
func (h *Human) WalkTo(ctx context.Context, target mgl64.Vec3, within float64) error {
	return h.walk(ctx, goal{
		reached: func(f mgl64.Vec3) bool { return f.Sub(target).Len() <= within },
		target:  target, slack: within, what: fmt.Sprintf("%.2f", target),
	})
}

// WalkToBlock walks until the block at pos is within Reach of the Human's eyes and in sight.
func (h *Human) WalkToBlock(ctx context.Context, pos cube.Pos) error {
	centre := pos.Vec3Centre()
	return h.walk(ctx, goal{
		reached: func(f mgl64.Vec3) bool {
			eye := f.Add(mgl64.Vec3{0, eyeHeight, 0})
			return eye.Sub(centre).Len() <= Reach && h.terrain.inSight(eye, centre, &pos)
		},
		target: centre, slack: Reach, what: fmt.Sprintf("block %v", pos),
	})
}

// entityCentre is the point a Human aims at on an entity.
func entityCentre(e Entity) mgl64.Vec3 {
	if e.IsItem() {
		return e.Pos.Add(mgl64.Vec3{0, 0.125, 0})
	}
	return e.Pos.Add(mgl64.Vec3{0, 0.9, 0})
}

// WalkToEntity walks until the entity with runtime ID rid is within Reach of the Human's eyes and in sight.
func (h *Human) WalkToEntity(ctx context.Context, rid uint64) error {
	e, ok := h.Entity(rid)
	if !ok {
		return fmt.Errorf("walk to entity %d: the client was not shown it", rid)
	}
	centre := entityCentre(e)
	return h.walk(ctx, goal{
		reached: func(f mgl64.Vec3) bool {
			eye := f.Add(mgl64.Vec3{0, eyeHeight, 0})
			return eye.Sub(centre).Len() <= Reach && h.terrain.inSight(eye, centre, nil)
		},
		target: centre, slack: Reach, what: fmt.Sprintf("entity %d (%s %q) at %.2f", rid, e.Type, e.Name, e.Pos),
	})
}

// inSight reports whether the segment from eye to point crosses no collision box of a block other than the one
// at target (if not nil).
func (t *Terrain) inSight(eye, point mgl64.Vec3, target *cube.Pos) bool {
	t.mu.RLock()
	defer t.mu.RUnlock()
	d := point.Sub(eye)
	n := int(d.Len()/0.1) + 1
	for i := 1; i < n; i++ {
		p := eye.Add(d.Mul(float64(i) / float64(n)))
		c := cube.PosFromVec3(p)
		if target != nil && c == *target {
			continue
		}
		for _, b := range t.boxes(c) {
			if b.Vec3Within(p) {
				return false
			}
		}
	}
	return true
}

// LookAt turns the Human's head to point and waits two ticks, so that the server has seen it turn. The Human
// keeps looking there until it walks again.
func (h *Human) LookAt(ctx context.Context, point mgl64.Vec3) error {
	h.mu.Lock()
	h.look = &point
	h.mu.Unlock()
	return h.waitTicks(ctx, 2)
}

// faceToward returns the face of the block at pos that the eye sees best: the one facing it most, preferring
// faces not covered by a solid block.
func (h *Human) faceToward(pos cube.Pos, eye mgl64.Vec3) cube.Face {
	d := eye.Sub(pos.Vec3Centre())
	best, bestScore := cube.FaceUp, math.Inf(-1)
	for _, f := range cube.Faces() {
		score := cube.Pos{}.Side(f).Vec3().Dot(d)
		if rid, ok := h.terrain.RuntimeID(pos.Side(f)); !ok || h.terrain.ridClass(rid) == classFull {
			score -= 100
		}
		if score > bestScore {
			best, bestScore = f, score
		}
	}
	return best
}

// facePoint returns the middle of a face of a block, relative to the block.
func facePoint(f cube.Face) mgl64.Vec3 {
	return mgl64.Vec3{0.5, 0.5, 0.5}.Add(cube.Pos{}.Side(f).Vec3().Mul(0.5))
}

// UseOnBlock walks within reach of the block at pos, looks at the face it sees, and uses the item in hotbar
// slot (0 to 8) on it, as a right-click.
func (h *Human) UseOnBlock(ctx context.Context, pos cube.Pos, slot int) error {
	if err := h.WalkToBlock(ctx, pos); err != nil {
		return err
	}
	eye := h.Eye()
	face := h.faceToward(pos, eye)
	click := facePoint(face)
	if err := h.LookAt(ctx, pos.Vec3().Add(click)); err != nil {
		return err
	}
	rid, _ := h.terrain.RuntimeID(pos)
	return h.conn.WritePacket(&packet.InventoryTransaction{TransactionData: &protocol.UseItemTransactionData{
		ActionType:       protocol.UseItemActionClickBlock,
		TriggerType:      protocol.TriggerTypePlayerInput,
		BlockPosition:    protocol.BlockPos{int32(pos.X()), int32(pos.Y()), int32(pos.Z())},
		BlockFace:        int32(face),
		HotBarSlot:       int32(slot),
		HeldItem:         h.heldItem(slot),
		Position:         vec32(h.Eye()),
		ClickedPosition:  vec32(click),
		BlockRuntimeID:   rid,
		ClientPrediction: protocol.ClientPredictionSuccess,
	}})
}

// UseOnEntity walks within reach of the entity with runtime ID rid, looks at it, and uses the item in hotbar
// slot on it (a right-click: it talks to an NPC).
func (h *Human) UseOnEntity(ctx context.Context, rid uint64, slot int) error {
	if err := h.WalkToEntity(ctx, rid); err != nil {
		return err
	}
	e, ok := h.Entity(rid)
	if !ok {
		return fmt.Errorf("use on entity %d: it is gone", rid)
	}
	centre := entityCentre(e)
	if err := h.LookAt(ctx, centre); err != nil {
		return err
	}
	return h.conn.WritePacket(&packet.InventoryTransaction{TransactionData: &protocol.UseItemOnEntityTransactionData{
		TargetEntityRuntimeID: rid,
		ActionType:            protocol.UseItemOnEntityActionInteract,
		HotBarSlot:            int32(slot),
		HeldItem:              h.heldItem(slot),
		Position:              vec32(h.Eye()),
		ClickedPosition:       vec32(centre.Sub(e.Pos)),
	}})
}

// PickUp walks over the item stack entity rid until the server gives it to the Human (TakeItemActor) and the
// inventory changes. The server's rule is followed: the player's box must touch the item's grown by one block
// sideways and half a block up and down, so a stack sunk into the ground cannot be picked up.
func (h *Human) PickUp(ctx context.Context, rid uint64) error {
	mark := h.Mark()
	self := h.GameData().EntityRuntimeID
	taken := func() bool { return h.ents.takenBy(rid) == self }
	for try := 0; !taken(); try++ {
		e, ok := h.Entity(rid)
		if !ok || !e.IsItem() {
			return fmt.Errorf("pick up %d: no item stack shown with that ID", rid)
		}
		if try == 3 {
			return fmt.Errorf("pick up %s at %.2f: standing by it did not pick it up", e.ItemName(), e.Pos)
		}
		reach := cube.Box(-0.125, 0, -0.125, 0.125, 0.25, 0.125).Translate(e.Pos).GrowVec3(mgl64.Vec3{1, 0.5, 1})
		err := h.walk(ctx, goal{
			reached: func(f mgl64.Vec3) bool {
				return math.Hypot(f[0]-e.Pos[0], f[2]-e.Pos[2]) <= 0.75 && playerBox(f).IntersectsWith(reach)
			},
			target: e.Pos, slack: 0.75, what: fmt.Sprintf("item %s at %.2f", e.ItemName(), e.Pos),
		})
		if err != nil {
			if taken() {
				break
			}
			return err
		}
		// The server looks for collectors every tick, once the stack's pick-up delay is over.
		wait, cancel := context.WithTimeout(ctx, 1500*time.Millisecond)
		_, err = Await(wait, h.Bot, mark, func(t *packet.TakeItemActor) bool {
			return t.ItemEntityRuntimeID == rid && t.TakerEntityRuntimeID == self
		})
		cancel()
		if ctx.Err() != nil {
			return ctx.Err()
		}
	}
	_, err := h.WaitAfter(ctx, mark, func(pk packet.Packet) bool {
		switch pk := pk.(type) {
		case *packet.InventorySlot:
			return pk.WindowID == protocol.WindowIDInventory
		case *packet.InventoryContent:
			return pk.WindowID == protocol.WindowIDInventory
		}
		return false
	})
	if err != nil {
		return fmt.Errorf("pick up %d: the inventory did not change: %w", rid, err)
	}
	return nil
}
