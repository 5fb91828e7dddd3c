package overlay

import (
	"fmt"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/form"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/puzzle"
)

// actionMenu is the menu a player gets when using an item on a puzzle object: one button for each action whose
// inputs are satisfied, the object clicked being the first input. Choosing one runs the action. The menu keeps
// the moves it offered; if the world changed meanwhile (a stale form), the move is checked again and refused
// with a message when it no longer fits.
type actionMenu struct {
	o       *Overlay
	moves   []puzzle.Move
	buttons []form.Button
	at      cube.Pos
	props   map[int]puzzle.Props // properties computed from the world when the menu was built
}

// Submit runs the chosen move.
func (m actionMenu) Submit(sub form.Submitter, pressed form.Button, _ *world.Tx) {
	p, ok := sub.(*player.Player)
	if !ok {
		return
	}
	for i, b := range m.buttons {
		if b.Text != pressed.Text {
			continue
		}
		if m.o.blocksArea(m.o.view(), m.moves[i], AreaOfBlock(m.at, int32(m.o.opts.AreaSize))) {
			m.o.confirmUnsolvable(p, m.moves[i], m.at, m.props)
			return
		}
		m.o.act(p, m.moves[i], m.at, m.props)
		return
	}
}

// openMenu shows a player the actions they can start from an object, or says why there are none. at is where the
// object is, for outputs that take no destroyed input's place. Runs on the world goroutine.
func (o *Overlay) openMenu(p *player.Player, id int, at cube.Pos) {
	v := o.view()
	obj, ok := v.game.State.Object(id)
	if !ok {
		return
	}
	it, ok := v.pack.Item(obj.Item)
	if !ok {
		// A reload removed the item: the object is a leftover an admin can clear with /puzzle reroll.
		p.Message("§7This puzzle object belongs to a pack that was changed; an admin can reroll the area.")
		return
	}
	props := o.computeProps(p.Tx(), v, obj.Area)
	g := withProps(v, props)
	title := displayName(it)
	body := "§f" + capital(objectWords(v.pack, *obj)) + "§7: what will you do?"
	if line := o.speech(v, g, *obj); line != "" {
		body = "§f" + line
	}
	moves := o.movesFrom(v, g, p, id)
	buttons := o.buttons(v, moves)
	if len(moves) == 0 {
		if line := o.speech(v, g, *obj); line != "" {
			p.Message("§e" + title + "§r: " + line) // a person says what they need
			return
		}
		p.Message("§7" + capital(objectWords(v.pack, *obj)) + ": " + o.missing(v, g, *obj) + ".")
		return
	}
	menu := actionMenu{o: o, moves: moves, buttons: buttons, at: at, props: props}
	p.SendForm(form.NewMenu(menu, title).WithBody(body).WithButtons(buttons...))
}

// speech is what a person says when a player turns to them: what they can do for the player and what they
// need for it, from the first rule the player may run with them ("I can forge you a key if you bring me an
// ingot."). It is "" for anything that is no person.
func (o *Overlay) speech(v *state, g *puzzle.Manager, obj puzzle.Object) string {
	it, ok := v.pack.Item(obj.Item)
	if !ok || it.Look.Entity == "" || it.Carryable() {
		return ""
	}
	for _, r := range g.Rules() {
		if r.Fail || !takes(v.pack, r, obj) {
			continue
		}
		var bring []string
		used := false
		for _, t := range r.Inputs {
			if !used && v.pack.Matches(obj.Item, obj.Props, t) {
				used = true
				continue
			}
			bring = append(bring, termWords(v.pack, t))
		}
		line := "I can " + words(r.Action) + " you " + termWords(v.pack, r.Main())
		if len(bring) > 0 {
			line += " if you bring me " + strings.Join(bring, " and ")
		}
		return "\"" + capital(line) + ".\""
	}
	return ""
}

// missing says, in words, why nothing can be done with an object now: what a rule the player may run with it
// lacks ("to pour into it you need a bucket of water"), or that nothing can be done with it yet.
func (o *Overlay) missing(v *state, g *puzzle.Manager, obj puzzle.Object) string {
	for _, r := range g.Rules() {
		if r.Fail || !takes(v.pack, r, obj) {
			continue
		}
		if lack := lacking(v.pack, g.State, r, obj); len(lack) > 0 {
			return "to " + words(r.Action) + " it you need " + strings.Join(lack, " and ")
		}
	}
	return "nothing to do with it yet"
}

