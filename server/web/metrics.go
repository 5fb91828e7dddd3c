package web

import (
	"net/http"
	"time"

	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"
	"github.com/prometheus/client_golang/prometheus/promhttp"
	"riddlestone/overlay"
	"riddlestone/overlay/store"
)

// metrics are the dashboard's Prometheus metrics, in a registry of their own (a process may run several servers,
// as tests do). It implements overlay.Metrics, so the overlay reports its generations, commits and panics here.
type metrics struct {
	reg          *prometheus.Registry
	tickDuration prometheus.Histogram
	queueLatency prometheus.Histogram
	tps          prometheus.Gauge
	players      prometheus.Gauge
	versions     *prometheus.GaugeVec
	areas        *prometheus.GaugeVec
	generations  *prometheus.CounterVec
	genLatency   prometheus.Histogram
	commits      *prometheus.CounterVec
	commitTime   prometheus.Histogram
	recovered    *prometheus.CounterVec
	actions      *prometheus.CounterVec
	paused       prometheus.Gauge
	leaseHeld    *prometheus.GaugeVec
}

var _ overlay.Metrics = (*metrics)(nil)

func newMetrics(s *Server) *metrics {
	m := &metrics{reg: prometheus.NewRegistry()}
	m.tickDuration = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "riddlestone_tick_duration_seconds",
		Help:    "Time per world tick, as timed no-op tasks see the tick counter advance: 0.05 at full speed (20 TPS), more when ticks or the world's queue run late. The world does not tick without players.",
		Buckets: []float64{0.045, 0.05, 0.055, 0.06, 0.075, 0.1, 0.15, 0.25, 0.5, 1, 2.5}})
	m.queueLatency = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "riddlestone_world_queue_latency_seconds",
		Help:    "Time a no-op task, scheduled every 50 ms, waits for the world goroutine.",
		Buckets: prometheus.ExponentialBuckets(0.0001, 3, 11)})
	m.tps = prometheus.NewGauge(prometheus.GaugeOpts{Name: "riddlestone_ticks_per_second", Help: "World ticks in the last second."})
	m.players = prometheus.NewGauge(prometheus.GaugeOpts{Name: "riddlestone_players", Help: "Players online."})
	m.versions = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "riddlestone_players_by_version",
		Help: "Players online, by the version of their client (\"unknown\" when it is not known)."}, []string{"version"})
	m.areas = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "riddlestone_areas",
		Help: "Areas by state: those the store has, and the locked neighbours of open areas."}, []string{"state"})
	m.generations = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "riddlestone_generations_total",
		Help: "Puzzle generations, by result: puzzle, or none (the area opened as open ground)."}, []string{"result"})
	m.genLatency = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "riddlestone_generation_seconds",
		Help: "Time to generate a puzzle.", Buckets: prometheus.ExponentialBuckets(0.0005, 3, 11)})
	m.commits = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "riddlestone_store_commits_total",
		Help: "Commits to the puzzle store, by result."}, []string{"result"})
	m.commitTime = prometheus.NewHistogram(prometheus.HistogramOpts{Name: "riddlestone_store_commit_seconds",
		Help: "Time to commit a change to the puzzle store (one synced LevelDB batch).", Buckets: prometheus.ExponentialBuckets(0.0001, 3, 11)})
	m.recovered = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "riddlestone_errors_recovered_total",
		Help: "Panics recovered without stopping the server, by where: request, repair, world change, background, web."}, []string{"where"})
	m.actions = prometheus.NewCounterVec(prometheus.CounterOpts{Name: "riddlestone_web_actions_total",
		Help: "Admin actions asked for on the dashboard, by action and result."}, []string{"action", "result"})
	m.paused = prometheus.NewGauge(prometheus.GaugeOpts{Name: "riddlestone_store_paused",
		Help: "1 while the puzzles are paused (the puzzle store cannot be reached, or another server took them over), else 0."})
	m.leaseHeld = prometheus.NewGaugeVec(prometheus.GaugeOpts{Name: "riddlestone_store_lease_held",
		Help: "By region of a shared (PostgreSQL) puzzle store: 1 while this server holds its lease, else 0; summed over a network's servers, 1 for each region. None for a LevelDB store."}, []string{"region"})
	queue := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "riddlestone_job_queue_depth",
		Help: "Requests waiting for the overlay's owner."}, func() float64 {
		if o := s.opts.Overlay(); o != nil {
			return float64(o.QueueDepth())
		}
		return 0
	})
	streams := prometheus.NewGaugeFunc(prometheus.GaugeOpts{Name: "riddlestone_web_event_streams",
		Help: "Dashboard pages listening for live events."}, func() float64 { return float64(s.events.listeners()) })
	m.reg.MustRegister(m.tickDuration, m.queueLatency, m.tps, m.players, m.versions, m.areas, m.generations, m.genLatency,
		m.commits, m.commitTime, m.recovered, m.actions, m.paused, m.leaseHeld, queue, streams,
		collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	for _, st := range []store.AreaState{store.Locked, store.Active, store.Solved} {
		m.areas.WithLabelValues(st.String())
	}
	for _, r := range []string{"puzzle", "none"} {
		m.generations.WithLabelValues(r)
	}
	for _, w := range []string{"request", "repair", "world change", "background", "web"} {
		m.recovered.WithLabelValues(w)
	}
	return m
}

