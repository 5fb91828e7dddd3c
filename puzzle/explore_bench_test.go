package puzzle

import (
	"fmt"
	"testing"
	"time"
)

// combineTree builds a puzzle like the generator's: a balanced tree of combining rules of the given depth whose leaves
// must each be prepared first (a property change) and where every step leaves a by-product, all in one area. Its
// state space is every interleaving of the independent branches, which is what makes deep puzzles large.
func combineTree(tb testing.TB, depth int) (*Pack, *State, Term) {
	var items, rules []string
	var world []Object
	var node func(name string, d int)
	node = func(name string, d int) {
		items = append(items, name+": carryable=true")
		if d == depth {
			rules = append(rules, fmt.Sprintf("%s[ready=true] ::= Prepare %s[ready=false]", name, name))
			world = append(world, Object{ID: len(world) + 1, Item: name, Area: "Hall", Props: Props{"carryable": Bool(true)}})
			return
		}
		l, r := name+"l", name+"r"
		rules = append(rules, fmt.Sprintf("%s Dust ::= Combine %s[ready=true] %s[ready=true]", name, l, r))
		node(l, d+1)
		node(r, d+1)
	}
	items = append(items, "Dust:")
	node("N", 1)
	// Finished nodes are ready to be combined further.
	p := buildPack(tb, items, rules, "Hall")
	for _, r := range p.Rules {
		if r.Action == "Combine" {
			r.Outputs[0].Props = Props{"ready": Bool(true)}
		}
	}
	return p, NewState(world), Term{Type: "N"}
}

// benchExplore explores repeatedly and reports the states of one exploration, the moves tried per state, and
// states per second of wall-clock time and of CPU time (GC included).
func benchExplore(b *testing.B, p *Pack, s *State, cfg Explore) *Report {
	b.Helper()
	var rep *Report
	cpu := cpuTime()
	for b.Loop() {
		var err error
		if rep, err = p.Explore(s, cfg); err != nil {
			b.Fatal(err)
		}
	}
	reportStates(b, rep.States, cpuTime()-cpu)
	b.ReportMetric(float64(rep.Transitions)/float64(rep.States), "moves/state")
	return rep
}

