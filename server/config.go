package server

import (
	"fmt"
	"log/slog"
	"math"
	"os"
	"strings"

	dfserver "github.com/df-mc/dragonfly/server"
	"github.com/df-mc/dragonfly/server/world"
	"github.com/pelletier/go-toml"
)

// Config is the whole of config.toml: Dragonfly's own sections (Network, Server, World, Players, Resources) and
// Riddlestone's section. The Go field names are the TOML keys.
type Config struct {
	dfserver.UserConfig
	// Riddlestone holds the settings of the puzzle server itself.
	Riddlestone Settings
	// Puzzles holds the settings of the puzzle overlay: areas and how players solve them.
	Puzzles PuzzleSettings
	// Web holds the settings of the admin's web dashboard (see web.go).
	Web WebSettings
	// Store says where the puzzle state is kept (see store.go).
	Store StoreSettings
}

// PuzzleSettings is the [Puzzles] section of config.toml.
type PuzzleSettings struct {
	// AreaSize is the side of an area in chunks (16 blocks each).
	AreaSize int
	// Mode is which rules players may run: "tree" (only the puzzle tree's, the next steps) or "all" (every rule
	// of the packs; a move that would make an area unsolvable asks for confirmation).
	Mode string
	// TwoKeyPercent is the share of areas, among those that can, that need two neighbouring areas solved to open.
	TwoKeyPercent int
}

// Settings is the [Riddlestone] section of config.toml.
type Settings struct {
	// Seed is the terrain seed. 0 means: choose one at the first start and keep it with the world.
	Seed int64
	// Packs lists the folders of puzzle packs to load, in order.
	Packs []string
	// Admins lists the XUIDs of admins. XUIDs are only trusted when Server.AuthEnabled is true.
	Admins []string
	// OfflineAdmins lists player names that are admins when Server.AuthEnabled is false. Anyone can claim a name
	// without authentication, so this is for LAN play and tests only; it is ignored when authentication is on.
	OfflineAdmins []string
	// GameMode is the game mode players join in, "survival" or "adventure"; admins keep the one they had.
	GameMode string
	// LogLevel is the lowest level logged: "debug", "info", "warn" or "error".
	LogLevel string
	// CompressionThreshold is the size in bytes from which a batch of packets sent to a player is compressed;
	// smaller batches go as they are. 0 compresses every batch.
	CompressionThreshold int
	// GCPercent is the garbage collector's target (as GOGC): a collection when the heap has grown by this share of
	// what was live: 200 collects half as often for a heap about a fifth larger at its peak. 0, the default, leaves
	// Go's 100 (gc.go). The GOGC environment variable, if set, wins.
	GCPercent int
}

// DefaultConfig returns the configuration used for keys missing from config.toml.
func DefaultConfig() Config {
	c := Config{UserConfig: dfserver.DefaultConfig()}
	c.Server.Name = "Riddlestone"
	c.Riddlestone = Settings{
		Packs:                []string{"packs/default"},
		GameMode:             "survival",
		LogLevel:             "info",
		CompressionThreshold: defaultCompressionThreshold,
		GCPercent:            defaultGCPercent,
	}
	c.Puzzles = PuzzleSettings{AreaSize: 4, Mode: "tree", TwoKeyPercent: 30}
	c.Web = defaultWeb()
	c.Store = defaultStore()
	return c
}

// LoadConfig reads the configuration file at path over the defaults. It never writes the file.
func LoadConfig(path string) (Config, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Config{}, fmt.Errorf("read config: %w", err)
	}
	return ParseConfig(path, data)
}

