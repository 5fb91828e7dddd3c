package e2e_test

import (
	"context"
	"errors"
	"fmt"
	"math"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/block/model"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/form"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
	"riddlestone/overlay/store"
	"riddlestone/server"
)

// bodyWatch is an extension that checks, on the server, every position a player moves to: the player's box
// against the real blocks of the world at that moment, the length of each step, jumps and teleports. The bot
// under test never reads any of it.
type bodyWatch struct {
	mu         sync.Mutex
	handles    map[string]*world.EntityHandle
	moves      int
	inside     []string // positions inside a block, with the block
	maxStep    float64  // the longest horizontal step
	maxStepAt  string
	bigSteps   int // steps longer than 0.3
	jumps      int
	teleports  int
	groundSeen map[int]bool // feet heights the player stood at
}

func (w *bodyWatch) attach(s *server.Server) error {
	w.handles, w.groundSeen = map[string]*world.EntityHandle{}, map[int]bool{}
	s.OnJoin(func(p *player.Player) {
		w.mu.Lock()
		defer w.mu.Unlock()
		w.handles[p.Name()] = p.H()
	})
	s.WrapHandler(func(p *player.Player, next player.Handler) player.Handler {
		return &watchHandler{Handler: next, w: w}
	})
	return nil
}

type watchHandler struct {
	player.Handler
	w *bodyWatch
}

func (h *watchHandler) HandleMove(ctx *player.Context, pos mgl64.Vec3, rot cube.Rotation) {
	old := ctx.Player().Position()
	box := e2e.PlayerBox(pos).Grow(-1e-3) // float32 positions on the wire may touch a face by a hair
	var hits []string
	lo, hi := cube.PosFromVec3(box.Min()), cube.PosFromVec3(box.Max())
	for x := lo[0]; x <= hi[0]; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				bp := cube.Pos{x, y, z}
				b := ctx.Block(bp)
				for _, bb := range b.Model().BBox(bp, ctx) {
					if bb.Translate(bp.Vec3()).IntersectsWith(box) {
						hits = append(hits, fmt.Sprintf("feet %.3f in %T at %v", pos, b, bp))
					}
				}
			}
		}
	}
	h.w.mu.Lock()
	h.w.moves++
	h.w.inside = append(h.w.inside, hits...)
	step := math.Hypot(pos[0]-old[0], pos[2]-old[2])
	if step > 0.3 {
		h.w.bigSteps++
	}
	if step > h.w.maxStep {
		h.w.maxStep, h.w.maxStepAt = step, fmt.Sprintf("from %.3f to %.3f (move %d)", old, pos, h.w.moves)
	}
	if under := cube.PosFromVec3(pos.Sub(mgl64.Vec3{0, 0.01, 0})); math.Abs(pos[1]-math.Round(pos[1])) < 1e-3 {
		if _, solid := ctx.Block(under).Model().(model.Solid); solid {
			h.w.groundSeen[int(math.Round(pos[1]))] = true
		}
	}
	h.w.mu.Unlock()
	h.Handler.HandleMove(ctx, pos, rot)
}

func (h *watchHandler) HandleJump(p *player.Player) {
	h.w.mu.Lock()
	h.w.jumps++
	h.w.mu.Unlock()
	h.Handler.HandleJump(p)
}

func (h *watchHandler) HandleTeleport(ctx *player.Context, pos mgl64.Vec3) {
	h.w.mu.Lock()
	h.w.teleports++
	h.w.mu.Unlock()
	h.Handler.HandleTeleport(ctx, pos)
}

// check fails the test if the player was ever inside a block, stepped too far or was teleported.
func (w *bodyWatch) check(t *testing.T) {
	t.Helper()
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.inside) > 0 {
		t.Errorf("the player was inside blocks %d times, first: %q", len(w.inside), w.inside[:min(5, len(w.inside))])
	}
	// The Human sends steps of at most 0.2 blocks. Under load, gophertunnel v1.61.0's Conn.receive can hand the
	// server two packets swapped (it moves a queued packet aside to be read after the next, conn.go:673), which
	// makes one step of up to two or three of them; a rare few are allowed, a teleport is not.
	if w.maxStep > 1 || w.bigSteps > 2+w.moves/50 {
		t.Errorf("%d steps longer than 0.3 blocks in %d moves, the longest %.3f (%s); a walker makes at most 0.3",
			w.bigSteps, w.moves, w.maxStep, w.maxStepAt)
	}
	if w.teleports > 0 {
		t.Errorf("the player was teleported %d times", w.teleports)
	}
}

