package web

import (
	"context"
	"math"
	"slices"
	"sync"
	"time"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
	"riddlestone/overlay"
	"riddlestone/overlay/store"
)

// playerView is a player on the map.
type playerView struct {
	Name string  `json:"name"`
	X    float64 `json:"x"`
	Y    float64 `json:"y"`
	Z    float64 `json:"z"`
	Yaw  float64 `json:"yaw"`
	Area string  `json:"area,omitempty"` // the area they stand in, when the server has puzzles
	// Version is the version of their client, such as "1.26.45"; "" if unknown.
	Version string `json:"version,omitempty"`
}

// statusView is the dashboard's status line.
type statusView struct {
	TPS        float64 `json:"tps"`     // ticks in the last second; the world does not tick without players
	Players    int     `json:"players"` // online
	Queue      int     `json:"queue"`   // requests waiting for the overlay
	Version    int     `json:"version"` // the overlay's map version
	LiveChunks int     `json:"liveChunks"`
}

// live watches the world and the overlay from its own goroutines: it probes the world's queue, lists the players,
// follows the overlay's changes and copies explored chunks for the map. Its tasks on the world goroutine are a
// few microseconds each (a probe, a list of players) or the chunk copies overlay.Snapshot makes.
type live struct {
	s    *Server
	jobs chan [2]world.ChunkPos // rectangles of chunks to copy

	mu      sync.Mutex
	players []playerView
	status  statusView
	ticks   []tickSample // the last second's probes that saw the tick advance
	areas   map[store.AreaPos]overlay.AreaView
	// areaSize is the overlay's area size in chunks, once seen; 0 without puzzles.
	areaSize int
}

// tickSample is the world's tick counter as a probe saw it.
type tickSample struct {
	tick int64
	at   time.Time
}

func newLive(s *Server) *live {
	return &live{s: s, jobs: make(chan [2]world.ChunkPos, 256), areas: map[store.AreaPos]overlay.AreaView{}}
}

// Intervals of the watcher's work.
const (
	probeEvery   = 50 * time.Millisecond // a timed no-op on the world goroutine: queue latency and ticks
	playersEvery = 10                    // probes: the players, twice a second
	overlayEvery = 20                    // probes: the overlay's map and the status, once a second
	aroundEvery  = 100                   // probes: chunks around players copied, every five seconds
)

// run watches until ctx ends.
func (l *live) run(ctx context.Context) {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		l.copyChunks(ctx)
	}()
	defer wg.Wait()
	t := time.NewTicker(probeEvery)
	defer t.Stop()
	for n := 1; ; n++ {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		l.probe()
		if n%playersEvery == 0 {
			l.pollPlayers(ctx)
		}
		if n%overlayEvery == 0 || n == 1 {
			l.pollOverlay()
		}
		if n%aroundEvery == 0 || n == playersEvery {
			l.copyAroundPlayers()
		}
	}
}

// probe schedules a timed no-op on the world goroutine: the time it waited is the queue's latency, and the tick
// it saw measures the ticks. It does not wait for it.
func (l *live) probe() {
	sent := time.Now()
	l.s.opts.World.Do(func(tx *world.Tx) {
		now := time.Now()
		l.s.metrics.queueLatency.Observe(now.Sub(sent).Seconds())
		l.sawTick(tx.CurrentTick(), now)
	})
}

// sawTick records the tick counter a probe saw: each tick since the last one observed took the time between the
// two over their number (50 ms at full speed; a slow tick or a busy world shows longer). It runs on the world
// goroutine and only takes the watcher's lock, which nobody holds for long.
func (l *live) sawTick(tick int64, now time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if n := len(l.ticks); n > 0 && tick > l.ticks[n-1].tick {
		last := l.ticks[n-1]
		per := now.Sub(last.at).Seconds() / float64(tick-last.tick)
		for range min(tick-last.tick, 40) {
			l.s.metrics.tickDuration.Observe(per)
		}
	}
	if n := len(l.ticks); n == 0 || tick != l.ticks[n-1].tick {
		l.ticks = append(l.ticks, tickSample{tick, now})
	}
	for len(l.ticks) > 1 && now.Sub(l.ticks[0].at) > 2*time.Second {
		l.ticks = l.ticks[1:]
	}
}

// tps returns the ticks per second over the last second or so: 0 while the world does not tick.
func (l *live) tps(now time.Time) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := len(l.ticks)
	if n < 2 || now.Sub(l.ticks[n-1].at) > time.Second {
		return 0
	}
	first, last := l.ticks[0], l.ticks[n-1]
	secs := last.at.Sub(first.at).Seconds()
	if secs <= 0 {
		return 0
	}
	return math.Round(float64(last.tick-first.tick)/secs*10) / 10
}

