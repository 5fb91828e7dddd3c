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
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
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
		if m.o.blocksArea(m.o.view(), m.moves[i], store.AreaOfBlock(m.at, int32(m.o.opts.AreaSize))) {
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
	title := words.DisplayName(it)
	body := "§f" + words.Capital(words.Object(v.pack, *obj)) + "§7: what will you do?"
	line := o.speech(v, g, *obj, p.Name())
	if line != "" {
		body = "§f" + line + "\n\n§7What will you do?"
	}
	moves, left := o.menuMoves(v, g, p, id)
	h := handOf(p)
	advice := h.advice(v, left, h.inAir(v, id))
	if len(moves) == 0 {
		p.Message(o.nothingToDo(v, g, *obj, it, line, advice))
		return
	}
	if len(advice) > 0 {
		body += "\n§7(" + words.Capital(strings.Join(advice, "; ")) + ".)"
	}
	buttons := o.buttons(v, p, moves)
	menu := actionMenu{o: o, moves: moves, buttons: buttons, at: at, props: props}
	p.SendForm(form.NewMenu(menu, title).WithBody(body).WithButtons(buttons...))
}

// nothingToDo is what a player is told when an object's menu has nothing for them: a person's line alone when
// they say what they need and the hand is not at fault; else what to hold (advice), or what is missing.
func (o *Overlay) nothingToDo(v *state, g *puzzle.Manager, obj puzzle.Object, it *puzzle.Item, line string, advice []string) string {
	if line != "" && person(it) && len(advice) == 0 {
		return "§e" + words.DisplayName(it) + "§r: " + line // a person says what they need
	}
	why := o.missing(v, g, obj)
	if len(advice) > 0 {
		why = strings.Join(advice, "; ")
	}
	msg := "§7" + words.Capital(words.Object(v.pack, obj)) + ": " + why + "."
	if line != "" {
		msg = "§f" + line + " " + msg
	}
	return msg
}

// speech is what an object says when a player turns to it: its say line from the pack, and for a person what
// they want (request). It is "" for a thing the pack gives no line and for a person with nothing to say.
func (o *Overlay) speech(v *state, g *puzzle.Manager, obj puzzle.Object, player string) string {
	it, ok := v.pack.Item(obj.Item)
	if !ok {
		return ""
	}
	n := words.Narration{Item: words.ObjectNoun(v.pack, obj), Player: player}
	if a, err := store.ParseAreaPos(obj.Area); err == nil {
		n.Area = areaKind(v, a)
	}
	var lines []string
	if line, ok := n.Say(words.TextOf(v.pack, obj.Item).Say); ok {
		lines = append(lines, line)
	}
	if person(it) {
		// One with no step in its area's puzzle (a red herring) says what it would like, as the pack writes it.
		if line, ok := n.Say(words.TextOf(v.pack, obj.Item).Wants); ok && !inPuzzle(v, obj) {
			return strings.Join(append(lines, line), " ")
		}
		// A say line speaks for the person: with one, a request is only said as the pack writes it.
		if line := o.request(v, g, obj, n, len(lines) == 0); line != "" {
			lines = append(lines, line)
		}
	}
	return strings.Join(lines, " ")
}

// inPuzzle reports whether an object takes part in a step of its area's puzzle not done yet.
func inPuzzle(v *state, obj puzzle.Object) bool {
	a, err := store.ParseAreaPos(obj.Area)
	if err != nil {
		return false
	}
	tr := v.tracked(a)
	if tr == nil {
		return false
	}
	for i, st := range tr.Nodes {
		if !tr.Done(i) && takes(v.pack, st.Rule, obj) {
			return true
		}
	}
	return false
}

// person reports whether an item is someone a player talks to: shown as an entity, and not carried.
func person(it *puzzle.Item) bool { return it.Look.Entity != "" && !it.Carryable() }

