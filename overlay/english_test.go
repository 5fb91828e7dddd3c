package overlay

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"riddlestone/internal/cow"
	"slices"
	"strconv"
	"strings"
	"testing"

	"riddlestone/overlay/store"
	"riddlestone/overlay/words"
	"riddlestone/puzzle"
)

// englishGames is how many games of the default pack TestEveryWordReadsAsEnglish reads: RIDDLESTONE_ENGLISH_GAMES
// says, else 1 000 (about 30 s), or 100 under the race detector, which runs the engine about eight times slower.
func englishGames() int64 {
	if n, err := strconv.ParseInt(os.Getenv("RIDDLESTONE_ENGLISH_GAMES"), 10, 64); err == nil && n > 0 {
		return n
	}
	if raceEnabled {
		return 100
	}
	return 1000
}

// Every goal sentence, step line, menu title and button, title, name tag, request and book page of 1 000 games of
// the default pack, and of games of every example pack, reads as English: no identifier, no engine word, no
// broken article.
func TestEveryWordReadsAsEnglish(t *testing.T) {
	dirs, _ := filepath.Glob("../packs/examples/*")
	for _, dir := range append([]string{"../packs/default"}, dirs...) {
		load := []string{dir}
		if filepath.Base(dir) == "mod" {
			load = []string{"../packs/default", dir}
		}
		p, err := puzzle.Load(load...)
		if err != nil {
			t.Fatalf("%s: %v", dir, err)
		}
		games := englishGames()
		if dir != "../packs/default" {
			games = max(games/20, 10)
		}
		r := newReader(p)
		for seed := range games {
			r.game(t, seed)
		}
		if r.lines < games*20 {
			t.Errorf("%s: read %d lines in %d games, want at least 20 a game", dir, r.lines, games)
		}
		t.Logf("%s: %d games, %d lines read", dir, games, r.lines)
	}
}

// dump, when RIDDLESTONE_ENGLISH_DUMP names a file, gets every line read, for people to read.
var dump = func() *os.File {
	name := os.Getenv("RIDDLESTONE_ENGLISH_DUMP")
	if name == "" {
		return nil
	}
	f, err := os.Create(name)
	if err != nil {
		panic(err)
	}
	return f
}()

// reader renders the text of games of a pack offline and checks every line.
type reader struct {
	p     *puzzle.Pack
	o     *Overlay
	check *englishCheck
	lines int64
	seen  map[string]bool // lines already checked
}

func newReader(p *puzzle.Pack) *reader {
	return &reader{p: p, o: &Overlay{graph: NewGraph(1, store.AreaPos{}, 0)}, check: newEnglishCheck(p), seen: map[string]bool{}}
}

// game plays a game of the pack with the engine and reads what players would read in it.
func (r *reader) game(t *testing.T, seed int64) {
	t.Helper()
	v := &state{pack: r.p, areas: cow.New[store.AreaPos, *areaRun](cowShards, byArea)}
	positions := map[string]store.AreaPos{}
	_, err := puzzle.PlaythroughEach(r.p, seed, func(s puzzle.Solving) {
		a, ok := positions[s.Puzzle.Area]
		if !ok {
			a = store.AreaPos{int32(len(positions)), 0}
			positions[s.Puzzle.Area] = a
		}
		g := puzzle.NewManager(r.p, s.State, puzzle.TreeRules, func(string) bool { return true })
		tracked, err := g.TrackPuzzle(s.Puzzle)
		if err != nil {
			t.Fatalf("seed %d: %v", seed, err)
		}
		v.game = g
		v.areas.Set(a, &areaRun{rec: store.AreaRecord{Pos: a, State: store.Active, Template: s.Puzzle.Area, Goal: s.Puzzle.Goal.String()},
			puzzle: s.Puzzle})
		r.area(t, seed, v, a, s)
		done := make([]int, len(tracked.Nodes))
		for i := range done {
			done[i] = i
		}
		_ = tracked.Restore(done, true)
		r.read(t, seed, "story", storySteps(r.p, tracked, areaKind(v, a), a)...)
		v.areas.At(a).rec.State = store.Solved
		r.read(t, seed, "solved", solvedLine(v, a, "Alex"))
	})
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	for _, f := range r.p.FailRules {
		r.read(t, seed, "failed", failedLine(f))
	}
	for _, name := range r.p.ItemOrder {
		r.read(t, seed, "lost", lostLine(r.p, name))
	}
	for a := range v.areas.All() {
		r.read(t, seed, "book", r.o.guidePages(v, a, nil)...)
		for _, n := range a.Neighbours() {
			if _, open := v.areas.Get(n); !open {
				bar, _ := r.o.statusLine(v, n)
				r.read(t, seed, "locked", r.o.lockedLine(v, n), bar, r.o.areaPage(v, n, nil))
			}
		}
	}
}

