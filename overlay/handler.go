package overlay

import (
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Handler wraps a player's handler so that they can play: using items on puzzle blocks and NPCs opens the action
// menu, using a held puzzle item opens its menu, puzzle items are picked up and put down like any item, puzzle
// blocks cannot be broken, and locked areas cannot be entered. Events it does not consume go on to next.
func (o *Overlay) Handler(p *player.Player, next player.Handler) player.Handler {
	if next == nil {
		next = player.NopHandler{}
	}
	joined.Store(p.H(), o) // before the join hooks, so that commands know the player's overlay at once
	inventories.Store(p.UUID(), p.Inventory())
	o.online.Store(p.UUID(), struct{}{})
	return &handler{Handler: next, o: o, area: store.AreaOfBlock(cube.PosFromVec3(p.Position()), int32(o.opts.AreaSize)),
		dropped: map[int]time.Time{}}
}

// Join repairs a joining player's inventory from the store and shows them their area. Call on the world goroutine.
func (o *Overlay) Join(p *player.Player) {
	o.reconcilePlayer(p)
	if !p.Inventory().ContainsItemFunc(1, isGuide) {
		welcome(p) // a player who never had the guide book has never played here
	}
	o.refreshHUD(p)
	o.raiseWall(p.Tx(), p, p.Position(), &approach{}) // a player who joins at a locked border finds its wall there
}

type handler struct {
	player.Handler
	o    *Overlay
	area store.AreaPos // the area the player was last in
	// near are the locked borders the player is near: each told with one title per approach.
	near approach
	// dropped is when the player last dropped each puzzle item, by object id: the dropper does not pick it up again
	// for dropperDelay. Handlers run on the player's world goroutine, so it needs no lock.
	dropped map[int]time.Time
	// sent is set once the player was sent to another server of the network (crossTo): they leave holding what
	// they hold.
	sent bool
}

// dropperDelay is how long a player who drops an item cannot pick it up again, as in vanilla: without it, a
// puzzle item thrown away lands at the thrower's feet and is back in the inventory half a second later.
const dropperDelay = 2 * time.Second

// HandleMove refuses a step into a locked area, saying what opens it, and updates the boss bar on entering another.
// It brings the player's wall of the locked borders near them up to date (wall.go).
func (h *handler) HandleMove(ctx *player.Context, newPos mgl64.Vec3, newRot cube.Rotation) {
	to := store.AreaOfBlock(cube.PosFromVec3(newPos), int32(h.o.opts.AreaSize))
	h.near.moved(newPos, h.o.opts.AreaSize*16)
	if to != h.area {
		v := h.o.view()
		if !v.open(to) {
			ctx.Cancel()
			h.refuse(ctx.Player(), v, to)
			return
		}
		if h.crossTo(ctx.Player(), to, newPos) {
			ctx.Cancel()
			return
		}
		h.area = to
		h.o.refreshHUDIn(ctx.Player(), to) // the player is not there yet: Dragonfly applies the move after this
	}
	h.o.raiseWall(ctx.Tx, ctx.Player(), newPos, &h.near)
	h.Handler.HandleMove(ctx, newPos, newRot)
}

// refuse tells a player that an area is locked, once per approach to its border.
func (h *handler) refuse(p *player.Player, v *state, to store.AreaPos) {
	if h.near.refused(to) {
		p.SendTitle(h.o.lockedTitle(v, to))
	}
}

// HandleItemUseOnBlock opens the menu of a puzzle block instead of its own use (a door does not just open). A
// held puzzle item used on any other block opens the held item's menu instead of its vanilla use: the puzzle owns
// the item, so a puzzle bucket is not filled by the water it touches and a puzzle block item is not placed.
func (h *handler) HandleItemUseOnBlock(ctx *player.Context, pos cube.Pos, face cube.Face, clickPos mgl64.Vec3) {
	if id, ok := h.o.view().byBlock.Get(LowerHalf(ctx.Tx, pos)); ok { // a door's upper half is the door
		ctx.Cancel()
		h.o.openMenu(ctx.Player(), id, pos)
		return
	}
	held, _ := ctx.Player().HeldItems()
	if id, ok := stackObject(held); ok {
		ctx.Cancel()
		h.o.openMenu(ctx.Player(), id, groundAt(ctx.Player()))
		return
	}
	h.Handler.HandleItemUseOnBlock(ctx, pos, face, clickPos)
}

// HandleItemConsume stops a puzzle item from being eaten or drunk: only the puzzle changes it.
func (h *handler) HandleItemConsume(ctx *player.Context, s item.Stack) {
	if _, ok := stackObject(s); ok {
		ctx.Cancel()
		return
	}
	h.Handler.HandleItemConsume(ctx, s)
}

// HandleBlockPlace stops a puzzle item from being placed as a block, and a hopper from being placed where it would
// swallow a puzzle item lying on the ground.
func (h *handler) HandleBlockPlace(ctx *player.Context, pos cube.Pos, b world.Block) {
	held, _ := ctx.Player().HeldItems()
	if _, ok := stackObject(held); ok {
		ctx.Cancel()
		return
	}
	if _, hopper := b.(block.Hopper); hopper && h.o.view().lyingOver(pos) {
		ctx.Cancel()
		ctx.Player().Message("§eA hopper is not placed under a puzzle item lying here: it would swallow the item.")
		return
	}
	h.Handler.HandleBlockPlace(ctx, pos, b)
}

// HandleDeath keeps puzzle items from dropping where the player died: they leave the inventory before Dragonfly
// drops it, and the store, which still says the player holds them, gives them back on respawn.
func (h *handler) HandleDeath(p *player.Player, src world.DamageSource, keepInv *bool) {
	p.MoveItemsToInventory()
	for _, s := range p.Inventory().Slots() {
		if id, ok := stackObject(s); ok {
			takeStacks(p, id)
		}
	}
	takeGuide(p)
	h.Handler.HandleDeath(p, src, keepInv)
}

// HandleRespawn gives a respawning player back the puzzle items the store says they hold.
func (h *handler) HandleRespawn(p *player.Player, pos *mgl64.Vec3, w **world.World) {
	h.Handler.HandleRespawn(p, pos, w)
	h.o.reconcilePlayer(p)
	h.o.refreshHUD(p)
}

// HandleItemUseOnEntity opens the menu of a puzzle NPC.
func (h *handler) HandleItemUseOnEntity(ctx *player.Context, e world.Entity) {
	v := h.o.view()
	id, ok := v.byEntity.Get(e.H().UUID())
	w := v.where.At(id)
	if !ok {
		h.Handler.HandleItemUseOnEntity(ctx, e)
		return
	}
	ctx.Cancel()
	h.o.openMenu(ctx.Player(), id, w.Block)
}

// HandleItemUse opens the menu of a held puzzle item.
func (h *handler) HandleItemUse(ctx *player.Context) {
	held, _ := ctx.Player().HeldItems()
	id, ok := stackObject(held)
	if !ok {
		h.Handler.HandleItemUse(ctx)
		return
	}
	ctx.Cancel()
	h.o.openMenu(ctx.Player(), id, groundAt(ctx.Player()))
}

// HandleAttackEntity protects puzzle NPCs.
func (h *handler) HandleAttackEntity(ctx *player.Context, e world.Entity, force, height *float64, critical *bool) {
	if isNPC(e) {
		ctx.Cancel()
		return
	}
	h.Handler.HandleAttackEntity(ctx, e, force, height, critical)
}

// HandleBlockBreak protects placed puzzle blocks: they change only through puzzle actions. A block of a tagged
// terrain feature (a tree, a pond) breaks as any other, and the puzzle follows: the feature leaves it.
func (h *handler) HandleBlockBreak(ctx *player.Context, pos cube.Pos, drops *[]item.Stack, xp *int) {
	v := h.o.view()
	at := LowerHalf(ctx.Tx, pos) // a door's upper half is the door
	id, ok := v.byBlock.Get(at)
	if !ok {
		id, ok = v.byBlock.Get(pos.Side(cube.FaceUp))
		ok = ok && !v.where.At(id).Tagged // the ground under a placed object holds it up
	}
	switch {
	case ok && v.where.At(id).Tagged:
		// Terrain stays terrain: a tagged feature may be broken, and the puzzle follows.
		h.o.broken(moverOf(ctx.Player()), id, at)
	case ok:
		ctx.Cancel()
		ctx.Player().Message("§7This is part of a puzzle: use an item on it instead.")
		return
	}
	h.Handler.HandleBlockBreak(ctx, pos, drops, xp)
}

// HandleItemPickup picks up a puzzle item lying on the ground: the engine's PickUp.
func (h *handler) HandleItemPickup(ctx *player.Context, s *item.Stack) {
	id, ok := stackObject(*s)
	if !ok {
		h.Handler.HandleItemPickup(ctx, s)
		return
	}
	// The owner makes the pick-up; the world goes ahead at once, and the owner puts the stack back if it refuses.
	if w, known := h.o.view().where.Get(id); !known || w.Kind != store.AtEntity {
		ctx.Cancel() // a stale stack: leave it (the sweep removes stale ones)
		return
	}
	if t, ok := h.dropped[id]; ok && time.Since(t) < dropperDelay {
		ctx.Cancel() // just thrown away: Dragonfly tries again next tick
		return
	}
	delete(h.dropped, id)
	h.o.act(ctx.Player(), puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{id}}, groundAt(ctx.Player()), nil)
	h.Handler.HandleItemPickup(ctx, s)
}

