package puzzle

import (
	"fmt"

	"gopkg.in/yaml.v3"
)

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
		at := map[string]Pos{}
		str := func(field *string, name string, check func(*yaml.Node, string) (string, bool)) func(_, v *yaml.Node) {
			return func(_, v *yaml.Node) {
				*field, _ = check(v, name)
				at[name] = l.pos(v)
			}
		}
		list := func(field *[]string, name, what string) func(_, v *yaml.Node) {
			return func(_, v *yaml.Node) {
				var where []Pos
				*field, where = l.list(v, what, l.scalar)
				for i, pos := range where {
					at[fmt.Sprintf("%s.%d", name, i)] = pos
				}
			}
		}
		l.fields(e, "tag rule", map[string]func(key, val *yaml.Node){
			"item":       str(&t.Item, "item", l.word),
			"block":      str(&t.Block, "block", l.scalar),
			"states":     func(_, v *yaml.Node) { t.States = l.states(v, "tag rule states", at) },
			"entity":     str(&t.Entity, "entity", l.scalar),
			"above":      list(&t.Above, "above", "block above"),
			"below":      list(&t.Below, "below", "block below"),
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
			l.pack.src.tags[t.Pos] = at
		}
	}
}