// onServer runs f with the player called name on the server's world: the test may look; the bot may not.
func onServer[T any](t *testing.T, srv *e2e.Server, w *bodyWatch, name string, f func(tx *world.Tx, p *player.Player) T) T {
	t.Helper()
	w.mu.Lock()
	h := w.handles[name]
	w.mu.Unlock()
	ctx, cancel := context.WithTimeout(context.Background(), e2e.DefaultTimeout)
	defer cancel()
	v, err := world.Call(ctx, srv.World(), func(tx *world.Tx) (T, error) {
		e, ok := h.Entity(tx)
		if !ok {
			var zero T
			return zero, fmt.Errorf("player %s is not in the world", name)
		}
		return f(tx, e.(*player.Player)), nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// serverAgrees waits until the server has the player where the Human thinks it stands (the last inputs of a walk
// may still be on their way, and the body still settling), and returns the server's position; it fails the test if
// they stay apart for five seconds.
func serverAgrees(t *testing.T, srv *e2e.Server, w *bodyWatch, name string, h *e2e.Human) mgl64.Vec3 {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		feet := h.Feet()
		pos := onServer(t, srv, w, name, func(_ *world.Tx, p *player.Player) mgl64.Vec3 { return p.Position() })
		if pos.Sub(feet).Len() <= 0.05 {
			return pos
		}
		if time.Now().After(deadline) {
			t.Errorf("the server has the player at %.2f, the Human thinks %.2f", pos, feet)
			return pos
		}
		time.Sleep(50 * time.Millisecond) // poll: the condition is on two sides, no packet announces it
	}
}

// humanServer starts a server on the real generator where players join in adventure mode, with a bodyWatch.
func humanServer(t *testing.T, seed int64, opts ...e2e.Option) (*e2e.Server, *bodyWatch) {
	t.Helper()
	w := &bodyWatch{}
	srv := e2e.Start(t, append([]e2e.Option{
		e2e.WithExtension(w.attach),
		e2e.WithConfig(func(c *server.Config) {
			c.Riddlestone.Seed = seed
			c.Riddlestone.GameMode = "adventure"
		})}, opts...)...)
	return srv, w
}

// TestHumanDecodesTheTerrain checks that the blocks the Human decoded from the chunk packets are the server's.
func TestHumanDecodesTheTerrain(t *testing.T) {
	srv, w := humanServer(t, 42)
	h := srv.JoinHuman(t, "Surveyor")
	ctx, cancel := context.WithTimeout(context.Background(), 40*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 24); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if mode := onServer(t, srv, w, "Surveyor", func(_ *world.Tx, p *player.Player) world.GameMode { return p.GameMode() }); mode != world.GameModeAdventure {
		t.Errorf("game mode %v, want adventure", mode)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	feet := h.Cell()
	under, ok := h.BlockAt(feet.Side(cube.FaceDown))
	if !ok {
		t.Fatalf("the block under the feet at %v was not decoded", feet)
	}
	if _, solid := under.Model().(model.Solid); !solid {
		if _, leaves := under.Model().(model.Leaves); !leaves {
			t.Errorf("the Human stands on %T, not a solid block", under)
		}
	}

	// Every block within 12 blocks sideways and 10 up and down, as decoded, against the server's world. A block
	// may change between the two looks (leaves, water), so a difference must last to count.
	region := func(f func(p cube.Pos)) {
		for x := feet[0] - 12; x <= feet[0]+12; x++ {
			for z := feet[2] - 12; z <= feet[2]+12; z++ {
				for y := feet[1] - 10; y <= feet[1]+10; y++ {
					f(cube.Pos{x, y, z})
				}
			}
		}
	}
	var diff []cube.Pos
	region(func(p cube.Pos) { diff = append(diff, p) })
	for try := 0; try < 5 && len(diff) > 0; try++ {
		if try > 0 {
			time.Sleep(300 * time.Millisecond)
		}
		client := make([]uint32, len(diff))
		for i, p := range diff {
			rid, ok := h.Terrain().RuntimeID(p)
			if !ok {
				t.Fatalf("block %v was not decoded", p)
			}
			client[i] = rid
		}
		real := onServer(t, srv, w, "Surveyor", func(tx *world.Tx, _ *player.Player) []uint32 {
			out := make([]uint32, len(diff))
			for i, p := range diff {
				out[i] = world.BlockRuntimeID(tx.Block(p))
			}
			return out
		})
		var still []cube.Pos
		for i, p := range diff {
			if client[i] != real[i] {
				still = append(still, p)
			}
		}
		diff = still
	}
	if len(diff) > 0 {
		p := diff[0]
		got, _ := h.BlockAt(p)
		want := onServer(t, srv, w, "Surveyor", func(tx *world.Tx, _ *player.Player) world.Block { return tx.Block(p) })
		t.Errorf("%d blocks decoded differently from the server's, first at %v: %#v, server has %#v", len(diff), p, got, want)
	}
	if err := h.Terrain().Err(); err != nil {
		t.Error(err)
	}
}

// TestHumanWalksAcrossTerrain makes the Human walk more than 30 blocks over the real terrain, up at least one
// step, while the server checks every position it moves to.
func TestHumanWalksAcrossTerrain(t *testing.T) {
	srv, w := humanServer(t, 42)
	h := srv.JoinHuman(t, "Walker")
	h.Logf = t.Logf
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 48); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	start := h.Cell()

	// A target 32 to 40 blocks away whose path, as the Human plans it, climbs at least one step.
	var target cube.Pos
	var path []cube.Pos
	for _, r := range []int{32, 36, 40} {
		for a := 0; a < 16 && path == nil; a++ {
			x := start[0] + int(float64(r)*math.Cos(float64(a)*math.Pi/8))
			z := start[2] + int(float64(r)*math.Sin(float64(a)*math.Pi/8))
			y, ok := h.Ground(x, z)
			if !ok {
				continue
			}
			p, complete := h.Terrain().FindPath(start, cube.Pos{x, y, z})
			if complete && climbs(start, p) {
				target, path = cube.Pos{x, y, z}, p
			}
		}
		if path != nil {
			break
		}
	}
	if path == nil {
		t.Fatalf("no place 32 to 40 blocks from %v with a path that climbs", start)
	}
	t.Logf("walking from %v to %v: %d steps", start, target, len(path))

	begin := time.Now()
	if err := h.WalkTo(ctx, mgl64.Vec3{float64(target[0]) + 0.5, float64(target[1]), float64(target[2]) + 0.5}, 0.5); err != nil {
		t.Fatalf("walk from %v to %v: %v (now at %.2f)", start, target, err, h.Feet())
	}
	t.Logf("walked in %v", time.Since(begin).Round(time.Millisecond))
	if got := h.Cell(); got != target {
		t.Errorf("the Human stands in %v, want %v", got, target)
	}
	// The server saw it arrive, by its own steps.
	pos := serverAgrees(t, srv, w, "Walker", h)
	if d := math.Hypot(pos[0]-float64(start[0]), pos[2]-float64(start[2])); d < 30 {
		t.Errorf("walked %.1f blocks, want 30 or more", d)
	}
	w.check(t)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.jumps == 0 {
		t.Error("the server saw no jump")
	}
	if w.moves < 100 {
		t.Errorf("the server saw %d moves; a walk of 30 blocks takes over 100", w.moves)
	}
	climbed := false
	for y := range w.groundSeen {
		climbed = climbed || y > start[1]
	}
	if !climbed {
		t.Errorf("the server never saw the player stand higher than %d: %v", start[1], w.groundSeen)
	}
}

// climbs reports whether a path steps up somewhere.
func climbs(from cube.Pos, path []cube.Pos) bool {
	for _, p := range path {
		if p[1] > from[1] {
			return true
		}
		from = p
	}
	return false
}

// TestHumanPicksUpAnItemStack drops a named stack on the ground some blocks away; the Human sees it, walks over it
// and has it.
func TestHumanPicksUpAnItemStack(t *testing.T) {
	srv, w := humanServer(t, 42)
	h := srv.JoinHuman(t, "Finder")
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 24); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	start := h.Cell()
	var spot cube.Pos
	found := false
	for a := 0; a < 16 && !found; a++ {
		x := start[0] + int(10*math.Cos(float64(a)*math.Pi/8))
		z := start[2] + int(10*math.Sin(float64(a)*math.Pi/8))
		if y, ok := h.Ground(x, z); ok {
			if _, complete := h.Terrain().FindPath(start, cube.Pos{x, y, z}); complete {
				spot, found = cube.Pos{x, y, z}, true
			}
		}
	}
	if !found {
		t.Fatalf("no reachable ground 10 blocks from %v", start)
	}

	name := fmt.Sprintf("Riddle Key %d", time.Now().UnixNano())
	onServer(t, srv, w, "Finder", func(tx *world.Tx, _ *player.Player) struct{} {
		pos := mgl64.Vec3{float64(spot[0]) + 0.5, float64(spot[1]), float64(spot[2]) + 0.5}
		tx.AddEntity(entity.NewItem(world.EntitySpawnOpts{Position: pos}, item.NewStack(item.Emerald{}, 1).WithCustomName(name)))
		return struct{}{}
	})
	e, err := h.WaitEntity(ctx, func(e e2e.Entity) bool { return e.IsItem() && e.ItemName() == name })
	if err != nil {
		t.Fatalf("the Human never saw the stack %q: %v", name, err)
	}
	if d := e.Pos.Sub(mgl64.Vec3{float64(spot[0]) + 0.5, float64(spot[1]), float64(spot[2]) + 0.5}).Len(); d > 0.5 {
		t.Errorf("the stack is shown at %.2f, dropped at %v", e.Pos, spot)
	}
	if err := h.PickUp(ctx, e.RID); err != nil {
		t.Fatalf("pick up: %v (at %.2f)", err, h.Feet())
	}
	has := false
	for _, it := range h.Inventory(0) {
		has = has || e2e.Stack(it).CustomName() == name
	}
	if !has {
		t.Errorf("the client's inventory has no %q", name)
	}
	if onServer(t, srv, w, "Finder", func(_ *world.Tx, p *player.Player) bool {
		return p.Inventory().ContainsItemFunc(1, func(s item.Stack) bool { return s.CustomName() == name })
	}) == false {
		t.Errorf("the server's inventory has no %q", name)
	}
	if _, ok := h.Entity(e.RID); ok {
		t.Error("the stack is still shown on the ground")
	}
	w.check(t)
}

// TestAWallStopsTheHumanAtALockedBorder walks the Human at a locked area: near the border its client is sent a wall
// (barriers in the border's open cells) that stops it as any wall does, with the title saying what opens the area;
// it gives up without ever having entered, and the server never had to put it back.
func TestAWallStopsTheHumanAtALockedBorder(t *testing.T) {
	w := &bodyWatch{}
	srv := puzzleServer(t, e2e.WithExtension(w.attach), e2e.WithConfig(func(c *server.Config) { c.Riddlestone.GameMode = "adventure" }))
	h := srv.JoinHuman(t, "Bordered")
	h.Logf = t.Logf
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 48); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	size := int32(srv.Config().Puzzles.AreaSize)
	start := h.Cell()
	home := store.AreaOfBlock(start, size)
	// The nearest ground 24 to 40 blocks away in another area: none is open before the start area is solved.
	var target cube.Pos
	found := false
	for r := 24; r <= 40 && !found; r += 4 {
		for a := 0; a < 16 && !found; a++ {
			x := start[0] + int(float64(r)*math.Cos(float64(a)*math.Pi/8))
			z := start[2] + int(float64(r)*math.Sin(float64(a)*math.Pi/8))
			y, ok := h.Ground(x, z)
			if !ok || store.AreaOfBlock(cube.Pos{x, y, z}, size) == home {
				continue
			}
			if _, complete := h.Terrain().FindPath(start, cube.Pos{x, y, z}); complete {
				target, found = cube.Pos{x, y, z}, true
			}
		}
	}
	if !found {
		t.Fatalf("no reachable ground in a locked area near %v", start)
	}
	mark := h.Mark()
	walk, stop := context.WithTimeout(ctx, 20*time.Second) // a player walks along the wall a while, then gives up
	defer stop()
	err := h.WalkTo(walk, mgl64.Vec3{float64(target[0]) + 0.5, float64(target[1]), float64(target[2]) + 0.5}, 0.5)
	if err == nil || errors.Is(err, e2e.ErrRefused) {
		t.Fatalf("walking into locked area %v: %v; want the walk to end at the wall, before the server refuses a step", store.AreaOfBlock(target, size), err)
	}
	t.Logf("the walk ended: %v", err)
	barriers, setBacks, titles := 0, 0, 0
	for _, pk := range h.Packets()[mark:] {
		switch pk := pk.(type) {
		case *packet.UpdateBlock:
			if b, ok := world.BlockByRuntimeID(pk.NewBlockRuntimeID); ok && b == (block.Barrier{}) {
				barriers++
			}
		case *packet.MovePlayer:
			if pk.EntityRuntimeID == h.GameData().EntityRuntimeID {
				setBacks++
			}
		case *packet.SetTitle:
			if strings.Contains(pk.Text, "Locked") {
				titles++
			}
		}
	}
	if barriers == 0 || titles == 0 || titles > 2 || setBacks != 0 {
		t.Errorf("at the border the client was sent %d barriers, %d titles and %d set-backs; want a wall, a title for each of the (at most two) locked areas it walked along, no set-back", barriers, titles, setBacks)
	}
	pos := serverAgrees(t, srv, w, "Bordered", h)
	if a := store.AreaOfBlock(cube.PosFromVec3(pos), size); a != home {
		t.Errorf("the player is at %.2f in area %v, outside its area %v", pos, a, home)
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.inside) > 0 {
		t.Errorf("the player was inside blocks: %q", w.inside[:min(5, len(w.inside))])
	}
}

