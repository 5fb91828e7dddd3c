package overlay

import (
	"fmt"
	"strings"

	"github.com/df-mc/dragonfly/server/item"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/player/title"
	"riddlestone/overlay/store"
)

// guideKey marks the guide book among a player's items.
const guideKey = "riddlestone:guide"

// howToPlay is the first page of the guide book.
const howToPlay = `§lHow to play§r

The world is cut into areas. Each open area has a puzzle: a goal, and things lying about, standing or growing that lead to it.

Use an item on a thing (or use it in the air) to see what you can do. Walk over an item to pick it up.

Solving an area opens the areas it is a key to. Red dust marks a locked border.

§7/puzzle hint§r says what to look for and where. §7/puzzle status§r says what opens what.`

// welcome greets a player who has never played here: a title and two lines saying what the world is and how to
// play. Call on the world goroutine.
func welcome(p *player.Player) {
	p.SendTitle(title.New("§6Welcome to Riddlestone").WithSubtitle("Every area hides a puzzle"))
	p.Message("§6Welcome!§r Each area of this world has a puzzle; solving it opens the next. Use items on things to see what you can do, and walk over items to pick them up.")
	p.Message("§7Your guide book says what your area needs. Stuck? §f/puzzle hint§7 tells you where to look.")
}

// guidePages writes the guide book for a player standing in an area: how to play, then the area's goal in words,
// the steps done so far, and what is left, then the story so far.
func (o *Overlay) guidePages(v *state, a store.AreaPos, hints []string) []string {
	return append([]string{howToPlay, o.areaPage(v, a, hints)}, storyPages(o.story(v))...)
}

// areaPage is the guide book's page on the area a player stands in.
func (o *Overlay) areaPage(v *state, a store.AreaPos, hints []string) string {
	run, ok := v.areas.Get(a)
	switch {
	case !ok || run.rec.State == store.Locked:
		return fmt.Sprintf("§lArea %v§r\n\nLocked. %s", a, o.lockedLine(v, a))
	case run.rec.State == store.Solved:
		return fmt.Sprintf("§l%s§r\n\nSolved. %s", areaTitle(v, a), o.opensNext(v, a))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "§l%s§r\n\n%s\n\n", areaTitle(v, a), goalSentence(v, a))
	done, total := progress(v, a)
	fmt.Fprintf(&b, "Steps done: %d of %d.\n", done, total)
	for _, line := range storySteps(v.pack, v.tracked(a), areaKind(v, a), a) {
		b.WriteString("§2✔§r " + line + "\n")
	}
	if len(hints) > 0 {
		b.WriteString("\nHints you asked for:\n")
		for _, h := range hints {
			b.WriteString("§8•§r " + h + "\n")
		}
	}
	return b.String()
}

// guideBook returns the guide book stack for a player standing in an area.
func (o *Overlay) guideBook(v *state, a store.AreaPos, hints []string) item.Stack {
	book := item.WrittenBook{Title: "Guide", Author: "Riddlestone", Pages: o.guidePages(v, a, hints)}
	return item.NewStack(book, 1).WithValue(guideKey, true)
}

// isGuide reports whether a stack is the guide book.
func isGuide(s item.Stack) bool {
	_, ok := s.Value(guideKey)
	return ok
}

// updateGuide gives a player the guide book of the area they stand in (or are stepping into): it replaces the one
// they carry, or is added when they have none. Call on the world goroutine.
func (o *Overlay) updateGuide(p *player.Player, a store.AreaPos) {
	book := o.guideBook(o.view(), a, o.hints.given(p.UUID(), a))
	inv := p.Inventory()
	for slot, s := range inv.Slots() {
		if isGuide(s) {
			_ = inv.SetItem(slot, book)
			return
		}
	}
	_, _ = inv.AddItem(book)
}

// takeGuide removes the guide book from a player's inventory (before death drops it; the next update gives it
// back).
func takeGuide(p *player.Player) {
	inv := p.Inventory()
	for slot, s := range inv.Slots() {
		if isGuide(s) {
			_ = inv.SetItem(slot, item.Stack{})
		}
	}
}
