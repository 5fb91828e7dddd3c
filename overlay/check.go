package overlay

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/form"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// solvable is the quick check of whether an area's puzzle can still be solved (/puzzle restart, /puzzle verify, a
// felled feature): puzzle.Manager.Solvable on the published game, the moves the manager offers towards the goal of
// t's area. It answers Unknown for an area without an active puzzle.
func solvable(v *state, a store.AreaPos) puzzle.Verdict {
	run, ok := v.areas.Get(a)
	if !ok || run.rec.State != store.Active || v.tracked(a) == nil {
		return puzzle.Unknown
	}
	return v.game.Solvable(v.tracked(a))
}

// blocksArea reports whether a move would make its area's puzzle unsolvable, in all-rules mode, where players may
// run any rule (dissertation 4.6) and some runs close the way to the goal: puzzle.Manager.Blocks on the area's
// active puzzle (the check proves it solvable before the move and unsolvable after). It reads a published state.
func (o *Overlay) blocksArea(v *state, mv puzzle.Move, area store.AreaPos) bool {
	run, ok := v.areas.Get(area)
	if o.opts.Mode != puzzle.AllRules || !ok || run.rec.State != store.Active || v.tracked(area) == nil || mv.Rule == puzzle.PickUp {
		return false
	}
	return v.game.Blocks(v.tracked(area), mv)
}

// confirmForm asks a player to confirm a move that would make their area's puzzle unsolvable.
type confirmForm struct {
	Yes, No form.Button
	o       *Overlay
	mv      puzzle.Move
	at      cube.Pos
	props   map[int]puzzle.Props
}

// Submit runs the move when the player chose Yes.
func (c confirmForm) Submit(sub form.Submitter, pressed form.Button, _ *world.Tx) {
	p, ok := sub.(*player.Player)
	if !ok || pressed != c.Yes {
		return
	}
	c.o.act(p, c.mv, c.at, c.props)
}

// confirmUnsolvable shows the confirmation.
func (o *Overlay) confirmUnsolvable(p *player.Player, mv puzzle.Move, at cube.Pos, props map[int]puzzle.Props) {
	f := confirmForm{Yes: form.NewButton("Do it anyway", ""), No: form.NewButton("Leave it", ""), o: o, mv: mv, at: at, props: props}
	p.SendForm(form.NewModal(f, "This cannot be undone").WithBody(
		"§c" + words.Capital(words.Of(mv.Rule.Action)) + "§r would make this area's puzzle impossible to solve. " +
			"An admin, or /puzzle restart, can give the area a new puzzle afterwards."))
}
