package stats

import (
	"slices"

	"riddlestone/puzzle"
)

// CarriedIn returns the leaves of a puzzle whose objects the player brings from elsewhere: objects that were not in
// the puzzle's area when its solution started (in the inventory, or lying in another area).
func CarriedIn(pz Puzzle) []*puzzle.Node {
	var out []*puzzle.Node
	for _, l := range pz.Leaves() {
		if o, ok := pz.State.Object(l.Object); ok && o.Area != pz.Area {
			out = append(out, l)
		}
	}
	return out
}

// BreaksSetting reports whether a step breaks the pack's setting model (Pack.Belongs): one of its inputs lies or
// stands in the puzzle's area without belonging there (a cow in the vault, a farmer in the library, an iron ingot
// lying in the village), or it makes something that stands there without belonging (fire in the library). What
// the player carries in breaks nothing.
func BreaksSetting(p *puzzle.Pack, pz Puzzle, n *puzzle.Node) bool {
	a, ok := p.Area(pz.Area)
	if !ok {
		return false
	}
	for _, c := range n.Children {
		if !c.Leaf() {
			continue
		}
		if o, ok := pz.State.Object(c.Object); ok && o.Area == pz.Area && !p.Belongs(o.Item, a) {
			return true
		}
	}
	for _, item := range n.Outputs {
		if p.Stands(item) && !p.Belongs(item, a) {
			return true
		}
	}
	return false
}

// Absurd reports whether a step is absurd: it breaks the setting model or gives back what was given.
func Absurd(p *puzzle.Pack, pz Puzzle, n *puzzle.Node) bool {
	return BreaksSetting(p, pz, n) || GivesBack(p, n)
}

// GivesBack reports whether a step has a person or animal take back what they gave in the step before it: the
// librarian sells a book, then takes it back for a password. Money (an item of type Currency) changes hands freely:
// the farmer may pay an emerald for wheat and take it back for bread. The person's own change of state (a guard
// bribed, then pickpocketed) is no giving back.
func GivesBack(p *puzzle.Pack, n *puzzle.Node) bool {
	npc, others := p.TextRoles(n.Rule)
	if npc < 0 || npc >= len(n.Children) {
		return false
	}
	who := n.Children[npc].Item
	for _, i := range others {
		c := n.Children[i]
		if !c.Leaf() && npcItem(p, c) == who && !p.IsA(c.Item, "Currency") {
			return true
		}
	}
	return false
}

// npcItem returns the item of the person or animal a step is done with, "" when none.
func npcItem(p *puzzle.Pack, n *puzzle.Node) string {
	npc, _ := p.TextRoles(n.Rule)
	if npc < 0 || npc >= len(n.Children) {
		return ""
	}
	return n.Children[npc].Item
}

// LeavesOut reports whether the line told when a step is done leaves out something the player put in: an input
// that is carried (an ingredient, a tool) and that no placeholder of the line names. A step whose action has no
// line is told in generated words and leaves nothing out.
func LeavesOut(p *puzzle.Pack, n *puzzle.Node) bool {
	line := p.Texts[n.Rule.Action].DoneFor(p, n.Rule, 0)
	return line != nil && !p.NamesAll(n.Rule, line)
}

// MuteHerring reports whether a red herring is a person or animal that asks for nothing: the pack gives its item
// no line of what it wants.
func MuteHerring(p *puzzle.Pack, item string) bool {
	it, ok := p.Item(item)
	if !ok || it.Look.Entity == "" || it.Carryable() {
		return false
	}
	t := p.Texts[item]
	return t == nil || t.Wants == nil
}

// herringItems returns the items of a puzzle's red herrings.
func herringItems(pz *puzzle.Puzzle) []string {
	var out []string
	for _, o := range pz.Spawned {
		if slices.Contains(pz.Herrings, o.ID) {
			out = append(out, o.Item)
		}
	}
	return out
}
