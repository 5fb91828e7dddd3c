package puzzle

import (
	"slices"
	"unicode/utf8"

	"gopkg.in/yaml.v3"
)

// structures reads the structures mapping: structure name to its for, palette and layout.
func (l *fileLoader) structures(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "structures must be a mapping from structure names to structures")
		return
	}
	l.pairs(n, "structures", func(key, val *yaml.Node) {
		if name, ok := l.word(key, "structure name"); ok {
			l.structure(name, key, val)
		}
	})
}

// structure reads one structure and adds it to the pack when it is whole.
func (l *fileLoader) structure(name string, key, val *yaml.Node) {
	s := &Structure{Name: name, Pos: l.pos(key), Palette: map[rune]StructureBlock{}}
	what := "structure " + name
	var layout *yaml.Node
	var rows [][]textLine
	l.fields(val, what, map[string]func(key, val *yaml.Node){
		"for":     func(_, v *yaml.Node) { s.For, s.ForPos = l.list(v, "item or type", l.word) },
		"replace": func(_, v *yaml.Node) { s.Replace, _ = l.boolean(v, "replace") },
		"turns":   func(_, v *yaml.Node) { s.Turns = l.turns(v, what) },
		"on":      func(_, v *yaml.Node) { s.Water = l.surface(v, what) },
		"palette": func(_, v *yaml.Node) { l.palette(v, what, s.Palette) },
		"layout":  func(k, v *yaml.Node) { layout, rows = k, l.layout(v, what) },
	})
	if yamlDeref(val).Kind != yaml.MappingNode {
		return
	}
	if len(s.For) == 0 {
		l.errorf(key, "%s needs for: the items or types whose objects it goes around", what)
	}
	if layout == nil {
		l.errorf(key, "%s needs a layout", what)
	}
	if rows == nil {
		return
	}
	s.Layers = layerTexts(rows)
	l.checkCells(layout, rows, what, s)
	if s.Water {
		l.checkWater(key, rows, what, s)
	}
	l.pack.Structures = append(l.pack.Structures, s)
}

// layerTexts returns the text of the rows of each layer.
func layerTexts(layers [][]textLine) [][]string {
	out := make([][]string, len(layers))
	for i, rows := range layers {
		for _, r := range rows {
			out[i] = append(out[i], r.text)
		}
	}
	return out
}

// palette reads a structure's palette: one character to a block name, or to a mapping of block and states.
func (l *fileLoader) palette(n *yaml.Node, what string, out map[rune]StructureBlock) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "%s palette must be a mapping from characters to blocks", what)
		return
	}
	l.pairs(n, what+" palette", func(key, val *yaml.Node) {
		c, size := utf8.DecodeRuneInString(key.Value)
		switch {
		case size == 0 || size != len(key.Value):
			l.errorf(key, "%s palette: %q is not one character", what, key.Value)
			return
		case c == AnchorMark || c == AirMark || c == KeepMark:
			l.errorf(key, "%s palette: %q is a built-in mark (%c anchor, %c air, %c keep the world's block)",
				what, key.Value, AnchorMark, AirMark, KeepMark)
			return
		case c == ' ' || c == '\t':
			l.errorf(key, "%s palette: a blank cannot be a palette character", what)
			return
		}
		if b, ok := l.structureBlock(val, what+" palette "+key.Value); ok {
			out[c] = b
		}
	})
}

// structureBlock reads a palette entry: a block name, or {block: NAME, states: {...}}.
func (l *fileLoader) structureBlock(n *yaml.Node, what string) (StructureBlock, bool) {
	b := StructureBlock{Pos: l.pos(n)}
	if n.Kind == yaml.ScalarNode {
		name, ok := l.scalar(n, what)
		b.Block = name
		return b, ok
	}
	at := map[string]Pos{}
	l.fields(n, what, map[string]func(key, val *yaml.Node){
		"block": func(_, v *yaml.Node) {
			b.Block, _ = l.scalar(v, what+" block")
			b.Pos = l.pos(v)
		},
		"states": func(_, v *yaml.Node) { b.States = l.states(v, what+" states", at) },
		"post":   func(_, v *yaml.Node) { b.Post, _ = l.boolean(v, what+" post") },
		"items":  func(_, v *yaml.Node) { b.Items = l.containerItems(v, what+" items") },
	})
	if b.Block == "" {
		if n.Kind == yaml.MappingNode {
			l.errorf(n, "%s needs a block", what)
		}
		return b, false
	}
	b.StatePos = map[string]Pos{}
	for name := range b.States {
		b.StatePos[name] = at["states."+name]
	}
	return b, true
}

