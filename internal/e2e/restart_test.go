package e2e_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
	"riddlestone/internal/pgtest"
)

// smithYard is a two-step puzzle with a person in it: the smith forges a key from an ingot, and the key opens the
// crate. Every area has one, so each solve is a fresh puzzle.
const smithYard = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Smith: {look: {entity: villager_v2, name: Smith}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
  Ingot: {props: {carryable: true}, look: {item: iron_ingot}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
  Key Smith ::= Forge Smith Ingot
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], minDepth: 2, maxDepth: 2, connects: [Field]}
  - {name: Field, goals: ["Crate[open_bit: true]"], minDepth: 2, maxDepth: 2, minDistance: 1}
`

// areaName finds the first area a status names.
var areaName = regexp.MustCompile(`Area (-?\d+),(-?\d+)`)

// ingotPlace finds where the plan says an ingot lies on the ground.
var ingotPlace = regexp.MustCompile(`Ingot #(\d+) entity at ([-\d]+,[-\d]+,[-\d]+)`)

// program is the server program running on a world folder that outlives it.
type program struct {
	t      *testing.T
	config string
	proc   *exec.Cmd
	bot    *e2e.Bot
	starts int
}

// writeProgramConfig writes a config.toml for the program in dir with the given pack, and any further sections,
// and returns its path.
func writeProgramConfig(t *testing.T, dir, packSrc string, sections ...string) string {
	t.Helper()
	pack := filepath.Join(dir, "pack.yaml")
	if err := os.WriteFile(pack, []byte(packSrc), 0o644); err != nil {
		t.Fatal(err)
	}
	c := e2e.Config(dir)
	config := filepath.Join(dir, "config.toml")
	src := fmt.Sprintf(`[Network]
Address = %q
[Server]
AuthEnabled = false
[World]
Folder = %q
[Players]
Folder = %q
MaximumChunkRadius = 4
[Resources]
Folder = %q
[Riddlestone]
Seed = 42
Packs = [%q]
OfflineAdmins = ["Admin"]
[Puzzles]
AreaSize = 2
TwoKeyPercent = 0
`, freePort(t), c.World.Folder, c.Players.Folder, c.Resources.Folder, pack) + strings.Join(sections, "")
	if err := os.WriteFile(config, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return config
}

// start runs the program and joins the admin bot.
func (p *program) start() {
	p.t.Helper()
	p.starts++
	p.proc, p.bot = startProgram(p.t, p.config, "Admin")
}

// stop ends the program: with SIGTERM, a clean stop that saves; with SIGKILL, a crash that saves nothing.
func (p *program) stop(sig syscall.Signal) {
	p.t.Helper()
	defer p.bot.Close() // after the end: a player who leaves first puts down what they hold
	if err := p.proc.Process.Signal(sig); err != nil {
		p.t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- p.proc.Wait() }()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		p.t.Fatalf("the program did not end after %v\n%s", sig, readFile(p.t, p.config+".log"))
	}
}

// command runs a command as the admin bot and returns its output.
func (p *program) command(line string) string {
	p.t.Helper()
	out, err := p.bot.Command(line)
	if err != nil {
		p.t.Fatalf("%s: %v", line, err)
	}
	return out.String()
}

// answer runs a command whose answer comes later (the overlay's admin commands answer at once that they started,
// and later what happened) and returns both outputs.
func (p *program) answer(line string) string {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	mark := p.bot.Mark()
	if err := p.bot.SendCommand(line); err != nil {
		p.t.Fatal(err)
	}
	var lines []string
	n := 0
	_, err := e2e.Await(ctx, p.bot, mark, func(pk *packet.CommandOutput) bool {
		for _, m := range pk.OutputMessages {
			lines = append(lines, m.Message+" "+strings.Join(m.Parameters, " "))
		}
		n++
		return n == 2
	})
	if err != nil {
		p.t.Fatalf("%s: no later answer (%v); got %q", line, err, lines)
	}
	return strings.Join(lines, "\n")
}

// await runs a command until its output contains want, and returns that output.
func (p *program) await(line, want string) string {
	p.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		out := p.command(line)
		if strings.Contains(out, want) {
			return out
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("%s never answered %q; last:\n%s\nlogs:\n%s", line, want, out, readFile(p.t, p.config+".log"))
		}
		time.Sleep(250 * time.Millisecond)
	}
}

// verify waits until /puzzle verify finds the puzzles whole: store, memory, world and inventory agree, every
// area whose keys are solved is open, every active puzzle can be solved, nothing is missing or duplicated.
func (p *program) verify(after string) {
	p.t.Helper()
	deadline := time.Now().Add(90 * time.Second)
	for {
		out := p.answer("/puzzle verify")
		if strings.Contains(out, "All consistent") {
			return
		}
		if time.Now().After(deadline) {
			p.t.Fatalf("after %s the puzzles are not whole:\n%s\nlogs:\n%s", after, out, readFile(p.t, p.config+".log"))
		}
		time.Sleep(300 * time.Millisecond)
	}
}

// restart stops the program with sig right after an event, starts it again in the same folder, checks that the
// puzzles are whole, and that opening another area still works.
func (p *program) restart(sig syscall.Signal, event string) {
	p.t.Helper()
	p.stop(sig)
	p.start()
	p.verify(fmt.Sprintf("%s and %v", event, sig))
	far := fmt.Sprintf("%d,%d", 20+p.starts, -20)
	if out := p.answer("/puzzle unlock " + far); !strings.Contains(out, "is open") {
		p.t.Fatalf("after %s and %v, opening another area answered:\n%s", event, sig, out)
	}
}

