package puzzle

// sources keeps where the parts of a loaded pack were written, so that validation can point at an isa entry or a
// property rather than only at the item. The exported types keep one Pos each; a pack built in Go has no sources
// and its messages fall back to those.
type sources struct {
	items    map[string]*itemSource // by item name
	areas    map[*Area]*areaSource
	world    []objectSource // parallel to Pack.World
	areasKey Pos            // the first areas key, where a missing start area is reported
	layer    map[string]int // the layer (pack given to Load) each file belongs to
}

// itemSource is where an item's parts were written.
type itemSource struct {
	isa   []Pos          // parallel to Item.Isa
	areas []Pos          // parallel to Item.Areas
	props map[string]Pos // each property's value
}

// areaSource is where an area's parts were written.
type areaSource struct {
	connects []Pos // parallel to Area.Connects
	maxDepth Pos
}

// objectSource is where a world object was written.
type objectSource struct {
	pos, id, item, area Pos
	props               map[string]Pos
}

func newSources() *sources {
	return &sources{items: map[string]*itemSource{}, areas: map[*Area]*areaSource{}, layer: map[string]int{}}
}

// itemSource returns where item it was written; the item's own position stands in for unknown parts.
func (p *Pack) itemSource(it *Item) itemSource {
	var s itemSource
	if p.src != nil && p.src.items[it.Name] != nil {
		s = *p.src.items[it.Name]
	}
	s.isa = fillPos(s.isa, len(it.Isa), it.Pos)
	s.areas = fillPos(s.areas, len(it.Areas), it.Pos)
	s.props = fillPosMap(s.props, it.Props, it.Pos)
	return s
}

// areaSource returns where area a was written.
func (p *Pack) areaSource(a *Area) areaSource {
	var s areaSource
	if p.src != nil && p.src.areas[a] != nil {
		s = *p.src.areas[a]
	}
	s.connects = fillPos(s.connects, len(a.Connects), a.Pos)
	if s.maxDepth.Line == 0 {
		s.maxDepth = a.Pos
	}
	return s
}

// objectSource returns where the i-th world object was written.
func (p *Pack) objectSource(i int) objectSource {
	var s objectSource
	if p.src != nil && i < len(p.src.world) {
		s = p.src.world[i]
	}
	for _, at := range []*Pos{&s.id, &s.item, &s.area} {
		if at.Line == 0 {
			*at = s.pos
		}
	}
	s.props = fillPosMap(s.props, p.World[i].Props, s.pos)
	return s
}

// fillPos returns list extended to n positions, the new ones at.
func fillPos(list []Pos, n int, at Pos) []Pos {
	out := make([]Pos, n)
	for i := range out {
		out[i] = at
		if i < len(list) {
			out[i] = list[i]
		}
	}
	return out
}

// fillPosMap returns a copy of m with a position for every property of props, at where m has none.
func fillPosMap(m map[string]Pos, props Props, at Pos) map[string]Pos {
	out := make(map[string]Pos, len(props))
	for name := range props {
		out[name] = at
		if pos, ok := m[name]; ok {
			out[name] = pos
		}
	}
	return out
}