// area reads what players read of an area whose puzzle is about to be solved: its goal, its objects and their
// menus, and its next steps as hints.
func (r *reader) area(t *testing.T, seed int64, v *state, a store.AreaPos, s puzzle.Solving) {
	t.Helper()
	goal := goalText(r.p, v.areas.At(a).rec.Goal)
	bar, _ := r.o.statusLine(v, a)
	r.read(t, seed, "goal", goalSentence(v, a), goal, "§6Area "+a.String()+" unlocked "+goal, bar)
	for _, obj := range s.State.Objects() {
		if obj.Area != s.Puzzle.Area && obj.Area != puzzle.Inventory {
			continue
		}
		it, ok := r.p.Item(obj.Item)
		if !ok {
			continue
		}
		r.read(t, seed, "menu", words.DisplayName(it), words.Capital(words.Object(r.p, obj))+": what will you do?",
			words.NPCName(it, obj), words.State(it, obj), r.o.speech(v, v.game, obj, "Alex"), r.o.missing(v, v.game, obj))
	}
	for _, mv := range v.game.MovesIn(s.Puzzle.Area) {
		for _, b := range r.o.buttons(v, nil, []puzzle.Move{mv, mv}) {
			r.read(t, seed, "button", b.Text)
		}
		st := Step{Action: mv.Rule.Action}
		for _, id := range mv.Inputs {
			if obj, ok := s.State.Object(id); ok {
				st.Inputs = append(st.Inputs, StepInput{ID: id, Item: obj.Item})
			}
		}
		r.read(t, seed, "hint", st.Hint(r.p), hint(r.p, st, [3]float64{}, 1))
	}
}

// read checks lines players would read.
func (r *reader) read(t *testing.T, seed int64, what string, lines ...string) {
	t.Helper()
	for _, line := range lines {
		r.lines++
		if r.seen[line] {
			continue
		}
		r.seen[line] = true
		if dump != nil {
			fmt.Fprintf(dump, "%s\t%q\n", what, line)
		}
		if bad := r.check.bad(line); bad != "" {
			t.Errorf("seed %d: %s %q: %s", seed, what, line, bad)
		}
	}
}

// englishCheck finds what is not English in a line: identifiers, engine words and broken articles.
type englishCheck struct {
	engine   *regexp.Regexp // engine syntax and words
	articles *regexp.Regexp // a or an before a name the pack's words say otherwise
	names    []string       // every item's name in words, to tell "a flint" from "a flint and steel"
}

// newEnglishCheck makes the checks for a pack: its property names of more than one word (hasBook) must never be
// read as words ("has book") unless the pack's words say so, and a name the pack gives other forms (Bread is "loaf
// of bread", Wool "some wool") must never be read with a or an as derived.
func newEnglishCheck(p *puzzle.Pack) *englishCheck {
	engine := []string{`[\[\]{}]`, `\b[A-Za-z]*[a-z][A-Z][A-Za-z]*\b`, `(?i)carryable|notSpawnable|not spawnable|\bcontains\b`,
		`\b(true|false)\b`, `\ban? (has|is|not)\b`}
	broken := []string{"planks", "wool", "bread"} // the broken articles a newcomer met
	said := strings.Join(packForms(p), "|")
	for _, name := range p.ItemOrder {
		it := p.Items[name]
		n := words.NounOf(it, name, it.Words.Forms)
		if n.Words != words.Of(name) || n.Article == "some" {
			broken = append(broken, regexp.QuoteMeta(words.Of(name)))
		}
		if head, _, _ := strings.Cut(n.Words, " of "); plural.MatchString(head) && n.Article != "some" {
			broken = append(broken, regexp.QuoteMeta(n.Words)) // "a glasses": give it words
		}
		for prop := range it.Props {
			if w := words.Of(prop); strings.Contains(w, " ") && !strings.Contains(said, w) {
				engine = append(engine, `\b`+regexp.QuoteMeta(w)+`\b`)
			}
		}
	}
	c := &englishCheck{engine: regexp.MustCompile(strings.Join(engine, "|"))}
	for _, name := range p.ItemOrder {
		c.names = append(c.names, words.Item(p, name))
	}
	for _, f := range p.TypeWords {
		c.names = append(c.names, f.One, f.Some) // "a fire starter" is no broken "a fire"
	}
	if len(broken) > 0 {
		c.articles = regexp.MustCompile(`\b(a|an|A|An) (` + strings.Join(broken, "|") + `)\b`)
	}
	return c
}

// plural matches a name that reads as a plural, which takes no "a": "glasses", "shears" (not "compass"); a name
// with "of" is read by its head ("a pair of shears").
var plural = regexp.MustCompile(`[^su]s$`)

// packForms lists every form a pack's words give.
func packForms(p *puzzle.Pack) []string {
	var out []string
	for _, it := range p.Items {
		for _, f := range append([]puzzle.Forms{it.Words.Forms}, caseForms(it.Words.When)...) {
			out = append(out, f.One, f.Some, strings.ToLower(f.Title))
		}
	}
	return slices.DeleteFunc(out, func(s string) bool { return s == "" })
}

// caseForms lists the forms of the cases of an item's words.
func caseForms(cases []puzzle.WordsCase) []puzzle.Forms {
	out := make([]puzzle.Forms, len(cases))
	for i, c := range cases {
		out[i] = c.Forms
	}
	return out
}

// colour matches Minecraft's formatting codes.
var colour = regexp.MustCompile(`§.`)

// bad says what is wrong with a line, or "".
func (c *englishCheck) bad(line string) string {
	line = colour.ReplaceAllString(line, "")
	if m := c.engine.FindString(line); m != "" {
		return fmt.Sprintf("engine word or identifier %q", m)
	}
	if c.articles == nil {
		return ""
	}
	for _, m := range c.articles.FindAllStringSubmatchIndex(line, -1) {
		rest := line[m[4]:]
		if !slices.ContainsFunc(c.names, func(n string) bool { return len(n) > m[5]-m[4] && strings.HasPrefix(rest, n) }) {
			return fmt.Sprintf("broken article %q", line[m[0]:m[1]])
		}
	}
	return ""
}
