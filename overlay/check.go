package overlay

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/form"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// checkStates caps the state-space check made before a move in all-rules mode. It runs on the world goroutine,
// so it must stay within a few milliseconds; the explorer does more than 2 M states a second, and a check that
// hits the cap answers "unknown", which lets the move go ahead.
const checkStates = 4000

// checkGrowth bounds how many objects beyond its start a state of a check may have (puzzle.Explore.MaxGrowth).
// Packs have rules that keep an input and make something (shake a tree for apples), so a world can grow without
// end, and a depth-first check would spend its states on ever larger ones: 4000 states cost 10–70 ms on the
// default pack without the bound. A solution makes at most a few objects a step.
func checkGrowth(t *puzzle.Tracked) int { return 16 + 2*len(t.Nodes) }

// quickCheck is the exploration made on the world goroutine to ask whether a puzzle can still be solved in its
// area under a mode's rules (blocksArea before a move, Solvable for /puzzle restart): depth first to the first
// goal, accelerated, within checkStates and checkGrowth.
func quickCheck(p *puzzle.Pack, mode puzzle.Mode, t *puzzle.Tracked, area string) puzzle.Explore {
	return puzzle.Explore{Rules: p.ModeRules(mode), Tree: t.Nodes, Goal: t.Goal, Areas: []string{area},
		MaxStates: checkStates, MaxGrowth: checkGrowth(t), Accelerate: true, FirstGoal: true, DepthFirst: true}
}

// blocksArea reports whether a move would leave its area's puzzle unsolvable, as the engine's state-space
// explorer proves: in all-rules mode players may run any rule (dissertation 4.6), and some runs close the way to
// the goal. It reads a published state.
func (o *Overlay) blocksArea(v *state, mv puzzle.Move, area AreaPos) bool {
	run, ok := v.areas[area]
	if o.opts.Mode != puzzle.AllRules || !ok || run.rec.State != Active || run.tracked == nil || mv.Rule == puzzle.PickUp {
		return false
	}
	after := v.game.State.Clone()
	if _, err := v.pack.Apply(after, mv); err != nil {
		return false
	}
	after.Failed = nil
	rep, err := v.pack.Explore(after, quickCheck(v.pack, puzzle.AllRules, run.tracked, run.area.Name))
	return err == nil && rep.Solvable == puzzle.No
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
		"§c" + capital(words(mv.Rule.Action)) + "§r would make this area's puzzle impossible to solve. " +
			"An admin, or /puzzle restart, can give the area a new puzzle afterwards."))
}
