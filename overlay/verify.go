package overlay

import (
	"context"
	"fmt"
	"maps"
	"slices"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Verify checks that the puzzles are whole, as an admin would want to after a crash: the store holds exactly
// what memory holds, every area whose keys are solved is open (or about to be), every active puzzle can still be
// solved, each placed object shows in the loaded world exactly once (a block as its look, one entity with its
// id), no stray puzzle NPC or stack lies about, and each online player holds exactly the puzzle items the store
// gives them. It returns the problems found, none when all is well, and how many objects it checked. Call it off
// the world goroutine.
func (o *Overlay) Verify(ctx context.Context) (problems []string, checked int, err error) {
	// The owner takes the store and the state at one moment, between requests: a snapshot of each, which costs
	// nothing. Reading and comparing them is long work, done here, off the owner.
	var v *state
	var snap store.StoreSnapshot
	r := o.post(&request{name: "verify", run: func(_ context.Context, s *state) (result, error) {
		var err error
		snap, err = o.store.Snapshot()
		v = o.view() // the owner's state as published: a request that changed it published it
		return result{}, err
	}})
	if _, err := r.Wait(ctx); err != nil {
		return nil, 0, err
	}
	saved, err := snap.Load()
	snap.Release()
	if err != nil {
		return nil, 0, err
	}
	problems = append(problems, storeProblems(v, saved)...)
	problems = append(problems, o.gameProblems(v)...)
	var inWorld []string
	task := o.w.Do(func(tx *world.Tx) { inWorld, checked = o.worldProblems(tx, v) })
	if err := task.Wait(ctx); err != nil {
		return nil, 0, err
	}
	return append(problems, inWorld...), checked, nil
}

// storeProblems compares the store with the owner's state.
func storeProblems(s *state, saved store.Saved) []string {
	var out []string
	for pos, run := range s.areas.All() {
		rec, ok := saved.Areas[pos]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("area %v is in memory but not in the store", pos))
		case rec.State != run.rec.State || rec.Rerolls != run.rec.Rerolls || string(rec.Puzzle) != string(run.rec.Puzzle):
			out = append(out, fmt.Sprintf("area %v differs: stored %v, in memory %v", pos, rec.State, run.rec.State))
		}
	}
	for obj := range s.game.State.All() {
		rec, ok := saved.Objects[obj.ID]
		if !ok || rec.Item != obj.Item || rec.Area != obj.Area || !rec.Props.Equal(obj.Props) || rec.Where != s.where.At(obj.ID) {
			out = append(out, fmt.Sprintf("object #%d %s differs between store and memory", obj.ID, obj.Item))
		}
	}
	return append(out, onlyStored(s, saved)...)
}

// onlyStored names the areas and objects the store has and memory has not.
func onlyStored(s *state, saved store.Saved) []string {
	var out []string
	for _, pos := range slices.SortedFunc(maps.Keys(saved.Areas), store.AreaPos.Compare) {
		if _, ok := s.areas.Get(pos); !ok {
			out = append(out, fmt.Sprintf("area %v is in the store but not in memory (%v)", pos, saved.Areas[pos].State))
		}
	}
	for _, id := range slices.Sorted(maps.Keys(saved.Objects)) {
		if _, ok := s.game.State.Object(id); !ok {
			rec := saved.Objects[id]
			out = append(out, fmt.Sprintf("object #%d %s of %s is in the store but not in memory", id, rec.Item, rec.Area))
		}
	}
	return out
}

// gameProblems checks the game: opened areas and solvable puzzles.
func (o *Overlay) gameProblems(v *state) []string {
	var out []string
	for pos, run := range v.areas.All() {
		if run.rec.State == store.Solved && run.rec.Goal != "" {
			for _, in := range o.opening(v, pos, 0) {
				if !v.pending[in.Area] {
					out = append(out, fmt.Sprintf("area %v has its keys solved but is locked", in.Area))
				}
			}
		}
		if solvable(v, pos) == puzzle.No {
			out = append(out, fmt.Sprintf("area %v can no longer be solved", pos))
		}
	}
	return out
}

