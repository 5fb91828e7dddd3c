// Package load puts a Bedrock server under the load of many real-protocol bots and measures how it holds up:
// joins, drops, command round trips, and, when the server runs under the harness (in this process or as a child
// process), its CPU per tick, memory, tick durations and world-queue latency (server.TickStats).
//
// A run joins Config.Players bots at Config.JoinRate, lets them settle, then measures for Config.Measure. Half
// the bots (Config.Walking) walk over the terrain, the others stand; every bot times a /list round trip every
// two seconds. The same run against a stock Dragonfly server started with the same settings (StartStock,
// StartChild with KindStock) gives the figures to compare with: run both, interleaved, on the same machine.
//
//	srv, _ := load.StartChild(ctx, exe, load.KindRiddlestone, load.Settings{ChunkRadius: 8})
//	rep, _ := load.Run(ctx, load.DefaultConfig(100), srv)
//	rep.Write(os.Stdout)
package load

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"net"
	"sort"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol"

	"riddlestone/internal/e2e"
	"riddlestone/server"
	"riddlestone/server/translate"
)

// Config says how many bots join, how fast, what they do and how long the run is measured.
type Config struct {
	// Players is the number of bots.
	Players int
	// JoinRate is how many bots start joining each second.
	JoinRate float64
	// Walking is the share of the bots that walk (0 to 1); the others stand at the spawn. Walkers turn back
	// when WalkRange blocks from the spawn (0: they go anywhere), so that on every server they stay as near
	// each other as Riddlestone's locked areas keep them.
	Walking   float64
	WalkRange float64
	// Push is how long a walker pushes on at a locked border before it turns away (0: a second; negative: it
	// turns at once, as a player who stops at the first sign of a border).
	Push time.Duration
	// Settle is how long to wait after the last join before measuring, Measure how long to measure.
	Settle, Measure time.Duration
	// Command is what each bot sends every CommandEvery, timing the answer.
	Command      string
	CommandEvery time.Duration
	// SameIP makes every bot connect from 127.0.0.1. By default each connects from a loopback address of its
	// own when the server is on loopback, as players come from their own addresses: a RakNet listener blocks
	// an IP, every connection from it, for ten seconds after one bad packet from it.
	SameIP bool
	// JoinTimeout bounds one bot's join.
	JoinTimeout time.Duration
	// Seed drives the walkers' turns.
	Seed uint64
	// Name prefixes the bots' names.
	Name string
	// Version is the game version the bots speak: "" for gophertunnel's own (1.26.45), or one the server
	// translates (server/translate), such as "1.26.60", to measure what the translation costs.
	Version string
	// Progress, if not nil, receives a line every ProgressEvery (and at each phase).
	Progress      io.Writer `json:"-"`
	ProgressEvery time.Duration
	// Phase, if not nil, is called as each phase of the run begins (true) and ends (false): "join" (from the
	// first dial to the last join) and "window" (the measured window), for example to profile the server.
	Phase func(phase string, begin bool) `json:"-"`
}

// DefaultConfig returns the configuration of the benchmark in docs/benchmarks.md for n players: 5 joins a
// second, half walking within 96 blocks of the spawn, 10 s to settle, 60 s measured, /list every 2 s.
func DefaultConfig(n int) Config {
	return Config{
		Players: n, JoinRate: 5, Walking: 0.5, WalkRange: 96,
		Settle: 10 * time.Second, Measure: 60 * time.Second,
		Command: "/list", CommandEvery: 2 * time.Second,
		JoinTimeout: time.Minute, Seed: 1, Name: "bot",
		ProgressEvery: 10 * time.Second,
	}
}

// Target is a server under load.
type Target interface {
	// Name names the server in reports ("riddlestone", "stock", or an address).
	Name() string
	// Addr is the address the bots join.
	Addr() string
	// Stats returns the server's own figures, and false if they cannot be had (a server at an address).
	Stats() (ServerStats, bool)
}

