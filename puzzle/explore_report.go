package puzzle

import "fmt"

// Report is what an exploration found.
type Report struct {
	Solvable    Verdict
	Complete    bool // every reachable state was explored
	States      int  // distinct states stored, up to symmetry
	Transitions int  // moves executed
	GoalStates  int
	FailStates  int // states reached by a fail rule (counted among States)
	// DeadEnds counts the states, neither goal nor fail states, from which no goal state can be reached; -1 when
	// not analysed or not complete. Counts says which figures are known, Summary says them in words.
	DeadEnds int
	// Horizon counts the states left unexpanded at Explore.MaxDepth; the search is complete only when it is 0.
	Horizon int
	// Accelerated counts the states where a growing world was generalised (Karp and Miller's ω, see
	// accelerate.go); then Shortest counts moves to a state that stands for many, a lower bound.
	Accelerated int
	// Outgrown counts the successors left out for growing past Explore.MaxGrowth; the search is complete only when
	// it is 0.
	Outgrown int
	// Shortest is the number of moves of the shortest solution in Analyse mode; otherwise the length of the first
	// solution found, an upper bound. -1 when none was found.
	Shortest int
	// ShortestSolutions counts the distinct shortest solutions, and Solutions all solutions, where a solution is a
	// sequence of moves from the start to a goal state and two moves differ when they run different rules or bind
	// objects that are not interchangeable. Solutions is -1 when a cycle makes it infinite. Both need Analyse and a
	// search that ran to its end, and are 0 otherwise; counts saturate at CountCap.
	ShortestSolutions int64
	Solutions         int64
	// Graph is the explored graph with Explore.Graph: the whole space, or what was explored of it (Graph.Partial).
	Graph *Graph

	analyse      bool // an analysis was asked for
	analysed     bool // the analysis ran: the search was not stopped
	breadthFirst bool // breadth first without reductions: Shortest is the shortest
	stop         int  // why the search ended: searching when it ran out of states
	maxDepth     int  // Explore.MaxDepth
	maxObjects   int  // the most objects a state may have (Explore.MaxGrowth)
}

// String summarises the report on one line as key=value pairs, a figure that is not known as "unknown".
func (r *Report) String() string {
	c := r.Counts()
	return fmt.Sprintf("solvable=%s complete=%v states=%d transitions=%d goals=%d fails=%d deadEnds=%s shortest=%s solutions=%s/%s",
		r.Solvable, r.Complete, r.States, r.Transitions, r.GoalStates, r.FailStates, keyCount(c.DeadEnds), keyCount(c.Shortest),
		keyCount(c.ShortestSolutions), keyCount(c.Solutions))
}

// keyCount formats a count as a value of String: "17", ">=17", "<=5", "inf" or "unknown".
func keyCount(c Count) string {
	switch c.Bound {
	case AtLeast:
		return ">=" + Count{c.N, Exact}.String()
	case AtMost:
		return "<=" + Count{c.N, Exact}.String()
	case Unbounded:
		return "inf"
	}
	return c.String()
}
