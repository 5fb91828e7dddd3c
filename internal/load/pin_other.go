//go:build !linux

package load

import "errors"

// PinProcess is only supported on Linux.
func PinProcess(string) error { return errors.New("pinning to CPUs needs Linux") }
