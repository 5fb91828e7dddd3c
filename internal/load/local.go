package load

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"

	dfserver "github.com/df-mc/dragonfly/server"
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/df-mc/dragonfly/server/cmd"
	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"

	"riddlestone/server"
	"riddlestone/worldgen"
)

// Kinds of server the harness starts.
const (
	// KindRiddlestone is Riddlestone with its puzzle overlay, as the binary runs it.
	KindRiddlestone = "riddlestone"
	// KindStock is Dragonfly's own server with its flat generator, and a /list command.
	KindStock = "stock"
	// KindTerrain is Dragonfly's own server, with a /list command, on Riddlestone's terrain and nothing else of
	// Riddlestone: compared with it, Riddlestone's figures show what the puzzle overlay costs, terrain aside.
	KindTerrain = "terrain"
)

// Settings are what the servers the harness starts share, so that their figures compare.
type Settings struct {
	// Dir holds the server's data; empty means a new temporary folder, removed when the server closes.
	Dir string
	// ChunkRadius is Players.MaximumChunkRadius (0: 8).
	ChunkRadius int
	// MaxPlayers is Players.MaxCount: joins past it are refused (0: no limit).
	MaxPlayers int
	// Seed is Riddlestone's terrain seed (0: 42).
	Seed int64
	// Packs are Riddlestone's packs (empty: packs/default, looked for from the working directory up).
	Packs []string
	// Open is how many rings of areas around the start area Riddlestone opens before the bots join, so that
	// walkers cross open areas before they meet locked borders.
	Open int
	// CompressFrom is Riddlestone's Riddlestone.CompressionThreshold (0: its default; -1: compress every batch).
	CompressFrom int
	// Log receives the server's logs (nil: warnings and errors to standard error).
	Log *slog.Logger
}

func (s Settings) withDefaults() Settings {
	if s.ChunkRadius == 0 {
		s.ChunkRadius = 8
	}
	if s.Seed == 0 {
		s.Seed = 42
	}
	if s.Log == nil {
		s.Log = slog.New(slog.NewTextHandler(os.Stderr, &slog.HandlerOptions{Level: slog.LevelWarn}))
	}
	return s
}

// Local is a server running in this process. Its CPU and memory figures include the bots, if they run in this
// process too.
type Local struct {
	name  string
	addr  string
	ticks *server.TickStats
	w     *world.World
	close func() error
}

// Name implements Target.
func (l *Local) Name() string { return l.name }

// Addr implements Target.
func (l *Local) Addr() string { return l.addr }

// World returns the server's overworld.
func (l *Local) World() *world.World { return l.w }

// Stats implements Target: the figures of this process.
func (l *Local) Stats() (ServerStats, bool) {
	st := processStats(l.ticks)
	st.InProcess = true
	return st, true
}

// Close stops the server and removes its temporary data.
func (l *Local) Close() error { return l.close() }

// processStats returns this process's figures.
func processStats(ticks *server.TickStats) ServerStats {
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return ServerStats{
		CPU:        processCPU(),
		Ticks:      ticks.Snapshot(),
		HeapInuse:  m.HeapInuse,
		HeapSys:    m.HeapSys,
		RSS:        rss(),
		Goroutines: runtime.NumGoroutine(),
	}
}

// rss returns the resident set size of this process, 0 if unknown.
func rss() uint64 {
	b, err := os.ReadFile("/proc/self/statm")
	if err != nil {
		return 0
	}
	f := strings.Fields(string(b))
	if len(f) < 2 {
		return 0
	}
	pages, _ := strconv.ParseUint(f[1], 10, 64)
	return pages * uint64(os.Getpagesize())
}

// Start starts a server of the kind named (KindRiddlestone or KindStock) in this process.
func Start(ctx context.Context, kind string, s Settings) (*Local, error) {
	switch kind {
	case KindRiddlestone:
		return StartRiddlestone(ctx, s)
	case KindStock:
		return StartStock(s)
	case KindTerrain:
		return startDragonfly(KindTerrain, s, terrain(s.withDefaults().Seed))
	}
	return nil, fmt.Errorf("load: no server kind %q (want %s, %s or %s)", kind, KindRiddlestone, KindStock, KindTerrain)
}

