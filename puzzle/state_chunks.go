package puzzle

import (
	"iter"
	"slices"
	"sync/atomic"
)

// stateChunk is how many objects a chunk of a state holds when made; a chunk that grows to twice as many splits.
// Changing an object of a shared chunk copies that chunk alone.
const stateChunk = 128

// chunk is a run of a state's objects in id order. Once shared by copies of a state (State.Clone), it never
// changes again: a state that changes one of its objects copies it first. shared is atomic because published
// copies of a state are copied by several goroutines at once.
type chunk struct {
	objs   []Object
	shared atomic.Bool
}

// fill sets s's objects to objs, which are in id order and become s's.
func (s *State) fill(objs []Object) {
	s.chunks, s.n, s.byArea, s.byItem = nil, len(objs), nil, nil
	for len(objs) > 0 {
		n := min(stateChunk, len(objs))
		s.chunks = append(s.chunks, &chunk{objs: objs[:n:n]})
		objs = objs[n:]
	}
	s.index()
}

// all returns the objects of s in id order, as s holds them: read them, never change them.
func (s *State) all() iter.Seq[*Object] {
	return func(yield func(*Object) bool) {
		for _, c := range s.chunks {
			for i := range c.objs {
				if !yield(&c.objs[i]) {
					return
				}
			}
		}
	}
}

// objectsOf returns the objects of s with the given ids, which are in increasing order, leaving out any s does
// not hold. It walks forward through the chunks, looking each id up from where the last was found: ids of one
// area are mostly near each other, so most are the next object, or in the same chunk.
func (s *State) objectsOf(ids []int) iter.Seq[*Object] {
	return func(yield func(*Object) bool) {
		k, i := 0, 0
		for _, id := range ids {
			for k < len(s.chunks) && s.chunks[k].last() < id {
				k, i = k+1+chunkOf(s.chunks[k+1:], id), 0
			}
			if k == len(s.chunks) {
				return
			}
			objs := s.chunks[k].objs
			if i >= len(objs) || objs[i].ID != id {
				j, ok := slices.BinarySearchFunc(objs[i:], id, func(o Object, id int) int { return o.ID - id })
				if i += j; !ok {
					continue
				}
			}
			if !yield(&objs[i]) {
				return
			}
			i++
		}
	}
}

// last returns the id of the chunk's last object.
func (c *chunk) last() int { return c.objs[len(c.objs)-1].ID }

// chunkOf returns the index of the first of chunks whose last object's id is at least id; len(chunks) if none.
func chunkOf(chunks []*chunk, id int) int {
	k, _ := slices.BinarySearchFunc(chunks, id, func(c *chunk, id int) int { return c.last() - id })
	return k
}

// find returns the chunk that holds, or would hold, the object with the given id, and the object's position in it.
func (s *State) find(id int) (k, i int, ok bool) {
	k = chunkOf(s.chunks, id)
	if k == len(s.chunks) {
		if k == 0 {
			return 0, 0, false
		}
		k--
		return k, len(s.chunks[k].objs), false
	}
	i, ok = slices.BinarySearchFunc(s.chunks[k].objs, id, func(o Object, id int) int { return o.ID - id })
	return k, i, ok
}

// own returns chunk k of s for changing it, copied first if copies of s share it.
func (s *State) own(k int) *chunk {
	c := s.chunks[k]
	if c.shared.Load() {
		c = &chunk{objs: slices.Clone(c.objs)}
		s.chunks[k] = c
	}
	return c
}

// insert adds o to s in id order; its id must be free.
func (s *State) insert(o Object) {
	k, i, _ := s.find(o.ID)
	if len(s.chunks) == 0 {
		s.chunks = []*chunk{{objs: make([]Object, 0, 8)}} // the explorer's states are small and made often
	}
	c := s.own(k)
	c.objs = slices.Insert(c.objs, i, o)
	if len(c.objs) >= 2*stateChunk {
		half := &chunk{objs: slices.Clone(c.objs[stateChunk:])}
		c.objs = c.objs[:stateChunk:stateChunk]
		s.chunks = slices.Insert(s.chunks, k+1, half)
	}
	s.n++
	s.changed(Object{}, o)
	s.index() // made once the state has grown to indexFrom objects
}

// remove takes the object with the given id out of s and returns it.
func (s *State) remove(id int) (Object, bool) {
	k, i, ok := s.find(id)
	if !ok {
		return Object{}, false
	}
	s.index()
	c := s.own(k)
	o := c.objs[i]
	c.objs = slices.Delete(c.objs, i, i+1)
	if len(c.objs) == 0 {
		s.chunks = slices.Delete(s.chunks, k, k+1)
	}
	s.n--
	s.changed(o, Object{})
	return o, true
}

// replace puts o in the place of the object of s with its id, which must exist.
func (s *State) replace(o Object) {
	k, i, ok := s.find(o.ID)
	if !ok {
		return
	}
	s.index()
	c := s.own(k)
	s.changed(c.objs[i], o)
	c.objs[i] = o
}

// removeIf takes out of s every object for which drop reports true and returns them in id order. Chunks with none
// to drop stay shared.
func (s *State) removeIf(drop func(Object) bool) []Object {
	var out []Object
	s.index()
	for k := 0; k < len(s.chunks); k++ {
		if !slices.ContainsFunc(s.chunks[k].objs, drop) {
			continue
		}
		c := s.own(k)
		kept := c.objs[:0]
		for _, o := range c.objs {
			if drop(o) {
				out = append(out, o)
				s.changed(o, Object{})
				continue
			}
			kept = append(kept, o)
		}
		clear(c.objs[len(kept):])
		s.n -= len(c.objs) - len(kept)
		c.objs = kept
		if len(kept) == 0 {
			s.chunks = slices.Delete(s.chunks, k, k+1)
			k--
		}
	}
	return out
}