// ParseConfig parses TOML data over the defaults. name is used in error messages. Unknown keys and values of the
// wrong type or content are errors, every one reported at once, in line order, as name:line:col: message with
// the source line, a caret and a hint (puzzle.ErrorList.Detailed).
func ParseConfig(name string, data []byte) (Config, error) {
	c := DefaultConfig()
	f := &configFile{name: name, lines: strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")}
	tree, err := toml.LoadBytes(data)
	if err != nil {
		f.syntaxError(err)
		return Config{}, f.errs.Detailed()
	}
	f.checkTree(tree, nil, configType)
	if len(f.errs) > 0 {
		f.errs.Sort()
		return Config{}, f.errs.Detailed()
	}
	if err := tree.Unmarshal(&c); err != nil {
		return Config{}, fmt.Errorf("%s: %w", name, err)
	}
	c.validate(f, tree)
	f.errs.Sort()
	if len(f.errs) > 0 {
		return Config{}, f.errs.Detailed()
	}
	return c, nil
}

// validate checks values whose type is right but whose content is not, reporting each at its value.
func (c Config) validate(f *configFile, tree *toml.Tree) {
	at := func(section, key string) toml.Position {
		return f.valuePos(tree.GetPositionPath([]string{section, key}))
	}
	if _, err := c.Riddlestone.gameMode(); err != nil {
		f.add(at("Riddlestone", "GameMode"), "Riddlestone.GameMode: "+err.Error(), "")
	}
	if _, err := ParseLevel(c.Riddlestone.LogLevel); err != nil {
		f.add(at("Riddlestone", "LogLevel"), "Riddlestone.LogLevel: "+err.Error(), "")
	}
	if _, err := c.Puzzles.mode(); err != nil {
		f.add(at("Puzzles", "Mode"), "Puzzles.Mode: "+err.Error(), "")
	}
	if c.Puzzles.AreaSize < 1 || c.Puzzles.AreaSize > 64 {
		f.add(at("Puzzles", "AreaSize"), fmt.Sprintf("Puzzles.AreaSize: %d is not between 1 and 64 chunks", c.Puzzles.AreaSize), "")
	}
	if c.Puzzles.TwoKeyPercent < 0 || c.Puzzles.TwoKeyPercent > 100 {
		f.add(at("Puzzles", "TwoKeyPercent"), fmt.Sprintf("Puzzles.TwoKeyPercent: %d is not a percentage", c.Puzzles.TwoKeyPercent), "")
	}
	if t := c.Riddlestone.CompressionThreshold; t < 0 || t > math.MaxUint16 {
		f.add(at("Riddlestone", "CompressionThreshold"), fmt.Sprintf("Riddlestone.CompressionThreshold: %d is not between 0 and %d bytes", t, math.MaxUint16), "")
	}
	if g := c.Riddlestone.GCPercent; g != 0 && (g < minGCPercent || g > maxGCPercent) {
		f.add(at("Riddlestone", "GCPercent"), fmt.Sprintf("Riddlestone.GCPercent: %d is not 0 (Go's own) or between %d and %d", g, minGCPercent, maxGCPercent), "")
	}
	if c.Network.Address == "" {
		f.add(at("Network", "Address"), "Network.Address: must not be empty", "")
	}
	if c.World.Folder == "" {
		f.add(at("World", "Folder"), "World.Folder: must not be empty", "")
	}
	if err := c.Web.validate(); err != nil {
		f.add(at("Web", "Address"), "Web.Address: "+err.Error(), "")
	}
	if key, err := c.Store.validate(); err != nil {
		f.add(at("Store", key), "Store."+key+": "+err.Error(), "")
		f.errs[len(f.errs)-1].Source = hidePassword(f.errs[len(f.errs)-1].Source)
	}
}

// gameMode returns the world.GameMode named by GameMode.
func (s Settings) gameMode() (world.GameMode, error) {
	switch strings.ToLower(s.GameMode) {
	case "survival":
		return world.GameModeSurvival, nil
	case "adventure":
		return world.GameModeAdventure, nil
	}
	return nil, fmt.Errorf("game mode %q: want \"survival\" or \"adventure\"", s.GameMode)
}

// ParseLevel returns the slog level named by s: debug, info, warn or error.
func ParseLevel(s string) (slog.Level, error) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(s)); err != nil {
		return 0, fmt.Errorf("log level %q: want debug, info, warn or error", s)
	}
	return l, nil
}
