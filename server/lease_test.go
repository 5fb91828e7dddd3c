package server_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"riddlestone/internal/e2e"
	"riddlestone/internal/pgtest"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
	"riddlestone/server"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
)

// smithYard is a small pack: a smith forges a key from an ingot, and the key opens a crate.
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

// leaseSeconds is the lease of the servers these tests start.
const leaseSeconds = 3

// writeStoreConfig writes the config of a server in a folder of its own whose puzzle state is in the PostgreSQL
// database at url, with the small pack.
func writeStoreConfig(t *testing.T, url string) string {
	t.Helper()
	dir := t.TempDir()
	pack := filepath.Join(dir, "pack.yaml")
	if err := os.WriteFile(pack, []byte(smithYard), 0o644); err != nil {
		t.Fatal(err)
	}
	return writeConfig(t, dir, false, fmt.Sprintf(`[Riddlestone]
Seed = 42
Packs = [%q]
[Puzzles]
AreaSize = 2
TwoKeyPercent = 0
[Store]
Kind = "postgres"
URL = %q
LeaseSeconds = %d
`, pack, url, leaseSeconds))
}

// running is a server program started by a test, with its log lines.
type running struct {
	cmd  *exec.Cmd
	logs chan string
}

// startServer starts the server program on a config and reads its logs.
func startServer(t *testing.T, config string) *running {
	t.Helper()
	cmd := program(t, nil, "-config", config)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	r := &running{cmd: cmd, logs: make(chan string, 10000)}
	go func() {
		defer close(r.logs)
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			r.logs <- sc.Text()
		}
	}()
	return r
}

// loadStore reads the puzzle state in the database as a tool does, without a lease.
func loadStore(t *testing.T, url string) store.Saved {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	s, err := pgstore.Open(ctx, url)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	saved, err := s.Load()
	if err != nil {
		t.Fatal(err)
	}
	return saved
}

// TestServersShareOneLease runs the real program on one PostgreSQL database: while a first server runs, a
// second refuses to start, naming the first and when its lease runs out; once the first is killed (SIGKILL) a
// second server takes its puzzles over within the lease time, with all the state the first left.
func TestServersShareOneLease(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program three times")
	}
	url := pgtest.Database(t)
	first := startServer(t, writeStoreConfig(t, url))
	waitLog(t, first.logs, regexp.MustCompile(`msg="puzzles ready"`))

	out, err := program(t, nil, "-config", writeStoreConfig(t, url)).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("a second server on the database ended with %v, want exit status 1; output:\n%s", err, out)
	}
	for _, want := range []string{fmt.Sprintf("held by the server on %s (pid %d", hostname(t), first.cmd.Process.Pid),
		"whose lease runs until", "another server is running on this database"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("the second server's refusal lacks %q:\n%s", want, out)
		}
	}

	before := loadStore(t, url)
	if len(before.Areas) == 0 {
		t.Fatal("the first server stored no area")
	}
	if err := first.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	killed := time.Now()
	_ = first.cmd.Wait()
	second := startServer(t, writeStoreConfig(t, url))
	waitLog(t, second.logs, regexp.MustCompile(`msg="puzzle store: lease taken"`))
	t.Logf("the second server took the lease %v after the first was killed (lease %d s)", time.Since(killed).Round(time.Millisecond), leaseSeconds)
	waitLog(t, second.logs, regexp.MustCompile(`msg="puzzles ready"`))
	after := loadStore(t, url)
	for pos, a := range before.Areas {
		if b, ok := after.Areas[pos]; !ok || b.Template != a.Template {
			t.Errorf("area %v was %q before the takeover and is %q after", pos, a.Template, b.Template)
		}
	}
	for id := range before.Objects {
		if _, ok := after.Objects[id]; !ok {
			t.Errorf("object %d was lost in the takeover", id)
		}
	}
}

func hostname(t *testing.T) string {
	h, err := os.Hostname()
	if err != nil {
		t.Fatal(err)
	}
	return h
}

// answer runs a command whose answer comes later (the overlay's admin commands answer at once that they started,
// and later what happened) and returns both outputs; mark is where the bot's packets are read from.
func answer(t *testing.T, bot *e2e.Bot, line string) string {
	t.Helper()
	mark := bot.Mark()
	if err := bot.SendCommand(line); err != nil {
		t.Fatal(err)
	}
	return awaitAnswer(t, bot, mark, line)
}

