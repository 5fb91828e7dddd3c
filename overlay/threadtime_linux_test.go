package overlay

import (
	"syscall"
	"time"
)

// threadTime returns the CPU time of the calling OS thread (lock the goroutine to it). On a machine shared with
// other work, a scan's CPU time is a steadier figure than its wall-clock time, which includes waiting for a core.
func threadTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(1 /* RUSAGE_THREAD */, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
