package load

import (
	"fmt"
	"io"
	"reflect"
	"strings"
	"sync"
	"time"

	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/server"
)

// Report is what a run measured.
type Report struct {
	// Target names the server; Run numbers the run in a Plan.
	Target string
	Run    int
	// Config is the run's configuration.
	Config Config
	// Joined and JoinFailed count the bots that spawned and those that did not; JoinErrors counts why not.
	Joined, JoinFailed int
	JoinErrors         map[string]int
	// JoinTime holds how long each successful join took, dial to spawn; JoinPhase is how long joining took in
	// all, from the first dial to the last join ending.
	JoinTime  server.Histogram
	JoinPhase time.Duration
	// Dropped counts the bots whose connection ended before the run ended them; DropErrors counts why.
	Dropped    int
	DropErrors map[string]int
	// Answered counts the commands answered; InFlight those awaiting their answer when the run ended, the
	// longest of which had waited LongestInFlight.
	Answered        int
	InFlight        int
	LongestInFlight time.Duration
	// RoundTrips holds every command round trip of the run, joins included.
	RoundTrips server.Histogram
	// Window is the measured part of the run, after the joins have settled.
	Window Window
	// Samples is a time line, one point a second of the measured window.
	Samples []Sample
	// Packets counts the packets the bots received, by packet name.
	Packets map[string]uint64
	// Refused counts the steps the server refused the walkers; Walled the ticks they pushed against a locked
	// border's wall; Walked is how far they walked, in blocks.
	Refused int
	Walled  int
	Walked  float64
	// Invalid counts the packets the bots received and could not read.
	Invalid uint64
	// Duration is the whole run's.
	Duration time.Duration
}

// Window is the measured part of a run.
type Window struct {
	// Start is when it began, after the start of the run, and Duration how long it lasted.
	Start, Duration time.Duration
	// RoundTrips holds the round trips of the commands sent in the window.
	RoundTrips server.Histogram
	// Server holds the server's figures at the start and end of the window, nil if it has none.
	Server *ServerWindow
	// BotCPU is the CPU time this process (the bots, and the server if in process) used in the window.
	BotCPU time.Duration
	// Packets counts the packets the bots received in the window, and Bytes their bytes as they came over the
	// wire (compressed).
	Packets, Bytes uint64
	// UDPDrops counts the datagrams lost in the window on the server's and the bots' sockets.
	UDPDrops UDPDrops
}

// perBot returns a count of the window per second and per bot, of joined bots.
func (w Window) perBot(n uint64, joined int) float64 {
	return float64(n) / w.Duration.Seconds() / float64(max(joined, 1))
}

// ServerWindow holds a server's figures at the start and end of a window.
type ServerWindow struct {
	Start, End ServerStats
}

// Ticks returns the tick measurements of the window.
func (w ServerWindow) Ticks() server.TickSnapshot { return w.End.Ticks.Since(w.Start.Ticks) }

// CPUPerTick returns the server's CPU time per tick in the window.
func (w ServerWindow) CPUPerTick() time.Duration {
	ticks := w.End.Ticks.Ticks - w.Start.Ticks.Ticks
	if ticks <= 0 {
		return 0
	}
	return (w.End.CPU - w.Start.CPU) / time.Duration(ticks)
}

// Sample is one point of a run's time line.
type Sample struct {
	// At is the time since the start of the run.
	At time.Duration
	// Online counts the bots still connected.
	Online int
	// Server holds the server's figures, nil if it has none.
	Server *ServerStats
}

// lastSampleLine describes the latest sample in one line, for progress.
func (r *Report) lastSampleLine() string {
	if len(r.Samples) == 0 {
		return "no samples"
	}
	s := r.Samples[len(r.Samples)-1]
	line := fmt.Sprintf("online %d", s.Online)
	if s.Server != nil && len(r.Samples) > 1 && r.Samples[0].Server != nil {
		w := ServerWindow{Start: *r.Samples[0].Server, End: *s.Server}
		t := w.Ticks()
		line += fmt.Sprintf(", %.1f TPS, %s CPU/tick, tick p99 %s, queue p99 %s, heap %s",
			t.TPS(emptyTicks), ms(w.CPUPerTick()), ms(t.Tick.Quantile(0.99)), ms(t.Queue.Quantile(0.99)), mib(s.Server.HeapInuse))
	}
	return line
}

