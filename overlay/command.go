package overlay

import (
	"fmt"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// Commands returns the overloads of the /puzzle command that the overlay answers: status and hint for everyone,
// plan for admins. The server registers them under one /puzzle command with its own.
func Commands() []cmd.Runnable {
	return []cmd.Runnable{statusCmd{}, hintCmd{}, planCmd{}, restartCmd{},
		reloadCmd{}, areaOpCmd{}, tpCmd{}, areaCmd{}, verifyCmd{}}
}

// statusCmd is /puzzle status: the player's area, its state and goal, and what opens each neighbour.
type statusCmd struct {
	Status cmd.SubCommand `cmd:"status"`
}

// Run ...
func (statusCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, a, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	v := o.view()
	text, _ := o.statusLine(v, a)
	out.Print(text)
	if areaKind(v, a) != "" {
		out.Print(areaTitle(v, a))
	}
	if run, ok := v.areas.Get(a); ok && run.rec.NoPuzzle != "" && isAdmin(src) {
		out.Printf("No puzzle could be made here (%s); it counts as solved and opened what it unlocks.", run.rec.NoPuzzle)
	}
	if run, ok := v.areas.Get(a); ok && run.rec.Relaxed != "" && isAdmin(src) {
		out.Printf("The puzzle here gave way: %s.", run.rec.Relaxed)
	}
	for _, n := range a.Neighbours() {
		run, ok := v.areas.Get(n)
		switch {
		case ok && run.rec.State != store.Locked:
			out.Printf("Neighbour %v: %s", n, run.rec.State)
		default:
			out.Printf("Neighbour %v: locked. %s", n, o.lockedLine(v, n))
		}
	}
}

// hintCmd is /puzzle hint: the next step of the player's area.
type hintCmd struct {
	Hint cmd.SubCommand `cmd:"hint"`
}

// Run ...
func (hintCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, a, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	steps, err := o.Plan(a)
	switch {
	case err != nil && len(steps) == 0:
		out.Error(err)
	case len(steps) == 0:
		out.Printf("Area %v is solved.", a)
	default:
		o.giveHint(src, out, a, steps[0])
	}
}

// giveHint answers /puzzle hint: to a player, the next level of hint for the step (and at the last level the way
// shown with particles); to the console, the step.
func (o *Overlay) giveHint(src cmd.Source, out *cmd.Output, a store.AreaPos, s Step) {
	p, isPlayer := src.(*player.Player)
	if !isPlayer {
		out.Printf("Next: %s.", s.Hint(o.view().pack))
		return
	}
	level := o.hints.next(hintKey{player: p.UUID(), area: a, step: s.String()})
	text := hint(o.view().pack, s, p.Position(), level)
	out.Print(text)
	o.hints.record(p.UUID(), a, text)
	o.updateGuide(p, a)
	if level < 3 {
		out.Print("§7Ask again for more.")
		return
	}
	o.showTheWay(p.H(), s)
}

// planCmd is /puzzle plan [area]: the remaining solution steps, one a line, for admins.
type planCmd struct {
	Plan cmd.SubCommand       `cmd:"plan"`
	Area cmd.Optional[string] `cmd:"area"`
}

// Allow lets only admins see and run the plan.
func (planCmd) Allow(src cmd.Source) bool { return isAdmin(src) }

// Run ...
func (c planCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, a, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	if name, given := c.Area.Load(); given {
		var err error
		if a, err = store.ParseAreaPos(name); err != nil {
			out.Error(err)
			return
		}
	}
	steps, err := o.Plan(a)
	if err != nil && len(steps) == 0 {
		out.Error(err)
		return
	}
	out.Printf("Plan of area %v: %d steps", a, len(steps))
	for i, s := range steps {
		out.Printf("%d. %s", i+1, s)
	}
	if err != nil {
		out.Error(err)
	}
}

// Hint words a step for players: the action and the items, in words, without ids and places ("chop down the oak
// tree with the iron axe", "forge the anvil with the iron ingot and the redstone dust").
func (s Step) Hint(p *puzzle.Pack) string {
	text := words.Of(s.Action)
	var with []string
	for i, in := range s.Inputs {
		if i == 0 {
			text += " the " + words.Item(p, in.Item)
		} else {
			with = append(with, "the "+words.Item(p, in.Item))
		}
	}
	if len(with) > 0 {
		text += " with " + strings.Join(with, " and ")
	}
	return words.Capital(text)
}

// overlayOf finds the overlay a command is about and the area the source stands in (the start area for the
// console), answering with an error when there is none.
func overlayOf(src cmd.Source, tx *world.Tx, out *cmd.Output) (*Overlay, store.AreaPos, bool) {
	var o *Overlay
	ok := false
	if tx != nil {
		o, ok = Of(tx.World())
	} else {
		o, ok = only()
	}
	if !ok {
		out.Errorf("No puzzles run in this world.")
		return nil, store.AreaPos{}, false
	}
	a := o.graph.Start()
	if p, isPlayer := src.(*player.Player); isPlayer {
		a = store.AreaOfBlock(cube.PosFromVec3(p.Position()), int32(o.opts.AreaSize))
	}
	return o, a, true
}

// isAdmin reports whether a command source may use admin commands: the console always; a player if the overlay's
// IsAdmin (by XUID) says so.
func isAdmin(src cmd.Source) bool {
	p, isPlayer := src.(*player.Player)
	if !isPlayer {
		return true
	}
	o, found := ofPlayer(p)
	return found && o.opts.IsAdmin(p)
}

// restartCmd is /puzzle restart: a new puzzle for the player's area when the state-space check proves the current
// one can no longer be solved (in all-rules mode a player may close the way); admins may restart any area.
type restartCmd struct {
	Restart cmd.SubCommand `cmd:"restart"`
}

// Run ...
func (restartCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, a, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	if why := o.keepPuzzle(o.view(), a); why != "" && !isAdmin(src) {
		out.Errorf("%s", why)
		return
	}
	out.Printf("Generating a new puzzle for area %v...", a)
	o.answer(src, func() *Reply { return o.Reroll(a) })
}

// keepPuzzle says why a player may not restart an area's puzzle, or "" when they may: the area is solved, has no
// puzzle, or its puzzle can still be solved.
func (o *Overlay) keepPuzzle(v *state, a store.AreaPos) string {
	run, ok := v.areas.Get(a)
	switch {
	case ok && run.rec.State == store.Solved:
		return fmt.Sprintf("Area %v is solved: it needs no new puzzle.", a)
	case !ok || run.rec.State != store.Active || v.tracked(a) == nil:
		return fmt.Sprintf("Area %v has no puzzle to restart.", a)
	case solvable(v, a) != puzzle.No:
		return fmt.Sprintf("Area %v can still be solved: try /puzzle hint.", a)
	}
	return ""
}

// Solvable reports whether an area's active puzzle can still be solved from the current state by the moves the
// game offers (puzzle.Manager.Solvable); Unknown when the check stops at its cap or the area has no active puzzle.
func (o *Overlay) Solvable(a store.AreaPos) puzzle.Verdict { return solvable(o.view(), a) }