// ServerStats are a server's own figures at one moment.
type ServerStats struct {
	// CPU is the process's CPU time (user and system) since it started.
	CPU time.Duration `json:"cpu"`
	// Ticks holds the tick and world-queue measurements.
	Ticks server.TickSnapshot `json:"ticks"`
	// HeapInuse, HeapSys and RSS are the Go heap in use, the heap obtained from the system, and the resident
	// set size of the process, in bytes.
	HeapInuse uint64 `json:"heapInuse"`
	HeapSys   uint64 `json:"heapSys"`
	RSS       uint64 `json:"rss"`
	// Goroutines is the number of goroutines.
	Goroutines int `json:"goroutines"`
	// InProcess is true when the server shares its process with the bots: CPU and memory then count both.
	InProcess bool `json:"inProcess"`
}

// Run joins the bots to t, measures, disconnects them and reports. It returns early, with what it has, when ctx
// ends.
func Run(ctx context.Context, cfg Config, t Target) (*Report, error) {
	if cfg.Players <= 0 || cfg.JoinRate <= 0 {
		return nil, errors.New("load: need at least one player and a join rate")
	}
	proto, err := botProtocol(cfg.Version)
	if err != nil {
		return nil, err
	}
	r := newRun(cfg, t)
	r.proto = proto
	defer r.closeBots()
	r.progress("joining %d bots at %.1f/s to %s (%s)", cfg.Players, cfg.JoinRate, t.Name(), t.Addr())
	r.phase("join", true)
	r.joinAll(ctx)
	r.phase("join", false)
	r.rep.JoinPhase = time.Since(r.start)
	r.progress("joined %d of %d in %v; settling %v", r.rep.Joined, cfg.Players, r.rep.JoinPhase.Round(time.Millisecond), cfg.Settle)
	r.wait(ctx, cfg.Settle)
	r.measure(ctx)
	r.finish()
	return r.rep, ctx.Err()
}

// run is one load run in progress.
type run struct {
	cfg   Config
	t     Target
	start time.Time
	rep   *Report
	rtt   *roundTrips
	proto minecraft.Protocol // the bots', nil for gophertunnel's own

	mu   sync.Mutex
	bots []*e2e.LoadBot
}

func newRun(cfg Config, t Target) *run {
	r := &run{cfg: cfg, t: t, start: time.Now()}
	r.rtt = newRoundTrips(r.start)
	r.rep = &Report{Target: t.Name(), Config: cfg, JoinErrors: map[string]int{}, DropErrors: map[string]int{}}
	return r
}

// phase calls Config.Phase, if set.
func (r *run) phase(name string, begin bool) {
	if r.cfg.Phase != nil {
		r.cfg.Phase(name, begin)
	}
}

// progress writes one line of progress, if asked to.
func (r *run) progress(format string, args ...any) {
	if r.cfg.Progress != nil {
		fmt.Fprintf(r.cfg.Progress, "%s %-11s %s\n", time.Now().Format("15:04:05"), r.t.Name(), fmt.Sprintf(format, args...))
	}
}

// joinAll starts a join every 1/JoinRate seconds and waits for every join to succeed or fail.
func (r *run) joinAll(ctx context.Context) {
	var wg sync.WaitGroup
	gap := time.Duration(float64(time.Second) / r.cfg.JoinRate)
	walkers := int(math.Round(float64(r.cfg.Players) * r.cfg.Walking))
	for i := 0; i < r.cfg.Players; i++ {
		if i > 0 && !r.wait(ctx, time.Until(r.start.Add(time.Duration(i)*gap))) {
			break
		}
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			r.join(ctx, i, walks(i, walkers, r.cfg.Players))
		}(i)
	}
	wg.Wait()
}

// walks spreads walkers evenly among n bots: it reports whether bot i is one of them.
func walks(i, walkers, n int) bool { return (i+1)*walkers/n > i*walkers/n }

