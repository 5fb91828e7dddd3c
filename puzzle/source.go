package puzzle

// sources keeps where the parts of a loaded pack were written, so that validation can point at an isa entry or a
// property rather than only at the item. The exported types keep one Pos each; a pack built in Go has no sources
// and its messages fall back to those.
type sources struct {
	items    map[string]*itemSource // by item name
	areas    map[*Area]*areaSource
	world    []objectSource         // parallel to Pack.World
	areasKey Pos                    // the first areas key, where a missing start area is reported
	layer    map[string]int         // the layer (pack given to Load) each file belongs to
	ringsKey Pos                    // where the rings were given, when they were
	text     map[string][]string    // the lines of each file, for showing a mistake with a caret
	tags     map[Pos]map[string]Pos // by tag rule position, where its values were written (see TagPos)
	// What loading could not read, so that validation does not report what follows from it: a file with a YAML
	// syntax error (nothing of it was read) and a rule that did not parse (reach depends on every rule).
	syntax, badRules bool
}

// itemSource is where an item's parts were written.
type itemSource struct {
	isa   []Pos          // parallel to Item.Isa
	areas []Pos          // parallel to Item.Areas
	props map[string]Pos // each property's value
	look  map[string]Pos // the look's values: "block", "item", "entity", "name", "states", "states.NAME"
}

// areaSource is where an area's parts were written.
type areaSource struct {
	connects []Pos // parallel to Area.Connects
	setting  []Pos // parallel to Area.Setting
	maxDepth Pos
	bad      bool // part of the area could not be read: its depths and goals are not checked further
}

// objectSource is where a world object was written.
type objectSource struct {
	pos, id, item, area Pos
	props               map[string]Pos
}

func newSources() *sources {
	return &sources{items: map[string]*itemSource{}, areas: map[*Area]*areaSource{}, layer: map[string]int{},
		text: map[string][]string{}, tags: map[Pos]map[string]Pos{}}
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

// lines returns the lines of a file the pack was loaded from, or nil.
func (p *Pack) lines(file string) []string {
	if p.src == nil {
		return nil
	}
	return p.src.text[file]
}

// LookPos returns where part of an item's look was written: "block", "item", "entity", "name", "states" or
// "states.NAME" (the value of one state), or the look's own position when that is unknown (always, for a nil
// pack).
func (p *Pack) LookPos(it *Item, part string) Pos {
	if p != nil && p.src != nil && p.src.items[it.Name] != nil {
		if pos, ok := p.src.items[it.Name].look[part]; ok {
			return pos
		}
	}
	return posOr(it.Look.Pos, it.Pos)
}

// TagPos returns where part of a tag rule was written: "item", "block", "entity", "states", "states.NAME",
// "above.I" or "below.I" (the I-th block of the list, from 0), or the rule's own position when that is unknown.
func (p *Pack) TagPos(t TagRule, part string) Pos {
	if p != nil && p.src != nil {
		if pos, ok := p.src.tags[t.Pos][part]; ok {
			return pos
		}
	}
	return t.Pos
}

// SetSource fills in the source line of every problem of l in a file the pack was loaded from, so that it can be
// shown with a caret.
func (p *Pack) SetSource(l ErrorList) { l.withSource(p.lines) }