// useWatch is an extension that records uses of blocks and entities, where the player stood and looked when it
// used them, and answers each use with a form.
type useWatch struct {
	mu     sync.Mutex
	events []string
}

func (u *useWatch) record(format string, a ...any) {
	u.mu.Lock()
	defer u.mu.Unlock()
	u.events = append(u.events, fmt.Sprintf(format, a...))
}

func (u *useWatch) has(prefix string) (string, bool) {
	u.mu.Lock()
	defer u.mu.Unlock()
	for _, e := range u.events {
		if len(e) >= len(prefix) && e[:len(prefix)] == prefix {
			return e, true
		}
	}
	return "", false
}

func (u *useWatch) attach(s *server.Server) error {
	s.WrapHandler(func(p *player.Player, next player.Handler) player.Handler {
		return &useHandler{Handler: next, u: u}
	})
	return nil
}

type useHandler struct {
	player.Handler
	u *useWatch
}

// view returns how far the player's eyes are from point and how many degrees its look is off it.
func view(p *player.Player, point mgl64.Vec3) (dist, off float64) {
	d := point.Sub(p.Position().Add(mgl64.Vec3{0, 1.62, 0}))
	cos := p.Rotation().Vec3().Dot(d.Normalize())
	return d.Len(), mgl64.RadToDeg(math.Acos(math.Max(-1, math.Min(1, cos))))
}