// worldProblems checks the loaded world against a state, on the world goroutine; it returns the problems and how
// many objects it could check (those in loaded chunks, and held ones of online players).
func (o *Overlay) worldProblems(tx *world.Tx, v *state) ([]string, int) {
	var out []string
	checked := 0
	entities := map[uuid.UUID]int{}
	for e := range tx.Entities() {
		id := e.H().UUID()
		if isNPC(e) {
			entities[id]++
			if _, known := v.byEntity.Get(id); !known {
				out = append(out, fmt.Sprintf("a stray puzzle NPC stands at %v", cube.PosFromVec3(e.Position())))
			}
		}
		if obj, puzzleItem := stackObject(stackOf(e)); puzzleItem {
			entities[id]++
			if w, known := v.where.Get(obj); !known || w.Entity != id {
				out = append(out, fmt.Sprintf("a stray stack of object #%d lies at %v", obj, cube.PosFromVec3(e.Position())))
			}
		}
	}
	for obj := range v.game.State.All() {
		p, n := o.objectProblem(tx, v, obj, entities)
		if p != "" {
			out = append(out, p)
		}
		checked += n
	}
	return append(out, inventoryProblems(tx, v)...), checked
}

// objectProblem checks one placed object in the loaded world.
func (o *Overlay) objectProblem(tx *world.Tx, v *state, obj puzzle.Object, entities map[uuid.UUID]int) (string, int) {
	w := v.where.At(obj.ID)
	if w.Tagged || (w.Kind != store.AtBlock && w.Kind != store.AtEntity) {
		return "", 0
	}
	if _, loaded := tx.BlockLoaded(w.Block); !loaded {
		return "", 0
	}
	if _, spawned := o.opts.Mods.spawner(obj.Item); spawned {
		return "", 0
	}
	if w.Kind == store.AtEntity {
		if n := entities[w.Entity]; n != 1 {
			return fmt.Sprintf("object #%d %s shows as %d entities at %v, want 1", obj.ID, obj.Item, n, w.Block), 1
		}
		return "", 1
	}
	it, ok := v.pack.Item(obj.Item)
	if !ok {
		return "", 0
	}
	want := o.blockOf(it, obj)
	if got := tx.Block(w.Block); want != nil && world.BlockRuntimeID(got) != world.BlockRuntimeID(want) {
		name, _ := got.EncodeBlock()
		return fmt.Sprintf("object #%d %s at %v shows as %s", obj.ID, obj.Item, w.Block, name), 1
	}
	return "", 1
}

// inventoryProblems checks that each online player holds exactly the puzzle items the state gives them.
func inventoryProblems(tx *world.Tx, v *state) []string {
	var out []string
	for e := range tx.Players() {
		p, ok := e.(*player.Player)
		if !ok {
			continue
		}
		var held []int
		for _, s := range p.Inventory().Slots() {
			if id, ok := stackObject(s); ok {
				held = append(held, id)
			}
		}
		var want []int
		for id, w := range v.where.All() {
			if w.Kind == store.InInventory && w.Player == p.UUID() {
				want = append(want, id)
			}
		}
		slices.Sort(held)
		slices.Sort(want)
		if !slices.Equal(held, want) {
			out = append(out, fmt.Sprintf("%s holds puzzle items %v, the store says %v", p.Name(), held, want))
		}
	}
	return out
}

// stackOf returns the stack an item entity carries (Dragonfly keeps it in the entity's behaviour), or an empty
// stack for any other entity.
func stackOf(e world.Entity) item.Stack {
	ent, ok := e.(*entity.Ent)
	if !ok || e.H().Type() != entity.ItemType {
		return item.Stack{}
	}
	if b, ok := ent.Behaviour().(*entity.ItemBehaviour); ok {
		return b.Item()
	}
	return item.Stack{}
}
