package pgtest

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// shared is the server the tests of one package share, started by the first test that asks for it.
var shared struct {
	once sync.Once
	srv  *Server
	err  error
}

// dbCount numbers the databases Database makes.
var dbCount atomic.Int64

// Shared returns the package's shared server, starting it at the first call. It skips the test when PostgreSQL
// is not installed (fails it, with RIDDLESTONE_REQUIRE_POSTGRES=1, as CI sets), and fails it when the server does
// not start. Call StopShared from TestMain.
func Shared(t testing.TB) *Server {
	t.Helper()
	shared.once.Do(func() { shared.srv, shared.err = Start() })
	switch {
	case errors.Is(shared.err, ErrMissing) && os.Getenv("RIDDLESTONE_REQUIRE_POSTGRES") == "1":
		t.Fatal(shared.err.Error() + "; RIDDLESTONE_REQUIRE_POSTGRES=1 asks for it")
	case errors.Is(shared.err, ErrMissing):
		t.Skip(shared.err.Error())
	case shared.err != nil:
		t.Fatalf("start PostgreSQL: %v", shared.err)
	}
	return shared.srv
}

// Database makes a new, empty database on the shared server and returns its URL.
func Database(t testing.TB) string {
	t.Helper()
	srv := Shared(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	url, err := srv.CreateDatabase(ctx, fmt.Sprintf("test_%d_%d", os.Getpid(), dbCount.Add(1)))
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// StopShared stops the shared server, if a test started it, and removes its folder.
func StopShared() {
	if shared.srv != nil {
		_ = shared.srv.Close()
	}
}
