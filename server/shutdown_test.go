package server_test

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/sandertv/go-raknet"
	"github.com/sandertv/gophertunnel/minecraft"
	"github.com/sandertv/gophertunnel/minecraft/protocol/login"
	"github.com/sandertv/gophertunnel/minecraft/protocol/packet"

	"riddlestone/internal/e2e"
)

const (
	// closeBound is how long Close may take with players joining. Before the fix a join completing during
	// shutdown kept Close waiting until that client left on its own (about 30 seconds with a real client; the
	// clients here leave only when the test ends them, after closeBound). Close takes a second or two, but
	// each player turned away has been sent its start-up data (about 2 MB, compressed) first, which takes
	// seconds under -race on a busy machine.
	closeBound = 45 * time.Second
	// noticeBound is how long after Close returns a client may take to learn it was disconnected. The server
	// tells every client, but on a busy machine under -race a client still decoding its start-up data (about
	// 2 MB) can take many seconds to reach the message, or lose the server's last packets on the loopback and
	// learn of it by RakNet's timeout (about ten seconds).
	noticeBound = 30 * time.Second
	// dialBound is how long a client may take to join.
	dialBound = 10 * time.Second
)

// TestCloseWhileJoining stops servers while clients are joining them, in several rounds because the race is
// narrow: Close must return promptly, and every client that got in must be disconnected and told so.
func TestCloseWhileJoining(t *testing.T) {
	rounds := 3 // Before the fix every round failed.
	if testing.Short() {
		rounds = 1
	}
	for i := range rounds {
		t.Run(fmt.Sprint("round", i), closeWhileJoining)
	}
}

// closeWhileJoining runs one round: one client joins, then four dial again and again; Close starts when the
// first of these has spawned, while the others are joining.
func closeWhileJoining(t *testing.T) {
	srv := e2e.Start(t)
	// The waits end noticeBound after Close returns, or after a few minutes if Close hangs.
	waits, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	j := &joiners{addr: srv.Addr, ctx: waits, spawned: make(chan struct{}), stop: make(chan struct{})}
	j.joinFirst(t, srv)
	for i := range 4 {
		j.wg.Add(1)
		go j.dialLoop(t, i)
	}
	select {
	case <-j.spawned:
	case <-time.After(e2e.DefaultTimeout):
		t.Log("no client has spawned yet: closing with all four joining")
	}

	// No dial starts once Close has: the stopping server no longer answers, and the dials under way are the
	// joins that complete during shutdown.
	close(j.stop)
	start := time.Now()
	closed := make(chan struct{})
	go func() {
		_ = srv.Close()
		close(closed)
	}()
	select {
	case <-closed:
		t.Logf("Close took %v", time.Since(start))
	case <-time.After(closeBound):
		t.Errorf("Close did not return within %v while players were joining (online: %v)", closeBound, srv.Online())
	}
	time.AfterFunc(noticeBound, cancel)
	j.wg.Wait()
	if online := srv.Online(); len(online) != 0 {
		t.Errorf("players still online after Close: %v", online)
	}
	if n := srv.Dragonfly().PlayerCount(); n != 0 {
		t.Errorf("Dragonfly still has %d players after Close", n)
	}
}

// joiners are clients dialing a server concurrently while it shuts down.
type joiners struct {
	addr      string
	ctx       context.Context // ends the waits for disconnection
	spawned   chan struct{}   // closed when the first dialing client has spawned
	spawnOnce sync.Once
	stop      chan struct{} // closed when no new dial should start
	wg        sync.WaitGroup
}

// joinFirst joins a client and waits until the server has it online, so that one player is fully in when
// Close starts.
func (j *joiners) joinFirst(t *testing.T, srv *e2e.Server) {
	ctx, cancel := context.WithTimeout(j.ctx, e2e.DefaultTimeout)
	defer cancel()
	c, err := dialClient(ctx, j.addr, "First")
	if err != nil {
		t.Fatal(err)
	}
	j.wg.Add(1)
	go j.watch(t, c)
	for !slices.Contains(srv.Online(), "First") {
		select {
		case <-ctx.Done():
			t.Fatal("First spawned but the server did not accept the player")
		case <-time.After(10 * time.Millisecond):
		}
	}
	// A chunk comes after the start-up data: First is past it.
	select {
	case <-c.chunk:
	case <-ctx.Done():
		t.Fatal("First received no chunk")
	}
}