// HandleItemDrop puts a puzzle item down: the engine's PutDown, in the area the player stands in.
func (h *handler) HandleItemDrop(ctx *player.Context, s item.Stack) {
	if isGuide(s) {
		ctx.Cancel() // the guide is never lost
		return
	}
	id, ok := stackObject(s)
	if !ok {
		h.Handler.HandleItemDrop(ctx, s)
		return
	}
	ctx.Cancel() // the owner puts the item down itself, with an id it knows
	p := ctx.Player()
	if onHopper(p) {
		p.Message("§eA puzzle item is not put down on a hopper, which would swallow it: step off it first.")
		return
	}
	for old, t := range h.dropped {
		if time.Since(t) >= dropperDelay {
			delete(h.dropped, old)
		}
	}
	h.dropped[id] = time.Now()
	h.o.act(p, puzzle.Move{Rule: puzzle.PutDown, Inputs: []int{id}}, groundAt(p), nil)
}

// onHopper reports whether a player stands on a hopper or in its bowl: it collects the item stacks lying on it into
// its inventory (Dragonfly's ItemBehaviour), so a puzzle item put down there could leave the world.
func onHopper(p *player.Player) bool {
	for _, pos := range []cube.Pos{groundAt(p), groundAt(p).Side(cube.FaceDown)} {
		if _, hopper := p.Tx().Block(pos).(block.Hopper); hopper {
			return true
		}
	}
	return false
}

// HandleQuit puts down what the player holds, so no area waits for them, then goes on.
func (h *handler) HandleQuit(p *player.Player) {
	if !h.sent {
		h.o.dropHeld(p)
	}
	joined.Delete(p.H())
	h.o.walls.m.Delete(p.H())
	inventories.Delete(p.UUID())
	h.o.online.Delete(p.UUID())
	h.Handler.HandleQuit(p)
}
