package puzzle

import "slices"

// QuickStates caps the quick check (Manager.Solvable, Blocks), which the server makes on the world goroutine while
// a player waits. A check of a whole game's states costs up to about 10 µs a state in all-rules mode (many moves,
// acceleration), so 2 000 keep it within about 20 ms (BenchmarkQuickCheck, docs/benchmarks.md). A check that hits
// the cap answers Unknown.
const QuickStates = 2000

// QuickLimits returns the limits of a quick check of puzzle t, for Manager.Exploration: depth first to the first
// goal, accelerated (a growing world made finite, see accelerate.go), within QuickStates, and with states at most
// 16 plus twice t's nodes objects larger than the start (Explore.MaxGrowth). Packs have rules that keep an input
// and make something (shake a tree for apples), and a depth-first search would spend its states on ever larger
// ones; a solution makes at most a few objects a step.
func QuickLimits(t *Tracked) Explore {
	return Explore{MaxStates: QuickStates, MaxGrowth: 16 + 2*len(t.Nodes), Accelerate: true, FirstGoal: true,
		DepthFirst: true}
}

// Solvable returns the quick check's answer to "can t's goal still be achieved from the manager's state by the
// moves the manager offers": Yes or No when the check proves it, Unknown when it stopped at its cap. In all-rules
// mode it first plays the trees as tree mode would, whose moves are all-rules moves too, a quick proof of Yes while
// the tree can still run; then it searches the game depth first, which soon reaches the goal of a deep puzzle, and
// breadth first, which soon reaches that of a shallow one in a wide game, each stage within half of QuickStates.
func (m *Manager) Solvable(t *Tracked) Verdict {
	lim := QuickLimits(t)
	lim.MaxStates /= 2
	if m.Mode == AllRules {
		if m.explore(m.exploration(t, lim, TreeRules)) == Yes {
			return Yes
		}
	}
	if v := m.explore(m.Exploration(t, lim)); v != Unknown {
		return v
	}
	lim.DepthFirst = false
	return m.explore(m.Exploration(t, lim))
}

// explore returns the verdict of an exploration of the manager's state, Unknown on an error.
func (m *Manager) explore(cfg Explore) Verdict {
	rep, err := m.Pack.Explore(m.State, cfg)
	if err != nil {
		return Unknown
	}
	return rep.Solvable
}

// Blocks reports whether making mv would make puzzle t unsolvable, as the quick check proves: t can be solved now
// (Yes) and not after the move (No), the move playing as Play plays it. A move the manager does not offer, one
// that achieves t's goal and one that ends the attempt (a fail rule: the area starts over with a new puzzle) never
// blocks; nor does one either check cannot decide.
func (m *Manager) Blocks(t *Tracked, mv Move) bool {
	i := slices.Index(m.Puzzles, t)
	if i < 0 || t.Achieved {
		return false
	}
	after := m.Clone(m.Accessible)
	d, err := after.Play(mv)
	if err != nil || d.Failed != nil || after.Puzzles[i].Achieved {
		return false
	}
	return after.Solvable(after.Puzzles[i]) == No && m.Solvable(t) == Yes
}
