package puzzle

// checkDepths warns of an area whose puzzles the generator can never make as deep as its minDepth asks, or within
// its maxDepth, with the items the area may use: generation then gives way on the bound (Relaxation), so every
// puzzle there is shallower or deeper than the pack asks. It uses the generator's
// feasibility table, which is exact for a world without objects, where the type-level reach check is a bound.
// It runs only on a pack without errors.
func (v *validator) checkDepths() {
	g := NewGenerator(v.p)
	for _, a := range v.p.Areas {
		if a.MinDepth <= 1 || v.p.areaSource(a).bad {
			continue
		}
		maxD := a.MaxDepth
		if maxD <= 0 {
			maxD = DefaultMaxDepth
		}
		deepest, any := -1, depthMask(0)
		for i := range g.goalKeys[a.Name] {
			deepest = max(deepest, g.goalTables[a.Name][i].rootDepth.highestIn(1, min(maxD, maxTableDepth)))
			any |= g.goalTables[a.Name][i].rootDepth
		}
		switch {
		case deepest < 0 && any&^1 == 0:
			v.warnf(a.Pos, "area %s: no goal can be made at any depth with the items the area may use, so it never gets a puzzle", a.Name)
		case deepest < 0:
			v.warnf(a.Pos, "area %s: no goal can be made within maxDepth %d with the items the area may use, so its puzzles are deeper: at least %d rules", a.Name, maxD, (any &^ 1).lowest())
		case deepest < a.MinDepth:
			v.warnf(a.Pos, "area %s: with the items the area may use, its deepest puzzle is %d rules deep, less than its minDepth %d, so its puzzles are shallower than that", a.Name, deepest, a.MinDepth)
		}
	}
}
