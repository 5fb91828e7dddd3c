package e2e_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/df-mc/dragonfly/server/block"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/go-gl/mathgl/mgl64"
	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
	"riddlestone/internal/pgtest"
)

// Two servers, one world: the real program twice on one PostgreSQL database, the world in regions of one area
// each. Server 1 holds the start area's region, server 2 the regions of its four neighbours. A bot on server 1
// solves the start area (an ingot picked up, the smith's forge, the crate opened); the solve commits the openings
// of the neighbours, which are server 2's: server 2 sees server 1's commit, follows the start area and takes the
// openings up, opening the neighbours with their puzzles; server 1 sees those commits and follows: both servers'
// players are told the neighbours are open, though PostgreSQL is restarted right after the solve. Server 1 refuses
// to lock an area of server 2's.
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
	pg := pgtest.Shared(t) // PostgreSQL stopped and started again mid-play: both servers wait, then go on
	pg.Stop()
	if err := pg.Restart(); err != nil {
		t.Fatal(err)
	}

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
	solveHere(t, p.bot)
	p.await("/puzzle status", "solved")
}

// solveHere has a bot solve the smith yard's area it stands in, following the plan its server gives.
func solveHere(t *testing.T, b *e2e.Bot) {
	t.Helper()
	stepTo(t, b, "Forge")
	stepTo(t, b, "Open")
}

// stepTo has a bot pick up what the plan names on the ground and then make the plan's next step, which must be
// action.
func stepTo(t *testing.T, b *e2e.Bot, action string) {
	t.Helper()
	s, ok := plan(t, b)
	for ; ok && s.action == "PickUp"; s, ok = plan(t, b) {
		follow(t, b, s)
	}
	if !ok || s.action != action {
		t.Fatalf("next step %+v, want %s", s, action)
	}
	follow(t, b, s)
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
	one, two, sx, sz := startSolved(t, true) // the Admin is to come over from server 1
	start := fmt.Sprintf("%d,%d", sx, sz)
	one.answer("/puzzle reroll " + start)
	out := one.await("/puzzle plan", "Ingot #")
	ingot := ingotPlace.FindStringSubmatch(out)
	if ingot == nil {
		t.Fatalf("no ingot on the ground in the plan:\n%s", out)
	}
	follow(t, one.bot, step{action: "PickUp", item: "Ingot", place: "entity", pos: parsePos(ingot[2])})
	held := "Ingot #" + ingot[1] + " held by"
	one.await("/puzzle plan", held) // server 1 committed the pick-up; the walk starts before server 2 may follow it

	border := float64((sx + 1) * 32) // areas of two chunks
	there, tr := crossEast(t, one, border+3)
	defer there.Close()
	if addr := addressOf(t, two); tr != addr {
		t.Errorf("the player was sent to %s, server 2 listens on %s", tr, addr)
	}
	if pos := there.Position(); pos[0] < border || pos[0] > border+4 {
		t.Errorf("on server 2 the player stands at %v, want just over the border at x %v", pos, border)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if _, err := there.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(there, "Ingot") == 1 }); err != nil {
		t.Fatalf("on server 2 the player does not hold the ingot once (%d): %v\nlogs:\n%s", heldNamed(there, "Ingot"), err, readFile(t, two.config+".log"))
	}
	two.await("/puzzle plan", held) // the store still gives it to them: server 1 did not put it down
}

