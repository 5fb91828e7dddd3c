package overlay

import (
	"cmp"
	"slices"
	"time"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/gamecheck"
	"riddlestone/overlay/site"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// op is a change to the world, made on the world goroutine after the store has the change it shows.
type op func(tx *world.Tx)

// itemLifetime keeps a puzzle item lying on the ground from despawning: Dragonfly removes items after five
// minutes by default, and a puzzle may wait much longer.
const itemLifetime = 10 * 365 * 24 * time.Hour

// show returns the op that makes an object of the pack appear where it is. It is idempotent: reconciling runs it
// again. The pack is the state's, so that a reload reaches the looks.
func (o *Overlay) show(p *puzzle.Pack, obj puzzle.Object, w store.Where) op {
	it, ok := p.Item(obj.Item)
	if !ok {
		return func(*world.Tx) {}
	}
	if s, ok := o.opts.Mods.spawner(obj.Item); ok && w.Kind != store.InInventory {
		return func(tx *world.Tx) {
			site.BuildFooting(tx, w.Block, o.areaBounds(w.Block))
			s.Show(tx, obj, w)
		}
	}
	switch w.Kind {
	case store.AtBlock:
		b := o.blockOf(it, obj)
		return func(tx *world.Tx) {
			if b != nil {
				site.BuildFooting(tx, w.Block, o.areaBounds(w.Block))
				placeWhole(tx, w.Block, b)
			}
		}
	case store.AtEntity:
		var h *world.EntityHandle
		at := w.Block.Vec3Middle() // the middle of the block's bottom face: standing on the ground below
		if it.Carryable() {
			h = world.EntitySpawnOpts{Position: at, ID: w.Entity}.New(entity.ItemType, entity.ItemBehaviourConfig{
				Item: o.looks.stack(it, obj), Gravity: 0.04, Drag: 0.02, ExistenceDuration: itemLifetime,
			})
		} else {
			look := gamecheck.Default().Shown(it, obj.Props)
			if _, ok := npcModel(look.Entity); !ok {
				look.Entity = "armor_stand" // anything without a person's look stands as a named stand
			}
			var err error
			if h, err = o.looks.npc(it, look, world.EntitySpawnOpts{Position: at, ID: w.Entity, NameTag: words.NPCName(it, obj)}); err != nil {
				return func(*world.Tx) {}
			}
		}
		return func(tx *world.Tx) {
			site.BuildFooting(tx, w.Block, o.areaBounds(w.Block))
			if e, ok := findEntity(tx, w.Entity, w.Block); ok {
				if ent, isEnt := e.(*entity.Ent); isEnt && !it.Carryable() {
					setLook(ent, gamecheck.Default().Shown(it, obj.Props))
					ent.SetNameTag(words.NPCName(it, obj)) // also sends the entity's new state to its viewers
				}
				return
			}
			tx.AddEntity(h)
		}
	case store.InInventory:
		s := o.looks.stack(it, obj)
		return func(tx *world.Tx) {
			p, ok := findPlayer(tx, w.Player)
			if !ok || holds(p, obj.ID) {
				return
			}
			if _, err := p.Inventory().AddItem(s); err != nil {
				// A full inventory: the item drops at the player's feet rather than vanishing.
				tx.AddEntity(world.EntitySpawnOpts{Position: p.Position()}.New(entity.ItemType, entity.ItemBehaviourConfig{
					Item: s, Gravity: 0.04, Drag: 0.02, ExistenceDuration: itemLifetime,
				}))
			}
		}
	}
	return func(*world.Tx) {}
}

// hide returns the op that removes an object of an item from where it was.
func (o *Overlay) hide(id int, item string, w store.Where) op {
	if s, ok := o.opts.Mods.spawner(item); ok && w.Kind != store.InInventory {
		return func(tx *world.Tx) { s.Hide(tx, id, w) }
	}
	switch w.Kind {
	case store.AtBlock:
		return func(tx *world.Tx) { removeWhole(tx, w.Block) }
	case store.AtEntity:
		return func(tx *world.Tx) {
			for _, e := range entitiesWithID(tx, w.Entity, w.Block) {
				_ = tx.RemoveEntity(e)
			}
		}
	case store.InInventory:
		return func(tx *world.Tx) {
			if p, ok := findPlayer(tx, w.Player); ok {
				takeStacks(p, id)
			}
		}
	}
	return func(*world.Tx) {}
}

// blockOf returns the block an object shows as: its look in its state (gamecheck.Game.Shown), so that a door
// whose look opens it when unlocked opens.
func (o *Overlay) blockOf(it *puzzle.Item, obj puzzle.Object) world.Block {
	b, err := o.looks.Block(gamecheck.Default().Shown(it, obj.Props))
	if err != nil {
		return nil
	}
	return b
}

// findEntity finds an entity by id, near where it should be first. The chunks around near are loaded first, with
// the entities saved in them: an entity looked for before its chunk loads would be missed, and made again beside
// its saved self. Copies with the same id (an entity made again so, in a chunk saved before this fix) are removed:
// the one nearest near stays.
func findEntity(tx *world.Tx, id uuid.UUID, near cube.Pos) (world.Entity, bool) {
	found := entitiesWithID(tx, id, near)
	if len(found) == 0 {
		return nil, false
	}
	slices.SortStableFunc(found, func(a, b world.Entity) int {
		return cmp.Compare(a.Position().Sub(near.Vec3Middle()).Len(), b.Position().Sub(near.Vec3Middle()).Len())
	})
	for _, e := range found[1:] {
		_ = tx.RemoveEntity(e)
	}
	return found[0], true
}

// entitiesWithID returns every entity with an id: near where it should be, in chunks loaded for the purpose, and
// anywhere else loaded.
func entitiesWithID(tx *world.Tx, id uuid.UUID, near cube.Pos) []world.Entity {
	for dx := -searchRadius; dx <= searchRadius; dx += 2 * searchRadius {
		for dz := -searchRadius; dz <= searchRadius; dz += 2 * searchRadius {
			tx.Block(near.Add(cube.Pos{dx, 0, dz})) // loads the chunk and its saved entities
		}
	}
	var out []world.Entity
	for e := range tx.Entities() {
		if e.H().UUID() == id {
			out = append(out, e)
		}
	}
	return out
}

// searchRadius is how far from its place an entity is looked for first, in blocks: an item stack may roll.
const searchRadius = 4

// areaBounds returns the columns of the area holding pos.
func (o *Overlay) areaBounds(pos cube.Pos) site.Bounds {
	size := int32(o.opts.withDefaults().AreaSize)
	return site.BoundsOf(store.AreaOfBlock(pos, size).Chunks(size))
}

// findPlayer finds an online player in the world by UUID.
func findPlayer(tx *world.Tx, id uuid.UUID) (*player.Player, bool) {
	for e := range tx.Players() {
		if p, ok := e.(*player.Player); ok && p.UUID() == id {
			return p, true
		}
	}
	return nil, false
}

// holds reports whether a player's inventory holds the stack of an object.
func holds(p *player.Player, id int) bool {
	return p.Inventory().ContainsItemFunc(1, func(s item.Stack) bool {
		got, ok := stackObject(s)
		return ok && got == id
	})
}

// takeStacks removes every stack of an object from a player's inventory.
func takeStacks(p *player.Player, id int) {
	inv := p.Inventory()
	for slot, s := range inv.Slots() {
		if got, ok := stackObject(s); ok && got == id {
			_ = inv.SetItem(slot, item.Stack{})
		}
	}
}
