package puzzle

import "fmt"

// Ring raises the bounds of the areas at a distance from the start (counted in areas: the start is 0, its
// neighbours 1), so that difficulty grows as players go out. The ring of an area is the last ring whose From is
// at most its distance; its bounds raise the area's own, never lower them (Pack.AtDistance). A field left 0 raises
// nothing.
type Ring struct {
	From               int // the least distance the ring applies at
	MinDepth, MaxDepth int
	MinSteps, MaxSteps int
	Pos                Pos
}

// AtDistance returns area a as it is generated at a distance from the start: a copy whose bounds the ring of that
// distance raises (the larger floor and the larger limit of the area's and the ring's, a limit never below its
// floor), or a itself when no ring applies.
func (p *Pack) AtDistance(a *Area, distance int) *Area {
	r, ok := p.ringAt(distance)
	if !ok {
		return a
	}
	c := *a
	c.MinDepth = max(a.MinDepth, r.MinDepth)
	if a.MaxDepth > 0 || r.MaxDepth > 0 {
		c.MaxDepth = max(a.MaxDepth, r.MaxDepth)
	}
	if c.MaxDepth > 0 {
		c.MaxDepth = max(c.MaxDepth, c.MinDepth)
	}
	c.MinSteps = max(a.MinSteps, r.MinSteps)
	if a.MaxSteps > 0 || r.MaxSteps > 0 {
		c.MaxSteps = max(a.MaxSteps, r.MaxSteps, c.MinSteps)
	}
	return &c
}

// ringAt returns the ring of a distance: the last whose From is at most it.
func (p *Pack) ringAt(distance int) (Ring, bool) {
	var found Ring
	ok := false
	for _, r := range p.Rings {
		if r.From <= distance {
			found, ok = r, true
		}
	}
	return found, ok
}

// Distances returns each area's distance from the start through the pack's connections (two-way), as offline
// runs count it; an area the start does not reach is left out.
func (p *Pack) Distances(start string) map[string]int {
	dist := map[string]int{start: 0}
	queue := []string{start}
	for len(queue) > 0 {
		name := queue[0]
		queue = queue[1:]
		for _, n := range p.neighbours(name) {
			if _, seen := dist[n]; !seen {
				dist[n] = dist[name] + 1
				queue = append(queue, n)
			}
		}
	}
	return dist
}

// neighbours returns the areas connected to an area, in either direction.
func (p *Pack) neighbours(name string) []string {
	var out []string
	for _, a := range p.Areas {
		if a.Name == name {
			out = append(out, a.Connects...)
		}
		for _, c := range a.Connects {
			if c == name {
				out = append(out, a.Name)
			}
		}
	}
	return out
}

// stepBoundsError says what is wrong with step bounds, or "".
func stepBoundsError(minSteps, maxSteps int) string {
	switch {
	case minSteps < 0 || maxSteps < 0:
		return "minSteps and maxSteps cannot be negative"
	case maxSteps > 0 && minSteps > maxSteps:
		return fmt.Sprintf("minSteps %d is more than maxSteps %d", minSteps, maxSteps)
	}
	return ""
}