// Servers behind a proxy in front: each server's PublicAddress is the port of a relay in front of it (as a NAT's
// port forwarding or a UDP stream proxy gives; players reach the servers only through it). A player joins server 1
// through its relay, picks up the start area's ingot and walks east into server 2's area: server 1 sends them to
// server 2's relay, not to server 2's own address; joining through that relay, they stand on server 2 holding the
// ingot, and server 2's plan has it held.
func TestAPlayerCrossesThroughAProxyInFront(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times")
	}
	front1, front2 := newRelay(t), newRelay(t)
	one, two, sx, sz := startSolvedAt(t, false, front1.Addr(), front2.Addr())
	front1.forward(t, addressOf(t, one))
	front2.forward(t, addressOf(t, two))
	start := fmt.Sprintf("%d,%d", sx, sz)
	one.answer("/puzzle reroll " + start)
	ingot := ingotPlace.FindStringSubmatch(one.await("/puzzle plan", "Ingot #"))
	if ingot == nil {
		t.Fatal("no ingot on the ground in the start area's new puzzle")
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := e2e.Dial(ctx, front1.Addr(), "Traveller")
	if err != nil {
		t.Fatalf("joining server 1 through the proxy in front: %v", err)
	}
	defer b.Close()
	if err := b.MoveTo(parsePos(ingot[2]).Vec3Middle().Sub(mgl64.Vec3{0, 0.5, 0})); err != nil {
		t.Fatal(err)
	}
	held := "Ingot #" + ingot[1] + " held by"
	one.await("/puzzle plan", held) // picked up, walking over it

	there, sentTo, _ := cross(t, b, one.config, float64((sx+1)*32)+3)
	defer there.Close()
	if sentTo != front2.Addr() {
		t.Errorf("the player was sent to %s, want server 2's address in front, %s (server 2 listens on %s)", sentTo, front2.Addr(), addressOf(t, two))
	}
	if front2.clients.Load() == 0 {
		t.Error("no client came to server 2 through the proxy in front")
	}
	if _, err := there.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(there, "Ingot") == 1 }); err != nil {
		t.Fatalf("on server 2 the player does not hold the ingot once (%d): %v\nlogs:\n%s", heldNamed(there, "Ingot"), err, readFile(t, two.config+".log"))
	}
	two.await("/puzzle plan", held)
}

// crossEast walks a program's bot east to x, over the border of an area another server changes: its server sends it
// there with Bedrock's Transfer packet, and the bot follows as a client does, joining the address it was sent to.
// It returns the bot joined there and that address.
func crossEast(t *testing.T, from *program, x float64) (*e2e.Bot, string) {
	t.Helper()
	there, address, _ := cross(t, from.bot, from.config, x)
	return there, address
}

// cross walks a bot to x along the x axis, over the border of an area another server changes, follows the Transfer
// packet its server sends as a client does, and returns the bot joined at the address it was sent to, that
// address, and how long the move took from the Transfer packet to standing on the other server. config is the
// first server's, for its log.
func cross(t *testing.T, b *e2e.Bot, config string, x float64) (*e2e.Bot, string, time.Duration) {
	t.Helper()
	mark := b.Mark()
	walkTo(b, x)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	pk, err := b.WaitAfter(ctx, mark, func(pk packet.Packet) bool { _, ok := pk.(*packet.Transfer); return ok })
	if err != nil {
		t.Fatalf("walking into another server's area, the player was not sent there: %v\nlogs:\n%s", err, readFile(t, config+".log"))
	}
	sent := time.Now()
	tr := pk.(*packet.Transfer)
	_ = b.Close() // the client leaves, as Bedrock's does on a Transfer
	address := fmt.Sprintf("%s:%d", tr.Address, tr.Port)
	there, err := e2e.Dial(ctx, address, b.Name())
	if err != nil {
		t.Fatalf("the player could not join the server they were sent to (%s): %v", address, err)
	}
	return there, address, time.Since(sent)
}

// addressOf returns the address a program listens on.
func addressOf(t *testing.T, p *program) string {
	return strings.Split(strings.Split(readFile(t, p.config), "Address = \"")[1], "\"")[0]
}

