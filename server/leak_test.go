package server_test

import (
	"bytes"
	"runtime"
	"runtime/pprof"
	"testing"
	"time"

	"riddlestone/internal/e2e"
)

// TestNoGoroutineLeak runs a server with a bot through a whole life — start, join, command, quit, stop — and
// checks that every goroutine it started has ended.
func TestNoGoroutineLeak(t *testing.T) {
	cycle := func() {
		srv := e2e.Start(t)
		bot := srv.Join(t, "Gus")
		if _, err := bot.Command("/list"); err != nil {
			t.Fatal(err)
		}
		if err := bot.Close(); err != nil {
			t.Fatal(err)
		}
		if err := srv.Close(); err != nil {
			t.Fatal(err)
		}
	}
	// The first cycle starts the goroutines that packages keep for the life of the process.
	cycle()
	base := steady()
	start := time.Now()
	cycle()
	n := settle(base)
	t.Logf("goroutines: %d before, %d after (%v)", base, n, time.Since(start))
	if n > base {
		var stacks bytes.Buffer
		_ = pprof.Lookup("goroutine").WriteTo(&stacks, 1)
		t.Fatalf("%d goroutines after the server stopped, %d before it started:\n%s", n, base, stacks.String())
	}
}

// settle waits up to 20 seconds for the goroutine count to drop to want or below (connections take a moment to
// wind down), and returns the last count.
func settle(want int) int {
	deadline := time.Now().Add(20 * time.Second)
	n := runtime.NumGoroutine()
	for n > want && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
		n = runtime.NumGoroutine()
	}
	return n
}

// steady waits, up to 10 seconds, until the goroutine count has not changed for a second, and returns it.
func steady() int {
	n, since := runtime.NumGoroutine(), time.Now()
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && time.Since(since) < time.Second; {
		time.Sleep(50 * time.Millisecond)
		if m := runtime.NumGoroutine(); m != n {
			n, since = m, time.Now()
		}
	}
	return n
}
