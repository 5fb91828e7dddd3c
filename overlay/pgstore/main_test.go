package pgstore_test

import (
	"os"
	"testing"

	"riddlestone/internal/pgtest"
)

// TestMain shares one PostgreSQL server among the package's tests (each gets its own database), and lets
// TestStoresSurviveSIGKILL run this binary as the writer it kills.
func TestMain(m *testing.M) {
	if kind := os.Getenv("RIDDLESTONE_STORE_WRITER"); kind != "" {
		storeWriter(kind, os.Getenv("RIDDLESTONE_STORE_AT"))
		return
	}
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}
