package overlay

import (
	"context"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
)

// adminOnly is embedded in the admin commands: only admins see and run them.
type adminOnly struct{}

// Allow ...
func (adminOnly) Allow(src cmd.Source) bool { return isAdmin(src) }

// areaArg resolves an optional area argument: the area named, or the one the source stands in.
func areaArg(o *Overlay, def store.AreaPos, arg cmd.Optional[string], out *cmd.Output) (store.AreaPos, bool) {
	name, given := arg.Load()
	if !given {
		return def, true
	}
	a, err := store.ParseAreaPos(name)
	if err != nil {
		out.Error(err)
		return a, false
	}
	return a, true
}

type reloadCmd struct {
	adminOnly
	Reload cmd.SubCommand `cmd:"reload"`
}

// Run reloads the packs off the world goroutine: every error is shown as file:line:col: message and the running
// packs stay.
func (reloadCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, _, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	if o.opts.LoadPacks == nil {
		out.Errorf("This server cannot reload its packs.")
		return
	}
	out.Printf("Reloading the packs...")
	o.later(src, func(out *cmd.Output) {
		p, err := o.opts.LoadPacks()
		if err == nil {
			err = o.Reload(o.ctx, p)
		}
		if err != nil {
			out.Errorf("Reload failed; the running packs stay:")
			for _, line := range strings.Split(err.Error(), "\n") {
				out.Errorf("%s", line)
			}
			return
		}
		out.Printf("Reloaded: %d items, %d rules, %d area templates; new areas use them.", len(p.Items), len(p.Rules), len(p.Areas))
	})
}

// areaOp is the action of /puzzle <reroll|unlock|lock|check|export> [area].
type areaOp string

// Type ...
func (areaOp) Type() string { return "AreaAction" }

// Options ...
func (areaOp) Options(cmd.Source) []string {
	return []string{"reroll", "unlock", "lock", "check", "export"}
}

// areaOpCmd runs an admin action on an area: the one named, or the one the admin stands in.
type areaOpCmd struct {
	adminOnly
	Op   areaOp               `cmd:"action"`
	Area cmd.Optional[string] `cmd:"area"`
}

// Run ...
func (c areaOpCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, a, ok := adminArea(src, tx, c.Area, out)
	if !ok {
		return
	}
	switch c.Op {
	case "reroll":
		out.Printf("Generating a new puzzle for area %v...", a)
		o.answer(src, func() *Reply { return o.Reroll(a) })
	case "unlock":
		out.Printf("Opening area %v...", a)
		o.answer(src, func() *Reply { return o.Unlock(a) })
	case "lock":
		out.Printf("Locking area %v...", a)
		o.answer(src, func() *Reply { return o.Lock(a) })
	case "check":
		out.Printf("Checking area %v...", a)
		o.later(src, func(out *cmd.Output) {
			rep, err := o.Check(a, false)
			if err != nil {
				out.Error(err)
				return
			}
			out.Printf("Area %v: %s", a, rep.Summary())
		})
	case "export":
		out.Printf("Exporting area %v...", a)
		o.later(src, func(out *cmd.Output) {
			paths, note, err := o.Export(a, o.opts.ExportDir)
			if err != nil {
				out.Error(err)
			}
			if note != "" {
				out.Print(note)
			}
			for _, p := range paths {
				out.Printf("Wrote %s", p)
			}
		})
	}
}

// answer posts a request (start runs on the world goroutine and must not wait) and tells src its answer once the
// owner has it: what was done, which the store has, or why nothing was.
func (o *Overlay) answer(src cmd.Source, start func() *Reply) {
	r := start()
	o.later(src, func(out *cmd.Output) {
		text, err := r.Wait(o.ctx)
		for _, t := range text {
			out.Print(t)
		}
		if err != nil {
			out.Error(err)
		}
	})
}

// laterSource is a command source that takes output made after its command returned: the server console, which
// prints it before the console line is done.
type laterSource interface{ Later(f func(out *cmd.Output)) }

// later runs f, work too long for a tick or that waits for the owner, off the world goroutine and sends what it
// writes to src: through the source when it takes later output (the console), else, for a player, on a goroutine
// of its own and then as command output if the player is still online. Other sources get nothing.
func (o *Overlay) later(src cmd.Source, f func(out *cmd.Output)) {
	if l, ok := src.(laterSource); ok {
		l.Later(f)
		return
	}
	p, ok := src.(*player.Player)
	if !ok {
		return
	}
	h := p.H()
	o.goSafely("command output", store.AreaPos{}, func(context.Context) {
		var out cmd.Output
		f(&out)
		o.do(func(tx *world.Tx) {
			if e, ok := h.Entity(tx); ok {
				if p, ok := e.(*player.Player); ok {
					p.SendCommandOutput(&out)
				}
			}
		})
	}, nil)
}

type tpCmd struct {
	adminOnly
	Tp   cmd.SubCommand `cmd:"tp"`
	Area string         `cmd:"area"`
}

// Run ...
func (c tpCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	p, isPlayer := src.(*player.Player)
	if !isPlayer || tx == nil {
		out.Errorf("Only a player can be teleported.")
		return
	}
	o, _, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	a, err := store.ParseAreaPos(c.Area)
	if err != nil {
		out.Error(err)
		return
	}
	p.Teleport(o.Centre(tx, a))
	out.Printf("Teleported to area %v.", a)
}

type areaCmd struct {
	adminOnly
	AreaSub cmd.SubCommand `cmd:"area"`
}

// Run ...
func (areaCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, a, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	pos := cube.Pos{}
	if p, isPlayer := src.(*player.Player); isPlayer {
		pos = cube.PosFromVec3(p.Position())
	} else {
		lo, _ := a.Chunks(int32(o.opts.AreaSize))
		pos = cube.Pos{int(lo[0]) * 16, 64, int(lo[1]) * 16}
	}
	for _, l := range o.Describe(pos) {
		out.Print(l)
	}
}

// adminArea finds the overlay and the area an admin command is about.
func adminArea(src cmd.Source, tx *world.Tx, arg cmd.Optional[string], out *cmd.Output) (*Overlay, store.AreaPos, bool) {
	o, here, ok := overlayOf(src, tx, out)
	if !ok {
		return nil, here, false
	}
	a, ok := areaArg(o, here, arg, out)
	return o, a, ok
}

type verifyCmd struct {
	adminOnly
	Verify cmd.SubCommand `cmd:"verify"`
}

// Run checks that the puzzles are whole (Overlay.Verify) and lists any problem found.
func (verifyCmd) Run(src cmd.Source, out *cmd.Output, tx *world.Tx) {
	o, _, ok := overlayOf(src, tx, out)
	if !ok {
		return
	}
	out.Printf("Verifying the puzzles...")
	o.later(src, func(out *cmd.Output) {
		problems, checked, err := o.Verify(o.ctx)
		switch {
		case err != nil:
			out.Error(err)
		case len(problems) == 0:
			out.Printf("All consistent: %d areas; %d objects checked in the world.", o.view().areas.Len(), checked)
		default:
			for _, p := range problems {
				out.Errorf("Problem: %s", p)
			}
		}
	})
}
