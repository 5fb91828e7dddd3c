package overlay

import (
	"os"
	"testing"

	"riddlestone/internal/pgtest"
)

// TestMain stops the PostgreSQL server the package's tests of a network of servers share, if one started it.
func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}
