//go:build !linux

package overlay

import "time"

// threadTime is not measured outside Linux; the benchmark then reports zero CPU times.
func threadTime() time.Duration { return 0 }
