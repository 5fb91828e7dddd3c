package overlay

import (
	"context"
	"log/slog"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// grovePack makes logs from tagged trees with an axe, or buys them from a merchant.
const grovePack = `items:
  Tree:     {props: {notSpawnable: true}, look: {block: oak_log}}
  Log:      {props: {carryable: true}, look: {item: stick}}
  Axe:      {props: {carryable: true}, look: {item: iron_axe}}
  Coin:     {props: {carryable: true}, look: {item: emerald}}
  Merchant: {look: {entity: villager_v2}}
rules: |
  Log Axe ::= ChopDown Tree Axe
  Log Merchant ::= Trade Merchant Coin
tags:
  - {item: Tree, block: oak_log, minCluster: 3}
areas:
  - {name: Grove, start: true, goals: [Log], maxDepth: 1}
`

// plantTree grows an oak of a four-log trunk and a leafy crown at a position on the flat world's ground.
func plantTree(tx *world.Tx, at cube.Pos) {
	log, leaves := block.Log{Wood: block.OakWood(), Axis: cube.Y}, block.Leaves{Type: block.OakLeaves(), Persistent: true}
	for dy := range 4 {
		tx.SetBlock(at.Add(cube.Pos{0, dy, 0}), log, nil)
	}
	for dx := -1; dx <= 1; dx++ {
		for dz := -1; dz <= 1; dz++ {
			for dy := 2; dy <= 4; dy++ {
				if p := at.Add(cube.Pos{dx, dy, dz}); tx.Block(p) == (block.Air{}) {
					tx.SetBlock(p, leaves, nil)
				}
			}
		}
	}
}

// groveOverlay opens an overlay on a flat world with two trees in the start area.
func groveOverlay(t *testing.T, mode puzzle.Mode) (*world.World, *Overlay, []cube.Pos) {
	t.Helper()
	w := overlayWorld(t)
	trees := []cube.Pos{{3, -60, 3}, {12, -60, 12}}
	<-w.Do(func(tx *world.Tx) {
		for _, at := range trees {
			plantTree(tx, at)
		}
	}).Done()
	pack, err := puzzle.LoadBytes("grove.yaml", []byte(grovePack))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, Mode: mode, StoreDir: t.TempDir(),
		Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = o.Close() })
	o.Start()
	wait(t, o)
	if n := len(objectsOf(o, "0,0", "Tree")); n != 2 {
		t.Fatalf("%d trees tagged, want 2", n)
	}
	return w, o, trees
}

// A tagged tree is its whole trunk: using the axe on any log of it opens the tree's menu, and chopping it down
// fells the tree, trunk and crown, leaving nothing hanging.
func TestChoppingATreeFellsTheTree(t *testing.T) {
	w, o, trees := groveOverlay(t, puzzle.AllRules)
	tree := objectsOf(o, "0,0", "Tree")[0]
	v := o.view()
	var base cube.Pos
	for _, at := range trees {
		if v.byBlock.At(at) == tree {
			base = at
		}
	}
	if v.byBlock.At(base.Add(cube.Pos{0, 1, 0})) != tree || v.byBlock.At(base.Add(cube.Pos{0, 3, 0})) != tree {
		t.Fatalf("the trunk's logs are not all the tree: %v", v.features.At(tree))
	}
	h := addPlayer(t, w, o, "Lumberjack")
	var axe int
	for _, obj := range o.view().game.State.Objects() {
		if obj.Item == "Axe" {
			axe = obj.ID
		}
	}
	if axe == 0 {
		o.post(&request{name: "give an axe", run: func(_ context.Context, s *state) (result, error) {
			d := s.game.Add(puzzle.Object{Item: "Axe", Area: "0,0", Props: puzzle.Props{"carryable": puzzle.Bool(true)}})
			axe = d.Created[0].ID
			return result{inMemory: true}, nil
		}})
		wait(t, o)
	}
	chop := puzzle.Move{Rule: o.view().pack.Rules[0], Inputs: []int{tree, axe}, Area: "0,0"}
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply { return o.act(p, chop, base, nil) }))
	wait(t, o)
	<-w.Do(func(tx *world.Tx) {
		for dy := range 6 {
			for dx := -1; dx <= 1; dx++ {
				for dz := -1; dz <= 1; dz++ {
					if b := tx.Block(base.Add(cube.Pos{dx, dy, dz})); b != (block.Air{}) {
						t.Errorf("after chopping the tree down, %T is left at %v", b, base.Add(cube.Pos{dx, dy, dz}))
					}
				}
			}
		}
	}).Done()
}

// A player who breaks every tagged tree of an area (in survival) leaves it solvable: the trees leave the puzzle,
// and an area whose puzzle needed them gets a new one made from what remains.
func TestFellingEveryTreeKeepsTheAreaSolvable(t *testing.T) {
	w, o, trees := groveOverlay(t, puzzle.TreeRules)
	h := addPlayer(t, w, o, "Vandal")
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		p := e.(*player.Player)
		p.Handle(o.Handler(p, nil))
		for _, at := range trees {
			p.Teleport(at.Vec3Middle().Add(cube.Pos{2, 0, 0}.Vec3()))
			p.SetHeldItems(item.NewStack(item.Axe{Tier: item.ToolTierIron}, 1), item.Stack{})
			p.BreakBlock(at)
		}
	}).Done()
	wait(t, o)
	if n := len(objectsOf(o, "0,0", "Tree")); n != 0 {
		t.Fatalf("%d trees are still in the puzzle after both were broken", n)
	}
	run := o.view().areas.At(store.AreaPos{0, 0})
	if run.rec.State == store.Active && o.Solvable(store.AreaPos{0, 0}) == puzzle.No {
		t.Errorf("the area can no longer be solved after its trees were felled (goal %s)", run.rec.Goal)
	}
	problems, _, err := o.Verify(context.Background())
	if err != nil || len(problems) != 0 {
		t.Errorf("after felling the trees: %q, %v", problems, err)
	}
}
