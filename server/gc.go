package server

import (
	"log/slog"
	"os"
	"runtime/debug"
)

// defaultGCPercent is the garbage collector's target the server runs with: the heap may grow to three times what
// is live before a collection, against Go's two. A move's wait is then shorter while a new puzzle is generated,
// as the collector marks half as often (docs/benchmarks.md, "Publishing per change": p99 1.4-1.5 ms against
// 1.6-2.2 ms at Go's 100), for a heap about half as large again at its peak.
const defaultGCPercent = 200

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
