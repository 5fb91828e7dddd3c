package server

import (
	"log/slog"
	"os"
	"runtime/debug"
)

// defaultGCPercent is the garbage collector's target the server runs with by default: 0, Go's own (100). A target
// of 200 was the default for a while, as short rounds of the move benchmark made a move's wait shorter with it;
// rounds long enough to measure a 99th percentile show no difference, and the heap grows a fifth larger at its
// peak (docs/benchmarks.md, "Longer windows"). Admins who trade memory for fewer collections set it.
const defaultGCPercent = 0

// Bounds of [Riddlestone] GCPercent; 0 leaves Go's own setting.
const (
	minGCPercent = 50
	maxGCPercent = 1000
)

// tuneGC sets the collector's target to percent (config.toml's [Riddlestone] GCPercent), unless the GOGC
// environment variable says otherwise, which wins as it does for any Go program, or percent is 0.
func tuneGC(percent int, log *slog.Logger) {
	if os.Getenv("GOGC") != "" || percent == 0 {
		return
	}
	if old := debug.SetGCPercent(percent); old != percent {
		log.Debug("garbage collector target set", "percent", percent, "was", old)
	}
}