func (h *useHandler) HandleItemUseOnBlock(ctx *player.Context, pos cube.Pos, face cube.Face, click mgl64.Vec3) {
	dist, off := view(ctx.Player(), pos.Vec3().Add(click)) // click is relative to the block
	h.u.record("block %v face %v dist %.2f off %.0f", pos, face, dist, off)
	ctx.Player().SendForm(form.NewModal(crateModal{Yes: form.YesButton(), No: form.NoButton(), u: h.u}, "Open the crate?"))
	h.Handler.HandleItemUseOnBlock(ctx, pos, face, click)
}

func (h *useHandler) HandleItemUseOnEntity(ctx *player.Context, e world.Entity) {
	dist, off := view(ctx.Player(), e.Position().Add(mgl64.Vec3{0, 0.9, 0}))
	h.u.record("entity %s dist %.2f off %.0f", e.H().Type().EncodeEntity(), dist, off)
	ctx.Player().SendForm(form.NewMenu(guideMenu{Hint: form.NewButton("Hint", ""), Bye: form.NewButton("Bye", ""), u: h.u}, "Guide"))
	h.Handler.HandleItemUseOnEntity(ctx, e)
}

type crateModal struct {
	Yes, No form.Button
	u       *useWatch
}

func (m crateModal) Submit(_ form.Submitter, pressed form.Button, _ *world.Tx) {
	m.u.record("modal %s", pressed.Text)
}

