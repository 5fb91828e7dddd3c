package pgstore_test

import (
	"errors"
	"fmt"
	"sync/atomic"
	"testing"
	"time"

	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
)

// committer commits changes of coins, ten at a time, on a goroutine until stop is closed, and counts those
// committed: next is the next id after the last change Commit returned from without an error.
type committer struct {
	next atomic.Int64
	stop chan struct{}
	done chan error
}

func commitOn(s *pgstore.Store) *committer {
	c := &committer{stop: make(chan struct{}), done: make(chan error, 1)}
	c.next.Store(1)
	go func() {
		for id := 1; ; id += 10 {
			select {
			case <-c.stop:
				c.done <- nil
				return
			default:
			}
			if err := s.Commit(coins(id, 10)); err != nil {
				c.done <- fmt.Errorf("the commit of objects %d to %d: %w", id, id+9, err)
				return
			}
			c.next.Store(int64(id + 10))
		}
	}()
	return c
}

// await waits until the committer has committed up to next id n, or fails the test.
func (c *committer) await(t *testing.T, n int64, within time.Duration) {
	t.Helper()
	deadline := time.Now().Add(within)
	for c.next.Load() < n {
		select {
		case err := <-c.done:
			t.Fatalf("the committer stopped at next id %d: %v", c.next.Load(), err)
		case <-time.After(5 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			t.Fatalf("only up to next id %d committed in %v; want %d", c.next.Load(), within, n)
		}
	}
}

// TestCommitsWaitForARestartedDatabase restarts PostgreSQL (a fast shutdown, then a start) while a server's
// store commits as fast as it can: no commit fails, the store says it is paused and then that it resumed, and
// afterwards every change a commit returned from is in the store, whole and once.
func TestCommitsWaitForARestartedDatabase(t *testing.T) {
	url := pgtest.Database(t)
	srv := pgtest.Shared(t)
	told := newStatuses()
	s := openLeased(t, url, "server A", pgstore.Options{Lease: 10 * time.Second, OnStatus: told.tell})
	c := commitOn(s)
	c.await(t, 300, time.Minute)
	stopped := time.Now()
	srv.Stop()
	told.await(t, "that it is paused", 30*time.Second, func(st pgstore.Status) bool { return st.Paused })
	before := c.next.Load()
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	c.await(t, before+1, time.Minute)
	t.Logf("PostgreSQL down and up again: commits waited %v", time.Since(stopped).Round(time.Millisecond))
	told.await(t, "that it resumed", 30*time.Second, func(st pgstore.Status) bool { return !st.Paused })
	c.await(t, before+300, time.Minute)
	close(c.stop)
	if err := <-c.done; err != nil {
		t.Fatal(err)
	}
	last := c.next.Load()
	saved := loadT(t, s)
	if int64(saved.NextID) != last || int64(len(saved.Objects)) != last-1 {
		t.Fatalf("the store holds %d objects and next id %d; the commits that returned made %d and %d",
			len(saved.Objects), saved.NextID, last-1, last)
	}
	for id := 1; id < int(last); id++ {
		if _, ok := saved.Objects[id]; !ok {
			t.Fatalf("object %d, whose commit returned, is not in the store", id)
		}
	}
}

// TestCommitGivesUpWhileTheDatabaseIsAway stops PostgreSQL for longer than a commit waits: the commit fails
// with ErrPaused after waiting, the next fails at once, and once PostgreSQL is back the store resumes by itself
// (its lease renewal finds it) and commits again, its lease still its own.
func TestCommitGivesUpWhileTheDatabaseIsAway(t *testing.T) {
	url := pgtest.Database(t)
	srv := pgtest.Shared(t)
	told := newStatuses()
	const retryFor = 500 * time.Millisecond
	s := openLeased(t, url, "server A", pgstore.Options{Lease: 3 * time.Second, RetryFor: retryFor, OnStatus: told.tell})
	commitT(t, s, coins(1, 1))
	srv.Stop()
	down := true
	t.Cleanup(func() {
		if down {
			_ = srv.Restart()
		}
	})
	start := time.Now()
	if err := s.Commit(coins(2, 1)); !errors.Is(err, pgstore.ErrPaused) {
		t.Fatalf("a commit while PostgreSQL is down: %v; want ErrPaused", err)
	} else if waited := time.Since(start); waited < retryFor {
		t.Fatalf("the commit gave up after %v, before its %v", waited, retryFor)
	}
	told.await(t, "that it is paused", time.Second, func(st pgstore.Status) bool { return st.Paused && !st.Lost })
	start = time.Now()
	if err := s.Commit(coins(2, 1)); !errors.Is(err, pgstore.ErrPaused) {
		t.Fatalf("the next commit while PostgreSQL is down: %v; want ErrPaused", err)
	} else if waited := time.Since(start); waited >= retryFor {
		t.Fatalf("the next commit waited %v: it should fail at once while the store is paused", waited)
	}
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	down = false
	told.await(t, "that it resumed", 30*time.Second, func(st pgstore.Status) bool { return !st.Paused })
	commitT(t, s, coins(2, 1))
	if saved := loadT(t, s); saved.NextID != 3 || len(saved.Objects) != 2 {
		t.Fatalf("after the outage the store holds %d objects and next id %d; want 2 and 3", len(saved.Objects), saved.NextID)
	}
}

// TestCommitsPauseWhileCutOff cuts the network between a server's store and PostgreSQL (a proxy that stops
// answering, PostgreSQL itself still running): the commit under way gets no answer, waits its time and fails with
// ErrPaused, the store says it is paused (not lost: nobody took the lease), and once the network is back the
// store resumes by itself, its lease still its own, and commits again; the cut commit is not in the store.
func TestCommitsPauseWhileCutOff(t *testing.T) {
	url := pgtest.Database(t)
	srv := pgtest.Shared(t)
	proxy, err := pgtest.NewProxy(fmt.Sprintf("127.0.0.1:%d", srv.Port))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = proxy.Close() }) // after the store's Close, which gives the lease up through it
	told := newStatuses()
	s := openLeased(t, srv.Proxied(url, proxy), "server A", pgstore.Options{Lease: 3 * time.Second, OnStatus: told.tell})
	commitT(t, s, coins(1, 1))
	proxy.Cut()
	start := time.Now()
	if err := s.Commit(coins(2, 1)); !errors.Is(err, pgstore.ErrPaused) {
		t.Fatalf("a commit while cut off: %v; want ErrPaused", err)
	}
	t.Logf("the commit gave up %v after the cut", time.Since(start).Round(time.Millisecond))
	if st := told.await(t, "that it is paused", time.Second, func(st pgstore.Status) bool { return st.Paused }); st.Lost {
		t.Fatalf("cut off, the store says its lease is lost: %+v", st)
	}
	proxy.Restore()
	restored := time.Now()
	told.await(t, "that it resumed", 30*time.Second, func(st pgstore.Status) bool { return !st.Paused })
	t.Logf("the store resumed %v after the network came back", time.Since(restored).Round(time.Millisecond))
	commitT(t, s, coins(3, 1))
	saved := loadT(t, s)
	if _, ok := saved.Objects[2]; ok || saved.NextID != 4 || len(saved.Objects) != 2 {
		t.Fatalf("after the cut the store holds objects %v and next id %d; want 1 and 3, and 4", saved.Objects, saved.NextID)
	}
}
