//go:build unix

package puzzle

import (
	"syscall"
	"time"
)

// cpuTime returns the CPU time the process has used, user and system. On a machine shared with other work, states
// per CPU second is a steadier figure than states per wall-clock second.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
