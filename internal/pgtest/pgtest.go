// Package pgtest starts a real PostgreSQL server for tests: initdb makes a cluster in a temporary folder and the
// server listens on a free loopback port, with its unix socket in that folder too, until Stop. It needs the
// server's programs (Debian's postgresql package); Shared and Database skip the test with a message naming the
// package when they are missing.
//
// PostgreSQL refuses to run as root, so when the test runs as root (as CI does) the cluster belongs to the
// postgres user (or nobody) and the programs run as that user.
//
//	func TestMain(m *testing.M) { code := m.Run(); pgtest.StopShared(); os.Exit(code) }
//	url := pgtest.Database(t) // a new, empty database on the package's shared server
package pgtest

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
)

// ErrMissing is returned by Start when the PostgreSQL programs are not installed.
var ErrMissing = errors.New("PostgreSQL is not installed (initdb and postgres are not in PATH, /usr/local/bin or " +
	"/usr/lib/postgresql/*/bin): install Debian's postgresql package (apt-get install postgresql)")

// superuser is the cluster's superuser, who connects without a password over loopback.
const superuser = "riddlestone"

// Server is a PostgreSQL server that a test started.
type Server struct {
	// Dir is the temporary folder holding the cluster (data/), the socket (sock/) and the log (postgres.log).
	Dir  string
	Port int
	bin  string
	cred *syscall.Credential // who runs the programs; nil for the test's own user
	cmd  *exec.Cmd
	done chan struct{} // closed when the server process has ended
}

// Bin finds the folder of the PostgreSQL programs: where PATH finds initdb (and postgres beside it), or else
// /usr/local/bin, or else the newest /usr/lib/postgresql/<version>/bin (where Debian's package puts them).
func Bin() (string, error) {
	var dirs []string
	if p, err := exec.LookPath("initdb"); err == nil {
		dirs = append(dirs, filepath.Dir(p))
	}
	dirs = append(dirs, "/usr/local/bin")
	versions, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	slices.SortFunc(versions, func(a, b string) int { return versionOf(b) - versionOf(a) })
	dirs = append(dirs, versions...)
	for _, d := range dirs {
		if executable(filepath.Join(d, "initdb")) && executable(filepath.Join(d, "postgres")) {
			return d, nil
		}
	}
	return "", ErrMissing
}

// versionOf reads the major version from /usr/lib/postgresql/<version>/bin; 0 when it is not a number.
func versionOf(bin string) int {
	v, _ := strconv.Atoi(filepath.Base(filepath.Dir(bin)))
	return v
}

func executable(path string) bool {
	fi, err := os.Stat(path)
	return err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0
}

// Start makes a new cluster in a temporary folder and starts a server on it. Stop ends it and removes the folder.
func Start() (*Server, error) {
	bin, err := Bin()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "riddlestone-pgtest-")
	if err != nil {
		return nil, err
	}
	s := &Server{Dir: dir, bin: bin}
	if err := s.setUp(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	if err := s.Restart(); err != nil {
		_ = os.RemoveAll(dir)
		return nil, err
	}
	return s, nil
}

// setUp chooses who runs the server and makes the cluster.
func (s *Server) setUp() error {
	if err := os.Mkdir(filepath.Join(s.Dir, "sock"), 0o700); err != nil {
		return err
	}
	if os.Geteuid() == 0 {
		cred, err := unprivileged()
		if err != nil {
			return err
		}
		s.cred = cred
		if err := chownAll(s.Dir, int(cred.Uid), int(cred.Gid)); err != nil {
			return err
		}
	}
	out, err := s.command("initdb", "-D", filepath.Join(s.Dir, "data"), "-U", superuser, "-A", "trust",
		"-E", "UTF8", "--locale=C", "--no-sync").CombinedOutput()
	if err != nil {
		return fmt.Errorf("initdb: %w\n%s", err, out)
	}
	return nil
}

// unprivileged returns the user the server runs as when the test runs as root: postgres, or else nobody.
func unprivileged() (*syscall.Credential, error) {
	for _, name := range []string{"postgres", "nobody"} {
		u, err := user.Lookup(name)
		if err != nil {
			continue
		}
		uid, _ := strconv.Atoi(u.Uid)
		gid, _ := strconv.Atoi(u.Gid)
		return &syscall.Credential{Uid: uint32(uid), Gid: uint32(gid)}, nil
	}
	return nil, errors.New("running as root, and there is no postgres or nobody user to run PostgreSQL as")
}

func chownAll(dir string, uid, gid int) error {
	return filepath.Walk(dir, func(p string, _ os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		return os.Lchown(p, uid, gid)
	})
}

