package overlay

import (
	"cmp"
	"fmt"
	"hash/fnv"
	"slices"
	"strings"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// doneLine is what a player reads when a move is done: the action's name and its done line from the pack, or
// only "<Action> done." when the pack has none or something it names is missing.
func doneLine(p *puzzle.Pack, r *puzzle.Rule, ins, outs []ObjectAt, area, player string, key uint64) string {
	head := "§a" + words.Capital(words.Of(r.Action)) + "§r done."
	n := words.MoveNarration(p, r, objectsIn(ins), objectsIn(outs))
	n.Area, n.Player = area, player
	if line, ok := n.Say(words.TextOf(p, r.Action).DoneFor(p, r, key)); ok {
		return head + " " + line
	}
	return head
}

// lineKey chooses which of an action's done lines tells a step (puzzle.Text.DoneFor): the same step of an area
// always reads the same, in the chat and in the story, while other areas, and other worlds, read otherwise.
func lineKey(a store.AreaPos, r *puzzle.Rule) uint64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%v/%d", a, r.Index)
	return h.Sum64()
}

// objectsIn returns the objects of a list of placed objects.
func objectsIn(list []ObjectAt) []puzzle.Object {
	out := make([]puzzle.Object, len(list))
	for i, o := range list {
		out[i] = o.Object
	}
	return out
}

// areaKind is an area's kind in words, from the pack area it is made from ("village"), or "" when not known.
func areaKind(s *state, a store.AreaPos) string {
	if run, ok := s.areas.Get(a); ok && run.rec.Template != "" {
		return words.Of(run.rec.Template)
	}
	return ""
}

// areaTitle names an area for a story: "The village (0,0)", or "Area 0,0".
func areaTitle(s *state, a store.AreaPos) string {
	if kind := areaKind(s, a); kind != "" {
		return fmt.Sprintf("The %s (%v)", kind, a)
	}
	return fmt.Sprintf("Area %v", a)
}

// goalSentence says an area's goal as a sentence: "In the village, your goal is an unlocked oak door."
func goalSentence(s *state, a store.AreaPos) string {
	run, ok := s.areas.Get(a)
	where := fmt.Sprintf("In area %v", a)
	if kind := areaKind(s, a); kind != "" {
		where = "In the " + kind
	}
	if !ok || run.rec.Goal == "" {
		return where + " there is nothing to solve: it is open ground."
	}
	return fmt.Sprintf("%s, your goal is %s.", where, goalWords(s.pack, run.rec.Goal)) + carriedSentence(s, run)
}

