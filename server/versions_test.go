package server_test

import (
	"context"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
	"riddlestone/server"
)

// otherProtocol is gophertunnel's protocol announced under another number: the client of another version, as
// far as the login goes.
type otherProtocol struct {
	minecraft.Protocol
	id  int32
	ver string
}

func (p otherProtocol) ID() int32      { return p.id }
func (p otherProtocol) Ver() string    { return p.ver }
func (p otherProtocol) String() string { return p.ver }

// dialVersion dials srv as a client of protocol id and game version ver, and returns the error the dial ends
// with.
func dialVersion(t *testing.T, srv *e2e.Server, name string, id int32, ver string) error {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), e2e.DefaultTimeout)
	defer cancel()
	d := minecraft.Dialer{
		IdentityData: login.IdentityData{DisplayName: name},
		ClientData:   login.ClientData{GameVersion: ver},
		Protocol:     otherProtocol{Protocol: minecraft.DefaultProtocol, id: id, ver: ver},
	}
	conn, err := d.DialContext(ctx, "raknet", srv.Addr)
	if err == nil {
		_ = conn.Close()
		return errors.New("the server let the client in")
	}
	return err
}

// TestUnsupportedVersionIsToldWhy dials with an older and a newer protocol number than the server speaks: each
// client is disconnected with the versions the server accepts and its own, and each refusal is logged at info
// with the player's name, version and protocol number.
func TestUnsupportedVersionIsToldWhy(t *testing.T) {
	srv := e2e.Start(t)
	for _, c := range []struct {
		name string
		id   int32
		ver  string
	}{{"Olda", 1001, "1.26.30"}, {"Newt", 2300, "1.26.70"}} {
		err := dialVersion(t, srv, c.name, c.id, c.ver)
		var disc minecraft.DisconnectError
		if !errors.As(err, &disc) {
			t.Fatalf("%s: dial ended with %v, want a disconnection with a message", c.ver, err)
		}
		want := "This server accepts Minecraft 1.26.40 to 1.26.60; you have " + c.ver + "."
		if string(disc) != want {
			t.Errorf("%s: told %q, want %q", c.ver, disc, want)
		}
		line := "name=" + c.name + " version=" + c.ver + " protocol=" + strconv.Itoa(int(c.id))
		waitFor(t, "the refusal in the log", func() bool { return strings.Contains(srv.Logs(), line) })
		if !strings.Contains(logLine(srv.Logs(), line), "level=INFO") {
			t.Errorf("%s: the refusal is not logged at info: %q", c.ver, logLine(srv.Logs(), line))
		}
	}
	if names := srv.Online(); len(names) != 0 {
		t.Errorf("players online after the refusals: %v", names)
	}
	srv.Join(t, "Curt") // A client of the server's own version still joins.
}

// logLine returns the line of logs that holds s.
func logLine(logs, s string) string {
	for _, l := range strings.Split(logs, "\n") {
		if strings.Contains(l, s) {
			return l
		}
	}
	return ""
}

// TestClientVersionsShown joins a player and finds their client's version in /list, in the dashboard's
// players and in the metrics' count of players by version, which drops it once they have left.
func TestClientVersionsShown(t *testing.T) {
	srv := e2e.Start(t, e2e.WithExtension(server.Web), e2e.WithConfig(func(c *server.Config) {
		c.Riddlestone.Packs = nil
		c.Web.Address = "127.0.0.1:0"
	}))
	bot := srv.Join(t, "Vera")
	if got := srv.Console(t, "list"); got != "1 player online: Vera (1.26.45)\n" {
		t.Errorf("list = %q", got)
	}
	url := srv.WebURL()
	waitFor(t, "Vera's version on the dashboard", func() bool {
		return strings.Contains(get(t, url+"api/players"), `"name":"Vera"`) &&
			strings.Contains(get(t, url+"api/players"), `"version":"1.26.45"`)
	})
	gauge := `riddlestone_players_by_version{version="1.26.45"} 1`
	waitFor(t, "the players by version", func() bool { return strings.Contains(get(t, url+"metrics"), gauge) })
	_ = bot.Close()
	waitFor(t, "the version gone from the metrics", func() bool {
		return !strings.Contains(get(t, url+"metrics"), `riddlestone_players_by_version{`)
	})
}

// get returns the body of a GET of url with a real HTTP client, failing the test unless it is answered 200 OK.
func get(t *testing.T, url string) string {
	t.Helper()
	res, err := http.Get(url)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	body, err := io.ReadAll(res.Body)
	if err != nil || res.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %d %v\n%s", url, res.StatusCode, err, body)
	}
	return string(body)
}

// TestOlderVersionJoins joins a client announcing 1.26.40 (protocol 2168) beside one of the server's own
// version: it spawns, runs a command and chats, and /list names each player's version.
func TestOlderVersionJoins(t *testing.T) {
	srv := e2e.Start(t)
	ctx, cancel := context.WithTimeout(context.Background(), e2e.DefaultTimeout)
	defer cancel()
	old, err := e2e.DialProtocol(ctx, srv.Addr, "Oona", otherProtocol{Protocol: minecraft.DefaultProtocol, id: 2168, ver: "1.26.40"})
	if err != nil {
		t.Fatalf("a 1.26.40 client cannot join: %v", err)
	}
	t.Cleanup(func() { _ = old.Close() })
	srv.Join(t, "Nell")
	waitFor(t, "Oona online", func() bool { return slices.Contains(srv.Online(), "Oona") })
	out, err := old.Command("/list")
	if want := "2 players online: Nell (1.26.45), Oona (1.26.40)"; err != nil || out.String() != want {
		t.Errorf("/list = %q, %v; want %q", out, err, want)
	}
	mark := old.Mark()
	if err := old.Chat("hello from 1.26.40"); err != nil {
		t.Fatal(err)
	}
	if _, err := e2e.Await(ctx, old, mark, func(pk *packet.Text) bool { return strings.Contains(pk.Message, "hello from 1.26.40") }); err != nil {
		t.Errorf("the chat did not come back: %v", err)
	}
}
