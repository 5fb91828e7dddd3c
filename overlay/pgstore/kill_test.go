package pgstore_test

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"testing"
	"time"

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
				s, err := b.open(at)
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
				t.Logf("round %d: %d objects survived the kill, in whole changes", round, saved.NextID-1)
			}
		})
	}
}

// killWriter starts this test binary as a writer on the store, waits until it has made some commits (more each
// round) and kills it while it goes on committing.
func killWriter(t *testing.T, b backend, at string, round int) {
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
	lines := bufio.NewScanner(out)
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

// changeSize is how many objects each of the writer's changes writes: enough that a change is many statements
// and many packets, so that a kill can fall in the middle of sending one.
const changeSize = 50

// storeWriter commits changes to a backend's store until it is killed.
func storeWriter(kind, at string) {
	for _, b := range backends {
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
				os.Exit(4)
			}
			fmt.Println(id) // tells the test one more commit is in
		}
	}
	os.Exit(5)
}
