package load

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"golang.org/x/sys/unix"
)

// PinProcess pins every thread of this process to the CPUs of list (taskset's syntax: "1", "0,2" or "0-1");
// threads started later inherit it.
func PinProcess(list string) error {
	var set unix.CPUSet
	for _, part := range strings.Split(list, ",") {
		lo, hi, isRange := strings.Cut(part, "-")
		a, err := strconv.Atoi(lo)
		if err != nil {
			return fmt.Errorf("bad CPU list %q", list)
		}
		b := a
		if isRange {
			if b, err = strconv.Atoi(hi); err != nil || b < a {
				return fmt.Errorf("bad CPU list %q", list)
			}
		}
		for c := a; c <= b; c++ {
			set.Set(c)
		}
	}
	tasks, err := os.ReadDir("/proc/self/task")
	if err != nil {
		return err
	}
	for _, t := range tasks {
		tid, err := strconv.Atoi(t.Name())
		if err != nil {
			continue
		}
		if err := unix.SchedSetaffinity(tid, &set); err != nil {
			return fmt.Errorf("pin thread %d: %w", tid, err)
		}
	}
	return nil
}
