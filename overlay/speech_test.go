package overlay

import (
	"context"
	"log/slog"
	"testing"

	"riddlestone/puzzle"
)

// A menu with nothing to do says what is missing, in words.
func TestNothingToDoSaysWhatIsMissing(t *testing.T) {
	w := overlayWorld(t)
	o := newTestOverlay(t, w, t.TempDir())
	defer o.Close()
	crate := objectsOf(o, "0,0", "Crate")[0]
	key := objectsOf(o, "0,0", "Key")[0]
	waitReply(t, o.post(&request{name: "lose the key", run: func(_ context.Context, s *state) (result, error) {
		s.game.Remove(func(obj puzzle.Object) bool { return obj.ID == key })
		s.forget(key)
		return result{inMemory: true}, nil
	}}))
	v := o.view()
	obj, _ := v.game.State.Object(crate)
	if got := o.missing(v, v.game, *obj); got != "to open it you need a brass key" {
		t.Errorf("without the key the crate says %q", got)
	}
}

// A person says what they can do for the player and what they need for it.
func TestPeopleSayWhatTheyNeed(t *testing.T) {
	w := overlayWorld(t)
	pack, err := puzzle.LoadBytes("smith.yaml", []byte(smithPack))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 1, AreaSize: 1, TwoKeyPercent: -1, StoreDir: t.TempDir(), Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	o.Start()
	wait(t, o)
	v := o.view()
	smith, _ := v.game.State.Object(objectsOf(o, "0,0", "Smith")[0])
	if got := o.speech(v, v.game, *smith, "Alex"); got != `"I can forge you a key if you bring me an ingot."` {
		t.Errorf("the smith says %s", got)
	}
	crate, _ := v.game.State.Object(objectsOf(o, "0,0", "Crate")[0])
	if got := o.speech(v, v.game, *crate, "Alex"); got != "" {
		t.Errorf("the crate speaks: %s", got)
	}
}
