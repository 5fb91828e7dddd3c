package puzzle

// startProgress returns the progress entries of the start: each tree's nodes that have run.
func (x *explorer) startProgress() []entry {
	if x.sp.tree == noLoc {
		return nil
	}
	var es []entry
	for pz, t := range x.book.trees {
		done := make([]bool, len(t.nodes))
		if x.cfg.Puzzles != nil {
			for n := range done {
				done[n] = x.cfg.Puzzles[pz].Done(n)
			}
		}
		es = append(es, x.sp.progress(pz, t.area, done))
	}
	return es
}

func (x *explorer) isGoal(es []entry) bool {
	if x.cfg.GoalFunc != nil {
		return x.cfg.GoalFunc(x.sp.state(es))
	}
	for _, e := range es {
		if x.goalMatches(entryKind(e)) && x.goalPlace(entryLoc(e)) {
			return true
		}
	}
	return false
}

// goalPlace reports whether an object at a location can achieve the goal: anywhere without Explore.GoalArea,
// else in that area or the inventory.
func (x *explorer) goalPlace(loc uint16) bool {
	if x.cfg.GoalArea == "" {
		return true
	}
	at := x.sp.locs[loc]
	return at == x.cfg.GoalArea || at == Inventory || x.sp.merged && loc == x.sp.areas[0]
}

func (x *explorer) goalMatches(k uint32) bool {
	return memoMatch(&x.goalM, k, func() bool {
		kd := x.sp.kinds[k]
		return x.p.Matches(kd.item, kd.props, x.cfg.Goal)
	})
}

// memoMatch looks a kind up in a lazily grown table of answers.
func memoMatch(tab *[]int8, k uint32, compute func() bool) bool {
	for int(k) >= len(*tab) {
		*tab = append(*tab, 0)
	}
	if v := (*tab)[k]; v != 0 {
		return v > 0
	}
	v := int8(-1)
	if compute() {
		v = 1
	}
	(*tab)[k] = v
	return v > 0
}
