package puzzle

// Parallel sub-goals (issue 24; Dart and Nelson's parallel solutions): a step that needs two or more inputs each
// made by a chain of its own, so that players can work on either first. Generation prefers rules that can fork so
// until the tree has a fork, where the grammar and the area's breadth allow it.

// Forks counts the nodes of a puzzle that have two or more inputs made by rules: the places where its solution
// runs in parallel.
func (p *Puzzle) Forks() int {
	n := 0
	for _, node := range p.Solution() {
		if node.fork() {
			n++
		}
	}
	return n
}

// fork reports whether two or more of a node's inputs are made by rules.
func (n *Node) fork() bool {
	made := 0
	for _, c := range n.Children {
		if !c.Leaf() {
			made++
		}
	}
	return made >= 2
}

// canFork reports whether a rule option could fill a key with a fork within depth hi: two or more of its inputs can
// be made by a rule below it, by the table.
func (s *search) canFork(o *ruleOption, hi int) bool {
	if len(o.inputs) < 2 || hi < 2 {
		return false
	}
	made := 0
	for _, in := range o.inputs {
		if s.depths(in, false)&rangeMask(1, hi-1) != 0 {
			made++
		}
	}
	return made >= 2
}

// wantsFork reports whether the search should prefer rules that fork: the tree has none yet and the area's
// preferred breadth leaves room for one.
func (s *search) wantsFork() bool {
	return s.forks == 0 && (s.area.Breadth <= 0 || s.leaves+s.pending+2 < s.area.Breadth)
}

// forkTries is how many more trees Generate tries for a goal and depth whose first tree is a single chain, looking
// for one with a fork. Then, but for one time in forkGoalOdds, it tries forkGoals other goals, keeping the chain
// should none fork: every goal keeps its chance to be chosen, a goal that cannot fork too.
const (
	forkTries    = 4
	forkGoals    = 1
	forkGoalOdds = 2
)

// forkRoom reports whether the area's preferred breadth leaves room for a fork.
func (s *search) forkRoom() bool { return s.area.Breadth <= 0 || s.area.Breadth >= 4 }

// preferFork returns p, or, when p has no fork and the area's breadth leaves room for one, the first of forkTries
// more trees of the same goal key k and depth d that keeps the bounds and forks: the fork preference in fillRules
// decides rule by rule, and a chain chosen high in the tree can leave no room for a fork below it.
func (s *search) preferFork(k, d int, r Relaxation, b Bounds, p *Puzzle) *Puzzle {
	if p.Forks() > 0 || !s.forkRoom() || !s.forkSeen {
		return p
	}
	for range forkTries {
		if s.budget <= 0 {
			break
		}
		if q := s.run(k, d); q != nil && b.steps(q.Steps, r) && q.Forks() > 0 {
			return q
		}
	}
	return p
}
