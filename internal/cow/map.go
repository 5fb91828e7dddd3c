// Package cow has the copy-on-write map that the engine's and the overlay's states are made of: a copy shares
// everything with the map it was made from until one of them changes a part, which it copies first. So publishing
// a state to readers costs a few pointers, however large the state, and a change copies only the part it touches.
package cow

import "iter"

// Map is a map split into shards by key. A copy (Clone) shares every shard with the map it was made from, and
// whichever first writes to a shared shard copies it (copy on write).
//
// A shard a copy was made from is marked shared by the one copying: the owner of the map, or a goroutine that
// owns a private copy of a published one. Published copies are never written, so their shards, all shared, are
// only read, and the mark is written at most once (false to true), by the first copy.
type Map[K comparable, V any] struct {
	shards  []*shard[K, V] // nil until the first write
	count   int            // how many shards
	shardOf func(K) uint32
	n       int
}

// shard is one part of a Map.
type shard[K comparable, V any] struct {
	m      map[K]V
	shared bool // another map has it too: copy it before writing
}

// New returns an empty map of the given number of shards, whose keys go to the shards shardOf gives (modulo
// shards). More shards make a copy cost more and a write copy less.
func New[K comparable, V any](shards int, shardOf func(K) uint32) Map[K, V] {
	return Map[K, V]{count: max(shards, 1), shardOf: shardOf}
}

// Clone returns a copy of m that shares its shards; both copy a shard before writing to it.
func (m *Map[K, V]) Clone() Map[K, V] {
	for _, sh := range m.shards {
		if sh != nil && !sh.shared {
			sh.shared = true
		}
	}
	c := *m
	if m.shards != nil {
		c.shards = append([]*shard[K, V](nil), m.shards...)
	}
	return c
}

// Get returns the value of a key and whether the map has it.
func (m *Map[K, V]) Get(k K) (V, bool) {
	if m.shards == nil {
		var zero V
		return zero, false
	}
	sh := m.shards[m.index(k)]
	if sh == nil {
		var zero V
		return zero, false
	}
	v, ok := sh.m[k]
	return v, ok
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
		for _, sh := range m.shards {
			if sh == nil {
				continue
			}
			for k, v := range sh.m {
				if !yield(k, v) {
					return
				}
			}
		}
	}
}

// index returns the shard of a key.
func (m *Map[K, V]) index(k K) int { return int(m.shardOf(k) % uint32(m.count)) }

// writable returns the shard of a key, made the map's own.
func (m *Map[K, V]) writable(k K) *shard[K, V] {
	if m.shards == nil {
		m.shards = make([]*shard[K, V], m.count)
	}
	i := m.index(k)
	switch sh := m.shards[i]; {
	case sh == nil:
		m.shards[i] = &shard[K, V]{m: map[K]V{}}
	case sh.shared:
		c := &shard[K, V]{m: make(map[K]V, len(sh.m)+1)}
		for k, v := range sh.m {
			c.m[k] = v
		}
		m.shards[i] = c
	}
	return m.shards[i]
}
