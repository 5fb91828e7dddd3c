package puzzle

import "slices"

// Types returns every type an item belongs to: its name, its isa types, the isa types of those that are items
// themselves (transitively), and Item. An unknown item has no types. isa cycles are a validation error; here they
// simply end the walk.
func (p *Pack) Types(item string) []string {
	it, ok := p.Items[item]
	if !ok {
		return nil
	}
	types := []string{it.Name}
	for i := 0; i < len(types); i++ {
		cur, ok := p.Items[types[i]]
		if !ok {
			continue
		}
		for _, t := range cur.Isa {
			if !slices.Contains(types, t) {
				types = append(types, t)
			}
		}
	}
	if !slices.Contains(types, TypeItem) {
		types = append(types, TypeItem)
	}
	return types
}

// IsA reports whether item is of type typ: the same type or a sub-type. It walks the isa types as Types does but
// without allocating for the usual shallow hierarchies, because game logic asks it for every input of every move.
func (p *Pack) IsA(item, typ string) bool {
	it, ok := p.Items[item]
	if !ok {
		return false
	}
	if typ == TypeItem || item == typ {
		return true
	}
	var buf [16]string
	seen := append(buf[:0], it.Name)
	for i := 0; i < len(seen); i++ {
		cur, ok := p.Items[seen[i]]
		if !ok {
			continue
		}
		for _, t := range cur.Isa {
			if t == typ {
				return true
			}
			if !slices.Contains(seen, t) {
				seen = append(seen, t)
			}
		}
	}
	return false
}

// Matches reports whether an object of the given item with the given properties can fill term t (dissertation
// 3.3): it is of the term's type or a sub-type, and it has every property of the term (it may have more).
func (p *Pack) Matches(item string, props Props, t Term) bool {
	return p.IsA(item, t.Type) && props.Has(t.Props)
}

// SubType reports whether type sub is the same as or more specific than type super. A type is more specific than
// another when every item of it is also of the other, and at least one item is of it; Item is the most general.
func (p *Pack) SubType(sub, super string) bool {
	if sub == super || super == TypeItem {
		return true
	}
	if _, ok := p.Items[sub]; ok {
		return p.IsA(sub, super)
	}
	found := false
	for _, name := range p.ItemOrder {
		if p.IsA(name, sub) {
			if !p.IsA(name, super) {
				return false
			}
			found = true
		}
	}
	return found
}