// takes reports whether an object can be an input of a rule.
func takes(p *puzzle.Pack, r *puzzle.Rule, obj puzzle.Object) bool {
	return slices.ContainsFunc(r.Inputs, func(t puzzle.Term) bool { return p.Matches(obj.Item, obj.Props, t) })
}

// lacking lists, in words, the inputs of a rule besides an object that nothing in its area or the inventory can be.
func lacking(p *puzzle.Pack, s *puzzle.State, r *puzzle.Rule, obj puzzle.Object) []string {
	var out []string
	used := false
	for _, t := range r.Inputs {
		if !used && p.Matches(obj.Item, obj.Props, t) {
			used = true
			continue
		}
		if !slices.ContainsFunc(s.Objects, func(o puzzle.Object) bool {
			return o.ID != obj.ID && (o.Area == obj.Area || o.Area == puzzle.Inventory) && p.Matches(o.Item, o.Props, t)
		}) {
			out = append(out, termWords(p, t))
		}
	}
	return out
}

// movesFrom lists the moves a player can make now that take the object, whichever input it is: the bucket used on
// the cauldron and the cauldron used with the bucket both offer Pour. Its other inputs are in the player's
// inventory or in the object's area. When the player holds a puzzle item, the moves that take it too come first.
// g is v's game, with computed properties set.
func (o *Overlay) movesFrom(v *state, g *puzzle.Manager, p *player.Player, id int) []puzzle.Move {
	obj, ok := g.State.Object(id)
	if !ok {
		return nil
	}
	area := obj.Area
	if area == puzzle.Inventory {
		area = o.areaOf(p)
	}
	var with, without []puzzle.Move
	held, holding := stackObject(heldStack(p))
	for _, mv := range g.MovesIn(area) {
		if !o.offered(v, p, mv, id) {
			continue
		}
		if holding && held != id && slices.Contains(mv.Inputs, held) {
			with = append(with, mv)
		} else {
			without = append(without, mv)
		}
	}
	return append(with, without...)
}

// offered reports whether a menu of an object offers a move: it takes the object, it is no pick-up (players pick
// up by walking over stacks), no input is held by someone else, and a put-down puts down where the player stands.
func (o *Overlay) offered(v *state, p *player.Player, mv puzzle.Move, id int) bool {
	if !slices.Contains(mv.Inputs, id) || mv.Rule == puzzle.PickUp {
		return false
	}
	for _, in := range mv.Inputs {
		if w := v.where[in]; w.Kind == InInventory && w.Player != p.UUID() {
			return false
		}
	}
	return mv.Rule != puzzle.PutDown || mv.Area == o.areaOf(p)
}

// areaOf names the area a player stands in.
func (o *Overlay) areaOf(p *player.Player) string {
	return areaName(AreaOfBlock(groundAt(p), int32(o.opts.AreaSize)))
}

// heldStack is the stack in a player's main hand.
func heldStack(p *player.Player) item.Stack {
	held, _ := p.HeldItems()
	return held
}

// buttons names the moves of a menu by their actions. When two moves share an action, the other inputs tell them
// apart ("Unlock with Badge", "Unlock with Iron Key"), and a number when even those are the same.
func (o *Overlay) buttons(v *state, moves []puzzle.Move) []form.Button {
	texts := make([]string, len(moves))
	count := map[string]int{}
	for i, mv := range moves {
		texts[i] = capital(words(mv.Rule.Action))
		count[mv.Rule.Action]++
	}
	for i, mv := range moves {
		if count[mv.Rule.Action] < 2 {
			continue
		}
		var with []string
		for _, in := range mv.Inputs[1:] {
			if obj, ok := v.game.State.Object(in); ok {
				with = append(with, objectWords(v.pack, *obj))
			}
		}
		if len(with) > 0 {
			texts[i] += " with " + strings.Join(with, ", ")
		}
	}
	seen := map[string]int{}
	buttons := make([]form.Button, len(moves))
	for i, t := range texts {
		if seen[t]++; seen[t] > 1 {
			t = fmt.Sprintf("%s (%d)", t, seen[t])
		}
		buttons[i] = form.NewButton(t, "")
	}
	return buttons
}

// spaced turns an action written as one word in rules (PickUp, CreateDisguise) into words.
func spaced(action string) string {
	var b strings.Builder
	for i, r := range action {
		if i > 0 && r >= 'A' && r <= 'Z' {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String()
}
