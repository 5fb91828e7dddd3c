package load

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strings"
	"time"
)

// Starter starts a server of a kind for one run and returns it and how to stop it.
type Starter func(ctx context.Context, kind string, s Settings) (Target, io.Closer, error)

// InProcess starts the servers in this process.
func InProcess() Starter {
	return func(ctx context.Context, kind string, s Settings) (Target, io.Closer, error) {
		l, err := Start(ctx, kind, s)
		return l, l, err
	}
}

// Children starts each server as a child process run as o says.
func Children(o ChildOptions) Starter {
	return func(ctx context.Context, kind string, s Settings) (Target, io.Closer, error) {
		c, err := StartChild(ctx, kind, s, o)
		return c, c, err
	}
}

// Plan is a comparison: the same load on each kind of server, Runs times, each run in a fresh server, the
// order of the kinds alternating from one run to the next so that neither always runs first.
type Plan struct {
	Config   Config
	Settings Settings
	Kinds    []string
	Runs     int
	Start    Starter
	// Profiles, if not empty, is a folder where CPU profiles of each server's joins and measured window are
	// written (KIND-runN-join.pprof, KIND-runN-window.pprof); a server in this process is profiled with the bots.
	Profiles string
	// Report, if not nil, receives each report as its run ends.
	Report io.Writer
}

// Run runs the plan and returns every report, in the order run. It stops at the first server that cannot
// start, and when ctx ends.
func (p Plan) Run(ctx context.Context) ([]*Report, error) {
	if p.Profiles != "" {
		if err := os.MkdirAll(p.Profiles, 0o755); err != nil {
			return nil, fmt.Errorf("load: profiles: %w", err)
		}
	}
	var reps []*Report
	for run := 1; run <= p.Runs; run++ {
		kinds := append([]string(nil), p.Kinds...)
		if run%2 == 0 {
			for i, j := 0, len(kinds)-1; i < j; i, j = i+1, j-1 {
				kinds[i], kinds[j] = kinds[j], kinds[i]
			}
		}
		for _, kind := range kinds {
			rep, err := p.one(ctx, kind, run)
			if rep != nil {
				rep.Run = run
				reps = append(reps, rep)
				if p.Report != nil {
					rep.Write(p.Report)
					fmt.Fprintln(p.Report)
				}
			}
			if err != nil {
				return reps, err
			}
		}
	}
	return reps, nil
}

// one runs the load once against a fresh server of kind. A kind may name the game version the bots speak after
// an @ ("riddlestone@1.26.60", see Config.Version): the server is the kind before it, the report is the whole.
func (p Plan) one(ctx context.Context, kind string, run int) (*Report, error) {
	server, version, _ := strings.Cut(kind, "@")
	t, closer, err := p.Start(ctx, server, p.Settings)
	if err != nil {
		return nil, fmt.Errorf("load: start %s: %w", server, err)
	}
	defer closer.Close()
	cfg := p.Config
	if version != "" {
		cfg.Version = version
	}
	// Names differ from run to run: Dragonfly keeps some state of a player by UUID (derived from the name) in
	// globals, which a server started later in the same process would see.
	cfg.Name = fmt.Sprintf("%s%s%s%d-", cfg.Name, kind[:1], strings.ReplaceAll(version, ".", ""), run)
	if p.Profiles != "" {
		cfg.Phase = profiler(t, filepath.Join(p.Profiles, fmt.Sprintf("%s-run%d", kind, run)))
	}
	rep, err := Run(ctx, cfg, t)
	if rep != nil {
		rep.Target = kind
	}
	return rep, err
}

// profiler returns a Config.Phase that profiles t's CPU over each phase into prefix-PHASE.pprof.
func profiler(t Target, prefix string) func(string, bool) {
	if c, ok := t.(*Child); ok {
		return func(phase string, begin bool) {
			if begin {
				_ = c.Profile(prefix + "-" + phase + ".pprof")
			} else {
				_ = c.EndProfile()
			}
		}
	}
	var f *os.File
	return func(phase string, begin bool) {
		path := prefix + "-" + phase + ".pprof"
		if !begin {
			pprof.StopCPUProfile()
			if f != nil {
				_ = f.Close()
			}
			return
		}
		var err error
		if f, err = os.Create(path); err == nil {
			_ = pprof.StartCPUProfile(f)
		}
	}
}

