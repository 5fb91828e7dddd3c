package load

import (
	"context"
	"flag"
	"os"
	"strings"
	"testing"
	"time"
)

// childEnv, when set, makes the test binary a server for the benchmark's harness (see ServeMain).
const childEnv = "RIDDLESTONE_LOAD_CHILD"

func TestMain(m *testing.M) {
	if os.Getenv(childEnv) == "1" {
		os.Exit(ServeMain(os.Args[1:]))
	}
	os.Exit(m.Run())
}

// smokeConfig is a small load: 5 bots, 2 walking, a few seconds measured.
func smokeConfig(name string) Config {
	cfg := DefaultConfig(5)
	cfg.JoinRate, cfg.Walking = 10, 0.4
	cfg.Settle, cfg.Measure = 3*time.Second, 8*time.Second
	cfg.Name = name
	return cfg
}

// TestSmoke puts five bots on each kind of server, in process, and checks that the harness sees everything it
// reports: joins, answers, ticks, the world queue, memory, walking. On Riddlestone it does so with bots of 1.26.60
// too, whose packets the server translates (and the bots through the same protocol): every packet reads.
func TestSmoke(t *testing.T) {
	for _, kind := range []string{KindRiddlestone, KindStock, KindRiddlestone + "@1.26.60"} {
		t.Run(kind, func(t *testing.T) {
			server, version, _ := strings.Cut(kind, "@")
			srv, err := Start(context.Background(), server, Settings{ChunkRadius: 2})
			if err != nil {
				t.Fatal(err)
			}
			defer srv.Close()
			cfg := smokeConfig(kind[:1] + strings.ReplaceAll(version, ".", ""))
			cfg.Version = version
			rep, err := Run(context.Background(), cfg, srv)
			if err != nil {
				t.Fatal(err)
			}
			if rep.Joined != 5 || rep.Dropped != 0 {
				t.Errorf("%d joined, %d dropped (%v, %v); want 5 and 0", rep.Joined, rep.Dropped, rep.JoinErrors, rep.DropErrors)
			}
			var out strings.Builder
			rep.Write(&out)
			t.Log("\n" + out.String())
			if rep.Answered == 0 || rep.RoundTrips.Count != uint64(rep.Answered) {
				t.Errorf("%d commands answered, %d round trips recorded: want some, all recorded", rep.Answered, rep.RoundTrips.Count)
			}
			sw := rep.Window.Server
			if sw == nil || sw.Ticks().Ticks == 0 || sw.Ticks().Queue.Count == 0 || sw.End.HeapInuse == 0 || sw.CPUPerTick() <= 0 {
				t.Fatalf("server figures missing: %+v", sw)
			}
			if rep.Walked <= 0 || len(rep.Packets) == 0 {
				t.Errorf("walked %v blocks, packets %v: the bots did not play", rep.Walked, rep.Packets)
			}
			if rep.Invalid != 0 {
				t.Errorf("the bots could not read %d packets", rep.Invalid)
			}
			if w := rep.Window; w.Packets > 0 && w.Bytes == 0 {
				t.Errorf("%d packets received in the window and 0 bytes counted", w.Packets)
			}
			if !strings.Contains(out.String(), "TPS") {
				t.Errorf("report without TPS:\n%s", out.String())
			}
		})
	}
}

// TestMaxPlayersRefusesJoins checks Players.MaxCount on Riddlestone: joins past it are refused, with the
// "server full" status a client shows as such, and the players in stay.
func TestMaxPlayersRefusesJoins(t *testing.T) {
	srv, err := StartRiddlestone(context.Background(), Settings{ChunkRadius: 2, MaxPlayers: 2})
	if err != nil {
		t.Fatal(err)
	}
	defer srv.Close()
	cfg := smokeConfig("full")
	cfg.Players, cfg.Walking, cfg.Measure = 4, 0, 2*time.Second
	rep, err := Run(context.Background(), cfg, srv)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Joined != 2 || rep.JoinFailed != 2 || rep.Dropped != 0 {
		t.Errorf("%d joined, %d refused, %d dropped; want 2, 2, 0", rep.Joined, rep.JoinFailed, rep.Dropped)
	}
	// gophertunnel's dialer sometimes reports a login the server ends as the dial's context canceled, when it closes
	// the connection before it has read the status; at least one refusal must carry the status itself.
	full := 0
	for msg, n := range rep.JoinErrors {
		switch {
		case strings.Contains(msg, "server full"):
			full += n
		case !strings.HasSuffix(msg, "context canceled"):
			t.Errorf("%d joins refused with %q, want the server-full status", n, msg)
		}
	}
	if full == 0 {
		t.Errorf("no join was refused with the server-full status: %v", rep.JoinErrors)
	}
}

