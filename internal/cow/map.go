// Package cow has the copy-on-write map that the engine's and the overlay's states are made of: a copy shares
// everything with the map it was made from until one of them changes a part, which it copies first. So publishing
// a state to readers costs a few words, however large the state, and a change copies only the parts it touches.
package cow

import (
	"iter"
	"sync/atomic"
)

// groupSize is how many shards a group holds: a write to a shared map copies the root (a pointer a group), the
// group (groupSize pointers) and the shard of its key.
const groupSize = 32

// Map is a map split into shards by key, the shards gathered into groups under a root. A copy (Clone) shares the
// root, and so every group and shard, with the map it was made from; whichever first writes to a shared part
// copies it (copy on write).
//
// Each part is marked with the owner token of the map that made it. A map writes a part in place only when the
// part has its token; making a copy gives the map copied a new token (when it owns any part), so neither map then
// owns what they share. Nothing shared is ever written, not even a mark: a published map, which is never
// written, may be copied by any goroutine at the same time as its owner goes on changing its own map.
type Map[K comparable, V any] struct {
	root    *root[K, V] // nil until the first write
	count   int         // how many shards
	shardOf func(K) uint32
	n       int
	token   uint64 // the parts with this token are the map's own; 0: none yet
	owns    bool   // whether some part has the map's token
}

// root holds a map's groups.
type root[K comparable, V any] struct {
	groups []*group[K, V]
	token  uint64
}

// group holds groupSize shards.
type group[K comparable, V any] struct {
	shards [groupSize]*shard[K, V]
	token  uint64
}

// shard is one part of a Map.
type shard[K comparable, V any] struct {
	m     map[K]V
	token uint64
}

// tokens hands out owner tokens, never the same twice.
var tokens atomic.Uint64

// New returns an empty map of the given number of shards, whose keys go to the shards shardOf gives (modulo
// shards). More shards make a write copy less; a copy costs the same whatever their number.
func New[K comparable, V any](shards int, shardOf func(K) uint32) Map[K, V] {
	return Map[K, V]{count: max(shards, 1), shardOf: shardOf}
}

// Clone returns a copy of m that shares all its parts; both copy a part before writing to it. m is changed only
// when it owns a part (it takes a new token), so copying a map that is only read writes nothing.
func (m *Map[K, V]) Clone() Map[K, V] {
	if m.owns {
		m.token, m.owns = 0, false
	}
	c := *m
	c.token = 0 // the copy owns nothing: it takes a token at its first write
	return c
}

// Get returns the value of a key and whether the map has it.
func (m *Map[K, V]) Get(k K) (V, bool) {
	if sh := m.shard(k); sh != nil {
		v, ok := sh.m[k]
		return v, ok
	}
	var zero V
	return zero, false
}

// At returns the value of a key, or the zero value.
func (m *Map[K, V]) At(k K) V {
	v, _ := m.Get(k)
	return v
}

// Set gives a key a value.
func (m *Map[K, V]) Set(k K, v V) {
	sh := m.writable(k)
	if _, ok := sh.m[k]; !ok {
		m.n++
	}
	sh.m[k] = v
}

// Del removes a key.
func (m *Map[K, V]) Del(k K) {
	if _, ok := m.Get(k); !ok {
		return
	}
	delete(m.writable(k).m, k)
	m.n--
}

// Len returns how many keys the map has.
func (m *Map[K, V]) Len() int { return m.n }

// All yields every key and value, in no order.
func (m *Map[K, V]) All() iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		if m.root == nil {
			return
		}
		for _, g := range m.root.groups {
			if g != nil && !g.each(yield) {
				return
			}
		}
	}
}

// Near yields every key and value of the shard that k goes to, whether or not the map has k. With a shardOf that
// sends keys near each other to one shard (block positions by chunk), a caller finds the keys near k without
// going through the map; it skips the keys of the shard that are not near k (other chunks sent there too).
func (m *Map[K, V]) Near(k K) iter.Seq2[K, V] {
	return func(yield func(K, V) bool) {
		if sh := m.shard(k); sh != nil {
			for k, v := range sh.m {
				if !yield(k, v) {
					return
				}
			}
		}
	}
}

// each yields the keys and values of a group's shards, and reports whether to go on.
func (g *group[K, V]) each(yield func(K, V) bool) bool {
	for _, sh := range g.shards {
		if sh == nil {
			continue
		}
		for k, v := range sh.m {
			if !yield(k, v) {
				return false
			}
		}
	}
	return true
}

// index returns the shard of a key: its group and its place in the group.
func (m *Map[K, V]) index(k K) (int, int) {
	i := int(m.shardOf(k) % uint32(m.count))
	return i / groupSize, i % groupSize
}

// shard returns the shard of a key, or nil.
func (m *Map[K, V]) shard(k K) *shard[K, V] {
	if m.root == nil {
		return nil
	}
	gi, si := m.index(k)
	if g := m.root.groups[gi]; g != nil {
		return g.shards[si]
	}
	return nil
}

// writable returns the shard of a key, made the map's own with the root and group above it.
func (m *Map[K, V]) writable(k K) *shard[K, V] {
	if m.token == 0 {
		m.token = tokens.Add(1)
	}
	m.owns = true
	r := m.ownRoot()
	gi, si := m.index(k)
	g := r.groups[gi]
	switch {
	case g == nil:
		g = &group[K, V]{token: m.token}
		r.groups[gi] = g
	case g.token != m.token:
		c := *g
		c.token = m.token
		g = &c
		r.groups[gi] = g
	}
	sh := g.shards[si]
	switch {
	case sh == nil:
		sh = &shard[K, V]{m: map[K]V{}, token: m.token}
		g.shards[si] = sh
	case sh.token != m.token:
		c := &shard[K, V]{m: make(map[K]V, len(sh.m)+1), token: m.token}
		for k, v := range sh.m {
			c.m[k] = v
		}
		sh = c
		g.shards[si] = sh
	}
	return sh
}

// ownRoot returns the map's root, made its own.
func (m *Map[K, V]) ownRoot() *root[K, V] {
	switch {
	case m.root == nil:
		m.root = &root[K, V]{groups: make([]*group[K, V], (m.count+groupSize-1)/groupSize), token: m.token}
	case m.root.token != m.token:
		m.root = &root[K, V]{groups: append([]*group[K, V](nil), m.root.groups...), token: m.token}
	}
	return m.root
}
