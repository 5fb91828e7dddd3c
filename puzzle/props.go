package puzzle

import (
	"maps"
	"slices"
	"strings"
)

// Names of the properties that have logic attached to them (dissertation 3.2).
const (
	PropCarryable    = "carryable"    // a player can hold the item
	PropNotSpawnable = "notSpawnable" // the item is used only if it already exists
	PropContains     = "contains"     // the item held inside a container
)

// Props are the properties of an item, a term or an object.
type Props map[string]Value

// Get returns a property's value. A missing property reads as boolean false, as the dissertation says.
func (p Props) Get(name string) Value {
	if v, ok := p[name]; ok {
		return v
	}
	return Bool(false)
}

// Has reports whether p has every property of want with the same value, where a missing boolean counts as false.
func (p Props) Has(want Props) bool {
	for name, v := range want {
		if p.Get(name) != v {
			return false
		}
	}
	return true
}

// Equal reports whether p and q have the same properties, a missing boolean again counting as false.
func (p Props) Equal(q Props) bool { return p.Has(q) && q.Has(p) }

// Clone returns a copy of p that can be changed without changing p.
func (p Props) Clone() Props { return maps.Clone(p) }

// has reports whether p sets a property.
func (p Props) has(name string) bool {
	_, ok := p[name]
	return ok
}

// With returns p with the properties of set written over it: p itself when that changes nothing, else a copy.
// Objects share property maps with each other and with their items, so a map is never changed in place: a change
// makes a new map. The result is never nil.
func (p Props) With(set Props) Props {
	if p != nil && containsAll(p, set) {
		return p
	}
	q := make(Props, len(p)+len(set))
	maps.Copy(q, p)
	maps.Copy(q, set)
	return q
}

// containsAll reports whether p has every property of set with the same value, a missing one counting as absent.
func containsAll(p, set Props) bool {
	for name, v := range set {
		if w, ok := p[name]; !ok || w != v {
			return false
		}
	}
	return true
}

// String formats the properties as in a rule, sorted by name: "[locked: true, owner: Bob]", or "" when empty.
func (p Props) String() string {
	if len(p) == 0 {
		return ""
	}
	var b strings.Builder
	b.WriteByte('[')
	for i, name := range slices.Sorted(maps.Keys(p)) {
		if i > 0 {
			b.WriteString(", ")
		}
		b.WriteString(name)
		b.WriteString(": ")
		b.WriteString(p[name].String())
	}
	b.WriteByte(']')
	return b.String()
}
