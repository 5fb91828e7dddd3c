package load

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"
)

// statsEvery is how often a child server reports its figures.
const statsEvery = 250 * time.Millisecond

// childLine is one line a child server writes on its standard output: its address once, then its figures.
type childLine struct {
	Addr  string       `json:"addr,omitempty"`
	Stats *ServerStats `json:"stats,omitempty"`
	Error string       `json:"error,omitempty"`
}

// Serve runs a server of the given kind for a harness in another process (see StartChild): it writes the
// server's address, then its figures every 250 ms, as JSON lines to out, and reads commands from in, one a
// line: "profile FILE" starts a CPU profile, "endprofile" ends it. It returns when in ends, ctx ends or
// maxLife has passed, whichever is first, closing the server.
func Serve(ctx context.Context, kind string, s Settings, in io.Reader, out io.Writer, maxLife time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, maxLife)
	defer cancel()
	enc := json.NewEncoder(out)
	srv, err := Start(ctx, kind, s)
	if err != nil {
		_ = enc.Encode(childLine{Error: err.Error()})
		return err
	}
	defer srv.Close()
	if err := enc.Encode(childLine{Addr: srv.Addr()}); err != nil {
		return err
	}
	go func() {
		defer cancel()
		serveCommands(in)
	}()
	tk := time.NewTicker(statsEvery)
	defer tk.Stop()
	for {
		select {
		case <-ctx.Done():
			pprof.StopCPUProfile()
			return nil
		case <-tk.C:
			st := processStats(srv.ticks)
			if err := enc.Encode(childLine{Stats: &st}); err != nil {
				return err
			}
		}
	}
}

// serveCommands runs the harness's commands until in ends.
func serveCommands(in io.Reader) {
	var f *os.File
	sc := bufio.NewScanner(in)
	for sc.Scan() {
		word, arg, _ := strings.Cut(strings.TrimSpace(sc.Text()), " ")
		switch word {
		case "profile":
			var err error
			if f, err = os.Create(arg); err == nil {
				if err := pprof.StartCPUProfile(f); err != nil {
					fmt.Fprintln(os.Stderr, "load: profile:", err)
				}
			}
		case "endprofile":
			pprof.StopCPUProfile()
			if f != nil {
				_ = f.Close()
				f = nil
			}
		}
	}
}

// Child is a server the harness runs as a child process (the binary's "load -serve"), so that its CPU and
// memory are its own and it can be pinned to its own cores.
type Child struct {
	name  string
	addr  string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	done  chan struct{} // closed when the child's output ends

	mu   sync.Mutex
	last *ServerStats
	err  string
}

// ChildOptions say how StartChild runs the child.
type ChildOptions struct {
	// Exe is the binary to run; Args are the arguments that make it serve (the "load -serve KIND" flags are
	// appended to them).
	Exe  string
	Args []string
	// Env, if not nil, is the child's environment.
	Env []string
	// CPUs, if not empty, pins the child to these CPUs with taskset (for example "0").
	CPUs string
	// MaxLife bounds the child's life: it stops by itself after it.
	MaxLife time.Duration
	// Stderr receives the child's standard error (nil: this process's).
	Stderr io.Writer
}

// ServeArgs returns the flags that make the load command serve kind with settings s for maxLife.
func ServeArgs(kind string, s Settings, maxLife time.Duration) []string {
	args := []string{"-serve", kind, "-radius", strconv.Itoa(s.ChunkRadius), "-max", strconv.Itoa(s.MaxPlayers),
		"-seed", strconv.FormatInt(s.Seed, 10), "-open", strconv.Itoa(s.Open), "-compress-from", strconv.Itoa(s.CompressFrom),
		"-life", maxLife.String()}
	if s.Dir != "" {
		args = append(args, "-dir", s.Dir)
	}
	if len(s.Packs) > 0 {
		args = append(args, "-packs", strings.Join(s.Packs, ","))
	}
	return args
}