// The restart matrix: after each kind of change (an unlock, a pick-up, a move, a solve 0, 100 and 1000 ms before
// the end, a lock, a reroll), the program is stopped cleanly or killed, started again in the same folder, and
// play goes on: /puzzle verify finds everything whole each time (store, memory, world, inventories; no object
// missing or duplicated; areas whose keys are solved open; puzzles solvable), the next area still opens, and the
// puzzle in progress can be finished. Then five clean restarts in a row keep every NPC single.
func TestRestartMatrix(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program many times")
	}
	restartMatrix(t, true)
}

// TestRestartMatrixPostgres runs the restart matrix with the puzzle state in PostgreSQL ([Store] Kind =
// "postgres", a database on a server the test starts). The whole matrix takes about three minutes, so by default
// it runs its first part: an unlock, a pick-up, a move and a solve, each followed by a SIGKILL and a restart;
// RIDDLESTONE_POSTGRES_MATRIX=1 runs all of it.
func TestRestartMatrixPostgres(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program many times")
	}
	store := fmt.Sprintf("[Store]\nKind = \"postgres\"\nURL = %q\nLeaseSeconds = 3\n", pgtest.Database(t)) // a killed program's lease runs out in 3 s
	restartMatrix(t, os.Getenv("RIDDLESTONE_POSTGRES_MATRIX") == "1", store)
}

// restartMatrix runs the restart matrix on a program with the given further config sections; all of it when
// full, else the SIGKILL round of an unlock, a pick-up, a move and a solve.
func restartMatrix(t *testing.T, full bool, sections ...string) {
	p := &program{t: t, config: writeProgramConfig(t, t.TempDir(), smithYard, sections...)}
	p.start()
	status := p.await("/puzzle status", "active")
	m := areaName.FindStringSubmatch(status)
	if m == nil {
		t.Fatalf("no area in the status:\n%s", status)
	}
	var sx, sz int
	fmt.Sscanf(m[1]+" "+m[2], "%d %d", &sx, &sz)
	start, north, east := fmt.Sprintf("%d,%d", sx, sz), fmt.Sprintf("%d,%d", sx, sz-1), fmt.Sprintf("%d,%d", sx+1, sz)
	p.verify("the first start")

	solveStep := func(action string) { t.Helper(); stepTo(t, p.bot, action) }
	kill, term := syscall.SIGKILL, syscall.SIGTERM
	signals := []syscall.Signal{kill, term}
	if !full {
		signals = signals[:1]
	}
	for _, sig := range signals {
		// An unlock the console confirmed.
		out := p.answer(fmt.Sprintf("/puzzle unlock %d,9", sig))
		if !strings.Contains(out, "is open") {
			t.Fatalf("unlock answered:\n%s", out)
		}
		p.restart(sig, "an unlock")
		if out := p.answer(fmt.Sprintf("/puzzle unlock %d,9", sig)); !strings.Contains(out, "already open") {
			t.Fatalf("the confirmed unlock was lost:\n%s", out)
		}

		// A pick-up: walk over the ingot the plan names.
		out = p.command("/puzzle plan")
		ingot := ingotPlace.FindStringSubmatch(out)
		if ingot == nil {
			t.Fatalf("no ingot on the ground in the plan:\n%s", out)
		}
		follow(t, p.bot, step{action: "PickUp", item: "Ingot", place: "entity", pos: parsePos(ingot[2])})
		p.await("/puzzle plan", "Ingot #"+ingot[1]+" held by") // the store has the pick-up
		p.restart(sig, "a pick-up")
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		_, err := p.bot.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(p.bot, "Ingot") == 1 })
		cancel()
		if err != nil {
			t.Fatalf("after a pick-up and %v the player does not hold the ingot once (%d): %v\nplan:\n%s\nlogs:\n%s",
				sig, heldNamed(p.bot, "Ingot"), err, p.command("/puzzle plan"), readFile(t, p.config+".log"))
		}

		// A move: the smith forges the key.
		solveStep("Forge")
		p.restart(sig, "a move")
		p.await("/puzzle status", "1/2 steps")

		// A solve, then the program ends at once.
		solveStep("Open")
		p.restart(sig, "a solve")
		p.await("/puzzle status", "solved")
		p.answer("/puzzle reroll " + start) // a fresh puzzle for the next round
		p.verify("a reroll")
	}
	if !full {
		return
	}
	// Solves 100 ms and 1 s before the end, in the start area's neighbours.
	for _, wait := range []time.Duration{100 * time.Millisecond, time.Second} {
		p.command("/puzzle tp " + north)
		solveStep("Forge")
		solveStep("Open")
		time.Sleep(wait) // the point of the test: the end comes this long after the solve
		p.restart(kill, fmt.Sprintf("a solve %v before", wait))
		p.answer("/puzzle reroll " + north)
		p.verify("a reroll")
	}
	// A lock and a reroll the console confirmed.
	for _, sig := range []syscall.Signal{kill, term} {
		if out := p.answer("/puzzle lock " + east); !strings.Contains(out, "is locked") {
			t.Fatalf("lock answered:\n%s", out)
		}
		p.restart(sig, "a lock")
		if out := p.answer("/puzzle reroll " + east); !strings.Contains(out, "not open") {
			t.Fatalf("the confirmed lock was lost:\n%s", out)
		}
		p.answer("/puzzle unlock " + east)
		if out := p.answer("/puzzle reroll " + east); !strings.Contains(out, "new puzzle") {
			t.Fatalf("reroll answered:\n%s", out)
		}
		p.restart(sig, "a reroll")
	}
	// Five clean restarts: NPCs stay single (verify counts each one's entities).
	for i := range 5 {
		p.restart(term, fmt.Sprintf("clean restart %d", i+1))
	}
}