// Summary prints one line per report and, for each run in which both were measured, the ratio of each figure
// of the first kind to the second (for example riddlestone / stock).
func Summary(w io.Writer, reps []*Report, kinds []string) {
	fmt.Fprintf(w, "%-4s %-19s %6s %5s %21s %8s %6s %15s %9s %8s %8s %8s %7s %7s\n", "run", "server", "joined", "drops",
		"/list p50/p99/max", "CPU/tick", "TPS", "tick p99/max", "queue p99", "heap", "RSS", "pkts/s", "KiB/s", "botCPU")
	for _, r := range reps {
		fmt.Fprintln(w, summaryLine(r))
	}
	if len(kinds) < 2 {
		return
	}
	fmt.Fprintf(w, "\nratios %s / %s in the same run: /list p50, p99, max; CPU per tick; packets per bot; bytes per bot\n", kinds[0], kinds[1])
	for _, pair := range pairs(reps, kinds[0], kinds[1]) {
		a, b := pair[0], pair[1]
		fmt.Fprintf(w, "run %d: %s %s %s; %s; %s; %s\n", a.Run,
			ratio(a.Window.RoundTrips.Quantile(0.5), b.Window.RoundTrips.Quantile(0.5)),
			ratio(a.Window.RoundTrips.Quantile(0.99), b.Window.RoundTrips.Quantile(0.99)),
			ratio(a.Window.RoundTrips.Max, b.Window.RoundTrips.Max),
			ratio(cpuPerTick(a), cpuPerTick(b)),
			perBotRatio(a, b, func(w Window) uint64 { return w.Packets }),
			perBotRatio(a, b, func(w Window) uint64 { return w.Bytes }))
	}
}

// perBotRatio returns the ratio of a count of a's window per bot to that of b's.
func perBotRatio(a, b *Report, count func(Window) uint64) string {
	return ratio(time.Duration(count(a.Window))*time.Duration(max(b.Joined, 1)), time.Duration(count(b.Window))*time.Duration(max(a.Joined, 1)))
}

// summaryLine is one report's line of the summary.
func summaryLine(r *Report) string {
	rt := r.Window.RoundTrips
	secs := r.Window.Duration.Seconds()
	line := fmt.Sprintf("%-4d %-19s %6d %5d %21s", r.Run, r.Target, r.Joined, r.Dropped,
		strings.Join([]string{ms(rt.Quantile(0.5)), ms(rt.Quantile(0.99)), ms(rt.Max)}, " / "))
	if sw := r.Window.Server; sw != nil {
		t := sw.Ticks()
		line += fmt.Sprintf(" %8s %6.2f %15s %9s %8s %8s", ms(sw.CPUPerTick()), t.TPS(emptyTicks),
			ms(t.Tick.Quantile(0.99))+" / "+ms(t.Tick.Max), ms(t.Queue.Quantile(0.99)), mib(sw.End.HeapInuse), mib(sw.End.RSS))
	} else {
		line += fmt.Sprintf(" %8s %6s %15s %9s %8s %8s", "-", "-", "-", "-", "-", "-")
	}
	return line + fmt.Sprintf(" %8.0f %7.1f %6.0f%%", r.Window.perBot(r.Window.Packets, r.Joined), r.Window.perBot(r.Window.Bytes, r.Joined)/1024,
		100*r.Window.BotCPU.Seconds()/secs)
}

// cpuPerTick returns a report's server CPU per tick, 0 without server figures.
func cpuPerTick(r *Report) time.Duration {
	if r.Window.Server == nil {
		return 0
	}
	return r.Window.Server.CPUPerTick()
}

// pairs returns the reports of kinds a and b measured in the same run.
func pairs(reps []*Report, a, b string) [][2]*Report {
	byRun := map[int]map[string]*Report{}
	var runs []int
	for _, r := range reps {
		if byRun[r.Run] == nil {
			byRun[r.Run] = map[string]*Report{}
			runs = append(runs, r.Run)
		}
		byRun[r.Run][r.Target] = r
	}
	var out [][2]*Report
	for _, run := range runs {
		if ra, rb := byRun[run][a], byRun[run][b]; ra != nil && rb != nil {
			out = append(out, [2]*Report{ra, rb})
		}
	}
	return out
}

// ratio formats a/b.
func ratio(a, b time.Duration) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f×", float64(a)/float64(b))
}
