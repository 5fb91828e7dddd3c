package main

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/df-mc/dragonfly/server/world/biome"
	"github.com/df-mc/dragonfly/server/world/generator"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/google/uuid"
	"riddlestone/overlay"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

const pack = `items:
  Crate:     {props: {open_bit: false}, look: {block: barrel}}
  Key:       {props: {carryable: true}, look: {item: emerald}}
  Scarecrow: {props: {notSpawnable: true}, look: {block: carved_pumpkin}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], maxDepth: 1}
`

// The example's extensions work in a real world: the tag matcher finds the scarecrow, the Open action lights a
// lantern above the crate, and the daytime property is computed on the area's objects.
func TestExampleMods(t *testing.T) {
	world.DefaultBlockRegistry.Finalize()
	w := world.Config{
		Generator: generator.NewFlat(biome.Plains{}, []world.Block{block.Grass{}, block.Dirt{}, block.Dirt{}, block.Bedrock{}}),
		Entities:  entity.DefaultRegistry.Config().New(append(entity.DefaultRegistry.Types(), overlay.EntityTypes()...)),
	}.New()
	defer w.Close()
	w.SetSpawn(cube.Pos{8, -60, 8})
	<-w.Do(func(tx *world.Tx) {
		tx.SetBlock(cube.Pos{2, -60, 2}, block.HayBale{}, nil)
		tx.SetBlock(cube.Pos{2, -59, 2}, block.Pumpkin{Carved: true}, nil)
	}).Done()
	p, err := puzzle.LoadBytes("mods.yaml", []byte(pack))
	if err != nil {
		t.Fatal(err)
	}
	mods := &overlay.Mods{}
	Register(mods)
	o, err := overlay.New(w, overlay.Options{Pack: p, Seed: 1, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		Mods: mods, Log: slog.New(slog.NewTextHandler(io.Discard, nil))})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	var crate, key, scarecrow overlay.ObjectAt
	for _, obj := range o.Objects(store.AreaPos{0, 0}) {
		switch obj.Item {
		case "Crate":
			crate = obj
		case "Key":
			key = obj
		case "Scarecrow":
			scarecrow = obj
		}
	}
	if scarecrow.ID == 0 || scarecrow.Where.Block != (cube.Pos{2, -59, 2}) {
		t.Errorf("the tag matcher did not find the scarecrow: %+v", scarecrow)
	}
	id := uuid.New()
	h := world.EntitySpawnOpts{Position: mgl64.Vec3{8, -60, 8}, ID: id}.New(player.Type, player.Config{Name: "Modder", UUID: id})
	var r *overlay.Reply
	<-w.Do(func(tx *world.Tx) {
		pl := tx.AddEntity(h).(*player.Player)
		moves := o.MovesFrom(pl, crate.ID)
		if len(moves) != 1 || moves[0].Inputs[1] != key.ID {
			t.Errorf("menu of the crate: %v", moves)
			return
		}
		r = o.Act(pl, moves[0], crate.Where.Block)
	}).Done()
	if r == nil {
		t.FailNow()
	}
	if _, err := r.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if err := o.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	<-w.Do(func(tx *world.Tx) {
		if _, ok := tx.Block(crate.Where.Block.Side(cube.FaceUp)).(block.Lantern); !ok {
			t.Errorf("the Open action lit no lantern above the crate: %T", tx.Block(crate.Where.Block.Side(cube.FaceUp)))
		}
	}).Done()
	for _, obj := range o.Objects(store.AreaPos{0, 0}) {
		if _, computed := obj.Props["daytime"]; obj.ID == crate.ID && !computed {
			t.Errorf("the crate has no computed daytime: %v", obj.Props)
		}
	}
}