// dataDir returns s.Dir, or a new temporary folder and a function removing it.
func dataDir(s Settings) (string, func(), error) {
	if s.Dir != "" {
		return s.Dir, func() {}, os.MkdirAll(s.Dir, 0o755)
	}
	dir, err := os.MkdirTemp("", "riddlestone-load-")
	if err != nil {
		return "", nil, err
	}
	return dir, func() { _ = os.RemoveAll(dir) }, nil
}

// userConfig applies the shared settings to a Dragonfly configuration.
func userConfig(uc *dfserver.UserConfig, dir string, s Settings) {
	uc.Server.AuthEnabled = false
	uc.World.Folder = filepath.Join(dir, "world")
	uc.Players.Folder = filepath.Join(dir, "players")
	uc.Resources.Folder = filepath.Join(dir, "resources")
	uc.Players.MaximumChunkRadius = s.ChunkRadius
	uc.Players.MaxCount = s.MaxPlayers
}

// StartRiddlestone starts Riddlestone with its puzzle overlay in this process, listening on a free loopback
// port, and opens s.Open rings of areas around the start.
func StartRiddlestone(ctx context.Context, s Settings) (*Local, error) {
	s = s.withDefaults()
	dir, cleanup, err := dataDir(s)
	if err != nil {
		return nil, err
	}
	conf := server.DefaultConfig()
	userConfig(&conf.UserConfig, dir, s)
	conf.Network.Address = "127.0.0.1:0"
	conf.Riddlestone.Seed = s.Seed
	conf.Riddlestone.LogLevel = "warn"
	if s.CompressFrom != 0 {
		conf.Riddlestone.CompressionThreshold = max(s.CompressFrom, 0)
	}
	if conf.Riddlestone.Packs, err = packs(s.Packs); err != nil {
		cleanup()
		return nil, err
	}
	srv, err := server.New(ctx, server.Options{Config: conf, Log: s.Log, Extensions: []server.Extension{server.Puzzles}})
	if err != nil {
		cleanup()
		return nil, err
	}
	srv.Start()
	if err := openAreas(ctx, srv, s.Open); err != nil {
		_ = srv.Close()
		cleanup()
		return nil, err
	}
	ticks := server.WatchTicks(srv.World())
	return &Local{name: KindRiddlestone, addr: srv.Addr().String(), ticks: ticks, w: srv.World(), close: func() error {
		ticks.Close()
		err := srv.Close()
		cleanup()
		return err
	}}, nil
}

// packs returns the packs given, or packs/default found from the working directory up.
func packs(given []string) ([]string, error) {
	if len(given) > 0 {
		return given, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return nil, err
	}
	for {
		p := filepath.Join(dir, "packs", "default")
		if st, err := os.Stat(p); err == nil && st.IsDir() {
			return []string{p}, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nil, errors.New("load: packs/default not found from the working directory up; give the packs")
		}
		dir = parent
	}
}

// openAreas opens the areas within rings areas of the start area (the spawn's), nearest first, as an admin
// does with "puzzle unlock", and waits for each.
func openAreas(ctx context.Context, srv *server.Server, rings int) error {
	if rings <= 0 {
		return nil
	}
	size := srv.Config().Puzzles.AreaSize * 16
	spawn := srv.World().Spawn()
	cx, cz := floorDiv(spawn.X(), size), floorDiv(spawn.Z(), size)
	for r := 1; r <= rings; r++ {
		for dx := -r; dx <= r; dx++ {
			for dz := -r; dz <= r; dz++ {
				if max(abs(dx), abs(dz)) != r {
					continue
				}
				var out bytes.Buffer
				line := fmt.Sprintf("puzzle unlock %d,%d", cx+dx, cz+dz)
				if err := srv.Execute(ctx, line, &out); err != nil {
					return fmt.Errorf("load: %s: %w", line, err)
				}
				if strings.Contains(strings.ToLower(out.String()), "cannot") || strings.Contains(strings.ToLower(out.String()), "fail") {
					return fmt.Errorf("load: %s: %s", line, strings.TrimSpace(out.String()))
				}
			}
		}
	}
	return nil
}

