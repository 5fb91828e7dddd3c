package pgtest

import (
	"io"
	"net"
	"strconv"
	"strings"
	"sync"
)

// Proxy forwards TCP connections on a loopback port to a PostgreSQL server, and can cut them as a failing
// network between a server and its database would: Cut swallows everything from then on without an answer (the
// connections stay open, new ones are accepted and held), Restore closes what was held and forwards again.
type Proxy struct {
	l      net.Listener
	target string

	mu    sync.Mutex
	cut   bool
	conns map[net.Conn]struct{} // every connection open on either side
}

// NewProxy starts a proxy to the server at target (host:port).
func NewProxy(target string) (*Proxy, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	p := &Proxy{l: l, target: target, conns: map[net.Conn]struct{}{}}
	go p.accept()
	return p, nil
}

// Proxied returns a connection URL of s whose connections go through the proxy p.
func (s *Server) Proxied(url string, p *Proxy) string {
	return strings.Replace(url, "127.0.0.1:"+strconv.Itoa(s.Port), p.l.Addr().String(), 1)
}

// accept forwards each connection until the listener closes.
func (p *Proxy) accept() {
	for {
		c, err := p.l.Accept()
		if err != nil {
			return
		}
		go p.serve(c)
	}
}

// serve forwards one connection, or holds it while the proxy is cut.
func (p *Proxy) serve(c net.Conn) {
	if !p.track(c) {
		go io.Copy(io.Discard, c) // held: nothing goes through, nothing comes back
		return
	}
	up, err := net.Dial("tcp", p.target)
	if err != nil || !p.track(up) {
		_ = c.Close()
		if up != nil {
			_ = up.Close()
		}
		return
	}
	go p.pipe(up, c)
	p.pipe(c, up)
}

// track records a connection, and reports whether the proxy forwards (it is not cut).
func (p *Proxy) track(c net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.conns[c] = struct{}{}
	return !p.cut
}

// pipe copies from one side to the other until either ends or the proxy is cut; once cut, what comes is
// swallowed.
func (p *Proxy) pipe(dst, src net.Conn) {
	buf := make([]byte, 32<<10)
	for {
		n, err := src.Read(buf)
		if err != nil {
			_ = dst.Close()
			return
		}
		p.mu.Lock()
		cut := p.cut
		p.mu.Unlock()
		if cut {
			continue
		}
		if _, err := dst.Write(buf[:n]); err != nil {
			_ = src.Close()
			return
		}
	}
}

// Cut stops all traffic: what is sent from now on, on open connections and new ones, gets no answer.
func (p *Proxy) Cut() {
	p.mu.Lock()
	p.cut = true
	p.mu.Unlock()
}

// Restore ends the cut: the connections open during it are closed (as the peers of a network that came back
// find them reset) and new ones are forwarded again.
func (p *Proxy) Restore() {
	p.mu.Lock()
	conns := p.conns
	p.conns, p.cut = map[net.Conn]struct{}{}, false
	p.mu.Unlock()
	for c := range conns {
		_ = c.Close()
	}
}

// Close stops the proxy and closes its connections.
func (p *Proxy) Close() error {
	err := p.l.Close()
	p.Restore()
	return err
}