// reportStates reports the states of one exploration and the rates per wall-clock and per CPU second.
func reportStates(b *testing.B, states int, cpu time.Duration) {
	b.ReportMetric(float64(states), "states")
	b.ReportMetric(float64(states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
	if cpu > 0 {
		b.ReportMetric(float64(states)*float64(b.N)/cpu.Seconds(), "states/cpu-s")
	}
}

func BenchmarkExploreTree(b *testing.B) {
	p, s, goal := combineTree(b, 5) // 16 leaves, 31 rules, 47 moves to solve
	benchVariants(b, p, s, Explore{Rules: p.Rules, Goal: goal, MaxStates: 1 << 22}, []variant{
		{"analyse", func(c *Explore) { c.Analyse = true }},
		{"plain", func(c *Explore) { c.NoSleep, c.NoRelevance = true, true }},
		{"sleep", func(*Explore) {}},
	})
}

// variant is a named change to an exploration's configuration.
type variant struct {
	name string
	set  func(*Explore)
}

// benchVariants runs one sub-benchmark per variant of base.
func benchVariants(b *testing.B, p *Pack, s *State, base Explore, variants []variant) {
	for _, v := range variants {
		b.Run(v.name, func(b *testing.B) {
			cfg := base
			v.set(&cfg)
			benchExplore(b, p, s, cfg)
		})
	}
}

// BenchmarkExploreNaiveBFS runs the differential test's plain search (whole game states, string keys) on a
// smaller tree, for comparison.
func BenchmarkExploreNaiveBFS(b *testing.B) {
	p, s, goal := combineTree(b, 3)
	cfg := Explore{Rules: p.Rules, Goal: goal, Areas: []string{"Hall"}}
	var ref reference
	cpu := cpuTime()
	for b.Loop() {
		ref = plainBFS(p, s, cfg, 1<<22)
	}
	reportStates(b, ref.states, cpuTime()-cpu)
}

// chain builds a puzzle of the given depth in which step k needs the result of step k-1 and a leaf that must be
// prepared first, any time before: the leaves can be prepared in any order, so the space grows as 2^depth. With
// herrings, every leaf can also be wasted (a dead end) and the space grows as 3^depth.
func chain(tb testing.TB, depth int, herrings bool) (*Pack, *State, Term) {
	items := []string{"N0:", "Junk:"}
	var rules []string
	world := []Object{{ID: 1, Item: "N0", Area: "Hall"}}
	for k := 1; k <= depth; k++ {
		items = append(items, fmt.Sprintf("N%d:", k), fmt.Sprintf("L%d: carryable=true", k))
		rules = append(rules,
			fmt.Sprintf("L%d[ready=true] ::= Prepare L%d[ready=false]", k, k),
			fmt.Sprintf("N%d ::= Step N%d L%d[ready=true]", k, k-1, k))
		if herrings {
			rules = append(rules, fmt.Sprintf("Junk ::= Waste L%d", k))
		}
		world = append(world, Object{ID: k + 1, Item: fmt.Sprintf("L%d", k), Area: "Hall", Props: Props{"carryable": Bool(true)}})
	}
	return buildPack(tb, items, rules, "Hall"), NewState(world), Term{Type: fmt.Sprintf("N%d", depth)}
}

// BenchmarkExploreDeep proves a depth-12 puzzle with red herrings solvable (3^12 · 13 states in all): breadth
// first with every reduction, and depth first, which reaches the goal after a few states.
func BenchmarkExploreDeep(b *testing.B) {
	p, s, goal := chain(b, 12, true)
	benchVariants(b, p, s, Explore{Rules: p.Rules, Goal: goal, FirstGoal: true, MaxStates: 1 << 23}, []variant{
		{"bfs", func(*Explore) {}},
		{"bfs-norelevance", func(c *Explore) { c.NoRelevance = true }},
		{"dfs", func(c *Explore) { c.DepthFirst = true }},
		{"dfs-norelevance", func(c *Explore) { c.DepthFirst, c.NoRelevance = true, true }},
	})
}

// BenchmarkExploreGraph explores a whole state space for export (Graph), as `riddlestone graph --space` does, with
// the goal checked in the area: by the goal term and GoalArea, or by a GoalFunc, which decodes every new state.
func BenchmarkExploreGraph(b *testing.B) {
	p, s, goal := combineTree(b, 4)
	b.Run("goalArea", func(b *testing.B) {
		benchExplore(b, p, s, Explore{Rules: p.Rules, Goal: goal, GoalArea: "Hall", Graph: true})
	})
	b.Run("goalFunc", func(b *testing.B) {
		benchExplore(b, p, s, Explore{Rules: p.Rules, Graph: true,
			GoalFunc: func(s *State) bool { return p.GoalAchieved(s, "Hall", goal) }})
	})
}

// BenchmarkExploreGenerated explores the state spaces of depth-12 puzzles of the 300-rule benchmark grammar, the
// workload the speed goal names: the puzzle tree's rules (with the items its nodes chose) on the puzzle's spawned
// objects in its area, up to 200 k states each. Most of these spaces are unbounded (rules that keep an input and
// make something grow the world without end), so most explorations run to the cap. Variants as for
// BenchmarkExploreTree, and accelerate, which makes the growing worlds finite (as the in-game checks do), so that
// every exploration ends with an answer; analyse is what the red-herring check runs.
func BenchmarkExploreGenerated(b *testing.B) {
	pk := benchPack()
	g := NewGenerator(pk)
	var puzzles []*Puzzle
	for seed := uint64(1); len(puzzles) < 12; seed++ {
		pz, err := g.Generate(pk.Areas[seed%uint64(len(pk.Areas))], &World{}, seedRNG(seed))
		if err == nil && pz.Depth == 12 {
			puzzles = append(puzzles, pz)
		}
	}
	for _, v := range []variant{
		{"analyse", func(c *Explore) { c.Analyse = true }},
		{"plain", func(c *Explore) { c.NoSleep, c.NoRelevance = true, true }},
		{"sleep", func(*Explore) {}},
		{"accelerate", func(c *Explore) { c.Accelerate = true }},
	} {
		b.Run(v.name, func(b *testing.B) {
			states, moves, solved, decided := 0, 0, 0, 0
			cpu := cpuTime()
			for b.Loop() {
				states, moves, solved, decided = 0, 0, 0, 0
				for _, pz := range puzzles {
					cfg := Explore{Tree: pz.TreeRules(), Goal: pz.Goal, Areas: []string{pz.Area}, MaxStates: 200_000}
					v.set(&cfg)
					rep, err := pk.Explore(NewState(pz.Spawned), cfg)
					if err != nil {
						b.Fatal(err)
					}
					states += rep.States
					moves += rep.Transitions
					if rep.Solvable == Yes {
						solved++
					}
					if rep.Solvable != Unknown {
						decided++
					}
				}
			}
			reportStates(b, states, cpuTime()-cpu)
			b.ReportMetric(float64(moves)/float64(states), "moves/state")
			b.ReportMetric(float64(solved), "solvable")
			b.ReportMetric(float64(decided), "decided")
		})
	}
}
