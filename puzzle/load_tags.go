package puzzle

import "gopkg.in/yaml.v3"

// tags reads the list of tag rules: which blocks and entities already in the world are puzzle items.
func (l *fileLoader) tags(n *yaml.Node) {
	if yamlNull(n) {
		return
	}
	if n.Kind != yaml.SequenceNode {
		l.errorf(n, "tags must be a list of tag rules")
		return
	}
	for _, e := range n.Content {
		e = yamlDeref(e)
		t := TagRule{Pos: l.pos(e)}
		l.fields(e, "tag rule", map[string]func(key, val *yaml.Node){
			"item":       func(_, v *yaml.Node) { t.Item, _ = l.word(v, "item") },
			"block":      func(_, v *yaml.Node) { t.Block, _ = l.scalar(v, "block") },
			"states":     func(_, v *yaml.Node) { t.States = l.states(v, "tag rule states") },
			"entity":     func(_, v *yaml.Node) { t.Entity, _ = l.scalar(v, "entity") },
			"above":      func(_, v *yaml.Node) { t.Above, _ = l.list(v, "block above", l.scalar) },
			"below":      func(_, v *yaml.Node) { t.Below, _ = l.list(v, "block below", l.scalar) },
			"minCluster": func(_, v *yaml.Node) { t.MinCluster, _ = l.integer(v, "minCluster") },
			"maxCluster": func(_, v *yaml.Node) { t.MaxCluster, _ = l.integer(v, "maxCluster") },
			"replace":    func(_, v *yaml.Node) { t.Replace, _ = l.boolean(v, "replace") },
		})
		if e.Kind != yaml.MappingNode {
			continue
		}
		switch {
		case t.Item == "":
			l.errorf(e, "tag rule needs an item")
		case (t.Block == "") == (t.Entity == ""):
			l.errorf(e, "tag rule needs a block or an entity, not both")
		case t.MinCluster < 0 || t.MaxCluster < 0:
			l.errorf(e, "cluster sizes cannot be negative")
		default:
			l.pack.Tags = append(l.pack.Tags, t)
		}
	}
}