// walkTo moves a bot along the x axis in steps of half a block, a step a tick, to x, as a player walks.
func walkTo(b *e2e.Bot, x float64) {
	step := 0.5
	if x < b.Position()[0] {
		step = -0.5
	}
	for pos := b.Position(); (pos[0]-x)*step < 0; pos[0] += step {
		if err := b.MoveTo(pos); err != nil {
			return // sent away: the connection is closing
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestCrossingTimes measures how long a player takes to change servers at a region's border: a bot walks east and
// west over the border between two servers RIDDLESTONE_CROSSINGS times, each time from the Transfer packet its
// client gets to standing on the other server (docs/network.md, "Figures"). It logs the median, the 99th
// percentile and the longest.
func TestCrossingTimes(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("RIDDLESTONE_CROSSINGS"))
	if n <= 0 {
		t.Skip("set RIDDLESTONE_CROSSINGS=N to measure N crossings between two servers")
	}
	one, two, sx, _ := startSolved(t, false)

	border := float64((sx + 1) * 32)
	b, configs := one.bot, [2]string{one.config, two.config}
	var times []time.Duration
	for i := range n {
		x := border + 2
		if i%2 == 1 {
			x = border - 2
		}
		var took time.Duration
		b, _, took = cross(t, b, configs[i%2], x)
		times = append(times, took)
	}
	_ = b.Close()
	slices.Sort(times)
	t.Logf("%d crossings: median %v, p99 %v, longest %v", n, times[n/2], times[n*99/100], times[n-1])
}

// Three servers, one world (issue 26's "done when"), played by a Human (who walks, jumps and swims by the terrain
// its client was sent, in adventure mode, and knows only what the servers told it; play_test.go). Server 1 holds the
// start area's region, server 2 its east neighbour's, server 3 takes any region it can get (the network's standby,
// and the other neighbours'). The Human solves the start area on server 1, which opens the east area on server 2;
// it picks up the ingot of the start area's next puzzle and walks east over the border: its client is sent to
// server 2 and joins it holding the ingot, and there the Human solves the east area (the smith there forges the
// ingot it brought: an ingot is an ingot), PostgreSQL having been stopped and started again as it arrived. The objects stand in structures (smithYardBuilt): where server 2 built a
// stall or a jetty over the east smith, the Human on server 3 is shown its canopy too (built from the record). Given a new puzzle there, the Human starts it until it holds something
// and leaves; server 2 is killed with SIGKILL. Server 3 takes its region over within the lease; the Human, joining
// server 3, stands where it left server 2 holding what it held (nothing lost, nothing doubled; /puzzle verify on
// server 3) and finishes the puzzle there.
func TestThreeServersShareOneWorld(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program four times")
	}
	url := pgtest.Database(t)
	dir1 := t.TempDir()
	sx, sz := firstStart(t, url, dir1)
	start, east := fmt.Sprintf("%d,%d", sx, sz), fmt.Sprintf("%d,%d", sx+1, sz)
	one := &program{t: t, config: inAdventure(t, writeProgramConfig(t, dir1, smithYardBuilt, networkStore(url, region(sx, sz))))}
	startAs(t, one, "Keeper")
	defer one.stop(syscall.SIGTERM)
	two := &program{t: t, config: inAdventure(t, writeProgramConfig(t, t.TempDir(), smithYardBuilt, networkStore(url, region(sx+1, sz))))}
	startAs(t, two, "Second")
	three := &program{t: t, config: inAdventure(t, writeProgramConfig(t, t.TempDir(), smithYardBuilt, networkStore(url)))}
	startAs(t, three, "Third")
	defer three.stop(syscall.SIGTERM)

	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	h := joinHuman(ctx, t, addressOf(t, one))
	solve(ctx, t, h, start)
	t.Logf("server 1: the Human solved the start area %s", start)
	opened := "Neighbour " + east + ": active"
	one.await("/puzzle status", opened)
	two.await("/puzzle status", opened) // opened by server 2 at server 1's solve

	one.answer("/puzzle reroll " + start)
	ingot := ingotPlace.FindStringSubmatch(one.await("/puzzle plan", "Ingot #"))
	if ingot == nil {
		t.Fatal("no ingot on the ground in the start area's new puzzle")
	}
	at := parsePos(ingot[2]).Vec3Middle()
	stack, err := h.WaitEntity(ctx, func(e e2e.Entity) bool { return e.IsItem() && e.Pos.Sub(at).Len() < 2 })
	if err != nil {
		t.Fatalf("the Human is not shown the ingot at %v: %v", at, err)
	}
	if err := h.PickUp(ctx, stack.RID); err != nil {
		t.Fatal(err)
	}
	held := "Ingot #" + ingot[1] + " held by"
	two.await("/puzzle plan "+start, held) // the pick-up committed, and followed by server 2

	there := walkOver(ctx, t, h, float64((sx+1)*32), addressOf(t, two))
	if _, err := there.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(there.Bot, "Ingot") == 1 }); err != nil {
		t.Fatalf("on server 2 the Human's client is not shown the ingot it brought: %v", err)
	}
	pg := pgtest.Shared(t) // PostgreSQL stopped and started again mid-play: the servers wait, then go on
	pg.Stop()
	if err := pg.Restart(); err != nil {
		t.Fatal(err)
	}
	smith := smithPlace.FindStringSubmatch(humanPlan(ctx, t, there, east, "Smith #"))
	canopy := parsePos(smith[1]).Add(cube.Pos{0, 2, 0}) // of the stall or jetty smithYardBuilt builds round the smith
	sheltered := canopied(ctx, there, canopy)
	solve(ctx, t, there, east)
	waitStatus(ctx, t, there.Bot, "solved")
	t.Logf("server 2: the Human solved the east area %s (the smith under a canopy: %v; server 2 said the puzzles paused while PostgreSQL restarted: %v)",
		east, sheltered, strings.Contains(readFile(t, two.config+".log"), "paused"))
	two.answer("/puzzle reroll " + east) // a new puzzle there, which the Human starts on server 2
	for len(shownNames(there.Bot)) == 0 {
		s, ok := firstStep(t, there, east)
		if !ok {
			t.Fatal("the east area's new puzzle was solved without the Human ever holding anything")
		}
		playStep(ctx, t, there, s)
	}
	carried, left := shownNames(there.Bot), there.Feet()
	t.Logf("server 2: the Human started the east area's new puzzle, holding %q", carried)
	_ = there.Close()
	two.await("/list", "1 player online") // the Human left and was saved: only server 2's own bot is online

	two.stop(syscall.SIGKILL)
	deadline := time.Now().Add(30 * time.Second)
	for !strings.Contains(readFile(t, three.config+".log"), "took over a region") {
		if time.Now().After(deadline) {
			t.Fatalf("server 3 did not take server 2's region over:\n%s", readFile(t, three.config+".log"))
		}
		time.Sleep(200 * time.Millisecond)
	}
	back := joinHuman(ctx, t, addressOf(t, three)) // the player comes back, now to server 3
	if d := back.Feet().Sub(left).Len(); d > 1 {
		t.Errorf("on server 3 the Human stands at %v, it left server 2 at %v", back.Feet(), left)
	}
	if _, err := back.WaitFor(ctx, func(packet.Packet) bool { return slices.Equal(shownNames(back.Bot), carried) }); err != nil {
		t.Errorf("on server 3 the Human holds %q, it left server 2 holding %q", shownNames(back.Bot), carried)
	}
	if sheltered && !canopied(ctx, back, canopy) { // server 3 built what server 2 built there, from its record
		b, _ := back.BlockAt(canopy)
		t.Errorf("on server 3 the Human is shown %v over the east smith, where server 2 showed it a canopy", b)
	}
	three.verify("server 2's region taken over")
	solve(ctx, t, back, east)
	waitStatus(ctx, t, back.Bot, "solved")
	t.Logf("server 3: the Human finished the east area's new puzzle")
	three.verify("the east area solved on server 3")
}

