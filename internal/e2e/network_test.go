package e2e_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
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
	dir1 := t.TempDir()
	sx, sz := firstStart(t, url, dir1)
	one := &program{t: t, config: writeProgramConfig(t, dir1, smithYard, networkStore(url, region(sx, sz)))}
	one.start()
	two := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard,
		networkStore(url, region(sx+1, sz), region(sx-1, sz), region(sx, sz+1), region(sx, sz-1)))}
	two.start()
	defer two.stop(syscall.SIGTERM)
	defer one.stop(syscall.SIGTERM)

	solveStart(t, one)

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

// networkStore is the [Store] section of a server of a network on the database at url, the world in regions of one
// area each: the regions listed, or every region it can get.
func networkStore(url string, regions ...string) string {
	return fmt.Sprintf("[Store]\nKind = \"postgres\"\nURL = %q\nLeaseSeconds = 3\nRegionAreas = 1\nRegions = [%s]\n", url, strings.Join(regions, ", "))
}

// region names the region of an area, quoted for config.toml, in a world in regions of one area each.
func region(x, z int) string { return fmt.Sprintf("%q", fmt.Sprintf("r%d,%d", x, z)) }

// firstStart runs the program once in dir on the database at url, taking the regions it can get, until it opened
// the start area, and stops it cleanly; it returns the start area, which depends on the seed alone.
func firstStart(t *testing.T, url, dir string) (int, int) {
	t.Helper()
	p := &program{t: t, config: writeProgramConfig(t, dir, smithYard, networkStore(url))}
	p.start()
	m := areaName.FindStringSubmatch(p.await("/puzzle status", "active"))
	if m == nil {
		t.Fatal("no area in the status")
	}
	var sx, sz int
	fmt.Sscanf(m[1]+" "+m[2], "%d %d", &sx, &sz)
	p.stop(syscall.SIGTERM)
	return sx, sz
}

// solveStart has a program's bot solve the smith yard's area it stands in: the ingot picked up, forged into the key
// by the smith, the crate opened with it.
func solveStart(t *testing.T, p *program) {
	t.Helper()
	stepTo(t, p, "Forge")
	stepTo(t, p, "Open")
	p.await("/puzzle status", "solved")
}

// stepTo has a program's bot pick up what the plan names on the ground and then make the plan's next step,
// which must be action.
func stepTo(t *testing.T, p *program, action string) {
	t.Helper()
	s, ok := plan(t, p.bot)
	for ; ok && s.action == "PickUp"; s, ok = plan(t, p.bot) {
		follow(t, p.bot, s)
	}
	if !ok || s.action != action {
		t.Fatalf("next step %+v, want %s", s, action)
	}
	follow(t, p.bot, s)
}

// A server killed mid-play is taken over: server 1 holds the start area's region, server 2 takes every region it
// can get. Server 1's bot solves the start area; server 2 opens the neighbours (its regions now) at that solve.
// Server 1 is killed; within its lease's time server 2 takes the start area's region over, follows it as server 1
// committed it, and changes it from then on: a new puzzle there, which server 2's bot solves.
func TestAKilledServersRegionIsTakenOver(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times")
	}
	url := pgtest.Database(t)
	dir1 := t.TempDir()
	sx, sz := firstStart(t, url, dir1)
	start := fmt.Sprintf("%d,%d", sx, sz)
	one := &program{t: t, config: writeProgramConfig(t, dir1, smithYard, networkStore(url, region(sx, sz)))}
	one.start()
	two := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard, networkStore(url))}
	two.start()
	defer two.stop(syscall.SIGTERM)

	solveStart(t, one)
	east := fmt.Sprintf("Neighbour %d,%d: active", sx+1, sz)
	two.await("/puzzle status", east)
	if out := two.answer("/puzzle reroll " + start); !strings.Contains(out, "another server") {
		t.Fatalf("server 2 gave server 1's area a new puzzle while server 1 runs: %s", out)
	}

	one.stop(syscall.SIGKILL)
	deadline := time.Now().Add(30 * time.Second)
	for {
		out := two.answer("/puzzle reroll " + start)
		if strings.Contains(out, "new puzzle") && !strings.Contains(out, "another server") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("server 2 never took the killed server's area over: %s\nlogs:\n%s", out, readFile(t, two.config+".log"))
		}
		time.Sleep(500 * time.Millisecond)
	}
	if logs := readFile(t, two.config+".log"); !strings.Contains(logs, "took over a region") {
		t.Errorf("server 2 did not log the takeover:\n%s", logs)
	}
	solveStart(t, two)
}

