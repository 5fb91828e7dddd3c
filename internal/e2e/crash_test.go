package e2e_test

import (
	"context"
	"net"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/sandertv/gophertunnel/minecraft/protocol"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"
	"riddlestone/internal/e2e"
	"riddlestone/internal/pgtest"
	"riddlestone/server"
)

// TestMain lets a test run the real program: with RIDDLESTONE_E2E_MAIN=1 the test binary is the server.
func TestMain(m *testing.M) {
	if os.Getenv("RIDDLESTONE_E2E_MAIN") == "1" {
		os.Exit(server.Main(os.Args[1:]))
	}
	code := m.Run()
	pgtest.StopShared() // the PostgreSQL server of the tests that use one
	os.Exit(code)
}

// forge is a two-step puzzle: forge a key from an ingot at an anvil, then open the crate with it.
const forge = `items:
  Crate: {props: {open_bit: false}, look: {block: barrel}}
  Anvil: {look: {block: anvil}}
  Key:   {props: {carryable: true}, look: {item: emerald}}
  Ingot: {props: {carryable: true}, look: {item: iron_ingot}}
rules: |
  Crate[open_bit: true] ::= Open Crate[open_bit: false] Key
  Key Anvil ::= Forge Anvil Ingot
areas:
  - {name: Yard, start: true, goals: ["Crate[open_bit: true]"], minDepth: 2, maxDepth: 2, connects: [Field]}
  - {name: Field, goals: ["Crate[open_bit: true]"], maxDepth: 2, minDistance: 1}
`

// freePort returns a loopback UDP address nobody listens on.
func freePort(t *testing.T) string {
	t.Helper()
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	return c.LocalAddr().String()
}

// startProgram runs the server program with a config file and waits until a bot can join; it returns the process
// and the joined bot.
func startProgram(t *testing.T, config, name string) (*exec.Cmd, *e2e.Bot) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-config", config)
	cmd.Env = append(os.Environ(), "RIDDLESTONE_E2E_MAIN=1")
	logs, err := os.Create(config + ".log")
	if err != nil {
		t.Fatal(err)
	}
	defer logs.Close()
	cmd.Stdout, cmd.Stderr = logs, logs
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = cmd.Process.Kill(); _ = cmd.Wait() })
	addr := strings.Split(strings.Split(readFile(t, config), "Address = \"")[1], "\"")[0]
	deadline := time.Now().Add(90 * time.Second)
	// Dial once the program listens, and give the join time: a dial given up too soon may still join later, and
	// the next dial under the same name is then refused as already logged in.
	for !strings.Contains(readFile(t, config+".log"), "msg=listening") && time.Now().Before(deadline) {
		time.Sleep(100 * time.Millisecond)
	}
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		b, err := e2e.Dial(ctx, addr, name)
		cancel()
		if err == nil {
			t.Cleanup(func() { _ = b.Close() })
			return cmd, b
		}
		if time.Now().After(deadline) {
			t.Fatalf("the program did not let a bot join: %v\nlogs:\n%s", err, readFile(t, config+".log"))
		}
		time.Sleep(300 * time.Millisecond)
	}
}

func readFile(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// heldNamed counts the stacks in a bot's inventory whose custom name contains name.
func heldNamed(b *e2e.Bot, name string) int {
	n := 0
	for _, it := range b.Inventory(protocol.WindowIDInventory) {
		if display, ok := it.Stack.NBTData["display"].(map[string]any); ok {
			if s, _ := display["Name"].(string); strings.Contains(s, name) {
				n++
			}
		}
	}
	return n
}

// The server is killed with SIGKILL in the middle of a puzzle, after a step and after picking up its output, and
// started again: the progress, the world objects and the inventory agree with the store, and the puzzle can be
// finished.
func TestKillMidPuzzleAndRestart(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the program twice")
	}
	config := writeProgramConfig(t, t.TempDir(), forge)

	proc, b := startProgram(t, config, "Admin")
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	s, ok := plan(t, b)
	for ; !ok && ctx.Err() == nil; s, ok = plan(t, b) {
		time.Sleep(200 * time.Millisecond)
	}
	if s.action != "Forge" {
		t.Fatalf("first step %+v, want forging the key", s)
	}
	follow(t, b, s)
	s, _ = plan(t, b)
	for s.action == "Forge" && ctx.Err() == nil { // the forge is committed, then shown
		time.Sleep(200 * time.Millisecond)
		s, _ = plan(t, b)
	}
	// The forged key goes to the player who forged it.
	if _, err := b.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(b, "Key") == 1 }); err != nil {
		t.Fatalf("the forged key did not reach the inventory: %v", err)
	}
	status, _ := b.Command("/puzzle status")
	if !strings.Contains(status.String(), "1/2 steps") {
		t.Fatalf("status before the kill:\n%s", status)
	}

	// SIGKILL: no shutdown, no saving.
	if err := proc.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = proc.Wait()
	_ = b.Close()

	_, b = startProgram(t, config, "Admin")
	status, _ = b.Command("/puzzle status")
	for !strings.Contains(status.String(), "steps") && ctx.Err() == nil {
		time.Sleep(200 * time.Millisecond)
		status, _ = b.Command("/puzzle status")
	}
	if !strings.Contains(status.String(), "1/2 steps") {
		t.Fatalf("status after the restart:\n%s", status)
	}
	if _, err := b.WaitFor(ctx, func(packet.Packet) bool { return heldNamed(b, "Key") == 1 }); err != nil {
		t.Fatalf("after the restart the player does not hold exactly one key (%d): %v", heldNamed(b, "Key"), err)
	}
	mark := b.Mark()
	s, ok = plan(t, b)
	if !ok || s.action != "Open" {
		t.Fatalf("remaining step after the restart: %+v", s)
	}
	follow(t, b, s)
	if _, err := e2e.Await(ctx, b, mark, func(pk *packet.SetTitle) bool { return strings.Contains(pk.Text, "solved") }); err != nil {
		t.Fatalf("the puzzle was not solved after the restart: %v", err)
	}
	time.Sleep(300 * time.Millisecond)
	if n := heldNamed(b, "Key"); n != 0 {
		t.Errorf("the key was used but %d are still held", n)
	}
}
