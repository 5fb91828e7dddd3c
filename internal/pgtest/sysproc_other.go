//go:build !linux

package pgtest

import "syscall"

// sysProcAttr runs a program as cred (nil: as the test's user).
func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred}
}