// A player crosses from one server to the other carrying a puzzle item: server 1 holds the start area's region,
// server 2 its neighbours'. After the start is solved and given a new puzzle, the bot on server 1 picks up the
// ingot lying there and walks east across the border into server 2's area: server 1 saves them standing there and
// sends their client to server 2 (Bedrock's Transfer packet, which the bot follows as a client does); on server 2
// they stand just over the border holding the ingot, which the store still gives them (not put down on server 1
// as a leaving player's items are), and server 2's other player is told so by the plan.
func TestAPlayerCrossesBetweenServers(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times")
	}
	url := pgtest.Database(t)
	dir1 := t.TempDir()
	sx, sz := firstStart(t, url, dir1)
	start := fmt.Sprintf("%d,%d", sx, sz)
	one := &program{t: t, config: writeProgramConfig(t, dir1, smithYard, networkStore(url, region(sx, sz)))}
	one.start()
	defer one.stop(syscall.SIGTERM)
	two := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard,
		networkStore(url, region(sx+1, sz), region(sx-1, sz), region(sx, sz+1), region(sx, sz-1)))}
	src := strings.Replace(readFile(t, two.config), `OfflineAdmins = ["Admin"]`, `OfflineAdmins = ["Admin", "Watcher"]`, 1)
	if err := os.WriteFile(two.config, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	two.proc, two.bot = startProgram(t, two.config, "Watcher") // the Admin is to come over from server 1
	defer two.stop(syscall.SIGTERM)

	solveStart(t, one)
	one.await("/puzzle status", fmt.Sprintf("Neighbour %d,%d: active", sx+1, sz))
	one.answer("/puzzle reroll " + start)
	out := one.await("/puzzle plan", "Ingot #")
	ingot := ingotPlace.FindStringSubmatch(out)
	if ingot == nil {
		t.Fatalf("no ingot on the ground in the plan:\n%s", out)
	}
	follow(t, one.bot, step{action: "PickUp", item: "Ingot", place: "entity", pos: parsePos(ingot[2])})
	held := "Ingot #" + ingot[1] + " held by"
	one.await("/puzzle plan", held)
	two.await("/puzzle plan", held) // server 2 followed the pick-up

	border := float64((sx + 1) * 32) // areas of two chunks
	mark := one.bot.Mark()
	walkEast(t, one.bot, border+3)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pk, err := one.bot.WaitAfter(ctx, mark, func(pk packet.Packet) bool { _, ok := pk.(*packet.Transfer); return ok })
	if err != nil {
		t.Fatalf("walking into server 2's area, the player was not sent there: %v\nlogs:\n%s", err, readFile(t, one.config+".log"))
	}
	tr := pk.(*packet.Transfer)
	_ = one.bot.Close() // the client leaves, as Bedrock's does on a Transfer
	there, err := e2e.Dial(ctx, fmt.Sprintf("%s:%d", tr.Address, tr.Port), "Admin")
	if err != nil {
		t.Fatalf("the player could not join the server they were sent to (%s:%d): %v", tr.Address, tr.Port, err)
	}
	defer there.Close()
	if addr := strings.Split(strings.Split(readFile(t, two.config), "Address = \"")[1], "\"")[0]; fmt.Sprintf("%s:%d", tr.Address, tr.Port) != addr {
		t.Errorf("the player was sent to %s:%d, server 2 listens on %s", tr.Address, tr.Port, addr)
	}
	if pos := there.Position(); pos[0] < border || pos[0] > border+4 {
		t.Errorf("on server 2 the player stands at %v, want just over the border at x %v", pos, border)
	}
	if _, err := there.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(there, "Ingot") == 1 }); err != nil {
		t.Fatalf("on server 2 the player does not hold the ingot once (%d): %v\nlogs:\n%s", heldNamed(there, "Ingot"), err, readFile(t, two.config+".log"))
	}
	two.await("/puzzle plan", held) // the store still gives it to them: server 1 did not put it down
}

// walkEast moves a bot east in steps of half a block, a step a tick, to x, as a player walks.
func walkEast(t *testing.T, b *e2e.Bot, x float64) {
	t.Helper()
	for pos := b.Position(); pos[0] < x; pos[0] += 0.5 {
		if err := b.MoveTo(pos); err != nil {
			return // sent away: the connection is closing
		}
		time.Sleep(50 * time.Millisecond)
	}
}
