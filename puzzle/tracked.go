package puzzle

import (
	"fmt"
	"slices"
)

// Done reports whether the rule of node i has run.
func (t *Tracked) Done(i int) bool { return i >= 0 && i < len(t.done) && t.done[i] }

// Restore marks the given nodes as run, as a saved game recorded them, and whether the goal was achieved.
func (t *Tracked) Restore(done []int, achieved bool) error {
	for _, i := range done {
		if i < 0 || i >= len(t.done) {
			return fmt.Errorf("puzzle of %s: no node %d", t.Area, i)
		}
		t.mark(i)
	}
	t.Achieved = achieved
	return nil
}

// mark records that node i has run. The nodes' record is shared by the copies of a manager (Manager.Clone), so
// it is copied first: a copy never sees another's change.
func (t *Tracked) mark(i int) {
	t.done = slices.Clone(t.done)
	t.done[i] = true
}
