package puzzle

// GoalAchieved reports whether an area's goal is achieved in s: an object matching it lies in the area or in the
// inventory. The dissertation has one goal for a whole game; with several areas each goal belongs to its area, so
// that an open chest in one area does not solve a neighbour whose goal is an open chest too.
func (p *Pack) GoalAchieved(s *State, area string, goal Term) bool {
	for o := range s.inAreas(area, Inventory) {
		if p.Matches(o.Item, o.Props, goal) {
			return true
		}
	}
	return false
}
