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
	for _, shards := range []int{1, 16, 100, 1024} { // one group; several, the last one part full
		t.Run(fmt.Sprint(shards, " shards"), func(t *testing.T) { followPlainMaps(t, shards) })
	}
}

func followPlainMaps(t *testing.T, shards int) {
	rng := rand.New(rand.NewPCG(7, 8))
	m := New[int, string](shards, func(k int) uint32 { return uint32(k) })
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
		if step%1000 == 999 { // a copy that changes on its own, and a copy of it that changes too
			c := m.Clone()
			c.Set(-1, "copy's own")
			c.Del(k)
			cc := c.Clone()
			cc.Set(-2, "copy's copy's own")
			c.Set(-3, "copy's own again")
			_, m1 := m.Get(-1)
			_, c2 := c.Get(-2)
			_, cc3 := cc.Get(-3)
			if m1 || c2 || cc3 || cc.At(-1) != "copy's own" {
				t.Fatalf("step %d: a copy's write reached the map it came from (%v %v %v)", step, m1, c2, cc3)
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

// Copies of a map that is only read (a published state) are made by other goroutines while the map's owner goes
// on writing its own copy: nothing shared is written, which the race detector checks.
func TestCopyingAPublishedMapWritesNothing(t *testing.T) {
	m := New[int, int](256, func(k int) uint32 { return uint32(k) })
	for k := range 2000 {
		m.Set(k, k)
	}
	published := m.Clone()
	done := make(chan struct{})
	for range 2 {
		go func() {
			defer func() { done <- struct{}{} }()
			for i := range 200 {
				c := published.Clone()
				c.Set(i, -i)
				if published.At(i) != i {
					t.Errorf("a reader's copy changed the published map at %d", i)
					return
				}
			}
		}()
	}
	for k := range 2000 {
		m.Set(k, k+1)
	}
	<-done
	<-done
	for k := range 2000 {
		if published.At(k) != k || m.At(k) != k+1 {
			t.Fatalf("key %d: published %d, owner's %d", k, published.At(k), m.At(k))
		}
	}
}

// BenchmarkClone measures a copy and the first write after it, as a publish and the next change make them, for
// maps of more and more shards: the copy costs the same whatever their number.
func BenchmarkClone(b *testing.B) {
	for _, shards := range []int{64, 1024, 8192} {
		b.Run(fmt.Sprint(shards), func(b *testing.B) {
			m := New[int, int](shards, func(k int) uint32 { return uint32(k) })
			for k := range 100_000 {
				m.Set(k, k)
			}
			var kept Map[int, int]
			for i := 0; b.Loop(); i++ {
				kept = m.Clone()
				m.Set(i%100_000, i)
			}
			_ = kept
		})
	}
}