// Benchmark flags: the load benchmark only runs when -load.n is given (see docs/benchmarks.md).
var (
	benchN         = flag.Int("load.n", 0, "BenchmarkLoad: number of bots (0: skip the benchmark)")
	benchRuns      = flag.Int("load.runs", 1, "BenchmarkLoad: runs of each server, interleaved")
	benchMeasure   = flag.Duration("load.measure", time.Minute, "BenchmarkLoad: measured window")
	benchSettle    = flag.Duration("load.settle", 10*time.Second, "BenchmarkLoad: wait after the joins")
	benchRadius    = flag.Int("load.radius", 8, "BenchmarkLoad: the servers' chunk radius")
	benchServerCPU = flag.String("load.server-cpus", "", "BenchmarkLoad: pin the servers to these CPUs")
	benchInProcess = flag.Bool("load.inprocess", false, "BenchmarkLoad: run the servers in the test process")
)

// BenchmarkLoad compares Riddlestone with stock Dragonfly under -load.n bots (half walking, /list every 2 s),
// each server a child process (the test binary serving), interleaved -load.runs times. It reports the figures of
// docs/benchmarks.md as metrics; run it with -benchtime 1x.
func BenchmarkLoad(b *testing.B) {
	if *benchN == 0 {
		b.Skip("the load benchmark runs with -load.n N (see docs/benchmarks.md)")
	}
	exe, err := os.Executable()
	if err != nil {
		b.Fatal(err)
	}
	cfg := DefaultConfig(*benchN)
	cfg.Measure, cfg.Settle, cfg.Progress = *benchMeasure, *benchSettle, os.Stderr
	start := Children(ChildOptions{Exe: exe, Env: append(os.Environ(), childEnv+"=1"), CPUs: *benchServerCPU})
	if *benchInProcess {
		start = InProcess()
	}
	kinds := []string{KindRiddlestone, KindStock}
	plan := Plan{Config: cfg, Settings: Settings{ChunkRadius: *benchRadius, Open: 1}, Kinds: kinds, Runs: *benchRuns,
		Start: start, Report: os.Stderr}
	for b.Loop() {
		reps, err := plan.Run(context.Background())
		Summary(os.Stderr, reps, kinds)
		if err != nil {
			b.Fatal(err)
		}
		reportMetrics(b, reps)
	}
}

// reportMetrics reports each kind's worst figures over the runs, and the worst ratios to stock.
func reportMetrics(b *testing.B, reps []*Report) {
	worst := map[string]float64{}
	up := func(k string, v float64) { worst[k] = max(worst[k], v) }
	for _, r := range reps {
		up(r.Target+"-drops", float64(r.Dropped))
		up(r.Target+"-list-p99-ms", msf(r.Window.RoundTrips.Quantile(0.99)))
		if sw := r.Window.Server; sw != nil {
			up(r.Target+"-cpu-ms/tick", msf(sw.CPUPerTick()))
			up(r.Target+"-tick-p99-ms", msf(sw.Ticks().Tick.Quantile(0.99)))
		}
	}
	for _, p := range pairs(reps, KindRiddlestone, KindStock) {
		if s := p[1].Window.RoundTrips.Quantile(0.99); s > 0 {
			up("list-p99-ratio", float64(p[0].Window.RoundTrips.Quantile(0.99))/float64(s))
		}
		if s := cpuPerTick(p[1]); s > 0 {
			up("cpu/tick-ratio", float64(cpuPerTick(p[0]))/float64(s))
		}
	}
	for k, v := range worst {
		b.ReportMetric(v, k)
	}
}

func msf(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