type guideMenu struct {
	Hint, Bye form.Button
	u         *useWatch
}

func (m guideMenu) Submit(_ form.Submitter, pressed form.Button, _ *world.Tx) {
	m.u.record("menu %s", pressed.Text)
}

// guideType is a stationary NPC drawn as a villager.
type guideType struct{}

func (guideType) Open(tx *world.Tx, h *world.EntityHandle, d *world.EntityData) world.Entity {
	return entity.Open(tx, h, d)
}
func (guideType) EncodeEntity() string                        { return "riddlestone:test_guide" }
func (guideType) NetworkEncodeEntity() string                 { return "minecraft:villager_v2" }
func (guideType) BBox(world.Entity) cube.BBox                 { return cube.Box(-0.3, 0, -0.3, 0.3, 1.9, 0.3) }
func (guideType) DecodeNBT(map[string]any, *world.EntityData) {}
func (guideType) EncodeNBT(*world.EntityData) map[string]any  { return nil }

// TestHumanUsesBlocksAndEntities puts a barrel and an NPC some blocks from the Human: it walks up to each, looks
// at it, uses it, and answers the form it gets.
func TestHumanUsesBlocksAndEntities(t *testing.T) {
	u := &useWatch{}
	srv, w := humanServer(t, 42, e2e.WithExtension(u.attach))
	h := srv.JoinHuman(t, "User")
	ctx, cancel := context.WithTimeout(context.Background(), 45*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 24); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	start := h.Cell()
	var spots []cube.Pos
	for a := 0; a < 16 && len(spots) < 2; a += 3 {
		x := start[0] + int(9*math.Cos(float64(a)*math.Pi/8))
		z := start[2] + int(9*math.Sin(float64(a)*math.Pi/8))
		if y, ok := h.Ground(x, z); ok {
			if _, complete := h.Terrain().FindPath(start, cube.Pos{x, y, z}); complete {
				spots = append(spots, cube.Pos{x, y, z})
			}
		}
	}
	if len(spots) < 2 {
		t.Fatalf("no two reachable places 9 blocks from %v", start)
	}
	crate, guide := spots[0], spots[1]
	onServer(t, srv, w, "User", func(tx *world.Tx, _ *player.Player) struct{} {
		tx.SetBlock(crate, block.NewBarrel(), nil)
		opts := world.EntitySpawnOpts{Position: mgl64.Vec3{float64(guide[0]) + 0.5, float64(guide[1]), float64(guide[2]) + 0.5}, NameTag: "Guide"}
		tx.AddEntity(opts.New(guideType{}, entity.StationaryBehaviourConfig{}))
		return struct{}{}
	})

	// The barrel, as the client decodes it from the block update.
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool {
		b, _ := h.BlockAt(crate)
		_, ok := b.(block.Barrel)
		return ok
	}); err != nil {
		t.Fatalf("the Human never saw the barrel at %v: %v", crate, err)
	}
	mark := h.Mark()
	if err := h.UseOnBlock(ctx, crate, 0); err != nil {
		t.Fatalf("use the barrel: %v", err)
	}
	f, err := h.AwaitForm(ctx, mark)
	if err != nil {
		t.Fatalf("no form after using the barrel: %v", err)
	}
	if err := h.Choose(f, "gui.yes"); err != nil {
		t.Fatal(err)
	}

	npc, err := h.WaitEntity(ctx, func(e e2e.Entity) bool { return e.Name == "Guide" })
	if err != nil {
		t.Fatalf("the Human never saw the guide: %v", err)
	}
	if npc.Type != "minecraft:villager_v2" {
		t.Errorf("the guide is shown as %q", npc.Type)
	}
	mark = h.Mark()
	if err := h.UseOnEntity(ctx, npc.RID, 0); err != nil {
		t.Fatalf("use the guide: %v", err)
	}
	if f, err = h.AwaitForm(ctx, mark); err != nil {
		t.Fatalf("no form after talking to the guide: %v", err)
	}
	if f.Title != "Guide" || f.Button("Bye") != 1 {
		t.Errorf("the guide's menu reads %+v", f)
	}
	if err := h.Choose(f, "Bye"); err != nil {
		t.Fatal(err)
	}

	for _, want := range []string{"modal gui.yes", "menu Bye"} {
		for deadline := time.Now().Add(5 * time.Second); ; time.Sleep(20 * time.Millisecond) {
			if _, ok := u.has(want); ok {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("the server never got %q", want)
			}
		}
	}
	for _, prefix := range []string{fmt.Sprintf("block %v", crate), "entity riddlestone:test_guide"} {
		e, ok := u.has(prefix)
		if !ok {
			t.Errorf("the server saw no use of %s", prefix)
			continue
		}
		var dist, off float64
		if _, err := fmt.Sscanf(e[strings.Index(e, "dist"):], "dist %f off %f", &dist, &off); err != nil {
			t.Fatalf("%q: %v", e, err)
		}
		if dist > e2e.Reach+0.3 || off > 15 {
			t.Errorf("used from %.2f blocks away looking %.0f° off: %s", dist, off, e)
		}
		t.Log(e)
	}
	w.check(t)
}

