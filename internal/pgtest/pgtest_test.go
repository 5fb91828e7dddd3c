package pgtest_test

import (
	"context"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"riddlestone/internal/pgtest"
)

func TestMain(m *testing.M) {
	code := m.Run()
	pgtest.StopShared()
	os.Exit(code)
}

// TestServerKeepsDataAcrossAKill starts the shared server, writes a row, kills the server as a crash would and
// starts it again: the committed row is there.
func TestServerKeepsDataAcrossAKill(t *testing.T) {
	url := pgtest.Database(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	exec := func(url, sql string) {
		t.Helper()
		conn, err := pgx.Connect(ctx, url)
		if err != nil {
			t.Fatal(err)
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, sql); err != nil {
			t.Fatal(err)
		}
	}
	exec(url, "CREATE TABLE kept (n int); INSERT INTO kept VALUES (7)")
	srv := pgtest.Shared(t)
	srv.Kill()
	if err := srv.Restart(); err != nil {
		t.Fatal(err)
	}
	conn, err := pgx.Connect(ctx, srv.URL(dbName(t, url)))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close(ctx)
	var n int
	if err := conn.QueryRow(ctx, "SELECT n FROM kept").Scan(&n); err != nil || n != 7 {
		t.Fatalf("after a kill and a restart the row reads %d, %v", n, err)
	}
}

// dbName takes the database name from a URL.
func dbName(t *testing.T, url string) string {
	t.Helper()
	c, err := pgx.ParseConfig(url)
	if err != nil {
		t.Fatal(err)
	}
	return c.Database
}

// TestProxyCutsAndRestores: through the proxy a query is answered; cut, it gets no answer (a connection opened
// then does not even log in); restored, a new connection is answered again.
func TestProxyCutsAndRestores(t *testing.T) {
	url := pgtest.Database(t)
	srv := pgtest.Shared(t)
	proxy, err := pgtest.NewProxy(fmt.Sprintf("127.0.0.1:%d", srv.Port))
	if err != nil {
		t.Fatal(err)
	}
	defer proxy.Close()
	query := func(within time.Duration) error {
		ctx, cancel := context.WithTimeout(context.Background(), within)
		defer cancel()
		conn, err := pgx.Connect(ctx, srv.Proxied(url, proxy))
		if err != nil {
			return err
		}
		defer conn.Close(context.Background())
		var n int
		return conn.QueryRow(ctx, "SELECT 1").Scan(&n)
	}
	if err := query(time.Minute); err != nil {
		t.Fatalf("through the proxy: %v", err)
	}
	proxy.Cut()
	if err := query(time.Second); err == nil {
		t.Fatal("a query went through the cut proxy")
	}
	proxy.Restore()
	if err := query(time.Minute); err != nil {
		t.Fatalf("through the restored proxy: %v", err)
	}
}
