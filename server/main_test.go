package server_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"riddlestone/internal/e2e"
	"riddlestone/internal/pgtest"
	"riddlestone/server"
)

// TestMain lets the tests run the real program: with RIDDLESTONE_TEST_MAIN=1 the test binary is the server.
func TestMain(m *testing.M) {
	if os.Getenv("RIDDLESTONE_TEST_MAIN") == "1" {
		os.Exit(server.Main(os.Args[1:]))
	}
	code := m.Run()
	pgtest.StopShared() // the PostgreSQL server of the tests that use one
	os.Exit(code)
}

// writeConfig writes a config file for a server keeping its data in dir (its address, authentication, world,
// players and resources), followed by rest: the further sections, in TOML.
func writeConfig(t *testing.T, dir string, auth bool, rest string) string {
	t.Helper()
	c := e2e.Config(dir)
	src := fmt.Sprintf(`[Network]
Address = %q
[Server]
AuthEnabled = %v
[World]
Folder = %q
[Players]
Folder = %q
MaximumChunkRadius = 4
[Resources]
Folder = %q
%s`, c.Network.Address, auth, c.World.Folder, c.Players.Folder, c.Resources.Folder, rest)
	path := filepath.Join(dir, "config.toml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// withoutPacks is a [Riddlestone] section with extra lines that loads no packs: for the tests about the program,
// not the puzzles.
func withoutPacks(extra string) string { return "[Riddlestone]\n" + extra + "\nPacks = []\n" }

// program runs the server program as a subprocess.
func program(t *testing.T, env []string, args ...string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(append(os.Environ(), "RIDDLESTONE_TEST_MAIN=1"), env...)
	return cmd
}

// unreachableProxy routes the program's HTTPS through a proxy that refuses connections: a machine with no
// route to the authentication service, whatever the network of the machine running the test.
const unreachableProxy = "HTTPS_PROXY=http://127.0.0.1:1"

func TestProgramExitsWhenAuthServiceUnreachable(t *testing.T) {
	dir := t.TempDir()
	cmd := program(t, []string{unreachableProxy}, "-config", writeConfig(t, dir, true, withoutPacks("")))
	out, err := cmd.CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1; output:\n%s", err, out)
	}
	for _, want := range []string{"authentication service cannot be reached", "AuthEnabled = false"} {
		if !strings.Contains(string(out), want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "world")); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the world was opened before the auth check: %v", err)
	}
}

func TestNewFailsWhenAuthServiceUnreachable(t *testing.T) {
	conf := e2e.Config(t.TempDir())
	conf.Server.AuthEnabled = true
	noRoute := &http.Client{Transport: roundTripFunc(func(*http.Request) (*http.Response, error) {
		return nil, errors.New("connect: network is unreachable")
	})}
	_, err := server.New(context.Background(), server.Options{Config: conf, AuthHTTPClient: noRoute, Log: slog.New(slog.DiscardHandler)})
	if !errors.Is(err, server.ErrAuthUnreachable) || !strings.Contains(err.Error(), "network is unreachable") {
		t.Fatalf("New = %v, want ErrAuthUnreachable with the cause", err)
	}
}

type roundTripFunc func(*http.Request) (*http.Response, error)

func (f roundTripFunc) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func TestProgramReportsConfigErrorWithLine(t *testing.T) {
	dir := t.TempDir()
	path := writeConfig(t, dir, false, withoutPacks("Seed = 5\nAdmin = [\"x\"]"))
	out, err := program(t, nil, "-config", path).CombinedOutput()
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != 1 {
		t.Fatalf("exit: %v, want status 1; output:\n%s", err, out)
	}
	if want := path + ":14:1: unknown key Riddlestone.Admin\n    Admin = [\"x\"]\n    ^\n    hint: did you mean Admins?"; !strings.Contains(string(out), want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
}

// TestProgramConsoleAndSignal runs the real program: a bot joins, the console answers on standard input and
// SIGTERM stops the server gracefully with exit status 0; then stop on the console does the same.
func TestProgramConsoleAndSignal(t *testing.T) {
	dir := t.TempDir()
	config := writeConfig(t, dir, false, withoutPacks(""))

	run := func(stop func(cmd *exec.Cmd, stdin io.Writer)) string {
		cmd := program(t, nil, "-config", config, "-log-level", "debug")
		stdin, _ := cmd.StdinPipe()
		stdout, _ := cmd.StdoutPipe()
		stderr, _ := cmd.StderrPipe()
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = cmd.Process.Kill() })
		logs := make(chan string, 1000)
		go func() {
			defer close(logs)
			sc := bufio.NewScanner(stderr)
			for sc.Scan() {
				logs <- sc.Text()
			}
		}()
		addr := waitLog(t, logs, regexp.MustCompile(`msg=listening addr=(\S+)`))
		ctx, cancel := context.WithTimeout(context.Background(), e2e.DefaultTimeout)
		defer cancel()
		bot, err := e2e.Dial(ctx, addr, "Hana")
		if err != nil {
			t.Fatal(err)
		}
		defer bot.Close()
		waitLog(t, logs, regexp.MustCompile(`msg="player joined" name=Hana`))
		fmt.Fprintln(stdin, "list")
		lines := bufio.NewScanner(stdout)
		if !lines.Scan() || lines.Text() != "1 player online: Hana (1.26.45)" {
			t.Errorf("console list printed %q", lines.Text())
		}
		stop(cmd, stdin)
		waitLog(t, logs, regexp.MustCompile(`msg=stopped`))
		if err := cmd.Wait(); err != nil {
			t.Errorf("exit: %v, want status 0", err)
		}
		return addr
	}
	run(func(cmd *exec.Cmd, _ io.Writer) { _ = cmd.Process.Signal(syscall.SIGTERM) })
	run(func(_ *exec.Cmd, stdin io.Writer) { fmt.Fprintln(stdin, "stop") })
}

// waitLog reads log lines until one matches re and returns its first group (or the whole match).
func waitLog(t *testing.T, logs <-chan string, re *regexp.Regexp) string {
	t.Helper()
	var seen []string
	timeout := time.After(e2e.DefaultTimeout)
	for {
		select {
		case line, ok := <-logs:
			if !ok {
				t.Fatalf("program ended before logging %v; it logged:\n%s", re, strings.Join(seen, "\n"))
			}
			seen = append(seen, line)
			if m := re.FindStringSubmatch(line); m != nil {
				return m[len(m)-1]
			}
		case <-timeout:
			t.Fatalf("timed out waiting for a log line matching %v; the program logged:\n%s", re, strings.Join(seen, "\n"))
		}
	}
}