// awaitAnswer waits for the two outputs of a command sent after mark.
func awaitAnswer(t *testing.T, bot *e2e.Bot, mark int, line string) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	var lines []string
	n := 0
	_, err := e2e.Await(ctx, bot, mark, func(pk *packet.CommandOutput) bool {
		for _, m := range pk.OutputMessages {
			lines = append(lines, m.Message+" "+strings.Join(m.Parameters, " "))
		}
		n++
		return n == 2
	})
	if err != nil {
		t.Fatalf("%s: no later answer (%v); got %q", line, err, lines)
	}
	return strings.Join(lines, "\n")
}

// awaitMessage waits for a chat message after mark that contains want.
func awaitMessage(t *testing.T, bot *e2e.Bot, mark int, want string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 90*time.Second)
	defer cancel()
	if _, err := e2e.Await(ctx, bot, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, want) }); err != nil {
		t.Fatalf("the player was never told %q: %v", want, err)
	}
}

// TestPuzzlesPauseWhilePostgresRestarts runs a server on PostgreSQL and stops PostgreSQL while an admin opens
// areas: the unlock under way waits, the player is told in words that the puzzles are paused (and one who joins
// meanwhile is turned away in words: their data is in PostgreSQL too), and once PostgreSQL is started again the
// unlock is done, the player is told the puzzles run again, the server goes on,
// and every unlock it answered as done is in the store, with store, memory, world and inventories agreeing.
func TestPuzzlesPauseWhilePostgresRestarts(t *testing.T) {
	url := pgtest.Database(t)
	pg := pgtest.Shared(t)
	dir := t.TempDir()
	pack := filepath.Join(dir, "pack.yaml")
	if err := os.WriteFile(pack, []byte(smithYard), 0o644); err != nil {
		t.Fatal(err)
	}
	srv := e2e.Start(t, e2e.WithExtension(server.Puzzles), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Seed, c.Riddlestone.Packs, c.Riddlestone.OfflineAdmins = 42, []string{pack}, []string{"Admin"}
		c.Puzzles.AreaSize, c.Puzzles.TwoKeyPercent = 2, 0
		c.Store = server.StoreSettings{Kind: "postgres", URL: url, LeaseSeconds: 30} // a move waits up to 30 s
	}))
	bot := srv.Join(t, "Admin")
	for x := 1; x <= 2; x++ {
		if out := answer(t, bot, fmt.Sprintf("/puzzle unlock %d,9", x)); !strings.Contains(out, "is open") {
			t.Fatalf("unlock %d,9 answered:\n%s", x, out)
		}
	}

	pg.Stop()
	mark := bot.Mark()
	if err := bot.SendCommand("/puzzle unlock 3,9"); err != nil {
		t.Fatal(err)
	}
	awaitMessage(t, bot, mark, "The puzzles are paused: the server cannot reach its puzzle store")
	// The players' data is in PostgreSQL too: a player who joins while it is down is turned away in words (the
	// load waits 10 s for it), rather than play on an empty inventory saved over theirs.
	why := joinRefused(t, srv, "Bob")
	if err := pg.Restart(); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(why, unloadedWords) {
		t.Fatalf("a player joining while PostgreSQL is down: %s", why)
	}
	if out := awaitAnswer(t, bot, mark, "/puzzle unlock 3,9"); !strings.Contains(out, "is open") {
		t.Fatalf("the unlock made while PostgreSQL was down answered:\n%s", out)
	}
	awaitMessage(t, bot, mark, "The puzzles are running again")
	if out := answer(t, bot, "/puzzle unlock 4,9"); !strings.Contains(out, "is open") {
		t.Fatalf("unlock 4,9 after the restart answered:\n%s", out)
	}

	saved := loadStore(t, url)
	for x := 1; x <= 4; x++ {
		if a, ok := saved.Areas[store.AreaPos{int32(x), 9}]; !ok || a.State == store.Locked {
			t.Errorf("area %d,9, answered open, is %+v in the store", x, a.State)
		}
	}
	if out := answer(t, bot, "/puzzle verify"); !strings.Contains(out, "All consistent") {
		t.Fatalf("after the restart the puzzles are not whole:\n%s\nlogs:\n%s", out, srv.Logs())
	}
}
