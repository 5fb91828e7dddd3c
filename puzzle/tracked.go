package puzzle

import (
	"fmt"
)

// Done reports whether the rule of node i has run.
func (t *Tracked) Done(i int) bool { return i >= 0 && i < len(t.done) && t.done[i] }

// Restore marks the given nodes as run, as a saved game recorded them, and whether the goal was achieved. It is
// for a puzzle just tracked, before its manager is copied: a puzzle that copies share is refused.
func (t *Tracked) Restore(done []int, achieved bool) error {
	if t.shared {
		return fmt.Errorf("puzzle of %s: restored after its manager was copied", t.Area)
	}
	for _, i := range done {
		if i < 0 || i >= len(t.done) {
			return fmt.Errorf("puzzle of %s: no node %d", t.Area, i)
		}
		t.mark(i)
	}
	t.Achieved = achieved
	return nil
}

// Progress returns how many of the tree's rules have run and how many a player runs in all on the shortest way from
// here: those that have run and, of each group of alternatives not yet settled (TreeRule.Or), the one needing
// fewest. Without alternatives the total is the number of nodes.
func (t *Tracked) Progress() (done, total int) {
	for i := range t.Nodes {
		if t.Done(i) {
			done++
		}
	}
	return done, done + t.need(-1)
}

// need returns the fewest rules still to run to make every input of node parent (-1: the goal): per group of its
// children, the member needing fewest, a group settled when one of its members has run.
func (t *Tracked) need(parent int) int {
	best := map[int]int{} // by group: a child with Or 0 is a group of its own, keyed -1-index
	for i, n := range t.Nodes {
		if n.Parent != parent {
			continue
		}
		key := n.Or
		if key == 0 {
			key = -1 - i
		}
		c := 0
		if !t.Done(i) {
			c = 1 + t.need(i)
		}
		if b, ok := best[key]; !ok || c < b {
			best[key] = c
		}
	}
	sum := 0
	for _, c := range best {
		sum += c
	}
	return sum
}

// mark records that node i has run. t must be its manager's own (Manager.own), not shared with copies.
func (t *Tracked) mark(i int) {
	t.done[i] = true
}