// layout reads a structure's layout: a list of layers, bottom first, each a literal block (|) or a list of
// strings, one row a line. It returns the rows with where each starts, or nil after reporting a misshapen layout.
func (l *fileLoader) layout(n *yaml.Node, what string) [][]textLine {
	if n.Kind != yaml.SequenceNode || len(n.Content) == 0 {
		l.errorf(n, "%s layout must be a list of layers, bottom first", what)
		return nil
	}
	var layers [][]textLine
	for _, e := range n.Content {
		rows := l.layerRows(yamlDeref(e), what)
		if rows == nil {
			return nil
		}
		layers = append(layers, rows)
	}
	if !l.layoutShape(layers, what) {
		return nil
	}
	return layers
}

// layerRows returns the rows of one layer with where each starts, or nil after reporting why there are none.
func (l *fileLoader) layerRows(n *yaml.Node, what string) []textLine {
	var rows []textLine
	switch {
	case n.Kind == yaml.ScalarNode && n.Style&yaml.LiteralStyle != 0:
		rows = l.textLines(n)
		for len(rows) > 0 && rows[len(rows)-1].text == "" {
			rows = rows[:len(rows)-1]
		}
	case n.Kind == yaml.SequenceNode:
		for _, e := range n.Content {
			e = yamlDeref(e)
			if _, ok := l.scalar(e, what+" layout row"); !ok {
				return nil
			}
			rows = append(rows, l.textLines(e)[0])
		}
	default:
		l.errorf(n, "%s layout: a layer must be a literal block (- |) or a list of rows", what)
		return nil
	}
	if len(rows) == 0 {
		l.errorf(n, "%s layout: empty layer", what)
		return nil
	}
	return rows
}

// layoutShape reports whether every layer has the rows of the first and every row the width of the first,
// reporting each that does not: at the end of a short row, at the first character past the width of a long one.
func (l *fileLoader) layoutShape(layers [][]textLine, what string) bool {
	width := utf8.RuneCountInString(layers[0][0].text)
	ok := true
	for i, rows := range layers {
		if len(rows) != len(layers[0]) {
			l.errs.Add(rows[0].at, "%s layout: layer %d has %d rows, the first layer %d", what, i+1, len(rows), len(layers[0]))
			ok = false
		}
		for _, r := range rows {
			if n := utf8.RuneCountInString(r.text); n != width {
				l.errs.Add(r.clamp(r.charPos(min(n, width))), "%s layout: ragged row: %d characters wide, the first row %d", what, n, width)
				ok = false
			}
		}
	}
	return ok
}

// charPos returns the position of the character at index i (in characters) of the line, or just past its end.
func (t textLine) charPos(i int) Pos {
	at := t.at
	for k := range t.text {
		if i == 0 {
			at.Col += k
			return at
		}
		i--
	}
	at.Col += len(t.text)
	return at
}

// checkCells checks every character of a layout against the palette and finds the anchor: one, above the bottom
// layer, over a block the object stands on.
func (l *fileLoader) checkCells(key *yaml.Node, layers [][]textLine, what string, s *Structure) {
	var anchors []Pos
	for li, rows := range layers {
		for ri, r := range rows {
			for ci, c := range []rune(r.text) {
				at := r.clamp(r.charPos(ci))
				switch _, known := s.Palette[c]; {
				case c == AnchorMark:
					s.Anchor = [3]int{li, ri, ci}
					anchors = append(anchors, at)
				case c == AirMark || c == KeepMark || known:
				default:
					l.errs.Add(at, "%s layout: unknown palette character %q", what, string(c))
				}
			}
		}
	}
	switch {
	case len(anchors) == 0:
		l.errorf(key, "%s layout has no anchor: mark where the object stands with %c", what, AnchorMark)
	case len(anchors) > 1:
		l.errs.Add(anchors[1], "%s layout: a second anchor (the first at %s); mark one place for the object", what, anchors[0])
	case s.Anchor[0] == 0:
		l.errs.Add(anchors[0], "%s layout: the anchor is in the bottom layer, the floor; put it in the layer above", what)
	default:
		below := layers[s.Anchor[0]-1][s.Anchor[1]]
		if _, ok := s.Palette[[]rune(below.text)[s.Anchor[2]]]; !ok {
			l.errs.Add(below.clamp(below.charPos(s.Anchor[2])), "%s layout: the cell under the anchor must be a block the object stands on", what)
		}
	}
}

