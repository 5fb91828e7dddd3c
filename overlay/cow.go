package overlay

import (
	"iter"

	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
	"riddlestone/overlay/store"
)

// cowShards is how many parts a cowMap is split into: a write copies one part, about 1/cowShards of the map.
const cowShards = 1024

// cowMap is a map of the owner's state that published copies share: it is split into shards by key, a copy shares
// every shard with the map it was made from, and whichever first writes to a shared shard copies it (copy on write).
// So publishing costs a slice of cowShards pointers, and a request copies only the shards of what it changed (the
// places of one area's objects, say), however large the map.
//
// A shard a copy was made from is marked shared, by the one copying: the owner, or a goroutine that owns a private
// copy. Published copies are never written, so their shards, all shared, are only read.
type cowMap[K comparable, V any] struct {
	shards  []*cowShard[K, V] // nil until the first write
	shardOf func(K) uint32
	n       int
}

// cowShard is one part of a cowMap.
type cowShard[K comparable, V any] struct {
	m      map[K]V
	shared bool // another map has it too: copy it before writing
}

// newCowMap returns an empty map whose keys go to the shards shardOf gives.
func newCowMap[K comparable, V any](shardOf func(K) uint32) cowMap[K, V] {
	return cowMap[K, V]{shardOf: shardOf}
}

// clone returns a copy of m that shares its shards; both copy a shard before writing to it.
func (m *cowMap[K, V]) clone() cowMap[K, V] {
	for _, sh := range m.shards {
		if sh != nil && !sh.shared {
			sh.shared = true
		}
	}
	c := *m
	c.shards = append([]*cowShard[K, V](nil), m.shards...)
	return c
}

// get returns the value of a key and whether the map has it.
func (m *cowMap[K, V]) get(k K) (V, bool) {
	if m.shards == nil {
		var zero V
		return zero, false
	}
	sh := m.shards[m.shardOf(k)%cowShards]
	if sh == nil {
		var zero V
		return zero, false
	}
	v, ok := sh.m[k]
	return v, ok
}

// at returns the value of a key, or the zero value.
func (m *cowMap[K, V]) at(k K) V {
	v, _ := m.get(k)
	return v
}

// set gives a key a value.
func (m *cowMap[K, V]) set(k K, v V) {
	sh := m.writable(k)
	if _, ok := sh.m[k]; !ok {
		m.n++
	}
	sh.m[k] = v
}

// del removes a key.
func (m *cowMap[K, V]) del(k K) {
	if _, ok := m.get(k); !ok {
		return
	}
	delete(m.writable(k).m, k)
	m.n--
}

// len returns how many keys the map has.
func (m *cowMap[K, V]) len() int { return m.n }

// all yields every key and value, in no order.
func (m *cowMap[K, V]) all() iter.Seq2[K, V] {
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

// writable returns the shard of a key, made the map's own.
func (m *cowMap[K, V]) writable(k K) *cowShard[K, V] {
	if m.shards == nil {
		m.shards = make([]*cowShard[K, V], cowShards)
	}
	i := m.shardOf(k) % cowShards
	switch sh := m.shards[i]; {
	case sh == nil:
		m.shards[i] = &cowShard[K, V]{m: map[K]V{}}
	case sh.shared:
		c := &cowShard[K, V]{m: make(map[K]V, len(sh.m)+1)}
		for k, v := range sh.m {
			c.m[k] = v
		}
		m.shards[i] = c
	}
	return m.shards[i]
}

// byID shards object ids in runs of 16, which objects made together (an area's puzzle) share.
func byID(id int) uint32 { return uint32(id >> 4) }

// byChunk shards block positions by chunk column, so that one area's places share few shards.
func byChunk(p cube.Pos) uint32 { return uint32(p[0]>>4)*73856093 ^ uint32(p[2]>>4)*19349663 }

// byUUID shards entity ids by their first bytes, which are random.
func byUUID(id uuid.UUID) uint32 {
	return uint32(id[0]) | uint32(id[1])<<8 | uint32(id[2])<<16 | uint32(id[3])<<24
}

// byArea shards area positions.
func byArea(a store.AreaPos) uint32 { return uint32(a[0])*73856093 ^ uint32(a[1])*19349663 }