// setPlayers sets the gauges of the players online to those in list: how many, and how many by client version.
// A version nobody online has any more is dropped.
func (m *metrics) setPlayers(list []playerView) {
	m.players.Set(float64(len(list)))
	counts := map[string]int{}
	for _, p := range list {
		v := p.Version
		if v == "" {
			v = "unknown"
		}
		counts[v]++
	}
	m.versions.Reset()
	for v, n := range counts {
		m.versions.WithLabelValues(v).Set(float64(n))
	}
}

// handler serves the metrics in the Prometheus text format, the store's gauges read at each scrape.
func (m *metrics) handler(s *Server) http.Handler {
	h := promhttp.HandlerFor(m.reg, promhttp.HandlerOpts{Registry: m.reg})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if v, ok := s.store(); ok {
			m.setStore(v)
		}
		h.ServeHTTP(w, r)
	})
}

// setStore sets the store's gauges: paused, and the lease of each region held or not.
func (m *metrics) setStore(v StoreView) {
	m.paused.Set(oneIf(v.Paused))
	m.leaseHeld.Reset()
	for _, l := range v.Leases {
		m.leaseHeld.WithLabelValues(l.Region).Set(oneIf(l.Ours))
	}
}

// oneIf is 1 for true and 0 for false, for gauges.
func oneIf(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// setAreas counts the areas of a map by state.
func (m *metrics) setAreas(mp overlay.Map) {
	counts := map[store.AreaState]int{}
	for _, a := range mp.Areas {
		counts[a.State]++
	}
	for _, st := range []store.AreaState{store.Locked, store.Active, store.Solved} {
		m.areas.WithLabelValues(st.String()).Set(float64(counts[st]))
	}
}

// Generated counts a generation and its time.
func (m *metrics) Generated(d time.Duration, err error) {
	m.genLatency.Observe(d.Seconds())
	m.generations.WithLabelValues(result(err, "puzzle", "none")).Inc()
}

// Committed counts a commit and its time.
func (m *metrics) Committed(d time.Duration, err error) {
	m.commitTime.Observe(d.Seconds())
	m.commits.WithLabelValues(result(err, "ok", "error")).Inc()
}

// Recovered counts a recovered panic.
func (m *metrics) Recovered(where string) { m.recovered.WithLabelValues(where).Inc() }

func result(err error, ok, failed string) string {
	if err != nil {
		return failed
	}
	return ok
}