// humanPlan waits until /puzzle plan of an area, asked by a Human, says want, and returns it.
func humanPlan(ctx context.Context, t *testing.T, h *e2e.Human, area, want string) string {
	t.Helper()
	for {
		out, err := h.Command("/puzzle plan " + area)
		if err == nil && strings.Contains(out.String(), want) {
			return out.String()
		}
		select {
		case <-ctx.Done():
			t.Fatalf("/puzzle plan %s never said %q: %v %s", area, want, err, out)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// canopied reports whether a Human's client is shown wool at a place, within 10 s (a structure is built over a few
// ticks, and its chunk sent after).
func canopied(ctx context.Context, h *e2e.Human, at cube.Pos) bool {
	wait, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	_, err := h.WaitFor(wait, func(packet.Packet) bool {
		b, ok := h.BlockAt(at)
		_, wool := b.(block.Wool)
		return ok && wool
	})
	return err == nil
}

// inAdventure makes players join the program of a config in adventure mode, and returns the config.
func inAdventure(t *testing.T, config string) string {
	t.Helper()
	src := strings.Replace(readFile(t, config), "OfflineAdmins =", "GameMode = \"adventure\"\nOfflineAdmins =", 1)
	if err := os.WriteFile(config, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return config
}

// joinHuman joins the server at addr as the Human "Admin" and waits until it stands on the ground; it leaves when
// the test ends.
func joinHuman(ctx context.Context, t *testing.T, addr string) *e2e.Human {
	t.Helper()
	h, err := e2e.DialHuman(ctx, addr, "Admin")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = h.Close() })
	if err := h.WaitGround(ctx); err != nil {
		t.Fatal(err)
	}
	return h
}

// walkOver walks a Human east over the border at x into an area another server changes, until its server sends it
// there (Bedrock's Transfer packet, to want), and joins that server as a client does: the Human stands just over the
// border there.
func walkOver(ctx context.Context, t *testing.T, h *e2e.Human, x float64, want string) *e2e.Human {
	t.Helper()
	z := math.Floor(h.Feet()[2]) + 0.5
	mark := h.Mark()
	go func() { _ = h.WalkTo(ctx, mgl64.Vec3{x + 4, h.Feet()[1], z}, 0.75) }() // ends as it is sent away
	pk, err := h.WaitAfter(ctx, mark, func(pk packet.Packet) bool { _, ok := pk.(*packet.Transfer); return ok })
	if err != nil {
		t.Fatalf("walking into another server's area, the Human was not sent there: %v", err)
	}
	tr := pk.(*packet.Transfer)
	_ = h.Close()
	if got := fmt.Sprintf("%s:%d", tr.Address, tr.Port); got != want {
		t.Errorf("the Human was sent to %s, want %s", got, want)
	}
	there := joinHuman(ctx, t, want)
	if f := there.Feet(); f[0] < x || f[0] > x+4 {
		t.Errorf("over the border the Human stands at %v, want just past x %v", f, x)
	}
	return there
}

// shownNames lists the custom names of the stacks a client is shown in its inventory, sorted.
func shownNames(b *e2e.Bot) []string {
	var names []string
	for _, it := range b.Inventory(protocol.WindowIDInventory) {
		if n := stackName(it); n != "" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// startAs starts a program with its bot joining under name, made an admin there.
func startAs(t *testing.T, p *program, name string) {
	t.Helper()
	src := strings.Replace(readFile(t, p.config), `OfflineAdmins = ["Admin"]`, fmt.Sprintf(`OfflineAdmins = ["Admin", %q]`, name), 1)
	if err := os.WriteFile(p.config, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	p.proc, p.bot = startProgram(t, p.config, name)
}

// waitStatus waits until /puzzle status, asked by a bot, says want of the bot's area.
func waitStatus(ctx context.Context, t *testing.T, b *e2e.Bot, want string) {
	t.Helper()
	for {
		out, err := b.Command("/puzzle status")
		if err == nil && len(out.Lines) > 0 && strings.Contains(out.Lines[0], want) {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("/puzzle status never said %q: %v %q", want, err, out.Lines)
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// startSolved starts two servers of a network on a new database, regions of one area each: server 1 (its bot the
// admin) holds the start area's, server 2 (its bot "Watcher") the east neighbour's, or all four neighbours' with
// four. Server 1's bot solves the start area, and server 1 has followed server 2 opening the east neighbour. The
// servers stop when the test ends.
func startSolved(t *testing.T, four bool) (one, two *program, sx, sz int) {
	t.Helper()
	return startSolvedAt(t, four, "", "")
}

// startSolvedAt is startSolved with each server's [Store] PublicAddress, where players reach it, when not "".
func startSolvedAt(t *testing.T, four bool, public1, public2 string) (one, two *program, sx, sz int) {
	t.Helper()
	url := pgtest.Database(t)
	dir1 := t.TempDir()
	sx, sz = firstStart(t, url, dir1)
	one = &program{t: t, config: writeProgramConfig(t, dir1, smithYard, networkStore(url, region(sx, sz))+publicAt(public1))}
	one.start()
	t.Cleanup(func() { one.stop(syscall.SIGTERM) })
	regions := []string{region(sx+1, sz)}
	if four {
		regions = append(regions, region(sx-1, sz), region(sx, sz+1), region(sx, sz-1))
	}
	two = &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard, networkStore(url, regions...)+publicAt(public2))}
	startAs(t, two, "Watcher")
	t.Cleanup(func() { two.stop(syscall.SIGTERM) })
	solveStart(t, one)
	one.await("/puzzle status", fmt.Sprintf("Neighbour %d,%d: active", sx+1, sz))
	return one, two, sx, sz
}

// publicAt is the line of networkStore's [Store] section that sets PublicAddress, or none for "".
func publicAt(address string) string {
	if address == "" {
		return ""
	}
	return fmt.Sprintf("PublicAddress = %q\n", address)
}

// A server stopped cleanly keeps its regions: server 1 lists the start area's region, server 2 takes any region
// it can get (the network's standby). Server 1 stops with SIGTERM and gives its lease back; server 2 reads the
// lease given back and leaves it (a server that died is taken over, one that stopped is waiting to restart: had
// server 2 taken it, server 1 would find its listed region held and refuse to start). Server 1 starts again in its
// folder, holds its region again, and its puzzles run: /puzzle verify all consistent, the start area solved.
func TestACleanlyStoppedServersRegionWaitsForIt(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program four times")
	}
	url := pgtest.Database(t)
	dir1 := t.TempDir()
	sx, sz := firstStart(t, url, dir1)
	name := fmt.Sprintf("r%d,%d", sx, sz)
	one := &program{t: t, config: writeProgramConfig(t, dir1, smithYard, networkStore(url, region(sx, sz)))}
	one.start()
	defer one.stop(syscall.SIGTERM)
	standby := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard, networkStore(url))}
	startAs(t, standby, "Third")
	defer standby.stop(syscall.SIGTERM)
	standby.await("/puzzle status", "Region "+name+": held by")

	one.stop(syscall.SIGTERM)
	standby.await("/puzzle status", "Region "+name+": nobody holds its lease") // read, and left
	one.start()
	if out := one.await("/puzzle status", "Region "+name+": held by this server"); !strings.Contains(out, "active") {
		t.Errorf("server 1 started again, but its area is not active:\n%s", out)
	}
	if logs := readFile(t, standby.config+".log"); strings.Contains(logs, "took over a region") {
		t.Errorf("the standby took over the region of a server stopped cleanly:\n%s", logs)
	}
	solveStart(t, one)
	one.verify("a clean stop and a start beside a standby")
}

// TestThreeServersHoldPlayers measures what a player feels on a network of three servers holding
// RIDDLESTONE_NETWORK_PLAYERS players between them, against one server holding them all, in the same run
// (docs/network.md, "Figures"). First one server on LevelDB: the players join and stand at the spawn. Then three
// servers on PostgreSQL, the start area's region server 1's, its east neighbour's server 2's, its west
// neighbour's server 3's: once the start is solved and its neighbours open, the players join server 1, and two
// in three walk over a border, east or west, and are sent to that server, a third of them on each. In both cases
// every player times a /list every two seconds for RIDDLESTONE_NETWORK_WINDOW (30 s by default); the test logs
// the round trips' median, 99th percentile and longest, and the players who got no answer.
func TestThreeServersHoldPlayers(t *testing.T) {
	n, _ := strconv.Atoi(os.Getenv("RIDDLESTONE_NETWORK_PLAYERS"))
	if n <= 0 {
		t.Skip("set RIDDLESTONE_NETWORK_PLAYERS=N to measure N players on three servers against one")
	}
	window := 30 * time.Second
	if d, err := time.ParseDuration(os.Getenv("RIDDLESTONE_NETWORK_WINDOW")); err == nil {
		window = d
	}
	ref := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard)}
	ref.start()
	var bots []*e2e.Bot
	for i := range n {
		bots = append(bots, dialAt(t, addressOf(t, ref), fmt.Sprintf("P%d", i)))
	}
	t.Logf("one server, %d players: %s", n, timeLists(bots, window))
	closeBots(bots)
	ref.stop(syscall.SIGTERM)

	url := pgtest.Database(t)
	dir1 := t.TempDir()
	sx, sz := firstStart(t, url, dir1)
	one := &program{t: t, config: writeProgramConfig(t, dir1, smithYard, networkStore(url, region(sx, sz)))}
	one.start()
	defer one.stop(syscall.SIGTERM)
	two := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard, networkStore(url, region(sx+1, sz)))}
	startAs(t, two, "Second")
	defer two.stop(syscall.SIGTERM)
	three := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard, networkStore(url, region(sx-1, sz)))}
	startAs(t, three, "Third")
	defer three.stop(syscall.SIGTERM)
	solveStart(t, one)
	one.await("/puzzle status", fmt.Sprintf("Neighbour %d,%d: active", sx+1, sz))
	one.await("/puzzle status", fmt.Sprintf("Neighbour %d,%d: active", sx-1, sz))

	bots = bots[:0]
	for i := range n {
		b := dialAt(t, addressOf(t, one), fmt.Sprintf("P%d", i))
		switch i % 3 {
		case 1:
			b, _, _ = cross(t, b, one.config, float64((sx+1)*32)+3)
		case 2:
			b, _, _ = cross(t, b, one.config, float64(sx*32)-3)
		}
		bots = append(bots, b)
	}
	for k, p := range []*program{one, two, three} { // a third each, and the server's own bot
		p.await("/list", fmt.Sprintf("%d players online", (n+2-k)/3+1))
	}
	t.Logf("three servers, %d players between them: %s", n, timeLists(bots, window))
	closeBots(bots)
}

