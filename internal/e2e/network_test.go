package e2e_test

import (
	"fmt"
	"strings"
	"syscall"
	"testing"

	"riddlestone/internal/pgtest"
)

// Two servers, one world: the real program twice on one PostgreSQL database, the world in regions of one area
// each. Server 1 holds the start area's region, server 2 the regions of its four neighbours. A bot on server 1
// solves the start area (an ingot picked up, the smith's forge, the crate opened); the solve commits the openings
// of the neighbours, which are server 2's: server 2 sees server 1's commit, follows the start area and takes the
// openings up, opening the neighbours with their puzzles; server 1 sees those commits and follows: both servers'
// players are told the neighbours are open. Server 1 refuses to lock an area of server 2's.
func TestTwoServersShareOneWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times")
	}
	url := pgtest.Database(t)
	store := func(regions ...string) string {
		return fmt.Sprintf("[Store]\nKind = \"postgres\"\nURL = %q\nLeaseSeconds = 3\nRegionAreas = 1\nRegions = [%s]\n", url, strings.Join(regions, ", "))
	}
	region := func(x, z int) string { return fmt.Sprintf("%q", fmt.Sprintf("r%d,%d", x, z)) }

	// A first run takes the regions it can get and opens the start area: where it is depends on the seed alone.
	dir1 := t.TempDir()
	one := &program{t: t, config: writeProgramConfig(t, dir1, smithYard, store())}
	one.start()
	m := areaName.FindStringSubmatch(one.await("/puzzle status", "active"))
	if m == nil {
		t.Fatal("no area in the status")
	}
	var sx, sz int
	fmt.Sscanf(m[1]+" "+m[2], "%d %d", &sx, &sz)
	one.stop(syscall.SIGTERM)

	one.config = writeProgramConfig(t, dir1, smithYard, store(region(sx, sz)))
	one.start()
	two := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard,
		store(region(sx+1, sz), region(sx-1, sz), region(sx, sz+1), region(sx, sz-1)))}
	two.start()
	defer two.stop(syscall.SIGTERM)
	defer one.stop(syscall.SIGTERM)

	solveStep := func(action string) {
		t.Helper()
		s, ok := plan(t, one.bot)
		for ; ok && s.action == "PickUp"; s, ok = plan(t, one.bot) {
			follow(t, one.bot, s)
		}
		if !ok || s.action != action {
			t.Fatalf("next step %+v, want %s", s, action)
		}
		follow(t, one.bot, s)
	}
	solveStep("Forge")
	solveStep("Open")
	one.await("/puzzle status", "solved")

	east := fmt.Sprintf("Neighbour %d,%d: active", sx+1, sz)
	two.await("/puzzle status", east) // opened by server 2, at server 1's solve
	one.await("/puzzle status", east) // and followed by server 1
	if out := one.answer(fmt.Sprintf("/puzzle lock %d,%d", sx+1, sz)); !strings.Contains(out, "another server") {
		t.Errorf("server 1 locking an area of server 2's answered: %s", out)
	}
	logs := readFile(t, two.config+".log")
	if !strings.Contains(logs, "area unlocked") {
		t.Errorf("server 2 did not open the neighbours itself:\n%s", logs)
	}
}