// TestHumanOpensADoorAndWalksIn builds a hut with a closed door, behind a row of slabs, with a carpet inside: the
// Human cannot get in until it opens the door, then walks over the slabs, through the doorway and onto the carpet.
func TestHumanOpensADoorAndWalksIn(t *testing.T) {
	srv, w := humanServer(t, 42)
	h := srv.JoinHuman(t, "Guest")
	h.Logf = t.Logf
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 24); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	s := h.Cell()
	g, hx, hz := s[1], s[0]+6, s[2] // feet height, the hut's west wall and its middle row
	door := cube.Pos{hx, g, hz}
	carpet := cube.Pos{hx + 2, g, hz}
	planks := block.Planks{Wood: block.OakWood()}
	onServer(t, srv, w, "Guest", func(tx *world.Tx, _ *player.Player) struct{} {
		for x := s[0] - 2; x <= hx+6; x++ {
			for z := hz - 4; z <= hz+4; z++ {
				tx.SetBlock(cube.Pos{x, g - 1, z}, planks, nil) // a floor
				for y := g; y <= g+5; y++ {
					tx.SetBlock(cube.Pos{x, y, z}, nil, nil) // and room above it
				}
				if x == hx-2 {
					tx.SetBlock(cube.Pos{x, g, z}, block.Slab{Block: planks}, nil) // a row of slabs to climb over
				}
			}
		}
		for x := hx; x <= hx+4; x++ {
			for z := hz - 2; z <= hz+2; z++ {
				for y := g; y <= g+3; y++ {
					if x == hx || x == hx+4 || z == hz-2 || z == hz+2 || y == g+3 {
						tx.SetBlock(cube.Pos{x, y, z}, planks, nil)
					}
				}
			}
		}
		tx.SetBlock(door, block.WoodDoor{Wood: block.OakWood(), Facing: cube.East}, nil)
		tx.SetBlock(door.Side(cube.FaceUp), block.WoodDoor{Wood: block.OakWood(), Facing: cube.East, Top: true}, nil)
		tx.SetBlock(carpet, block.Carpet{Colour: item.ColourRed()}, nil)
		return struct{}{}
	})
	seen := func(pos cube.Pos, want func(world.Block) bool) {
		t.Helper()
		if _, err := h.WaitFor(ctx, func(packet.Packet) bool { b, _ := h.BlockAt(pos); return want(b) }); err != nil {
			b, _ := h.BlockAt(pos)
			t.Fatalf("the Human does not see the block it should at %v: %#v", pos, b)
		}
	}
	seen(carpet, func(b world.Block) bool { _, ok := b.(block.Carpet); return ok })
	seen(door, func(b world.Block) bool { d, ok := b.(block.WoodDoor); return ok && !d.Open })
	inside := mgl64.Vec3{float64(carpet[0]) + 0.5, float64(g) + 0.0625, float64(carpet[2]) + 0.5}

	if err := h.WalkTo(ctx, inside, 0.2); !errors.Is(err, e2e.ErrNoPath) {
		t.Fatalf("walking into the closed hut: %v, want %v", err, e2e.ErrNoPath)
	}
	if err := h.UseOnBlock(ctx, door, 0); err != nil {
		t.Fatalf("open the door: %v", err)
	}
	seen(door, func(b world.Block) bool { d, ok := b.(block.WoodDoor); return ok && d.Open })
	if err := h.WalkTo(ctx, inside, 0.2); err != nil {
		t.Fatalf("walk in through the open door: %v (at %.2f)", err, h.Feet())
	}
	time.Sleep(200 * time.Millisecond)
	pos := onServer(t, srv, w, "Guest", func(_ *world.Tx, p *player.Player) mgl64.Vec3 { return p.Position() })
	if pos.Sub(inside).Len() > 0.05 {
		b, known := h.BlockAt(carpet)
		stand, ok := h.Terrain().Stand(carpet)
		t.Errorf("the server has the player at %.3f, want on the carpet at %.3f; the client has %#v (known %v) there, to stand at %.4f (%v)",
			pos, inside, b, known, stand, ok)
	}
	w.check(t)
}

