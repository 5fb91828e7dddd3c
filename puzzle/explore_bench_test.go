package puzzle

import (
	"fmt"
	"testing"
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

func benchExplore(b *testing.B, p *Pack, s *State, cfg Explore) {
	b.Helper()
	var rep *Report
	for b.Loop() {
		var err error
		if rep, err = p.Explore(s, cfg); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(rep.States), "states")
	b.ReportMetric(float64(rep.Transitions)/float64(rep.States), "moves/state")
	b.ReportMetric(float64(rep.States)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
}

func BenchmarkExploreTree(b *testing.B) {
	p, s, goal := combineTree(b, 5) // 16 leaves, 31 rules, 47 moves to solve
	base := Explore{Rules: p.Rules, Goal: goal, MaxStates: 1 << 22}
	b.Run("analyse", func(b *testing.B) {
		cfg := base
		cfg.Analyse = true
		benchExplore(b, p, s, cfg)
	})
	b.Run("plain", func(b *testing.B) {
		cfg := base
		cfg.NoSleep, cfg.NoRelevance = true, true
		benchExplore(b, p, s, cfg)
	})
	b.Run("sleep", func(b *testing.B) {
		benchExplore(b, p, s, base)
	})
}

func BenchmarkExploreNaiveBFS(b *testing.B) {
	p, s, goal := combineTree(b, 3)
	cfg := Explore{Rules: p.Rules, Goal: goal, Areas: []string{"Hall"}}
	var ref reference
	for b.Loop() {
		ref = plainBFS(p, s, cfg, 1<<22)
	}
	b.ReportMetric(float64(ref.states), "states")
	b.ReportMetric(float64(ref.states)*float64(b.N)/b.Elapsed().Seconds(), "states/s")
}
