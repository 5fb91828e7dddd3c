package overlay

import (
	"log/slog"
	"slices"
	"strings"
	"testing"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// smithTextPack is smithPack with text for its actions and items.
const smithTextPack = smithPack + `text:
  Forge:
    done: "{The npc} beats {the input} into {a output} in {the area}."
    ask: "'Bring me {a input} and I will make you {a output}.'"
  Open: {done: "{The output} creaks open."}
  Smith: {say: "'Hello, {player}.'"}
  Crate: {say: "{The item} is bound with iron."}
`

// smithOverlay starts an overlay of smithTextPack on a store in dir.
func smithOverlay(t *testing.T, w *world.World, dir string) *Overlay {
	t.Helper()
	pack, err := puzzle.LoadBytes("smith.yaml", []byte(smithTextPack))
	if err != nil {
		t.Fatal(err)
	}
	o, err := New(w, Options{Pack: pack, Seed: 1, AreaSize: 1, TwoKeyPercent: -1, StoreDir: dir, Log: slog.New(slog.DiscardHandler)})
	if err != nil {
		t.Fatal(err)
	}
	o.Start()
	wait(t, o)
	return o
}

// People and things say the pack's lines; a step done is told with its action's done line, goes into the story
// of the guide book, and is still there after a restart.
func TestPackTextInGame(t *testing.T) {
	w := overlayWorld(t)
	dir := t.TempDir()
	o := smithOverlay(t, w, dir)
	v := o.view()
	smith, _ := v.game.State.Object(objectsOf(o, "0,0", "Smith")[0])
	if got, want := o.speech(v, v.game, *smith, "Alex"), "'Hello, Alex.' 'Bring me an ingot and I will make you a key.'"; got != want {
		t.Errorf("the smith says %q, want %q", got, want)
	}
	quiet := *v.pack
	quiet.Texts = map[string]*puzzle.Text{"Smith": v.pack.Texts["Smith"]}
	if got, want := o.speech(&state{pack: &quiet, areas: v.areas}, v.game, *smith, "Alex"), "'Hello, Alex.'"; got != want {
		t.Errorf("with a say line and no ask line the smith says %q, want %q: a say line speaks for him", got, want)
	}
	crate, _ := v.game.State.Object(objectsOf(o, "0,0", "Crate")[0])
	if got, want := o.speech(v, v.game, *crate, "Alex"), "The crate is bound with iron."; got != want {
		t.Errorf("the crate says %q, want %q", got, want)
	}
	if page := o.areaPage(v, store.AreaPos{0, 0}, nil); !strings.Contains(page, "In the yard, your goal is an open crate.") {
		t.Errorf("the area page does not say the goal as a sentence:\n%s", page)
	}

	h := addPlayer(t, w, o, "Alex")
	ingot := objectsOf(o, "0,0", "Ingot")[0]
	forge := puzzle.Move{Rule: v.pack.Rules[1], Inputs: []int{smith.ID, ingot}}
	waitReply(t, playAs(w, h, func(p *player.Player) *Reply { return o.act(p, forge, o.view().where.At(smith.ID).Block, nil) }))
	want := "The smith beats the ingot into a key in the yard."
	story := strings.Join(o.guidePages(o.view(), store.AreaPos{0, 0}, nil), "\n")
	if !strings.Contains(story, want) {
		t.Errorf("the guide book's story lacks %q:\n%s", want, story)
	}
	if strings.ContainsAny(story, "[]") || strings.Contains(story, "carryable") {
		t.Errorf("the guide book shows engine syntax:\n%s", story)
	}
	if err := o.Close(); err != nil {
		t.Fatal(err)
	}
	o2 := smithOverlay(t, w, dir)
	defer o2.Close()
	if story := strings.Join(o2.story(o2.view()), "\n"); !strings.Contains(story, want) {
		t.Errorf("after a restart the story lacks %q:\n%s", want, story)
	}
}

// A move's line is its action's done line filled from its objects, or the action's name when the pack has no
// line or something the line names is missing.
func TestDoneLine(t *testing.T) {
	p, err := puzzle.LoadBytes("smith.yaml", []byte(smithTextPack))
	if err != nil {
		t.Fatal(err)
	}
	forge := p.Rules[1]
	ins := []ObjectAt{{Object: puzzle.Object{ID: 1, Item: "Smith"}}, {Object: puzzle.Object{ID: 2, Item: "Ingot"}}}
	outs := []ObjectAt{{Object: puzzle.Object{ID: 3, Item: "Key"}}, ins[0]}
	if got, want := doneLine(p, forge, ins, outs, "yard", "Alex", 0), "§aForge§r done. The smith beats the ingot into a key in the yard."; got != want {
		t.Errorf("done line %q, want %q", got, want)
	}
	if got, want := doneLine(p, forge, ins, outs, "", "Alex", 0), "§aForge§r done."; got != want {
		t.Errorf("with no area the line is %q, want %q", got, want)
	}
	plain, err := puzzle.LoadBytes("smith.yaml", []byte(smithPack))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := doneLine(plain, plain.Rules[1], ins, outs, "yard", "Alex", 0), "§aForge§r done."; got != want {
		t.Errorf("without text the line is %q, want %q", got, want)
	}
}

// The story is laid out on pages that hold each line whole, in order, and none is lost.
func TestStoryPages(t *testing.T) {
	var lines []string
	for i := range 30 {
		lines = append(lines, strings.Repeat("x", 20+i))
	}
	pages := storyPages(lines)
	if len(pages) < 3 {
		t.Fatalf("%d pages for %d lines", len(pages), len(lines))
	}
	all := strings.Join(pages, "\n")
	if !strings.HasPrefix(all, "§lThe story so far§r") || strings.Count(all, "x") != strings.Count(strings.Join(lines, ""), "x") {
		t.Errorf("the pages lose or add text:\n%s", all)
	}
	for _, page := range pages {
		if len(page) > storyPageSize+len("§lThe story so far§r\n\n") {
			t.Errorf("a page of %d characters:\n%s", len(page), page)
		}
	}
	if got := storyPages(nil); len(got) != 1 || !strings.Contains(got[0], "Nothing has happened yet") {
		t.Errorf("an empty story: %q", got)
	}
	long := storyPages(slices.Repeat(lines, 20))
	if len(long) != maxStoryPages || !strings.Contains(long[0], "left out") || !strings.Contains(long[len(long)-1], lines[29]) {
		t.Errorf("a long story takes %d pages, want the last %d", len(long), maxStoryPages)
	}
}

// Steps are told after the steps they build on.
func TestPostOrder(t *testing.T) {
	nodes := []puzzle.TreeRule{{Parent: -1}, {Parent: 0}, {Parent: 1}, {Parent: 0}}
	got := postOrder(nodes)
	want := []int{2, 1, 3, 0}
	if len(got) != len(want) {
		t.Fatalf("post order %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("post order %v, want %v", got, want)
		}
	}
}
