package overlay

import (
	"context"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/entity"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/go-gl/mathgl/mgl64"
	"riddlestone/overlay/store"
)

// Verify answers "all well" for a consistent world, and names each kind of damage: a puzzle block gone from the
// world, a stray puzzle NPC, an area whose keys are solved left locked.
func TestVerifyFindsWhatIsBroken(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	ctx := context.Background()
	problems, checked, err := o.Verify(ctx)
	if err != nil || len(problems) != 0 || checked < 2 {
		t.Fatalf("a fresh world: problems %q, %d checked, %v", problems, checked, err)
	}
	crate := objectsOf(o, "0,0", "Crate")[0]
	at := o.view().where.At(crate).Block
	<-w.Do(func(tx *world.Tx) {
		tx.SetBlock(at, nil, nil)
		h := world.EntitySpawnOpts{Position: mgl64.Vec3{3, -60, 3}}.New(npcType{model: "villager_v2"}, entity.StationaryBehaviourConfig{})
		tx.AddEntity(h)
	}).Done()
	o.post(&request{name: "damage", run: func(_ context.Context, s *state) (result, error) {
		s.changeRun(store.AreaPos{0, 0}).rec.State = store.Solved // in memory only: the store disagrees, and no neighbour opened
		return result{inMemory: true}, nil
	}})
	problems, _, err = o.Verify(ctx)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Join(problems, "\n")
	for _, want := range []string{"Crate at", "stray puzzle NPC", "differs", "keys solved but is locked"} {
		if !strings.Contains(text, want) {
			t.Errorf("problems do not mention %q:\n%s", want, text)
		}
	}
}