// StartChild starts a server of the given kind as a child process and waits until it listens.
func StartChild(ctx context.Context, kind string, s Settings, o ChildOptions) (*Child, error) {
	if o.MaxLife <= 0 {
		o.MaxLife = 2 * time.Hour
	}
	args := append(append([]string(nil), o.Args...), ServeArgs(kind, s.withDefaults(), o.MaxLife)...)
	name := o.Exe
	if o.CPUs != "" {
		args = append([]string{"-c", o.CPUs, o.Exe}, args...)
		name = "taskset"
	}
	c := &Child{name: kind, done: make(chan struct{})}
	c.cmd = exec.Command(name, args...)
	c.cmd.Env = o.Env
	c.cmd.Stderr = o.Stderr
	if c.cmd.Stderr == nil {
		c.cmd.Stderr = os.Stderr
	}
	stdout, err := c.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if c.stdin, err = c.cmd.StdinPipe(); err != nil {
		return nil, err
	}
	if err := c.cmd.Start(); err != nil {
		return nil, fmt.Errorf("load: start %s: %w", kind, err)
	}
	ready := make(chan struct{})
	go c.read(stdout, ready)
	select {
	case <-ready:
		return c, nil
	case <-c.done:
		_ = c.Close()
		return nil, fmt.Errorf("load: %s ended before it listened: %s", kind, c.err)
	case <-ctx.Done():
		_ = c.Close()
		return nil, ctx.Err()
	}
}

// read takes the child's lines until its output ends.
func (c *Child) read(stdout io.Reader, ready chan struct{}) {
	defer close(c.done)
	dec := json.NewDecoder(stdout)
	for {
		var l childLine
		if err := dec.Decode(&l); err != nil {
			return
		}
		c.mu.Lock()
		switch {
		case l.Error != "":
			c.err = l.Error
		case l.Addr != "":
			c.addr = l.Addr
			close(ready)
		case l.Stats != nil:
			c.last = l.Stats
		}
		c.mu.Unlock()
	}
}

// Name implements Target.
func (c *Child) Name() string { return c.name }

// Addr implements Target.
func (c *Child) Addr() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.addr
}

// Stats implements Target: the child's latest figures, at most 250 ms old.
func (c *Child) Stats() (ServerStats, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.last == nil {
		return ServerStats{}, false
	}
	return *c.last, true
}

// Profile starts a CPU profile of the child, written to path; EndProfile ends it.
func (c *Child) Profile(path string) error {
	_, err := fmt.Fprintf(c.stdin, "profile %s\n", path)
	return err
}

// EndProfile ends the CPU profile started by Profile.
func (c *Child) EndProfile() error {
	_, err := fmt.Fprintln(c.stdin, "endprofile")
	return err
}

// Close asks the child to stop (it closes the server, saving the world), and kills it if it has not after
// 30 seconds.
func (c *Child) Close() error {
	_ = c.stdin.Close()
	exited := make(chan error, 1)
	go func() { exited <- c.cmd.Wait() }()
	select {
	case err := <-exited:
		return err
	case <-time.After(30 * time.Second):
		_ = c.cmd.Process.Kill()
		<-exited
		return errors.New("load: the child server did not stop in 30 s and was killed")
	}
}

// ServeMain runs Serve from the flags ServeArgs makes, for a program that is not the riddlestone binary (the
// test binary of this package serves for its benchmark this way). It returns the exit code.
func ServeMain(args []string) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	kind := fs.String("serve", "", "server kind")
	var s Settings
	fs.IntVar(&s.ChunkRadius, "radius", 8, "chunk radius")
	fs.IntVar(&s.MaxPlayers, "max", 0, "maximum players")
	fs.Int64Var(&s.Seed, "seed", 42, "seed")
	fs.IntVar(&s.Open, "open", 0, "rings of areas to open")
	fs.IntVar(&s.CompressFrom, "compress-from", 0, "compression threshold")
	fs.StringVar(&s.Dir, "dir", "", "data folder")
	packs := fs.String("packs", "", "packs")
	life := fs.Duration("life", 2*time.Hour, "longest life")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	if *packs != "" {
		s.Packs = strings.Split(*packs, ",")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := Serve(ctx, *kind, s, os.Stdin, os.Stdout, *life); err != nil {
		fmt.Fprintln(os.Stderr, "load:", err)
		return 1
	}
	return 0
}