// Write prints the report for a person.
func (r *Report) Write(w io.Writer) {
	fmt.Fprintf(w, "== %s: %d bots (%.0f%% walking), %.1f joins/s, measured %v after %v to settle\n",
		r.Target, r.Config.Players, r.Config.Walking*100, r.Config.JoinRate, r.Window.Duration.Round(time.Second), r.Config.Settle)
	fmt.Fprintf(w, "joins      %d joined, %d refused or failed; join p50 %s p99 %s max %s; all joined in %v\n",
		r.Joined, r.JoinFailed, ms(r.JoinTime.Quantile(0.5)), ms(r.JoinTime.Quantile(0.99)), ms(r.JoinTime.Max), r.JoinPhase.Round(time.Millisecond))
	for _, k := range sortedKeys(r.JoinErrors) {
		fmt.Fprintf(w, "           %d× %s\n", r.JoinErrors[k], k)
	}
	fmt.Fprintf(w, "drops      %d\n", r.Dropped)
	for _, k := range sortedKeys(r.DropErrors) {
		fmt.Fprintf(w, "           %d× %s\n", r.DropErrors[k], k)
	}
	rt, all := r.Window.RoundTrips, r.RoundTrips
	fmt.Fprintf(w, "%-10s p50 %s p99 %s max %s (%d); whole run p99 %s max %s; at the end %d awaited, longest %s\n", r.Config.Command,
		ms(rt.Quantile(0.5)), ms(rt.Quantile(0.99)), ms(rt.Max), rt.Count, ms(all.Quantile(0.99)), ms(all.Max), r.InFlight, ms(r.LongestInFlight))
	if sw := r.Window.Server; sw != nil {
		writeServer(w, sw, r.maxWaiting())
	} else {
		fmt.Fprintf(w, "server     no figures (a server at an address)\n")
	}
	secs := r.Window.Duration.Seconds()
	fmt.Fprintf(w, "bots       %.0f%% of a core; %.0f packets/s and %.1f KiB/s received per bot; walkers walked %.0f blocks, %d steps refused, %d ticks pushed at walls\n",
		100*r.Window.BotCPU.Seconds()/secs, r.Window.perBot(r.Window.Packets, r.Joined), r.Window.perBot(r.Window.Bytes, r.Joined)/1024, r.Walked, r.Refused, r.Walled)
	fmt.Fprintf(w, "packets    %s; %d could not be read\n", r.topPackets(6), r.Invalid)
	fmt.Fprintf(w, "udp drops  %d on the server's socket, %d on the bots' (full receive buffers, in the window)\n",
		r.Window.UDPDrops.Server, r.Window.UDPDrops.Clients)
	if drift := r.Drift(); len(drift) > 2 {
		fmt.Fprintf(w, "minutes    %s\n", strings.Join(drift, "; "))
	}
}

// writeServer prints a server's figures over the window.
func writeServer(w io.Writer, sw *ServerWindow, waiting time.Duration) {
	t := sw.Ticks()
	where := "process"
	if sw.End.InProcess {
		where = "process, bots included"
	}
	fmt.Fprintf(w, "server     %.2f TPS; CPU %s per tick (%s); tick p50 %s p99 %s max %s (%d sampled)\n",
		t.TPS(emptyTicks), ms(sw.CPUPerTick()), where, ms(t.Tick.Quantile(0.5)), ms(t.Tick.Quantile(0.99)), ms(t.Tick.Max), t.Tick.Count)
	fmt.Fprintf(w, "world      queue p50 %s p99 %s max %s; longest wait seen %s\n",
		ms(t.Queue.Quantile(0.5)), ms(t.Queue.Quantile(0.99)), ms(t.Queue.Max), ms(waiting))
	fmt.Fprintf(w, "memory     heap %s → %s, RSS %s → %s, goroutines %d → %d\n",
		mib(sw.Start.HeapInuse), mib(sw.End.HeapInuse), mib(sw.Start.RSS), mib(sw.End.RSS), sw.Start.Goroutines, sw.End.Goroutines)
}

// maxWaiting returns the longest a world-queue probe was seen waiting in the samples.
func (r *Report) maxWaiting() time.Duration {
	var m time.Duration
	for _, s := range r.Samples {
		if s.Server != nil {
			m = max(m, s.Server.Ticks.Waiting)
		}
	}
	return m
}

// Drift describes each minute of the window: CPU per tick, heap and RSS at its end, so that an upward drift
// over a soak shows. It is empty without server figures.
func (r *Report) Drift() []string {
	var out []string
	var prev *ServerStats
	for i, s := range r.Samples {
		if s.Server == nil {
			return nil
		}
		if prev == nil {
			prev = s.Server
			continue
		}
		if (i%60 != 0) && i != len(r.Samples)-1 {
			continue
		}
		sw := ServerWindow{Start: *prev, End: *s.Server}
		out = append(out, fmt.Sprintf("%s %s/tick %s %s", s.At.Round(time.Second), ms(sw.CPUPerTick()), mib(s.Server.HeapInuse), mib(s.Server.RSS)))
		prev = s.Server
	}
	return out
}

// topPackets lists the n packets received most.
func (r *Report) topPackets(n int) string {
	var total uint64
	for _, c := range r.Packets {
		total += c
	}
	var parts []string
	for i, k := range sortedKeys(r.Packets) {
		if i == n {
			break
		}
		parts = append(parts, fmt.Sprintf("%s %.0f%%", k, 100*float64(r.Packets[k])/float64(max(total, 1))))
	}
	return fmt.Sprintf("%d in all: %s", total, strings.Join(parts, ", "))
}

// emptyTicks is the snapshot to measure a window's rates from.
var emptyTicks server.TickSnapshot

// ms formats a duration in milliseconds.
func ms(d time.Duration) string {
	switch {
	case d >= 10*time.Second:
		return fmt.Sprintf("%.1f s", d.Seconds())
	case d >= 10*time.Millisecond:
		return fmt.Sprintf("%.0f ms", float64(d)/float64(time.Millisecond))
	default:
		return fmt.Sprintf("%.2f ms", float64(d)/float64(time.Millisecond))
	}
}

// mib formats bytes in MiB.
func mib(b uint64) string { return fmt.Sprintf("%.0f MiB", float64(b)/(1<<20)) }

// packetNames maps packet IDs to the names of their types.
var packetNames = sync.OnceValue(func() map[uint32]string {
	m := map[uint32]string{}
	for id, f := range packet.NewServerPool() {
		m[id] = reflect.TypeOf(f()).Elem().Name()
	}
	return m
})

// packetName returns the name of the packet type with ID id.
func packetName(id uint32) string {
	if n, ok := packetNames()[id]; ok {
		return n
	}
	return fmt.Sprintf("packet %d", id)
}
