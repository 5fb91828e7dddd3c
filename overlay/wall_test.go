package overlay

import (
	"log/slog"
	"slices"
	"sync"
	"testing"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// The wall stands in the locked areas' first row of blocks next to the open area, within wallReach of the feet,
// from wallBelow under them to wallAbove over them; a player far from any locked area has none.
func TestWallCellsStandInTheLockedAreasFirstRow(t *testing.T) {
	open := func(a store.AreaPos) bool { return a == store.AreaPos{0, 0} }
	if cells := wallCells(cube.Pos{8, 5, 8}, open, 16); len(cells) != 0 {
		t.Errorf("at the middle of an area of 16 blocks, 8 from every border, the wall has %d cells, want none", len(cells))
	}
	cells := wallCells(cube.Pos{12, 5, 8}, open, 16)
	if want := (2*wallReach + 1) * (wallBelow + wallAbove + 1); len(cells) != want {
		t.Errorf("4 blocks from the east border the wall has %d cells, want %d (one row of 13 columns, 6 high)", len(cells), want)
	}
	for pos, a := range cells {
		if pos[0] != 16 || a != (store.AreaPos{1, 0}) || pos[1] < 5-wallBelow || pos[1] > 5+wallAbove || pos[2] < 8-wallReach || pos[2] > 8+wallReach {
			t.Errorf("wall cell %v of area %v: want x = 16 in area 1,0, within reach", pos, a)
		}
	}
	// At a corner the two borders' rows close it; the corner column itself touches no open area and needs no wall.
	corner := wallCells(cube.Pos{14, 5, 14}, open, 16)
	if _, ok := corner[cube.Pos{16, 5, 16}]; ok {
		t.Error("the column diagonal to the open area has a wall cell")
	}
	for _, pos := range []cube.Pos{{16, 5, 15}, {15, 5, 16}} {
		if _, ok := corner[pos]; !ok {
			t.Errorf("no wall cell at %v, next to the corner", pos)
		}
	}
}

// sentBlocks records the blocks an overlay sends players through Options.ShowBlocks.
type sentBlocks struct {
	mu   sync.Mutex
	sent map[cube.Pos]world.Block
}

func (s *sentBlocks) show(_ *player.Player, b WallBlock) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sent[b.Pos] = b.Block
}

// barriers returns the cells the player was last sent a barrier at.
func (s *sentBlocks) barriers() []cube.Pos {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []cube.Pos
	for pos, b := range s.sent {
		if _, ok := b.(block.Barrier); ok {
			out = append(out, pos)
		}
	}
	return out
}

// A player who walks up to a locked border is sent a wall of barriers in its open cells, alone, with the title
// saying what opens the area; when the area opens the wall comes down: the cells are sent the world's blocks.
func TestAWallStandsAtALockedBorderUntilItOpens(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("yard.yaml", []byte(yardPack))
	if err != nil {
		t.Fatal(err)
	}
	sent := &sentBlocks{sent: map[cube.Pos]world.Block{}}
	o, err := New(w, Options{Pack: pack, Seed: 7, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(),
		ShowBlocks: sent.show, Log: slog.New(slog.NewTextHandler(testWriter{t}, nil))})
	if err != nil {
		t.Fatal(err)
	}
	o.Start()
	defer o.Close()
	wait(t, o)
	h := addPlayer(t, w, o, "Walker")
	<-w.Do(func(tx *world.Tx) {
		e, _ := h.Entity(tx)
		e.(*player.Player).Handle(o.Handler(e.(*player.Player), nil))
	}).Done()
	walk := func(to mgl64.Vec3) {
		<-w.Do(func(tx *world.Tx) {
			e, _ := h.Entity(tx)
			p := e.(*player.Player)
			p.Move(to.Sub(p.Position()), 0, 0)
		}).Done()
	}
	walk(mgl64.Vec3{12.5, -60, 8.5})
	walls := sent.barriers()
	if len(walls) == 0 {
		t.Fatal("4 blocks from the locked east border the player was sent no wall")
	}
	for _, pos := range walls {
		if pos[0] != 16 || pos[1] < -60 {
			t.Errorf("a barrier at %v: want only the open cells (air over the grass at y -61) of x = 16", pos)
		}
	}
	if !slices.Contains(walls, cube.Pos{16, -60, 8}) || !slices.Contains(walls, cube.Pos{16, -59, 8}) {
		t.Errorf("the wall %v leaves the way ahead (16 -60 8 and 16 -59 8) open", walls)
	}
	waitReply(t, o.Unlock(store.AreaPos{1, 0}))
	wait(t, o)
	walk(mgl64.Vec3{12.5, -60, 9.5})
	if left := sent.barriers(); len(left) != 0 {
		t.Errorf("after area 1,0 opened the player still has %d barriers of its wall, e.g. %v", len(left), left[0])
	}
	if b := sent.sent[cube.Pos{16, -60, 8}]; b != (block.Air{}) {
		t.Errorf("the wall's cell 16 -60 8 was last sent %T, want the world's air", b)
	}
}