func floorDiv(a, b int) int {
	if a < 0 {
		return -((-a + b - 1) / b)
	}
	return a / b
}

func abs(a int) int { return max(a, -a) }

// StartStock starts Dragonfly's own server in this process with the shared settings and Dragonfly's defaults
// for everything else (its flat generator), listening on a free loopback port. Players join in survival, as on
// Riddlestone. It registers one command, /list, so that the bots' round trip runs a command as on Riddlestone.
func StartStock(s Settings) (*Local, error) { return startDragonfly(KindStock, s, nil) }

// terrain returns Riddlestone's generators for a seed, and where they put the spawn.
func terrain(seed int64) func(*dfserver.Config) cube.Pos {
	return func(conf *dfserver.Config) cube.Pos {
		g := worldgen.New(seed)
		conf.Generator = func(dim world.Dimension) world.Generator {
			if dim == world.Overworld {
				return g
			}
			return world.NopGenerator{}
		}
		return g.DefaultSpawn(world.Overworld)
	}
}

// startDragonfly starts Dragonfly's server as StartStock describes, with the generators gen sets (nil:
// Dragonfly's flat ones) and the spawn it returns.
func startDragonfly(kind string, s Settings, gen func(*dfserver.Config) cube.Pos) (*Local, error) {
	s = s.withDefaults()
	dir, cleanup, err := dataDir(s)
	if err != nil {
		return nil, err
	}
	addr, err := freePort()
	if err != nil {
		cleanup()
		return nil, err
	}
	uc := dfserver.DefaultConfig()
	userConfig(&uc, dir, s)
	uc.Network.Address = addr
	conf, err := uc.Config(s.Log)
	if err != nil {
		cleanup()
		return nil, err
	}
	var spawn *cube.Pos
	if gen != nil {
		pos := gen(&conf)
		spawn = &pos
	}
	srv := conf.New()
	srv.World().SetDefaultGameMode(world.GameModeSurvival)
	if spawn != nil {
		srv.World().SetSpawn(*spawn)
	}
	cmd.Register(cmd.New("list", "List the players online", nil, stockList{}))
	srv.Listen()
	go func() {
		for range srv.Accept() {
		}
	}()
	ticks := server.WatchTicks(srv.World())
	return &Local{name: kind, addr: addr, ticks: ticks, w: srv.World(), close: func() error {
		ticks.Close()
		err := srv.Close()
		cleanup()
		return err
	}}, nil
}

// stockList is the stock server's /list: the names of the players in the world.
type stockList struct{}

// Run lists the players.
func (stockList) Run(_ cmd.Source, o *cmd.Output, tx *world.Tx) {
	var names []string
	for e := range tx.Players() {
		if p, ok := e.(*player.Player); ok {
			names = append(names, p.Name())
		}
	}
	o.Printf("%d players online: %s", len(names), strings.Join(names, ", "))
}

// freePort returns a loopback UDP address free at the moment.
func freePort() (string, error) {
	c, err := net.ListenPacket("udp", "127.0.0.1:0")
	if err != nil {
		return "", err
	}
	defer c.Close()
	return c.LocalAddr().String(), nil
}

// Remote is a server at an address the harness did not start: it has no server figures.
type Remote string

// Name implements Target.
func (r Remote) Name() string { return string(r) }

// Addr implements Target.
func (r Remote) Addr() string { return string(r) }

// Stats implements Target: a remote server has no figures.
func (Remote) Stats() (ServerStats, bool) { return ServerStats{}, false }
