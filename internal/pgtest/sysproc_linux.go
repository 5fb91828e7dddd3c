package pgtest

import "syscall"

// sysProcAttr runs a program as cred (nil: as the test's user) and ends it if the test process dies first, so
// that a killed test leaves no server behind (SIGQUIT is PostgreSQL's immediate shutdown).
func sysProcAttr(cred *syscall.Credential) *syscall.SysProcAttr {
	return &syscall.SysProcAttr{Credential: cred, Pdeathsig: syscall.SIGQUIT}
}