// join joins bot i and records the outcome.
func (r *run) join(ctx context.Context, i int, walk bool) {
	ctx, cancel := context.WithTimeout(ctx, r.cfg.JoinTimeout)
	defer cancel()
	began := time.Now()
	b, err := e2e.DialLoad(ctx, r.t.Addr(), fmt.Sprintf("%s%03d", r.cfg.Name, i), e2e.LoadBotOptions{
		Walk:    walk,
		Heading: 2 * math.Pi * float64(i) / float64(r.cfg.Players),
		Range:   r.cfg.WalkRange,
		Push:    r.cfg.Push,
		Source:  r.source(i),
		Seed:    r.cfg.Seed*1000003 + uint64(i),
		Command: r.cfg.Command, CommandEvery: r.cfg.CommandEvery,
		RoundTrip: r.rtt.add,
		Protocol:  r.proto,
	})
	r.mu.Lock()
	defer r.mu.Unlock()
	if err != nil {
		r.rep.JoinFailed++
		r.rep.JoinErrors[shortError(err)]++
		return
	}
	r.rep.Joined++
	r.rep.JoinTime.Add(time.Since(began))
	r.bots = append(r.bots, b)
}

// botProtocol returns the protocol of the game version the bots speak, nil for gophertunnel's own.
func botProtocol(version string) (minecraft.Protocol, error) {
	if version == "" || version == protocol.CurrentVersion {
		return nil, nil
	}
	var known []string
	for _, p := range translate.Protocols() {
		if p.Ver() == version {
			return p, nil
		}
		known = append(known, p.Ver())
	}
	return nil, fmt.Errorf("load: bots cannot speak %s: the versions are %s and %s", version, protocol.CurrentVersion, strings.Join(known, ", "))
}

// source returns the loopback address bot i connects from, empty for the default.
func (r *run) source(i int) string {
	host, _, err := net.SplitHostPort(r.t.Addr())
	if ip := net.ParseIP(host); r.cfg.SameIP || err != nil || ip == nil || !ip.IsLoopback() || ip.To4() == nil {
		return ""
	}
	return fmt.Sprintf("127.0.%d.%d", 1+i/250, 2+i%250)
}

// shortError returns the cause of a bot's error without the bot's name, so that equal causes count together.
func shortError(err error) string {
	s := err.Error()
	if i := strings.Index(s, ": "); strings.HasPrefix(s, "bot ") && i > 0 {
		s = s[i+2:]
	}
	return s
}

// wait waits d or until ctx ends, and reports whether ctx is still going.
func (r *run) wait(ctx context.Context, d time.Duration) bool {
	if d <= 0 {
		return ctx.Err() == nil
	}
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return false
	case <-t.C:
		return true
	}
}

// measure records the measured window: the server's figures at its start and end and every second between.
func (r *run) measure(ctx context.Context) {
	w := &r.rep.Window
	w.Start = time.Since(r.start)
	startStats, ok := r.t.Stats()
	startCPU, startPackets, startBytes := processCPU(), r.packets(), r.bytes()
	startDrops := udpDrops(r.t.Addr())

	r.phase("window", true)
	every := max(r.cfg.ProgressEvery, time.Second)
	tk := time.NewTicker(time.Second)
	defer tk.Stop()
	end := time.Now().Add(r.cfg.Measure)
	lastProgress := time.Now()
	for time.Now().Before(end) {
		select {
		case <-ctx.Done():
			end = time.Now()
		case now := <-tk.C:
			r.sample(now)
			if now.Sub(lastProgress) >= every {
				lastProgress = now
				r.progress("%s", r.rep.lastSampleLine())
			}
		}
	}
	w.Duration = time.Since(r.start) - w.Start
	r.phase("window", false)
	w.UDPDrops = udpDrops(r.t.Addr()).since(startDrops)
	endStats, _ := r.t.Stats()
	w.BotCPU = processCPU() - startCPU
	w.Packets = r.packets() - startPackets
	w.Bytes = r.bytes() - startBytes
	if ok {
		w.Server = &ServerWindow{Start: startStats, End: endStats}
	}
	w.RoundTrips = r.rtt.between(w.Start, w.Start+w.Duration)
}