// dialLoop joins client after client until stop; each one that gets in is watched until the server
// disconnects it.
func (j *joiners) dialLoop(t *testing.T, i int) {
	defer j.wg.Done()
	for n := 0; ; n++ {
		select {
		case <-j.stop:
			return
		default:
		}
		// A bounded dial: RakNet's ping, the first step, heeds only a deadline, not a cancellation.
		ctx, cancel := context.WithTimeout(j.ctx, dialBound)
		c, err := dialClient(ctx, j.addr, fmt.Sprintf("Joiner%d_%d", i, n))
		cancel()
		if err != nil {
			continue // The server is closing: disconnected during the join.
		}
		j.spawnOnce.Do(func() { close(j.spawned) })
		j.wg.Add(1)
		go j.watch(t, c)
	}
}

// watch waits until the server disconnects c, and fails the test if it stays connected.
func (j *joiners) watch(t *testing.T, c *client) {
	defer j.wg.Done()
	defer c.conn.Close()
	select {
	case <-c.done:
	case <-j.ctx.Done():
		t.Errorf("%s stayed connected after the server closed", c.conn.IdentityData().DisplayName)
	}
}

// client is a bare Bedrock client: it joins, then only reads. Unlike an e2e.Bot it requests no chunks and
// sends no movement, so that it costs the server little: under -race on a busy machine the loopback drops
// packets of a bot loading chunks, and a RakNet client that loses the server's last packets learns of its
// disconnection only when it times out.
type client struct {
	conn  *minecraft.Conn
	chunk chan struct{} // closed when the first chunk has arrived
	done  chan struct{} // closed when the connection has ended
}

// dialClient joins the server at addr as name and waits until the client has spawned.
func dialClient(ctx context.Context, addr, name string) (*client, error) {
	spawned := new(atomic.Bool)
	d := minecraft.Dialer{IdentityData: login.IdentityData{DisplayName: name}}
	conn, err := d.DialContextNetwork(ctx, clientNetwork{spawned: spawned}, addr)
	if err != nil {
		return nil, err
	}
	if err := conn.DoSpawnContext(ctx); err != nil {
		_ = conn.Close()
		return nil, err
	}
	spawned.Store(true)
	c := &client{conn: conn, chunk: make(chan struct{}), done: make(chan struct{})}
	go c.read()
	return c, nil
}

// read reads packets until the connection ends.
func (c *client) read() {
	defer close(c.done)
	var chunkOnce sync.Once
	for {
		pk, err := c.conn.ReadPacket()
		if err != nil {
			return
		}
		if _, ok := pk.(*packet.LevelChunk); ok {
			chunkOnce.Do(func() { close(c.chunk) })
		}
	}
}

// rakDial serialises RakNet handshakes: go-raknet's dialer caches a handshake packet in a map without a lock,
// and concurrent dials race on it.
var rakDial sync.Mutex

// clientNetwork is RakNet as the e2e bots dial it: until the client has spawned, each packet it writes is held
// back 25ms, or a loopback client answers gophertunnel's StartGame before the listener expects it and the join
// hangs (see internal/e2e/network.go).
type clientNetwork struct {
	spawned *atomic.Bool
}

// DialContext dials a RakNet connection whose writes are delayed until the client has spawned.
func (n clientNetwork) DialContext(ctx context.Context, address string) (net.Conn, error) {
	rakDial.Lock()
	c, err := raknet.Dialer{}.DialContext(ctx, address)
	rakDial.Unlock()
	if err != nil {
		return nil, err
	}
	return &slowStartConn{Conn: c, spawned: n.spawned}, nil
}

// PingContext pings a RakNet server.
func (clientNetwork) PingContext(ctx context.Context, address string) ([]byte, error) {
	return raknet.Dialer{}.PingContext(ctx, address)
}

// Listen is not supported: the network is for clients only.
func (clientNetwork) Listen(string) (minecraft.NetworkListener, error) {
	return nil, errors.New("the test client network cannot listen")
}

// slowStartConn is a RakNet connection that delays writes until the client has spawned. Embedding
// *raknet.Conn keeps the optional transport methods that gophertunnel looks for.
type slowStartConn struct {
	*raknet.Conn
	spawned *atomic.Bool
}

// Write writes b, first waiting 25ms while the client has not spawned.
func (c *slowStartConn) Write(b []byte) (int, error) {
	if !c.spawned.Load() {
		time.Sleep(25 * time.Millisecond)
	}
	return c.Conn.Write(b)
}
