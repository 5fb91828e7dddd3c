package puzzle

// CarriedIn returns the objects of a puzzle's leaves that the player brings in from elsewhere: those that, in
// state s, are in an inventory or lie in another area. Each must be announced to the player (the overlay names
// them with the area's goal, in the chat and in the guide book), or nothing would point to them.
func (p *Puzzle) CarriedIn(s *State) []Object {
	var out []Object
	for _, l := range p.Leaves() {
		if o, ok := s.Object(l.Object); ok && o.Area != p.Area && o.Area != InContainer {
			out = append(out, *o)
		}
	}
	return out
}
