package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"
	"time"

	"riddlestone/internal/load"
)

// Load is the "load" command: it puts servers under the load of real-protocol bots and reports joins, drops,
// command round trips and the servers' own figures (CPU per tick, memory, tick durations, world-queue latency),
// by default Riddlestone against stock Dragonfly, interleaved, each as a child process.
func Load(args []string) int { return loadCmd(args, stdout, stderr) }

// loadFlags are the load command's flags.
type loadFlags struct {
	cfg       load.Config
	set       load.Settings
	addr      string
	servers   string
	runs      int
	inProcess bool
	serverCPU string
	botCPU    string
	profiles  string
	jsonPath  string
	serve     string
	life      time.Duration
	packs     string
	quiet     bool
}

func newLoadFlags(errOut io.Writer) (*flag.FlagSet, *loadFlags) {
	fs := newFlagSet("load", errOut, "[flags]",
		"Joins -n real-protocol bots at -rate per second (half of them walking over the terrain, each timing a\n"+
			"/list every 2 s), lets them settle, measures for -measure and reports joins, drops, round trips and,\n"+
			"for the servers it starts, CPU per tick, memory, tick durations and world-queue latency. By default it\n"+
			"starts Riddlestone and stock Dragonfly (same settings) as child processes, one after the other, -runs\n"+
			"times, alternating which goes first, and prints the ratios. Traffic goes to 127.0.0.1 only, unless -addr.")
	f := &loadFlags{cfg: load.DefaultConfig(100)}
	fs.IntVar(&f.cfg.Players, "n", 100, "number of bots")
	fs.Float64Var(&f.cfg.JoinRate, "rate", 5, "joins started per second")
	fs.Float64Var(&f.cfg.Walking, "walk", 0.5, "share of the bots that walk (0 to 1)")
	fs.Float64Var(&f.cfg.WalkRange, "range", 96, "walkers turn back this many blocks from the spawn (0: never)")
	fs.DurationVar(&f.cfg.Push, "push", 0, "how long walkers push at a locked border before turning away (0: 1s; negative: turn at once)")
	fs.BoolVar(&f.cfg.SameIP, "same-ip", false, "connect every bot from 127.0.0.1 (default: each from a loopback address of its own)")
	fs.DurationVar(&f.cfg.Settle, "settle", 10*time.Second, "wait after the last join before measuring")
	fs.DurationVar(&f.cfg.Measure, "measure", time.Minute, "how long to measure")
	fs.StringVar(&f.addr, "addr", "", "load the server at this address instead of starting servers (no server figures)")
	fs.StringVar(&f.servers, "servers", "riddlestone,stock", "servers to start and compare, in order; a server may end in @VERSION, the\n"+
		"client version its bots speak (1.26.51, 1.26.60: through the server's translation), e.g. riddlestone,riddlestone@1.26.60")
	fs.IntVar(&f.runs, "runs", 1, "runs of each server, interleaved")
	fs.BoolVar(&f.inProcess, "inprocess", false, "run the servers in this process (their CPU and memory then include the bots)")
	fs.IntVar(&f.set.ChunkRadius, "radius", 8, "the servers' maximum chunk radius")
	fs.IntVar(&f.set.MaxPlayers, "max", 0, "the servers' Players.MaxCount (0: no limit)")
	fs.Int64Var(&f.set.Seed, "seed", 42, "Riddlestone's terrain seed")
	fs.IntVar(&f.set.Open, "open", 1, "rings of areas Riddlestone opens around the start before the bots join")
	fs.IntVar(&f.set.CompressFrom, "compress-from", 0, "Riddlestone's Riddlestone.CompressionThreshold in bytes (0: its default; -1: compress every batch)")
	fs.StringVar(&f.packs, "packs", "", "Riddlestone's packs, comma-separated (default: packs/default)")
	fs.StringVar(&f.set.Dir, "dir", "", "the server's data folder (default: a temporary one)")
	fs.StringVar(&f.serverCPU, "server-cpus", "", "pin the child servers to these CPUs (taskset list, e.g. 0)")
	fs.StringVar(&f.botCPU, "bot-cpus", "", "pin this process (the bots) to these CPUs (e.g. 1)")
	fs.StringVar(&f.profiles, "profile", "", "write a CPU profile of each server's measured window to this folder")
	fs.StringVar(&f.jsonPath, "json", "", "also write the reports as JSON to this file")
	fs.BoolVar(&f.quiet, "q", false, "no progress lines")
	fs.StringVar(&f.serve, "serve", "", "internal: serve one server (riddlestone or stock) for a harness, figures as JSON lines on\n"+
		"stdout; takes only -radius, -max, -seed, -open, -dir, -packs and -life")
	fs.DurationVar(&f.life, "life", 2*time.Hour, "internal: with -serve, stop after this long")
	return fs, f
}

func loadCmd(args []string, out, errOut io.Writer) int {
	fs, f := newLoadFlags(errOut)
	rest, code, ok := parseFlags(fs, args)
	if !ok {
		return code
	}
	if len(rest) > 0 {
		fmt.Fprintf(errOut, "riddlestone load: unexpected arguments %q\n", rest)
		return 2
	}
	if f.serve != "" {
		return load.ServeMain(args) // only the flags load.ServeArgs makes
	}
	if f.packs != "" {
		f.set.Packs = strings.Split(f.packs, ",")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	return runLoad(ctx, f, out, errOut)
}

// runLoad runs the comparison the flags describe and prints the reports and the summary.
func runLoad(ctx context.Context, f *loadFlags, out, errOut io.Writer) int {
	if f.botCPU != "" {
		if err := load.PinProcess(f.botCPU); err != nil {
			fmt.Fprintln(errOut, "riddlestone load: -bot-cpus:", err)
			return 2
		}
	}
	if !f.quiet {
		f.cfg.Progress = errOut
	}
	plan := load.Plan{Config: f.cfg, Settings: f.set, Kinds: strings.Split(f.servers, ","), Runs: f.runs,
		Profiles: f.profiles, Report: out}
	switch {
	case f.addr != "":
		plan.Kinds = []string{f.addr}
		plan.Start = func(context.Context, string, load.Settings) (load.Target, io.Closer, error) {
			return load.Remote(f.addr), io.NopCloser(nil), nil
		}
	case f.inProcess:
		plan.Start = load.InProcess()
	default:
		exe, err := os.Executable()
		if err != nil {
			fmt.Fprintln(errOut, "riddlestone load:", err)
			return 1
		}
		plan.Start = load.Children(load.ChildOptions{Exe: exe, Args: []string{"load"}, CPUs: f.serverCPU})
	}
	reps, err := plan.Run(ctx)
	load.Summary(out, reps, plan.Kinds)
	if f.jsonPath != "" {
		if err := writeLoadJSON(f.jsonPath, reps); err != nil {
			fmt.Fprintln(errOut, "riddlestone load:", err)
			return 1
		}
	}
	if err != nil {
		fmt.Fprintln(errOut, "riddlestone load:", err)
		return 1
	}
	return 0
}

// writeLoadJSON writes v as indented JSON to path.
func writeLoadJSON(path string, v any) error {
	b, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, b, 0o644)
}