// TestHumanSwimsAcrossAMoat builds a sealed gallery whose only way on is across a moat three blocks deep, whose
// banks are a block above the water, and then a ford one block deep; the Human swims across with its head out,
// climbs out onto the far bank, wades the ford and reaches the end, never inside a block.
func TestHumanSwimsAcrossAMoat(t *testing.T) {
	srv, w := humanServer(t, 42)
	h := srv.JoinHuman(t, "Swimmer")
	h.Logf = t.Logf
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Second)
	defer cancel()
	if err := h.WaitTerrain(ctx, 24); err != nil {
		t.Fatalf("terrain: %v", err)
	}
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	s := h.Cell()
	g := s[1]
	x0, x1, z0, z1 := s[0]-2, s[0]+12, s[2]-3, s[2]+3 // the gallery's inside
	moat0, moat1, ford := s[0]+3, s[0]+6, s[0]+8
	water := block.Water{Still: true, Depth: 8}
	planks := block.Planks{Wood: block.OakWood()}
	onServer(t, srv, w, "Swimmer", func(tx *world.Tx, _ *player.Player) struct{} {
		for x := x0 - 1; x <= x1+1; x++ {
			for z := z0 - 1; z <= z1+1; z++ {
				for y := g - 5; y <= g+4; y++ {
					var b world.Block = block.Stone{}
					inside := x >= x0 && x <= x1 && z >= z0 && z <= z1
					switch {
					case !inside:
					case y >= g && y <= g+3:
						b = nil
						if x == ford && y == g {
							b = water
						}
					case y == g-1:
						b = planks
					}
					if inside && x >= moat0 && x <= moat1 && y >= g-3 && y <= g-1 {
						b = water
					}
					tx.SetBlock(cube.Pos{x, y, z}, b, nil)
				}
			}
		}
		return struct{}{}
	})
	target := cube.Pos{x1 - 1, g, s[2]}
	for _, p := range []cube.Pos{{moat0, g - 3, z0}, {moat1, g - 1, z1}, {ford, g, s[2]}} {
		if _, err := h.WaitFor(ctx, func(packet.Packet) bool { b, _ := h.BlockAt(p); _, ok := b.(block.Water); return ok }); err != nil {
			t.Fatalf("the Human does not see the water at %v", p)
		}
	}
	if _, err := h.WaitFor(ctx, func(packet.Packet) bool {
		b, _ := h.BlockAt(target.Side(cube.FaceDown))
		_, ok := b.(block.Planks)
		return ok
	}); err != nil {
		t.Fatal("the Human does not see the gallery's floor")
	}
	path, complete := h.Terrain().FindPath(s, target)
	if !complete {
		t.Fatalf("no path from %v across the moat to %v", s, target)
	}
	swum := 0
	for _, p := range path {
		if p[0] >= moat0 && p[0] <= moat1 && p[1] == g-1 {
			swum++
		}
		if p[1] < g-1 {
			t.Errorf("the path dives to %v", p)
		}
	}
	if swum == 0 {
		t.Fatalf("the path does not swim across the moat: %v", path)
	}

	// Watch the Human's body as it goes: it is in the water at times, and its head is out of it but for a moment
	// after it drops in from the bank, as a player's is.
	var mu sync.Mutex
	wet, dips, run, longest := 0, 0, 0, 0
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			case <-time.After(20 * time.Millisecond):
			}
			in := h.InWater()
			eye := h.Eye()
			b, _ := h.BlockAt(cube.PosFromVec3(eye))
			_, under := b.(block.Water)
			mu.Lock()
			if in {
				wet++
			}
			switch {
			case under && run == 0:
				dips, run = dips+1, 1
			case under:
				run++
			default:
				run = 0
			}
			longest = max(longest, run)
			mu.Unlock()
		}
	}()
	goal := mgl64.Vec3{float64(target[0]) + 0.5, float64(g), float64(target[2]) + 0.5}
	err := h.WalkTo(ctx, goal, 0.5)
	close(done)
	if err != nil {
		t.Fatalf("swim from %v to %v: %v (now at %.2f)", s, target, err, h.Feet())
	}
	mu.Lock()
	if wet < 10 {
		t.Errorf("the Human was seen in the water %d times; crossing a moat of 4 blocks takes longer", wet)
	}
	t.Logf("in the water %d times; the head went under %d times, for at most %d looks", wet, dips, longest)
	if dips > 1 || longest > 25 {
		t.Errorf("the Human's head went under water %d times, for up to %d looks 20 ms apart; want once, briefly", dips, longest)
	}
	mu.Unlock()
	time.Sleep(200 * time.Millisecond)
	pos := onServer(t, srv, w, "Swimmer", func(_ *world.Tx, p *player.Player) mgl64.Vec3 { return p.Position() })
	if pos.Sub(goal).Len() > 0.6 || math.Abs(pos[1]-float64(g)) > 0.01 {
		t.Errorf("the server has the player at %.3f, want on the far floor near %.3f", pos, goal)
	}
	w.check(t)
}
