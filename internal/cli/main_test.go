package cli

import (
	"os"
	"testing"

	"riddlestone/internal/pgtest"
)

// TestMain stops the PostgreSQL server that the tests of a PostgreSQL store start.
func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}
