package pgstore_test

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"syscall"
	"testing"
	"time"

	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/puzzle"
)

// TestStoresSurviveSIGKILL kills a process that commits changes as fast as it can, on each backend, then checks
// that every change that reached the store is whole: each change writes objects n to n+49 and next id n+50
// together, so a torn change would show as a count that disagrees with the next id.
func TestStoresSurviveSIGKILL(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) {
			at := b.place(t)
			last := 1
			for round := range 3 {
				killWriter(t, b, at, round)
				killed := time.Now()
				s, err := b.open(at)
				reopened := time.Since(killed)
				if err != nil {
					t.Fatalf("round %d: reopen after kill: %v", round, err)
				}
				saved, err := s.Load()
				s.Close()
				if err != nil {
					t.Fatalf("round %d: %v", round, err)
				}
				if len(saved.Objects) != saved.NextID-1 {
					t.Fatalf("round %d: %d objects but next id %d: a change was torn", round, len(saved.Objects), saved.NextID)
				}
				for id := 1; id < saved.NextID; id++ {
					if o, ok := saved.Objects[id]; !ok || o.Item != "Coin"+strconv.Itoa(id) {
						t.Fatalf("round %d: object %d is %+v", round, id, o)
					}
				}
				if saved.NextID <= last {
					t.Fatalf("round %d: the writer committed nothing (next id %d)", round, saved.NextID)
				}
				last = saved.NextID
				t.Logf("round %d: %d objects survived the kill, in whole changes; reopened %v after the kill", round, saved.NextID-1, reopened.Round(time.Millisecond))
			}
		})
	}
}

// killWriter starts this test binary as a writer on the store, waits until it has made some commits (more each
// round) and kills it while it goes on committing.
func killWriter(t *testing.T, b backend, at string, round int) {
	t.Helper()
	cmd, lines, out := startWriter(t, b, at)
	for n := 0; n < 5+10*round; n++ {
		if !lines.Scan() {
			_ = cmd.Wait()
			t.Fatalf("round %d: the writer stopped after %d commits: %v", round, n, cmd.ProcessState)
		}
	}
	time.Sleep(time.Duration(round) * time.Millisecond) // the kill falls at another point of a commit each round
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out) // the writer may be blocked writing a line when the kill comes
	if err := cmd.Wait(); err == nil {
		t.Fatalf("round %d: the writer ended by itself before the kill", round)
	}
}

// startWriter starts this test binary as a writer on a backend's store at a place; it prints a line after each
// commit.
func startWriter(t *testing.T, b backend, at string) (*exec.Cmd, *bufio.Scanner, io.Reader) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run", "^$")
	cmd.Env = append(os.Environ(), "RIDDLESTONE_STORE_WRITER="+b.name, "RIDDLESTONE_STORE_AT="+at)
	cmd.Stderr = os.Stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill() })
	return cmd, bufio.NewScanner(out), out
}

// TestStoppedWriterIsFencedOut freezes a server's process (SIGSTOP) while it commits under its lease, as a
// machine that hangs would: another server takes the lease over once it runs out, even if the frozen one was in
// the middle of a commit, and writes. When the frozen process goes on (SIGCONT), its store finds the lease taken
// and writes nothing more: the writer ends with ErrLeaseLost, and the new holder's state is as it left it.
func TestStoppedWriterIsFencedOut(t *testing.T) {
	b := backends[2]
	at := b.place(t)
	cmd, lines, out := startWriter(t, b, at)
	for n := 0; n < 5; n++ {
		if !lines.Scan() {
			_ = cmd.Wait()
			t.Fatalf("the writer stopped after %d commits: %v", n, cmd.ProcessState)
		}
	}
	if err := cmd.Process.Signal(syscall.SIGSTOP); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	s := openT(t, b, at)
	t.Logf("the lease was taken over %v after the holder froze (lease %v)", time.Since(start).Round(time.Millisecond), testLease)
	saved := loadT(t, s)
	if len(saved.Objects) != saved.NextID-1 {
		t.Fatalf("%d objects but next id %d after the takeover: a change was torn", len(saved.Objects), saved.NextID)
	}
	commitT(t, s, coinChange(saved.NextID, 1))
	if err := cmd.Process.Signal(syscall.SIGCONT); err != nil {
		t.Fatal(err)
	}
	go io.Copy(io.Discard, out)
	err := cmd.Wait()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 6 {
		t.Fatalf("the frozen writer, once it went on, ended with %v; want exit status 6 (its lease lost)", err)
	}
	after := loadT(t, s)
	if after.NextID != saved.NextID+1 || len(after.Objects) != after.NextID-1 {
		t.Fatalf("after the old holder went on the store holds %d objects and next id %d; the new holder left %d and %d",
			len(after.Objects), after.NextID, after.NextID-1, saved.NextID+1)
	}
}

// coinChange is a change writing objects from..from+n-1 as the writer does, and next id from+n.
func coinChange(from, n int) store.Change {
	c := store.Change{NextID: from + n}
	for id := from; id < from+n; id++ {
		c.Objects = append(c.Objects, store.ObjectRecord{Object: puzzle.Object{ID: id, Item: "Coin" + strconv.Itoa(id), Area: "0,0"}})
	}
	return c
}

// changeSize is how many objects each of the writer's changes writes: enough that a change is many statements
// and many packets, so that a kill can fall in the middle of sending one.
const changeSize = 50

// storeWriter commits changes to a backend's store until it is killed.
func storeWriter(kind, at string) {
	for _, b := range append(slices.Clip(backends), regionBackend) {
		if b.name != kind {
			continue
		}
		s, err := b.open(at)
		if err != nil {
			os.Stderr.WriteString("writer: " + err.Error() + "\n")
			os.Exit(2)
		}
		saved, err := s.Load()
		if err != nil {
			os.Exit(3)
		}
		for id := saved.NextID; ; id += changeSize {
			c := store.Change{NextID: id + changeSize}
			for n := id; n < id+changeSize; n++ {
				c.Objects = append(c.Objects, store.ObjectRecord{Object: puzzle.Object{ID: n, Item: "Coin" + strconv.Itoa(n), Area: "0,0"}})
			}
			if err := s.Commit(c); err != nil {
				os.Stderr.WriteString("writer: " + err.Error() + "\n")
				if errors.Is(err, pgstore.ErrLeaseLost) {
					os.Exit(6)
				}
				os.Exit(4)
			}
			fmt.Println(id) // tells the test one more commit is in
		}
	}
	os.Exit(5)
}