// request is what a person wants, from the first step they take part in: the ask line of its action, filled from
// the items of the step, or when generated is set, what they can do for the player and what they need for it ("I
// can forge you a key if you bring me an ingot.").
func (o *Overlay) request(v *state, g *puzzle.Manager, obj puzzle.Object, n words.Narration, generated bool) string {
	steps := o.wanted(v, g, obj)
	for _, st := range steps {
		if line, ok := askLine(v.pack, st, obj, n); ok {
			return line
		}
	}
	if len(steps) == 0 || !generated {
		return ""
	}
	r := steps[0].Rule
	var bring []string
	used := false
	for _, t := range r.Inputs {
		if !used && v.pack.Matches(obj.Item, obj.Props, t) {
			used = true
			continue
		}
		bring = append(bring, words.Term(v.pack, t))
	}
	line := "I can " + words.Of(r.Action) + " you " + words.Term(v.pack, r.Main())
	if len(bring) > 0 {
		line += " if you bring me " + strings.Join(bring, " and ")
	}
	return "\"" + words.Capital(line) + ".\""
}

// askLine fills the ask line of a step's action for the person obj, who must be the step's {npc}.
func askLine(p *puzzle.Pack, st puzzle.TreeRule, obj puzzle.Object, n words.Narration) (string, bool) {
	npc, _ := p.TextRoles(st.Rule)
	if npc < 0 || !p.Matches(obj.Item, obj.Props, st.Rule.Inputs[npc]) {
		return "", false
	}
	tn := words.TermNarration(p, st.Rule, st.Inputs, st.Items)
	tn.NPC, tn.Area, tn.Player = n.Item, n.Area, n.Player
	return tn.Say(words.TextOf(p, st.Rule.Action).Ask)
}

// wanted lists the steps a person takes part in, the most telling first: the steps of their area's puzzle not
// done yet, with the items the puzzle bound, then every rule the player may run with them.
func (o *Overlay) wanted(v *state, g *puzzle.Manager, obj puzzle.Object) []puzzle.TreeRule {
	var out []puzzle.TreeRule
	if a, err := store.ParseAreaPos(obj.Area); err == nil {
		if tr := v.tracked(a); tr != nil {
			for _, i := range postOrder(tr.Nodes) {
				if st := tr.Nodes[i]; !tr.Done(i) && takes(v.pack, st.Rule, obj) {
					out = append(out, st)
				}
			}
		}
	}
	for _, r := range g.Rules() {
		if !r.Fail && takes(v.pack, r, obj) {
			out = append(out, puzzle.TreeRule{Rule: r, Parent: -1})
		}
	}
	return out
}

// missing says, in words, why nothing can be done with an object now: what the first step it takes part in lacks
// (the steps of its area's puzzle not done yet first, then every rule the player may run), "to open it you need a
// lectern with a book", or that nothing can be done with it yet.
func (o *Overlay) missing(v *state, g *puzzle.Manager, obj puzzle.Object) string {
	for _, st := range o.wanted(v, g, obj) {
		if lack := lacking(v.pack, g.State, stepTerms(st), obj); len(lack) > 0 {
			return "to " + words.Of(st.Rule.Action) + " it you need " + strings.Join(lack, " and ")
		}
	}
	return "nothing to do with it yet"
}

// stepTerms are the terms a step's inputs must match: the node's own, typed by generation, else the rule's.
func stepTerms(st puzzle.TreeRule) []puzzle.Term {
	if len(st.Inputs) == len(st.Rule.Inputs) {
		return st.Inputs
	}
	return st.Rule.Inputs
}

// takes reports whether an object can be an input of a rule.
func takes(p *puzzle.Pack, r *puzzle.Rule, obj puzzle.Object) bool {
	return slices.ContainsFunc(r.Inputs, func(t puzzle.Term) bool { return p.Matches(obj.Item, obj.Props, t) })
}

// lacking lists, in words, the input terms of a step besides an object that nothing in its area or the inventory
// can be.
func lacking(p *puzzle.Pack, s *puzzle.State, terms []puzzle.Term, obj puzzle.Object) []string {
	var out []string
	used := false
	for _, t := range terms {
		if !used && p.Matches(obj.Item, obj.Props, t) {
			used = true
			continue
		}
		if !slices.ContainsFunc(s.InAreas(obj.Area, puzzle.Inventory), func(o puzzle.Object) bool {
			return o.ID != obj.ID && p.Matches(o.Item, o.Props, t)
		}) {
			out = append(out, words.Term(p, t))
		}
	}
	return out
}

// movesFrom lists the moves a player's menu of an object offers now (menuMoves).
func (o *Overlay) movesFrom(v *state, g *puzzle.Manager, p *player.Player, id int) []puzzle.Move {
	moves, _ := o.menuMoves(v, g, p, id)
	return moves
}

