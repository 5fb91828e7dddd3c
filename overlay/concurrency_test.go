package overlay

import (
	"context"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// Players making every move their menus offer, in random order, interleave with admins opening, rerolling and
// locking areas and with checks, all at once: nothing deadlocks, no request is lost, and at the end the store
// holds exactly what memory holds and the world agrees (run under -race).
func TestPlayInterleavesWithAdminWork(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	players := []*world.EntityHandle{addPlayer(t, w, o, "Ann"), addPlayer(t, w, o, "Ben")}
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	var mu sync.Mutex
	var replies []*Reply
	keep := func(r *Reply) {
		mu.Lock()
		replies = append(replies, r)
		mu.Unlock()
	}
	for i, h := range players {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(uint64(i), 3))
			for range 150 {
				keep(playAs(w, h, func(p *player.Player) *Reply { return randomMove(o, p, rng) }))
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		rng := rand.New(rand.NewPCG(9, 9))
		n := store.AreaPos{0, 0}.Neighbours()
		areas := append([]store.AreaPos{{0, 0}}, n[:]...)
		for range 40 {
			a := areas[rng.IntN(len(areas))]
			switch rng.IntN(4) {
			case 0:
				keep(o.Unlock(a))
			case 1:
				keep(o.Reroll(a))
			case 2:
				if a != (store.AreaPos{0, 0}) { // the players play in the start area
					keep(o.Lock(a))
				}
			default:
				_, _ = o.Check(a, false)
			}
		}
	}()
	wg.Wait()
	answered := 0
	for _, r := range replies {
		if r == nil {
			continue
		}
		if _, err := r.Wait(ctx); err == context.DeadlineExceeded {
			t.Fatal("a request was never answered")
		} else if err == nil {
			answered++
		}
	}
	if answered < 5 {
		t.Errorf("only %d requests went through: the test exercised too little", answered)
	}
	wait(t, o)
	t.Logf("%d of %d requests went through; %d areas, %d objects, start area %v", answered, len(replies),
		o.view().areas.Len(), len(o.view().game.State.Objects()), o.view().areas.At(store.AreaPos{0, 0}).rec.State)
	storeMatchesMemory(t, o)
	problems, _, err := o.Verify(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range problems {
		t.Error(p)
	}
}

// randomMove makes a random move a player could choose now: one of an object's menu, a pick-up or a put-down.
func randomMove(o *Overlay, p *player.Player, rng *rand.Rand) *Reply {
	v := o.view()
	objs := v.game.State.Objects()
	if len(objs) == 0 {
		return nil
	}
	obj := objs[rng.IntN(len(objs))]
	moves := o.movesFrom(v, v.game, p, obj.ID)
	if w := v.where.At(obj.ID); w.Kind == store.AtEntity && rng.IntN(2) == 0 {
		moves = append(moves, puzzle.Move{Rule: puzzle.PickUp, Inputs: []int{obj.ID}})
	}
	if len(moves) == 0 {
		return nil
	}
	mv := moves[rng.IntN(len(moves))]
	return o.act(p, mv, v.where.At(obj.ID).Block, nil)
}