// pollPlayers lists the players on the world goroutine and publishes them when they changed.
func (l *live) pollPlayers(ctx context.Context) {
	var list []playerView
	task := l.s.opts.World.Do(func(tx *world.Tx) {
		for e := range tx.Players() {
			if p, ok := e.(*player.Player); ok {
				pos := p.Position()
				list = append(list, playerView{Name: p.Name(), X: round1(pos[0]), Y: round1(pos[1]), Z: round1(pos[2]),
					Yaw: round1(p.Rotation().Yaw()), Version: l.clientVersion(p.H())})
			}
		}
	})
	select {
	case <-task.Done():
	case <-ctx.Done():
		return
	}
	if task.Err() != nil {
		return
	}
	l.mu.Lock()
	size := int32(l.areaSize)
	l.mu.Unlock()
	if size > 0 {
		for i, p := range list {
			list[i].Area = store.AreaOfChunk(world.ChunkPos{int32(math.Floor(p.X / 16)), int32(math.Floor(p.Z / 16))}, size).String()
		}
	}
	slices.SortFunc(list, func(a, b playerView) int {
		if a.Name < b.Name {
			return -1
		}
		if a.Name > b.Name {
			return 1
		}
		return 0
	})
	l.mu.Lock()
	same := slices.Equal(list, l.players)
	l.players = list
	l.mu.Unlock()
	l.s.metrics.setPlayers(list)
	if !same {
		l.s.events.publish("players", list)
	}
}

// label is the player's name with their client's version, as the dashboard lists them: "Ann (1.26.45)".
func (p playerView) label() string {
	if p.Version == "" {
		return p.Name
	}
	return p.Name + " (" + p.Version + ")"
}

// clientVersion returns the version of the client of the player with handle h, "" if unknown.
func (l *live) clientVersion(h *world.EntityHandle) string {
	if f := l.s.opts.ClientVersion; f != nil {
		return f(h)
	}
	return ""
}

// playersNow returns the players as last listed.
func (l *live) playersNow() []playerView {
	l.mu.Lock()
	defer l.mu.Unlock()
	return append([]playerView{}, l.players...)
}

// pollOverlay follows the overlay: a new version is announced to the pages, and areas that changed have their
// chunks copied again; the status line is published.
func (l *live) pollOverlay() {
	st := statusView{TPS: l.tps(time.Now()), Players: len(l.playersNow()), LiveChunks: l.s.tiles.liveCount()}
	if o := l.s.opts.Overlay(); o != nil {
		m := o.Snapshot()
		st.Queue, st.Version = o.QueueDepth(), m.Version
		l.s.metrics.setAreas(m)
		l.followAreas(m)
	}
	l.mu.Lock()
	changed := st.Version != l.status.Version
	l.status = st
	l.mu.Unlock()
	l.s.metrics.tps.Set(st.TPS)
	if changed {
		l.s.events.publish("map", map[string]int{"version": st.Version})
	}
	l.s.events.publish("status", st)
}

// statusNow returns the status line as last made.
func (l *live) statusNow() statusView {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.status
}

// followAreas queues the chunks of areas that changed and are or were open (their chunks exist in the world) for
// copying: players can only walk in open areas, so with the chunks around players these are all the chunks that
// may differ from what the generator makes.
func (l *live) followAreas(m overlay.Map) {
	l.mu.Lock()
	l.areaSize = m.AreaSize
	var todo []store.AreaPos
	for _, a := range m.Areas {
		old, seen := l.areas[a.Pos]
		wasOpen := seen && old.State != store.Locked
		if a.State != store.Locked || wasOpen {
			if !seen || !sameArea(old, a) {
				todo = append(todo, a.Pos)
			}
		}
		l.areas[a.Pos] = a
	}
	l.mu.Unlock()
	for _, a := range todo {
		lo, hi := a.Chunks(int32(m.AreaSize))
		l.queue(lo, hi)
	}
}

// sameArea reports whether an area looks the same on the map.
func sameArea(a, b overlay.AreaView) bool {
	return a.State == b.State && a.Pending == b.Pending && a.Done == b.Done && a.Objects == b.Objects &&
		a.Rerolls == b.Rerolls && a.Template == b.Template
}

// copyAroundPlayers queues the chunks around each player for copying.
func (l *live) copyAroundPlayers() {
	for _, p := range l.playersNow() {
		c := world.ChunkPos{int32(math.Floor(p.X / 16)), int32(math.Floor(p.Z / 16))}
		l.queue(world.ChunkPos{c[0] - 1, c[1] - 1}, world.ChunkPos{c[0] + 1, c[1] + 1})
	}
}

// queue asks for a rectangle of chunks to be copied; when the queue is full the request is dropped, and a later
// change or the next round around players asks again.
func (l *live) queue(lo, hi world.ChunkPos) {
	select {
	case l.jobs <- [2]world.ChunkPos{lo, hi}:
	default:
	}
}

// copyChunks copies queued rectangles of chunks, one at a time, and redraws the tiles that changed.
func (l *live) copyChunks(ctx context.Context) {
	for {
		select {
		case <-ctx.Done():
			return
		case job := <-l.jobs:
			cctx, cancel := context.WithTimeout(ctx, 20*time.Second)
			snap, err := overlay.Snapshot(cctx, l.s.opts.World, job[0], job[1])
			cancel()
			if err != nil {
				continue // the world is closing, or busy: the next change asks again
			}
			if changed := l.s.tiles.setLive(snap.Chunks); len(changed) > 0 {
				l.s.events.publish("tiles", tileList(l.s.tiles, changed))
			}
		}
	}
}

// tileRef is a level-0 tile that was redrawn, for the pages.
type tileRef struct {
	X int32 `json:"x"`
	Z int32 `json:"z"`
	V int   `json:"v"`
}

func tileList(t *tiles, keys []tileKey) []tileRef {
	out := make([]tileRef, len(keys))
	for i, k := range keys {
		out[i] = tileRef{k.x, k.z, t.version(k)}
	}
	return out
}

func round1(f float64) float64 { return math.Round(f*10) / 10 }