// menuMoves lists the moves a player can make now that take the object, whichever input it is: the bucket used on
// the cauldron and the cauldron used with the bucket both offer Pour. Its other inputs are in the player's
// inventory or in the object's area. It returns those the player's hand suits (see hand.go) and, apart, those it
// leaves out for the hand. g is v's game, with computed properties set.
func (o *Overlay) menuMoves(v *state, g *puzzle.Manager, p *player.Player, id int) (suited, left []puzzle.Move) {
	obj, ok := g.State.Object(id)
	if !ok {
		return nil, nil
	}
	area := obj.Area
	if area == puzzle.Inventory {
		area = o.areaOf(p)
	}
	h := handOf(p)
	air := h.inAir(v, id)
	for _, mv := range g.MovesIn(area) {
		switch {
		case !o.offered(v, p, mv, id):
		case h.suits(v, mv, air):
			suited = append(suited, mv)
		default:
			left = append(left, mv)
		}
	}
	return suited, left
}

// offered reports whether a menu of an object offers a move: it takes the object, it is no pick-up (players pick
// up by walking over stacks), no input is held by someone else, and a put-down puts down where the player stands.
func (o *Overlay) offered(v *state, p *player.Player, mv puzzle.Move, id int) bool {
	if !slices.Contains(mv.Inputs, id) || mv.Rule == puzzle.PickUp {
		return false
	}
	for _, in := range mv.Inputs {
		if w := v.where.At(in); w.Kind == store.InInventory && w.Player != p.UUID() {
			return false
		}
	}
	return mv.Rule != puzzle.PutDown || mv.Area == o.areaOf(p)
}

// areaOf names the area a player stands in.
func (o *Overlay) areaOf(p *player.Player) string {
	return areaName(store.AreaOfBlock(groundAt(p), int32(o.opts.AreaSize)))
}

// heldStack is the stack in a player's main hand.
func heldStack(p *player.Player) item.Stack {
	held, _ := p.HeldItems()
	return held
}

// buttons names the moves of a menu by their actions. When two moves share an action, the other inputs tell them
// apart ("Unlock with the badge", "Unlock with the iron key"); when even those read the same, where each input is
// ("Light with the flint and steel in your hand", "... 12 blocks to the north", for the player p, if not nil), and
// a number as a last resort.
func (o *Overlay) buttons(v *state, p *player.Player, moves []puzzle.Move) []form.Button {
	texts := make([]string, len(moves))
	for i, mv := range moves {
		texts[i] = words.Capital(words.Of(mv.Rule.Action))
	}
	actions := slices.Clone(texts)
	withInputs := func(i int, placed bool) string {
		var with []string
		for _, in := range moves[i].Inputs[1:] {
			if obj, ok := v.game.State.Object(in); ok {
				w := words.Object(v.pack, *obj)
				if placed {
					w = strings.TrimSpace(w + " " + placeWords(v, p, in))
				}
				with = append(with, w)
			}
		}
		if len(with) == 0 {
			return actions[i]
		}
		return actions[i] + " with " + strings.Join(with, ", ")
	}
	texts = tellApart(texts, func(i int) string { return withInputs(i, false) })
	texts = tellApart(texts, func(i int) string { return withInputs(i, true) })
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

// tellApart rewrites with longer the texts that are not unique.
func tellApart(texts []string, longer func(i int) string) []string {
	count := map[string]int{}
	for _, t := range texts {
		count[t]++
	}
	out := slices.Clone(texts)
	for i, t := range texts {
		if count[t] > 1 {
			out[i] = longer(i)
		}
	}
	return out
}

// placeWords says where an object is for a player: "in your hand", "in your inventory", "12 blocks to the north",
// "right here"; nothing when there is no player (nil).
func placeWords(v *state, p *player.Player, id int) string {
	w := v.where.At(id)
	switch {
	case p == nil:
		return ""
	case w.Kind == store.InInventory && w.Player == p.UUID():
		if held, ok := stackObject(heldStack(p)); ok && held == id {
			return "in your hand"
		}
		return "in your inventory"
	case w.Kind == store.AtBlock || w.Kind == store.AtEntity:
		return bearing(p.Position(), w.Block)
	}
	return ""
}