// carriedSentence announces what an area's puzzle needs from elsewhere, so that something points to each thing
// the player must bring in: " You will need the torch you carry and the shears lying in the forest (1,0)." It is
// "" when the puzzle needs nothing from elsewhere.
func carriedSentence(s *state, run *areaRun) string {
	if run.puzzle == nil || s.game == nil {
		return ""
	}
	var parts []string
	for _, obj := range run.puzzle.CarriedIn(s.game.State) {
		name := words.Object(s.pack, obj)
		if a, err := store.ParseAreaPos(obj.Area); err == nil {
			parts = append(parts, name+" lying in "+words.LowerFirst(areaTitle(s, a)))
		} else {
			parts = append(parts, name+" you carry")
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return " You will need " + strings.Join(parts, " and ") + "."
}

// storySteps says the steps done in a puzzle, in an order they can have been done in (every step after those it
// builds on): each the done line of its action, filled from the items the puzzle tree bound, or the action and
// what it made ("Buy: a loaf of bread."). The story is read from the tracked tree, which the store keeps, so it survives restarts.
func storySteps(p *puzzle.Pack, t *puzzle.Tracked, area string, at store.AreaPos) []string {
	if t == nil {
		return nil
	}
	var out []string
	for _, i := range postOrder(t.Nodes) {
		if !t.Done(i) {
			continue
		}
		node := t.Nodes[i]
		n := words.TermNarration(p, node.Rule, node.Inputs, node.Items)
		n.Area = area
		line, ok := n.Say(words.TextOf(p, node.Rule.Action).DoneFor(p, node.Rule, lineKey(at, node.Rule)))
		if !ok {
			line = words.Capital(words.Of(node.Rule.Action)) + ": " + words.Term(p, node.Rule.Main()) + "."
		}
		out = append(out, line)
	}
	return out
}

// postOrder returns the indices of a tree's nodes with every node after its children, children in order.
func postOrder(nodes []puzzle.TreeRule) []int {
	children := make([][]int, len(nodes))
	var roots []int
	for i, n := range nodes {
		if n.Parent >= 0 && n.Parent < len(nodes) {
			children[n.Parent] = append(children[n.Parent], i)
		} else {
			roots = append(roots, i)
		}
	}
	var out []int
	var walk func(i int)
	walk = func(i int) {
		for _, c := range children[i] {
			walk(c)
		}
		out = append(out, i)
	}
	for _, r := range roots {
		walk(r)
	}
	return out
}

// story tells what has happened in the world, area by area from the start outwards: the steps done in each and,
// for a solved area, what solving it achieved.
func (o *Overlay) story(s *state) []string {
	var areas []store.AreaPos
	for run := range s.trackedRuns() {
		areas = append(areas, run.rec.Pos)
	}
	slices.SortFunc(areas, func(a, b store.AreaPos) int {
		return cmp.Or(cmp.Compare(o.graph.Distance(a), o.graph.Distance(b)), a.Compare(b))
	})
	var lines []string
	for _, a := range areas {
		run := s.areas.At(a)
		steps := storySteps(s.pack, s.tracked(a), areaKind(s, a), a)
		if len(steps) == 0 && run.rec.State != store.Solved {
			continue
		}
		lines = append(lines, "§l"+areaTitle(s, a)+"§r")
		lines = append(lines, steps...)
		if run.rec.State == store.Solved {
			lines = append(lines, fmt.Sprintf("§2Solved:§r %s.", goalWords(s.pack, run.rec.Goal)))
		}
	}
	return lines
}

// storyPageSize is about what a page of a book shows, in characters; maxStoryPages is the most pages the story
// takes in the guide book, which holds 50 in all: a longer story keeps its latest pages.
const (
	storyPageSize = 230
	maxStoryPages = 40
)

// storyPages lays the story out on the pages of the guide book, a line never split over two pages.
func storyPages(lines []string) []string {
	pages := allStoryPages(lines)
	if len(pages) > maxStoryPages {
		pages = pages[len(pages)-maxStoryPages:]
		pages[0] = "§7(The story's first pages are left out.)§r\n" + pages[0]
	}
	return pages
}

// allStoryPages lays out the whole story.
func allStoryPages(lines []string) []string {
	const head = "§lThe story so far§r\n\n"
	if len(lines) == 0 {
		return []string{head + "Nothing has happened yet. Every step you take is written here."}
	}
	var pages []string
	page := head
	for _, line := range lines {
		if len(page)+len(line) > storyPageSize && page != head && page != "" {
			pages = append(pages, strings.TrimSuffix(page, "\n"))
			page = ""
		}
		page += line + "\n"
	}
	return append(pages, strings.TrimSuffix(page, "\n"))
}

// moveText is what players read about a move: the mover's done line and a line for each area it solved.
type moveText struct {
	done   string
	solved []string
}

// solvedLine tells everyone that a player solved an area and what it achieved.
func solvedLine(s *state, a store.AreaPos, player string) string {
	goal := "nothing"
	if run, ok := s.areas.Get(a); ok && run.rec.Goal != "" {
		goal = goalWords(s.pack, run.rec.Goal)
	}
	return fmt.Sprintf("§a%s solved %s!§r The goal was %s. The story so far is in your guide book.",
		player, words.LowerFirst(areaTitle(s, a)), goal)
}

// failedLine says that a fail rule ran and the puzzle starts over: "Spill: the puzzle starts over".
func failedLine(r *puzzle.Rule) string {
	return words.Capital(words.Of(r.Action)) + ": the puzzle starts over"
}

// lostLine tells a player that the feature they destroyed was part of the area's puzzle, which gets a new one.
func lostLine(p *puzzle.Pack, item string) string {
	return "§eThat " + words.Item(p, item) + " was part of this area's puzzle, which could no longer be solved: the area gets a new one."
}

// tellAll returns the op that says a line to every player in the world.
func tellAll(line string) op {
	return func(tx *world.Tx) {
		for e := range tx.Players() {
			if p, ok := e.(*player.Player); ok {
				p.Message(line)
			}
		}
	}
}
