package puzzle

import (
	"slices"

	"gopkg.in/yaml.v3"
)

// rings reads the list of rings: each a mapping of from and the bounds it raises. Mistakes are reported at
// their place: an unknown key, a value that is no integer, a negative one, a floor above its limit, two rings
// from the same distance, and rings given twice in one pack.
func (l *fileLoader) rings(key, n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if l.pack.src.ringsKey.Line != 0 {
		l.errorf(key, "rings are given twice in one file (first at %s)", l.pack.src.ringsKey)
		return
	}
	l.pack.src.ringsKey = l.pos(key)
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "rings must be a list of rings, each {from: distance, minDepth, maxDepth, minSteps, maxSteps}")
		return
	}
	l.pack.Rings = []Ring{} // given, even if empty: a later layer's empty list clears the earlier rings
	for _, e := range n.Content {
		e = yamlDeref(e)
		r := Ring{Pos: l.pos(e)}
		count := func(dst *int, name string) func(_, v *yaml.Node) {
			return func(_, v *yaml.Node) {
				if *dst, _ = l.integer(v, name); *dst < 0 {
					l.errorf(v, "%s cannot be negative", name)
				}
			}
		}
		from := false
		l.fields(e, "ring", map[string]func(key, val *yaml.Node){
			"from":     func(k, v *yaml.Node) { from = true; count(&r.From, "from")(k, v) },
			"minDepth": count(&r.MinDepth, "minDepth"),
			"maxDepth": count(&r.MaxDepth, "maxDepth"),
			"minSteps": count(&r.MinSteps, "minSteps"),
			"maxSteps": count(&r.MaxSteps, "maxSteps"),
		})
		if e.Kind != yaml.MappingNode {
			continue
		}
		l.checkRing(e, r, from)
		l.pack.Rings = append(l.pack.Rings, r)
	}
	slices.SortStableFunc(l.pack.Rings, func(a, b Ring) int { return a.From - b.From })
}

// checkRing reports what is wrong with one ring as a whole.
func (l *fileLoader) checkRing(e *yaml.Node, r Ring, from bool) {
	switch {
	case !from:
		l.errorf(e, "ring needs from: the least distance from the start it applies at (the start is 0)")
	case r.MaxDepth > 0 && r.MinDepth > r.MaxDepth:
		l.errorf(e, "ring from %d: minDepth %d is more than maxDepth %d", r.From, r.MinDepth, r.MaxDepth)
	}
	if msg := stepBoundsError(r.MinSteps, r.MaxSteps); msg != "" && r.MinSteps >= 0 && r.MaxSteps >= 0 {
		l.errorf(e, "ring from %d: %s", r.From, msg)
	}
	for _, o := range l.pack.Rings {
		if from && o.From == r.From {
			l.errorf(e, "two rings from distance %d (the other at %s)", r.From, o.Pos)
		}
	}
}

// mergeRings takes the rings of q, read from a later file: a later layer's rings replace the earlier ones; two
// files of one layer may not both give them.
func (p *Pack) mergeRings(q *Pack, layer int, errs *ErrorList) {
	if q.Rings == nil {
		return
	}
	if p.Rings != nil && p.src.layer[p.src.ringsKey.File] == layer {
		errs.Add(q.src.ringsKey, "rings are given twice in one pack (first at %s)", p.src.ringsKey)
		return
	}
	p.Rings, p.src.ringsKey = q.Rings, q.src.ringsKey
}