// command prepares one of the PostgreSQL programs, run as the server's user.
func (s *Server) command(name string, args ...string) *exec.Cmd {
	cmd := exec.Command(filepath.Join(s.bin, name), args...)
	cmd.Dir = s.Dir
	cmd.SysProcAttr = sysProcAttr(s.cred)
	return cmd
}

// Restart starts the server on its cluster (again, after Stop or Kill), on a new free port if the old one is
// taken, and returns once it accepts connections.
func (s *Server) Restart() error {
	var err error
	for range 3 { // a free port can be taken between choosing it and the server binding it
		if s.Port == 0 || err != nil {
			if s.Port, err = freePort(); err != nil {
				return err
			}
		}
		if err = s.run(); err == nil {
			return nil
		}
	}
	return err
}

// run starts the postgres process and waits until it accepts connections or ends.
func (s *Server) run() error {
	logPath := filepath.Join(s.Dir, "postgres.log")
	logFile, err := os.OpenFile(logPath, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer logFile.Close()
	s.cmd = s.command("postgres", "-D", filepath.Join(s.Dir, "data"), "-p", strconv.Itoa(s.Port),
		"-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories="+filepath.Join(s.Dir, "sock"),
		"-c", "max_connections=200")
	s.cmd.Stdout, s.cmd.Stderr = logFile, logFile
	s.done = make(chan struct{})
	if err := startLocked(s.cmd, s.done); err != nil {
		return fmt.Errorf("start postgres: %w", err)
	}
	deadline := time.Now().Add(60 * time.Second)
	for {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
		conn, err := pgx.Connect(ctx, s.URL("postgres"))
		cancel()
		if err == nil {
			_ = conn.Close(context.Background())
			return nil
		}
		select {
		case <-s.done:
			return fmt.Errorf("postgres ended at start: %w\n%s", err, tail(logPath))
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			s.Kill()
			return fmt.Errorf("postgres did not accept connections in a minute: %w\n%s", err, tail(logPath))
		}
	}
}

// startLocked starts cmd from a goroutine locked to its thread until cmd ends, then closes done. The server's
// death signal (sysProcAttr) fires when the thread that started it ends, not the process: Go ends a thread
// when a goroutine locked to it exits, so the thread that starts the server must live as long as it does.
func startLocked(cmd *exec.Cmd, done chan struct{}) error {
	started := make(chan error, 1)
	go func() {
		runtime.LockOSThread() // never unlocked: the thread ends with this goroutine, after the server
		defer close(done)
		if err := cmd.Start(); err != nil {
			started <- err
			return
		}
		started <- nil
		_ = cmd.Wait()
	}()
	return <-started
}

// freePort returns a loopback TCP port nobody listens on.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// tail returns the end of a log file, for error messages.
func tail(path string) string {
	b, _ := os.ReadFile(path)
	if len(b) > 4000 {
		b = b[len(b)-4000:]
	}
	return strings.TrimSpace(string(b))
}

// URL returns the connection URL of a database on the server.
func (s *Server) URL(database string) string {
	return fmt.Sprintf("postgres://%s@127.0.0.1:%d/%s?sslmode=disable", superuser, s.Port, database)
}

// CreateDatabase makes a new, empty database and returns its URL.
func (s *Server) CreateDatabase(ctx context.Context, name string) (string, error) {
	conn, err := pgx.Connect(ctx, s.URL("postgres"))
	if err != nil {
		return "", err
	}
	defer conn.Close(context.Background())
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize()); err != nil {
		return "", fmt.Errorf("create database %s: %w", name, err)
	}
	return s.URL(name), nil
}

// Stop shuts the server down cleanly (a fast shutdown: clients are disconnected, the data is written) and waits
// for it to end. The cluster stays, for Restart.
func (s *Server) Stop() { s.signal(syscall.SIGINT) }

// Kill ends the server as a crash would (an immediate shutdown: recovery from the WAL at the next start).
func (s *Server) Kill() { s.signal(syscall.SIGQUIT) }

func (s *Server) signal(sig syscall.Signal) {
	if s.cmd == nil || s.cmd.Process == nil {
		return
	}
	_ = s.cmd.Process.Signal(sig)
	select {
	case <-s.done:
	case <-time.After(30 * time.Second):
		_ = s.cmd.Process.Kill()
		<-s.done
	}
}

// Close stops the server and removes its folder.
func (s *Server) Close() error {
	s.Stop()
	return os.RemoveAll(s.Dir)
}
