package puzzle

import (
	"fmt"
	"slices"

	"gopkg.in/yaml.v3"
)

// removal is an entry of a pack's remove section: something an earlier pack declared that this one takes away.
type removal struct {
	kind string // "items", "areas", "rules", "failRules", "tags", "structures" or "texts"
	name string // an item or area name, a rule's text, or the item of tag rules
	at   Pos
}

// removals reads the remove section: lists of item names, area names, rules (their text) and tag rules (their
// item) that earlier packs declared. Rules have no names, so a rule is named by its text, compared after parsing
// (spacing and the order of a term's properties do not matter); changing a rule is removing it and adding another.
func (l *fileLoader) removals(n *yaml.Node) {
	l.fields(n, "remove", map[string]func(key, val *yaml.Node){
		"items":      func(_, v *yaml.Node) { l.removeList(v, "items", l.word) },
		"areas":      func(_, v *yaml.Node) { l.removeList(v, "areas", l.scalar) },
		"tags":       func(_, v *yaml.Node) { l.removeList(v, "tags", l.word) },
		"rules":      func(_, v *yaml.Node) { l.removeRules(v, "rules") },
		"failRules":  func(_, v *yaml.Node) { l.removeRules(v, "failRules") },
		"structures": func(_, v *yaml.Node) { l.removeList(v, "structures", l.word) },
		"text":       func(_, v *yaml.Node) { l.removeList(v, "texts", l.word) },
	})
}

func (l *fileLoader) removeList(n *yaml.Node, kind string, check func(*yaml.Node, string) (string, bool)) {
	names, at := l.list(n, kind[:len(kind)-1], check)
	for i, name := range names {
		l.pack.removals = append(l.pack.removals, removal{kind: kind, name: name, at: at[i]})
	}
}

func (l *fileLoader) removeRules(n *yaml.Node, kind string) {
	texts, at := l.list(n, "rule", l.scalar)
	for i, text := range texts {
		r, err := ParseRule(text, at[i])
		if err != nil {
			l.errs.Add(at[i], "remove: %s", err.(*Error).Msg)
			continue
		}
		l.pack.removals = append(l.pack.removals, removal{kind: kind, name: r.String(), at: at[i]})
	}
}

// applyRemovals takes away from p what a later layer's remove section names. Each must have been declared by an
// earlier layer. What still refers to it is left for Validate to report at the reference.
func (p *Pack) applyRemovals(rs []removal, layer int, errs *ErrorList) {
	for _, r := range rs {
		earlier := func(at Pos) bool { return p.src.layer[at.File] < layer }
		removed := false
		switch r.kind {
		case "items":
			if it, ok := p.Items[r.name]; ok && earlier(it.Pos) {
				delete(p.Items, r.name)
				delete(p.src.items, r.name)
				p.ItemOrder = slices.DeleteFunc(p.ItemOrder, func(n string) bool { return n == r.name })
				removed = true
			}
		case "areas":
			if a, ok := p.Area(r.name); ok && earlier(a.Pos) {
				p.Areas = slices.DeleteFunc(p.Areas, func(b *Area) bool { return b == a })
				removed = true
			}
		case "rules", "failRules":
			list := &p.Rules
			if r.kind == "failRules" {
				list = &p.FailRules
			}
			before := len(*list)
			*list = slices.DeleteFunc(*list, func(x *Rule) bool { return x.String() == r.name && earlier(x.Pos) })
			removed = len(*list) < before
		case "texts":
			removed = p.removeText(r.name, earlier)
		case "tags":
			before := len(p.Tags)
			p.Tags = slices.DeleteFunc(p.Tags, func(t TagRule) bool { return t.Item == r.name && earlier(t.Pos) })
			removed = len(p.Tags) < before
		case "structures":
			removed = p.removeStructure(r.name, earlier)
		}
		if !removed {
			errs.AddHint(r.at, fmt.Sprintf("remove: no earlier pack declares %s %q", r.kind[:len(r.kind)-1], r.name), HintLayered)
		}
	}
}
