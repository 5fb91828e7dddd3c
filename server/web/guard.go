package web

import (
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// Limits of the dashboard's listener: how long a request may take to arrive, how long an answer may take to
// leave (an event stream sets its own deadline per event), how long an idle connection stays open, and how many
// connections it holds at once. A client that holds connections open, or trickles a body, is cut off.
var limits = struct {
	headerTimeout, readTimeout, writeTimeout, idleTimeout, eventWrite time.Duration
	connections, headerBytes                                          int
}{
	headerTimeout: 10 * time.Second, readTimeout: 20 * time.Second, writeTimeout: 60 * time.Second, idleTimeout: 60 * time.Second,
	eventWrite: 30 * time.Second, connections: 64, headerBytes: 16 << 10,
}

// limitListener accepts at most n connections at a time: Accept waits while n are open.
type limitListener struct {
	net.Listener
	slots chan struct{}
}

// newLimitListener wraps l so that it holds at most n connections.
func newLimitListener(l net.Listener, n int) *limitListener {
	return &limitListener{Listener: l, slots: make(chan struct{}, n)}
}

// Accept waits for a free slot, then for a connection, which frees its slot when closed.
func (l *limitListener) Accept() (net.Conn, error) {
	l.slots <- struct{}{}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.slots
		return nil, err
	}
	return &limitedConn{Conn: c, free: sync.OnceFunc(func() { <-l.slots })}, nil
}

// limitedConn is a connection that frees its listener's slot once when it closes.
type limitedConn struct {
	net.Conn
	free func()
}

// Close closes the connection and frees its slot.
func (c *limitedConn) Close() error {
	defer c.free()
	return c.Conn.Close()
}

// hosts is what a request's Host header may name: the names the dashboard is reached by. Anything else is a page
// of another site reaching the dashboard through a name it resolves to this machine (DNS rebinding), and is
// refused.
type hosts struct {
	port  string          // the listening port, which an address must name
	ips   map[string]bool // loopback and the listening address, reached with the port
	names map[string]bool // names an admin lists (Web.Hosts), reached with or without a port (through a proxy)
}

// newHosts returns the hosts of a dashboard listening at addr, reached also by the names listed.
func newHosts(addr net.Addr, listed []string) hosts {
	host, port, _ := net.SplitHostPort(addr.String())
	h := hosts{port: port, ips: map[string]bool{"localhost": true, "127.0.0.1": true, "::1": true}, names: map[string]bool{}}
	if ip := net.ParseIP(host); ip != nil && !ip.IsUnspecified() {
		h.ips[ip.String()] = true
	}
	for _, n := range listed {
		if name, _, err := net.SplitHostPort(n); err == nil {
			n = name
		}
		h.names[strings.ToLower(strings.Trim(n, "[]"))] = true
	}
	return h
}

// allows reports whether a Host header names the dashboard.
func (h hosts) allows(header string) bool {
	name, port, err := net.SplitHostPort(header)
	if err != nil {
		name, port = header, ""
	}
	name = strings.ToLower(strings.Trim(name, "[]"))
	if h.names[name] {
		return port == "" || port == h.port || port == "80" || port == "443"
	}
	return h.ips[name] && port == h.port
}

// checkingHost refuses a request whose Host is not one of the dashboard's, with 421 and a word on Web.Hosts.
func (h hosts) checkingHost(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !h.allows(r.Host) {
			http.Error(w, "this dashboard is not reached by that name: an admin lists the names it is reached by in Web.Hosts",
				http.StatusMisdirectedRequest)
			return
		}
		next.ServeHTTP(w, r)
	})
}

// backoff slows the guessing of secrets, address by address: after freeGuesses wrong secrets an address waits a
// second before its next try, and twice as long after each further wrong one, up to maxWait. The right secret
// from another address is never held up, and a right one clears the address's count.
type backoff struct {
	mu  sync.Mutex
	now func() time.Time
	m   map[string]*strikes
}

// strikes are an address's wrong secrets and when it may try again.
type strikes struct {
	wrong int
	until time.Time
	last  time.Time
}

const (
	freeGuesses = 5
	maxWait     = 5 * time.Minute
	maxTracked  = 4096 // addresses kept; the oldest beyond it are forgotten
)

// newBackoff returns an empty back-off.
func newBackoff() *backoff { return &backoff{now: time.Now, m: map[string]*strikes{}} }

// wait returns how long an address must wait before it may try a secret again, or 0.
func (b *backoff) wait(addr string) time.Duration {
	b.mu.Lock()
	defer b.mu.Unlock()
	if s := b.m[addr]; s != nil {
		return max(0, s.until.Sub(b.now()))
	}
	return 0
}

// wrong counts a wrong secret from an address.
func (b *backoff) wrong(addr string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	now := b.now()
	s := b.m[addr]
	if s == nil {
		b.forgetOld(now)
		s = &strikes{}
		b.m[addr] = s
	}
	s.wrong++
	s.last = now
	if n := s.wrong - freeGuesses; n > 0 {
		s.until = now.Add(min(maxWait, time.Second<<min(n-1, 20)))
	}
}

// right clears an address's count.
func (b *backoff) right(addr string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	delete(b.m, addr)
}

// forgetOld drops addresses idle for longer than maxWait once too many are kept. b.mu is held.
func (b *backoff) forgetOld(now time.Time) {
	if len(b.m) < maxTracked {
		return
	}
	for addr, s := range b.m {
		if now.Sub(s.last) > maxWait {
			delete(b.m, addr)
		}
	}
	for addr := range b.m { // still full: everyone is guessing; forget any
		if len(b.m) < maxTracked {
			break
		}
		delete(b.m, addr)
	}
}

// addressOf is the address a request came from, without its port.
func addressOf(r *http.Request) string {
	host, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	return host
}

// carriesSecret reports whether a request tries a secret: a login, an admin action, or a bearer token.
func carriesSecret(r *http.Request) bool {
	return r.Method == http.MethodPost || strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ")
}

// slowingGuesses answers 429, with Retry-After, a request that tries a secret from an address still waiting
// after wrong ones.
func (b *backoff) slowingGuesses(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if carriesSecret(r) {
			if d := b.wait(addressOf(r)); d > 0 {
				w.Header().Set("Retry-After", strconv.Itoa(int(d.Round(time.Second)/time.Second)+1))
				http.Error(w, "too many wrong secrets from this address: wait and try again", http.StatusTooManyRequests)
				return
			}
		}
		next.ServeHTTP(w, r)
	})
}