// dialAt joins a bot to the server at addr.
func dialAt(t *testing.T, addr, name string) *e2e.Bot {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b, err := e2e.Dial(ctx, addr, name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// closeBots disconnects bots.
func closeBots(bots []*e2e.Bot) {
	for _, b := range bots {
		_ = b.Close()
	}
}

// timeLists has every bot time a /list round trip every two seconds for a while, all at once, and says the round
// trips' median, 99th percentile and longest, and how many went unanswered.
func timeLists(bots []*e2e.Bot, window time.Duration) string {
	var (
		mu     sync.Mutex
		times  []time.Duration
		failed int
		wg     sync.WaitGroup
	)
	end := time.Now().Add(window)
	for i, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Duration(i) * 2 * time.Second / time.Duration(len(bots))) // spread over the period
			for time.Now().Before(end) {
				start := time.Now()
				_, err := b.Command("/list")
				mu.Lock()
				if err != nil {
					failed++
				} else {
					times = append(times, time.Since(start))
				}
				mu.Unlock()
				time.Sleep(2*time.Second - time.Since(start)%(2*time.Second))
			}
		}()
	}
	wg.Wait()
	if len(times) == 0 {
		return fmt.Sprintf("no /list answered, %d unanswered", failed)
	}
	slices.Sort(times)
	q := func(f float64) time.Duration {
		return times[int(f*float64(len(times)-1))].Round(100 * time.Microsecond)
	}
	return fmt.Sprintf("/list round trip median %v, p99 %v, longest %v over %d; %d unanswered", q(0.5), q(0.99), times[len(times)-1].Round(100*time.Microsecond), len(times), failed)
}
