package overlay

import (
	"context"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// reconcileAll repairs the world from the store at start-up. Dragonfly saves chunks lazily, so after a crash the
// world may lack objects the store has (they are placed again) or show objects the store no longer has (they are
// removed when their entities are next seen; see sweep). Each area is repaired in its own short world task.
func (o *Overlay) reconcileAll(ctx context.Context) {
	v := o.view()
	byArea := map[string][]op{}
	for obj := range v.game.State.All() {
		w := v.where.At(obj.ID)
		if w.Tagged || (w.Kind != store.AtBlock && w.Kind != store.AtEntity) {
			continue
		}
		byArea[obj.Area] = append(byArea[obj.Area], o.show(v.pack, obj, w))
	}
	for _, ops := range byArea {
		select {
		case <-ctx.Done():
			return
		case <-o.do(func(tx *world.Tx) { o.runOps(tx, ops) }).Done():
		}
	}
}

// sweep removes puzzle entities the store no longer has: NPCs and puzzle item stacks on the ground left behind by
// a crash, or duplicated by a chunk saved before a change. It looks at loaded entities only and runs on the world
// goroutine every few seconds, as chunks load while players move.
func (o *Overlay) sweep(tx *world.Tx) {
	var stale []world.Entity
	v := o.view()
	for e := range tx.Entities() {
		id := e.H().UUID()
		switch {
		case isNPC(e):
			if _, ok := v.byEntity.Get(id); !ok {
				stale = append(stale, e)
			}
		case e.H().Type() == entity.ItemType:
			obj, isPuzzle := stackObject(stackOf(e))
			if !isPuzzle {
				continue
			}
			if w, known := v.where.Get(obj); !known || w.Kind != store.AtEntity || w.Entity != id {
				stale = append(stale, e)
			}
		}
	}
	for _, e := range stale {
		_ = tx.RemoveEntity(e)
	}
	o.showMissing(tx, v)
}

// showMissing shows again the puzzle stacks and NPCs of loaded chunks that are gone from the world though the
// store has them: a stack that burnt in lava or fell into the void, an entity a client-side glitch removed.
func (o *Overlay) showMissing(tx *world.Tx, v *state) {
	for obj := range v.game.State.All() {
		w := v.where.At(obj.ID)
		if w.Kind != store.AtEntity || w.Tagged {
			continue
		}
		if _, loaded := tx.BlockLoaded(w.Block); !loaded {
			continue
		}
		if _, ok := findEntity(tx, w.Entity, w.Block); !ok {
			o.runOps(tx, []op{o.show(v.pack, obj, w)})
		}
	}
}

// reconcilePlayer makes a joining player's inventory agree with the store: puzzle items the store gives to
// someone else, or that no longer exist, are taken away, and those the store says the player holds are given.
func (o *Overlay) reconcilePlayer(p *player.Player) {
	v := o.view()
	var give []op
	for id, w := range v.where.All() {
		if w.Kind == store.InInventory && w.Player == p.UUID() {
			if obj, ok := v.game.State.Object(id); ok {
				give = append(give, o.show(v.pack, *obj, w))
			}
		}
	}
	var take []int
	for _, s := range p.Inventory().Slots() {
		id, ok := stackObject(s)
		if !ok {
			continue
		}
		if w, known := v.where.Get(id); !known || w.Kind != store.InInventory || w.Player != p.UUID() {
			take = append(take, id)
		}
	}
	for _, id := range slices.Compact(take) {
		takeStacks(p, id)
	}
	for _, f := range give {
		f(p.Tx())
	}
}

// dropHeld puts down every puzzle item a leaving player holds, where they stand, so that an area whose puzzle
// needs one stays solvable while they are away.
func (o *Overlay) dropHeld(p *player.Player) {
	v := o.view()
	var held []int
	for id, w := range v.where.All() {
		if w.Kind == store.InInventory && w.Player == p.UUID() {
			held = append(held, id)
		}
	}
	slices.Sort(held)
	for _, id := range held {
		o.act(p, puzzle.Move{Rule: puzzle.PutDown, Inputs: []int{id}}, groundAt(p), nil)
		takeStacks(p, id) // now, before Dragonfly saves the leaving player's inventory
	}
}

// groundAt is the block a player stands in: where things they put down appear.
func groundAt(p *player.Player) cube.Pos { return cube.PosFromVec3(p.Position()) }

// cleared returns the record of a puzzle block about to leave the world, or false for an object that is no block.
func (o *Overlay) cleared(s *state, item string, w store.Where) (store.ClearedBlock, bool) {
	if w.Kind != store.AtBlock {
		return store.ClearedBlock{}, false
	}
	it, ok := s.pack.Item(item)
	if !ok {
		return store.ClearedBlock{}, false
	}
	b, err := o.looks.Block(it.Look)
	if err != nil {
		return store.ClearedBlock{}, false
	}
	name, _ := b.EncodeBlock()
	return store.ClearedBlock{Pos: store.AreaBlock(w.Block), Block: name}, true
}

// clearStale removes puzzle blocks a crash brought back: blocks taken out of the world whose chunks were saved
// before the change, still showing the same block and with no puzzle object there now. Once the world is saved
// without them, their records are forgotten. Runs on the overlay's goroutine at start.
func (o *Overlay) clearStale(ctx context.Context, cleared []store.ClearedBlock) {
	if len(cleared) == 0 {
		return
	}
	v := o.view()
	var stale []store.ClearedBlock
	for _, cl := range cleared {
		if _, taken := v.byBlock.Get(cube.Pos(cl.Pos)); !taken {
			stale = append(stale, cl)
		}
	}
	done := o.do(func(tx *world.Tx) {
		for _, cl := range stale {
			if name, _ := tx.Block(cube.Pos(cl.Pos)).EncodeBlock(); name == cl.Block {
				tx.SetBlock(cube.Pos(cl.Pos), nil, nil)
			}
		}
	}).Done()
	select {
	case <-done:
	case <-ctx.Done():
		return
	}
	o.w.Save()
	// The owner is the store's one writer: the records go with a request, in its order.
	r := o.post(o.forgetCleared(cleared))
	if _, err := r.Wait(ctx); err != nil && ctx.Err() == nil {
		o.opts.Log.Warn("overlay: forget cleared blocks", "err", err)
	}
}

// forgetCleared is the request that forgets the records of the blocks the start-up repair cleared, once the world
// is saved without them. A block a request cleared again since the repair began (an object placed there and taken
// out) has a newer record, which stays.
func (o *Overlay) forgetCleared(cleared []store.ClearedBlock) *request {
	return &request{name: "forget cleared blocks", run: func(context.Context, *state) (result, error) {
		var forget []store.ClearedBlock
		for _, cl := range cleared {
			if !o.recleared[cl.Pos] {
				forget = append(forget, cl)
			}
		}
		o.recleared = nil
		return result{change: store.Change{Forgotten: forget}}, nil
	}}
}

// noteCleared notes, on the owner, the blocks a committed change cleared while the start-up repair runs.
func (o *Overlay) noteCleared(c store.Change) {
	if o.recleared == nil {
		return
	}
	for _, cl := range c.Cleared {
		o.recleared[cl.Pos] = true
	}
}