// sample adds one point to the report's time line.
func (r *run) sample(now time.Time) {
	s := Sample{At: now.Sub(r.start), Online: r.online()}
	if st, ok := r.t.Stats(); ok {
		s.Server = &st
	}
	r.rep.Samples = append(r.rep.Samples, s)
}

// online counts the bots whose connection has not ended.
func (r *run) online() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, b := range r.bots {
		if dropped, _ := b.Dropped(); !dropped {
			n++
		}
	}
	return n
}

// packets counts the packets the bots have received.
func (r *run) packets() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	var n uint64
	for _, b := range r.bots {
		for _, c := range b.Stats().Packets {
			n += c
		}
	}
	return n
}

// bytes counts the bytes the bots have received, as they came over the wire.
func (r *run) bytes() uint64 {
	r.mu.Lock()
	defer r.mu.Unlock()
	var n uint64
	for _, b := range r.bots {
		n += b.Stats().Bytes
	}
	return n
}

// finish counts drops, then disconnects the bots and adds up what they counted.
func (r *run) finish() {
	r.mu.Lock()
	for _, b := range r.bots {
		if dropped, err := b.Dropped(); dropped {
			r.rep.Dropped++
			r.rep.DropErrors[fmt.Sprint(err)]++
		}
	}
	for _, b := range r.bots {
		if st := b.Stats(); st.Waiting > 0 {
			r.rep.InFlight++
			r.rep.LongestInFlight = max(r.rep.LongestInFlight, st.Waiting)
		}
	}
	r.mu.Unlock()
	r.closeBots()
	r.rep.Packets = map[string]uint64{}
	for _, b := range r.bots {
		st := b.Stats()
		r.rep.Answered += st.Answered
		r.rep.Refused += st.Refused
		r.rep.Walled += st.Walled
		r.rep.Walked += st.Walked
		r.rep.Invalid += st.Invalid
		for id, n := range st.Packets {
			r.rep.Packets[packetName(id)] += n
		}
	}
	r.rep.RoundTrips = r.rtt.between(0, time.Since(r.start))
	r.rep.Duration = time.Since(r.start)
}

// closeBots disconnects every bot, in parallel. It is safe to call more than once.
func (r *run) closeBots() {
	r.mu.Lock()
	bots := r.bots
	r.mu.Unlock()
	var wg sync.WaitGroup
	for _, b := range bots {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_ = b.Close()
		}()
	}
	wg.Wait()
}

// roundTrips keeps the command round trips by the second in which they were sent.
type roundTrips struct {
	start time.Time
	mu    sync.Mutex
	secs  []server.Histogram
}

func newRoundTrips(start time.Time) *roundTrips { return &roundTrips{start: start} }

// add records a round trip; it is called on the bots' read goroutines.
func (r *roundTrips) add(sent time.Time, d time.Duration) {
	i := max(int(sent.Sub(r.start)/time.Second), 0)
	r.mu.Lock()
	defer r.mu.Unlock()
	for len(r.secs) <= i {
		r.secs = append(r.secs, server.Histogram{})
	}
	r.secs[i].Add(d)
}

// between returns the round trips of the commands sent from from to to after the start.
func (r *roundTrips) between(from, to time.Duration) server.Histogram {
	r.mu.Lock()
	defer r.mu.Unlock()
	var h server.Histogram
	for i := int(from / time.Second); i < len(r.secs) && time.Duration(i)*time.Second < to; i++ {
		h = merge(h, r.secs[i])
	}
	return h
}

// merge returns the sum of two histograms.
func merge(a, b server.Histogram) server.Histogram {
	for i := range a.Counts {
		a.Counts[i] += b.Counts[i]
	}
	a.Count += b.Count
	a.Sum += b.Sum
	a.Max = max(a.Max, b.Max)
	return a
}

// processCPU returns this process's CPU time, user and system.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// sortedKeys returns m's keys, most counted first.
func sortedKeys[V int | uint64](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	return keys
}
