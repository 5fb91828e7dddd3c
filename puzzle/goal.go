package puzzle

// GoalAchieved reports whether an area's goal is achieved in s: an object matching it lies in the area or in the
// inventory. The dissertation has one goal for a whole game; with several areas each goal belongs to its area, so
// that an open chest in one area does not solve a neighbour whose goal is an open chest too.
//
// Every move checks the goal of every open area, so this allocates nothing: each place is looked at on its own.
func (p *Pack) GoalAchieved(s *State, area string, goal Term) bool {
	return p.anyMatches(s, area, goal) || p.anyMatches(s, Inventory, goal)
}

// anyMatches reports whether an object lying in area matches goal.
func (p *Pack) anyMatches(s *State, area string, goal Term) bool {
	for o := range s.inAreas(area) {
		if p.Matches(o.Item, o.Props, goal) {
			return true
		}
	}
	return false
}
