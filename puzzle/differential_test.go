package puzzle

import (
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The differential test of the checks against the game: random walks through Manager (every move it offers, in
// random order, picking up and putting down included) on every shipped pack and on generated grammars, in both
// modes. At every state of a walk, the quick check (/puzzle restart, the move check) says Yes exactly when a goal
// of the area's puzzle is reachable by the manager's own moves, found by brute force, and No exactly when none is
// and the brute force saw every reachable state; in all-rules mode the move check warns before a move exactly
// when it takes the puzzle from solvable to unsolvable. RIDDLESTONE_DIFF=n runs n times as many walks.

// diffScale is how many times the default number of walks to run.
func diffScale() int {
	n, err := strconv.Atoi(os.Getenv("RIDDLESTONE_DIFF"))
	if err != nil || n < 1 {
		return 1
	}
	return n
}

// gameLimit bounds a brute-force search of a game's states.
const gameLimit = 800

// gameGraph is the state space of a manager's game found by brute force: every move Moves offers, made by Do on a
// copy. States are told apart by their objects up to ids (canonical) and, in tree mode, their trees' progress.
type gameGraph struct {
	keys     map[string]int
	states   []*Manager
	succ     [][]int
	complete bool
	reaches  map[int][]bool     // per puzzle, per state: a state achieving its goal can be reached
	refused  []string           // moves Moves offered and Do refused
	props    map[uintptr]string // the written properties of each property map (states keep them all alive)
	// verdicts and blocks keep the checks made at a state (of a puzzle) and of a move (between two states): walks
	// from one start meet the same states often, and a check of the same state answers the same.
	verdicts map[[2]int]Verdict
	blocks   map[[2]int]bool
}

// key names a manager's state: canonical's name of its objects (each object's properties written once per map,
// which objects share) and, in tree mode, its trees' progress.
func (g *gameGraph) key(m *Manager) string {
	objs := m.State.Objects() // a copy: taken once
	var describe func(o *Object, depth int) string
	describe = func(o *Object, depth int) string {
		if depth > len(objs) {
			panic(fmt.Sprintf("containment cycle through object %v in %v", o, m.State))
		}
		p := reflect.ValueOf(o.Props).Pointer()
		props, ok := g.props[p]
		if !ok {
			props = normalProps(o.Props)
			g.props[p] = props
		}
		d := o.Item + props
		if o.Contained != 0 {
			h, _ := m.State.Object(o.Contained)
			d += "{" + describe(h, depth+1) + "}"
		}
		return d
	}
	parts := make([]string, 0, len(objs)+1)
	for i := range objs {
		if o := &objs[i]; o.Area != InContainer {
			parts = append(parts, describe(o, 0)+"@"+o.Area)
		}
	}
	slices.Sort(parts)
	if m.State.Failed != nil {
		parts = append(parts, "FAILED")
	}
	if m.Mode == TreeRules {
		for _, t := range m.Puzzles {
			b := make([]byte, len(t.Nodes))
			for i := range t.Nodes {
				b[i] = '0' + boolByte(t.Done(i))
			}
			parts = append(parts, string(b))
		}
	}
	return strings.Join(parts, " ")
}

// exploreGame explores the game of m by brute force, up to limit states.
func exploreGame(m *Manager, limit int) *gameGraph {
	g := &gameGraph{keys: map[string]int{}, complete: true, reaches: map[int][]bool{}, verdicts: map[[2]int]Verdict{},
		blocks: map[[2]int]bool{}, props: map[uintptr]string{}}
	g.add(fork(m))
	for i := 0; i < len(g.states); i++ {
		if len(g.states) > limit {
			g.complete = false
			break
		}
		s := g.states[i]
		for _, mv := range s.Moves() {
			n := fork(s)
			if _, _, err := n.Do(mv); err != nil {
				g.refused = append(g.refused, fmt.Sprintf("%s %v offered but refused: %v", mv.Rule.Action, mv.Inputs, err))
				continue
			}
			g.succ[i] = append(g.succ[i], g.add(n))
		}
	}
	return g
}

// add adds a state unless it is known, and returns its index.
func (g *gameGraph) add(m *Manager) int {
	k := g.key(m)
	if i, ok := g.keys[k]; ok {
		return i
	}
	g.keys[k] = len(g.states)
	g.states, g.succ = append(g.states, m), append(g.succ, nil)
	return len(g.states) - 1
}

// reach reports whether from state i a state achieving puzzle pz's goal can be reached, and whether that is
// known: a goal found is, and no goal is when the search was complete.
func (g *gameGraph) reach(i, pz int) (yes, known bool) {
	r, ok := g.reaches[pz]
	if !ok {
		r = g.reachable(pz)
		g.reaches[pz] = r
	}
	return r[i], r[i] || g.complete
}

// reachable marks the states from which puzzle pz's goal can be reached: those achieving it and, backward, every
// state with a move to a marked one (moves to states not expanded count as unknown).
func (g *gameGraph) reachable(pz int) []bool {
	r := make([]bool, len(g.states))
	for i, s := range g.states {
		t := s.Puzzles[pz]
		r[i] = s.State.Failed == nil && s.Pack.GoalAchieved(s.State, t.Area, t.Goal)
	}
	for changed := true; changed; {
		changed = false
		for i := range g.states {
			if !r[i] && slices.ContainsFunc(g.succ[i], func(j int) bool { return r[j] }) {
				r[i], changed = true, true
			}
		}
	}
	return r
}

// scenario is a game to walk: a manager with its puzzles tracked, and the puzzle whose area is played.
type scenario struct {
	name string
	m    *Manager
	main int // the index of the puzzle played
}

// playthroughScenarios returns, for each puzzle of a playthrough of pack p, the game as it stands when the puzzle's
// solution starts, in mode: the puzzles solved before tracked as solved, those generated and not yet solved
// tracked fresh, every unlocked area open.
func playthroughScenarios(t testing.TB, name string, p *Pack, seed int64, mode Mode) []scenario {
	var svs []Solving
	if _, err := PlaythroughEach(p, seed, func(sv Solving) { svs = append(svs, sv) }); err != nil {
		t.Fatalf("%s seed %d: %v", name, seed, err)
	}
	var out []scenario
	for i, sv := range svs {
		m := NewManager(p, sv.State.Clone(), mode, func(a string) bool { return slices.Contains(sv.Unlocked, a) })
		main := -1
		for j, other := range svs {
			if j > i && !spawnedIn(other.Puzzle, sv.State) {
				continue
			}
			tr, err := trackGame(m, other.Puzzle)
			if err != nil {
				t.Fatal(err)
			}
			if j < i {
				tr.Restore(allNodes(tr), true)
			}
			if j == i {
				main = len(m.Puzzles) - 1
			}
		}
		out = append(out, scenario{fmt.Sprintf("%s/seed %d/%s", name, seed, sv.Puzzle.Area), m, main})
	}
	return out
}

// spawnedIn reports whether every object a puzzle spawned is in s: it was generated before s.
func spawnedIn(pz *Puzzle, s *State) bool {
	for _, o := range pz.Spawned {
		if got, ok := s.Object(o.ID); !ok || got.Item != o.Item {
			return false
		}
	}
	return true
}

func allNodes(t *Tracked) []int {
	var all []int
	for i := range t.Nodes {
		all = append(all, i)
	}
	return all
}

// generatedScenarios returns puzzles of a random grammar (synthPack), each generated for its area against a world
// of random objects lying in another open area and the inventory, in mode.
func generatedScenarios(t *testing.T, seed uint64, mode Mode) []scenario {
	p := synthPack(seed, 24, 30, 4, 3)
	rng := rand.New(rand.NewPCG(seed, 11))
	var out []scenario
	for _, a := range p.Areas {
		var world []Object
		for i := range 4 {
			name := p.ItemOrder[rng.IntN(len(p.ItemOrder))]
			where := []string{"X", Inventory, a.Name}[rng.IntN(3)]
			if where == Inventory && !p.Items[name].Carryable() {
				where = "X"
			}
			world = append(world, Object{ID: i + 1, Item: name, Area: where, Props: p.Items[name].Props.Clone()})
		}
		open := []string{a.Name, "X"}
		pz, err := NewGenerator(p).Generate(a, &World{Objects: world, Unlocked: open}, rng)
		if err != nil {
			continue
		}
		m := NewManager(p, NewState(append(world, pz.Spawned...)), mode, func(x string) bool { return slices.Contains(open, x) })
		if _, err := trackGame(m, pz); err != nil {
			t.Fatal(err)
		}
		out = append(out, scenario{fmt.Sprintf("synth %d/%s", seed, a.Name), m, 0})
	}
	return out
}

// diffStats counts what the walks compared.
type diffStats struct {
	walks, states, checks, no, unknown, unverified, blocks, warned int
	failures                                                       []string
}

// fail records a disagreement, keeping the first few.
func (d *diffStats) fail(format string, args ...any) {
	if len(d.failures) < 10 {
		d.failures = append(d.failures, fmt.Sprintf(format, args...))
	}
}

// walk makes random walks from a scenario's start and compares the checks with brute force at every state.
func (d *diffStats) walk(sc scenario, walks, length int, rng *rand.Rand) {
	g := exploreGame(sc.m, gameLimit)
	for _, r := range g.refused {
		d.fail("%s: %s", sc.name, r)
	}
	for range walks {
		d.walks++
		m, i := fork(sc.m), 0
		for step := 0; step <= length && m.State.Failed == nil; step++ {
			d.compare(sc, g, m, i)
			moves := m.Moves()
			if len(moves) == 0 {
				break
			}
			mv := moves[rng.IntN(len(moves))]
			next := fork(m)
			if _, _, err := next.Do(mv); err != nil {
				d.fail("%s: %s %v offered but refused: %v", sc.name, mv.Rule.Action, mv.Inputs, err)
				break
			}
			j, ok := g.keys[g.key(next)]
			if !ok {
				break // beyond the brute force's reach
			}
			if m.Mode == AllRules {
				d.compareBlocks(sc, g, m, mv, i, j)
			}
			m, i = next, j
		}
	}
}

// verdict returns the quick check of puzzle pz at state i, whose game is m, made once per state.
func (g *gameGraph) verdict(i, pz int, m *Manager) (v Verdict, first bool) {
	if v, seen := g.verdicts[[2]int{i, pz}]; seen {
		return v, false
	}
	v = quickVerdict(m, m.Puzzles[pz])
	g.verdicts[[2]int{i, pz}] = v
	return v, true
}

// compare checks the quick check of every puzzle in progress at state i of a walk against the brute force, once
// per state.
func (d *diffStats) compare(sc scenario, g *gameGraph, m *Manager, i int) {
	d.states++
	for pz, t := range m.Puzzles {
		got, first := g.verdict(i, pz, m)
		if t.Achieved || !first {
			continue
		}
		yes, known := g.reach(i, pz)
		d.checks++
		if got == No {
			d.no++
		}
		switch {
		case got == Unknown:
			d.unknown++
		case got == No && !known:
			d.unverified++
		case got == Yes && !yes && known, got == No && yes:
			d.fail("%s, mode %d, puzzle of %s: the check says %v, brute force reachable=%v known=%v\n%s", sc.name, m.Mode,
				t.Area, got, yes, known, m.State)
		}
	}
}

// compareBlocks checks the move check of a move from state i to state j against the brute force, once per pair:
// it warns exactly when the puzzle goes from solvable to unsolvable, unless a check could not decide.
func (d *diffStats) compareBlocks(sc scenario, g *gameGraph, m *Manager, mv Move, i, j int) {
	t := m.Puzzles[sc.main]
	before, kb := g.reach(i, sc.main)
	after, ka := g.reach(j, sc.main)
	if _, seen := g.blocks[[2]int{i, j}]; seen || t.Achieved || !kb || !ka || mv.Rule.Fail {
		return
	}
	d.blocks++
	want := before && !after
	got := moveBlocks(m, t, mv)
	g.blocks[[2]int{i, j}] = got
	if got {
		d.warned++
	}
	vi, _ := g.verdict(i, sc.main, m)
	vj, _ := g.verdict(j, sc.main, g.states[j])
	if got != want && (got || vi != Unknown && vj != Unknown) {
		d.fail("%s, puzzle of %s: the move check of %s %v says %v, brute force %v before and %v after", sc.name, t.Area,
			mv.Rule.Action, mv.Inputs, got, before, after)
	}
}

// report fails the test on any disagreement and logs the counts.
func (d *diffStats) report(t *testing.T) {
	t.Logf("%d walks, %d states, %d checks (%d no, %d of them beyond the brute force; %d unknown), %d move checks (%d warned)",
		d.walks, d.states, d.checks, d.no, d.unverified, d.unknown, d.blocks, d.warned)
	for _, f := range d.failures {
		t.Error(f)
	}
	if d.states == 0 {
		t.Error("no state compared")
	}
}

// TestChecksAgreeWithTheGameOnShippedPacks is the differential test on every shipped pack: every puzzle of
// playthroughs of a few seeds (diffSeeds).
func TestChecksAgreeWithTheGameOnShippedPacks(t *testing.T) {
	scale := diffScale()
	for _, dir := range shippedPacks(t) {
		p, err := Load(layers(dir)...)
		if err != nil {
			t.Fatal(err)
		}
		for _, mode := range []Mode{TreeRules, AllRules} {
			t.Run(filepath.Base(dir)+"/"+[]string{"tree", "all"}[mode], func(t *testing.T) {
				var d diffStats
				rng := rand.New(rand.NewPCG(uint64(len(dir)), uint64(mode)))
				for seed := int64(1); seed <= int64(diffSeeds(dir, mode)*scale); seed++ {
					for _, sc := range playthroughScenarios(t, filepath.Base(dir), p, seed, mode) {
						d.walk(sc, 20, 10, rng)
					}
				}
				d.report(t)
			})
		}
	}
}

// diffSeeds is how many seeds of a shipped pack the differential test plays: the default pack six in tree mode
// (seed 6 has the Mine) and two in all-rules mode, whose state spaces are larger; the mod example, which
// layers on the default pack, one; the other examples, which are small, two.
func diffSeeds(dir string, mode Mode) int {
	switch filepath.Base(dir) {
	case "default":
		return []int{6, 2}[mode]
	case "mod":
		return 1
	}
	return 2
}

// TestChecksAgreeWithTheGameOnFixtures is the differential test on the three reproductions, in both
// modes, and on small random worlds of every kind of rule (randomPuzzle), in all-rules mode with a goal and no
// tree, whose whole state spaces the brute force sees.
func TestChecksAgreeWithTheGameOnFixtures(t *testing.T) {
	for _, mode := range []Mode{TreeRules, AllRules} {
		t.Run([]string{"tree", "all"}[mode], func(t *testing.T) {
			var d diffStats
			rng := rand.New(rand.NewPCG(5, uint64(mode)))
			radio, _ := radioGame(t, mode)
			camp, _ := campGame(t, mode)
			lobby, _ := vaultGame(t, mode, "Lobby")
			carried, _ := vaultGame(t, mode, Inventory)
			for _, sc := range []scenario{{"radio", radio, 0}, {"camp", camp, 0}, {"vault", lobby, 0}, {"vault carried", carried, 0}} {
				d.walk(sc, 20, 8, rng)
			}
			if mode == AllRules {
				for range 100 * diffScale() {
					p, s, cfg := randomPuzzle(t, rng)
					m := NewManager(p, s, mode, func(a string) bool { return slices.Contains(cfg.Areas, a) })
					if _, err := m.Track(cfg.Areas[0], cfg.Goal, nil); err != nil {
						t.Fatal(err)
					}
					d.walk(scenario{"random", m, 0}, 10, 8, rng)
				}
			}
			d.report(t)
		})
	}
}

// TestChecksAgreeWithTheGameOnGeneratedGrammars is the differential test on random grammars and on the test
// packs that play through.
func TestChecksAgreeWithTheGameOnGeneratedGrammars(t *testing.T) {
	scale := diffScale()
	for _, mode := range []Mode{TreeRules, AllRules} {
		t.Run([]string{"tree", "all"}[mode], func(t *testing.T) {
			var d diffStats
			rng := rand.New(rand.NewPCG(3, uint64(mode)))
			for seed := uint64(1); seed <= uint64(12*scale); seed++ {
				for _, sc := range generatedScenarios(t, seed, mode) {
					d.walk(sc, 20, 10, rng)
				}
			}
			for _, pk := range []struct {
				name string
				p    *Pack
			}{{"heist", heistPack()}, {"town", townPack()}} {
				for seed := int64(1); seed <= int64(3*scale); seed++ {
					for _, sc := range playthroughScenarios(t, pk.name, pk.p, seed, mode) {
						d.walk(sc, 20, 10, rng)
					}
				}
			}
			d.report(t)
		})
	}
}
