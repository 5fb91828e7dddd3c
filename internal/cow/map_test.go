package cow

import (
	"fmt"
	"maps"
	"math/rand/v2"
	"testing"
)

// A map and its copies follow plain maps through random sets and deletes: each copy keeps what it held when it
// was made while the map it came from changes, and a copy changed on its own does not change the map.
func TestMapAndItsCopiesFollowPlainMaps(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	m := New[int, string](16, func(k int) uint32 { return uint32(k) })
	want := map[int]string{}
	type frozen struct {
		c    Map[int, string]
		want map[int]string
	}
	var copies []frozen
	for step := range 5000 {
		k := rng.IntN(400)
		if rng.IntN(3) == 0 {
			m.Del(k)
			delete(want, k)
		} else {
			v := fmt.Sprint(step)
			m.Set(k, v)
			want[k] = v
		}
		if step%400 == 0 {
			copies = append(copies, frozen{m.Clone(), maps.Clone(want)})
		}
		if step%1000 == 999 { // a copy that changes on its own
			c := m.Clone()
			c.Set(-1, "copy's own")
			c.Del(k)
			if _, ok := m.Get(-1); ok {
				t.Fatalf("step %d: the copy's write reached the map", step)
			}
		}
	}
	check := func(name string, m *Map[int, string], want map[int]string) {
		t.Helper()
		if got := maps.Collect(m.All()); !maps.Equal(got, want) || m.Len() != len(want) {
			t.Fatalf("%s: %d keys %v, want %d", name, m.Len(), len(got), len(want))
		}
		for k, v := range want {
			if got, ok := m.Get(k); !ok || got != v || m.At(k) != v {
				t.Fatalf("%s: key %d is %q (%v), want %q", name, k, got, ok, v)
			}
		}
	}
	check("map", &m, want)
	for i := range copies {
		check(fmt.Sprint("copy ", i), &copies[i].c, copies[i].want)
	}
}

// An empty map and its copy read as empty and write on their own.
func TestEmptyMapCopies(t *testing.T) {
	m := New[string, int](4, func(k string) uint32 { return uint32(len(k)) })
	c := m.Clone()
	c.Set("a", 1)
	if m.Len() != 0 || m.At("a") != 0 || c.At("a") != 1 {
		t.Fatalf("map %d keys, copy %d", m.Len(), c.Len())
	}
}