// mergeStructures adds the structures of q, read from a later file, to p: within one layer every name is declared
// once, and a later layer replaces an earlier structure only with replace: true.
func (p *Pack) mergeStructures(q *Pack, layer int, errs *ErrorList) {
	for _, s := range q.Structures {
		old, exists := p.Structure(s.Name)
		var oldPos *Pos
		if exists {
			oldPos = &old.Pos
		}
		switch {
		case !p.admit(errs, declaration{"structure " + s.Name, "declared", "declares"}, s.Pos, s.Replace, oldPos, layer):
		case exists:
			p.Structures[slices.Index(p.Structures, old)] = s
		default:
			p.Structures = append(p.Structures, s)
		}
	}
}

// removeStructure removes the structure an earlier layer declared under a name, reporting whether there was one.
func (p *Pack) removeStructure(name string, earlier func(Pos) bool) bool {
	n := len(p.Structures)
	p.Structures = slices.DeleteFunc(p.Structures, func(s *Structure) bool { return s.Name == name && earlier(s.Pos) })
	return len(p.Structures) < n
}

// turns reads the quarter turns a structure may be built in: integers from 0 to 3.
func (l *fileLoader) turns(n *yaml.Node, what string) []int {
	elems := []*yaml.Node{n}
	if n.Kind == yaml.SequenceNode {
		elems = n.Content
	}
	var out []int
	for _, e := range elems {
		e = yamlDeref(e)
		t, ok := l.integer(e, what+" turn")
		switch {
		case !ok:
		case t < 0 || t > 3:
			l.errorf(e, "%s: a turn is 0 to 3 quarter turns clockwise, not %d", what, t)
		default:
			out = append(out, t)
		}
	}
	return out
}

// surface reads where a structure is built: on ground (the default) or on water.
func (l *fileLoader) surface(n *yaml.Node, what string) bool {
	v, ok := l.scalar(n, what+" on")
	switch {
	case !ok:
	case v == "water":
		return true
	case v != "ground":
		l.errorf(n, "%s: on is ground or water, not %q", what, v)
	}
	return false
}

// checkWater checks what a structure built on water needs: the object stands on the deck, the bottom layer (the
// anchor is in the second), and the deck stands on posts.
func (l *fileLoader) checkWater(key *yaml.Node, layers [][]textLine, what string, s *Structure) {
	if a := s.Anchor; a[0] > 1 {
		r := layers[a[0]][a[1]]
		l.errs.Add(r.clamp(r.charPos(a[2])), "%s layout: on water the object stands on the deck, the bottom layer: put the anchor in the second layer", what)
	}
	if !s.Posts() {
		l.errorf(key, "%s is built on water and needs posts: a palette block with post: true in its bottom layer", what)
	}
}

// containerItems reads what a container is built holding: a mapping of item names to counts from 1 to
// MaxStructureStack, in the order written.
func (l *fileLoader) containerItems(n *yaml.Node, what string) []StructureItem {
	if n.Kind != yaml.MappingNode {
		l.errorf(n, "%s must be a mapping from item names to counts, like {bread: 3}", what)
		return nil
	}
	var out []StructureItem
	l.pairs(n, what, func(key, val *yaml.Node) {
		count, ok := l.integer(val, what+" "+key.Value+" count")
		switch {
		case !ok:
		case count < 1 || count > MaxStructureStack:
			l.errorf(val, "%s: a count is 1 to %d, not %d", what, MaxStructureStack, count)
		default:
			out = append(out, StructureItem{Name: key.Value, Count: count, Pos: l.pos(key), CountPos: l.pos(val)})
		}
	})
	return out
}
