package e2e_test

import (
	"net"
	"sync"
	"sync/atomic"
	"testing"
)

// relay is a proxy in front of a server as a NAT's port forwarding or a UDP stream proxy is: it listens on a port
// of its own and relays each client's datagrams to the server, from a socket of its own per client, and the
// server's answers back. Players reach the server only at the relay's address.
type relay struct {
	front   *net.UDPConn
	backend atomic.Pointer[net.UDPAddr]
	clients atomic.Int32 // how many clients it relayed

	mu    sync.Mutex
	peers map[string]*net.UDPConn // by client address: the socket that talks to the server for it
}

// newRelay listens on a free loopback port; it relays once forward names the server. It closes when the test ends.
func newRelay(t *testing.T) *relay {
	t.Helper()
	front, err := net.ListenUDP("udp", &net.UDPAddr{IP: net.IPv4(127, 0, 0, 1)})
	if err != nil {
		t.Fatal(err)
	}
	r := &relay{front: front, peers: map[string]*net.UDPConn{}}
	go r.serve()
	t.Cleanup(r.close)
	return r
}

// Addr is the address players reach the server at through the relay.
func (r *relay) Addr() string { return r.front.LocalAddr().String() }

// forward sets the server the relay forwards to.
func (r *relay) forward(t *testing.T, server string) {
	t.Helper()
	to, err := net.ResolveUDPAddr("udp", server)
	if err != nil {
		t.Fatal(err)
	}
	r.backend.Store(to)
}

// serve relays the clients' datagrams to the server until the relay closes.
func (r *relay) serve() {
	buf := make([]byte, 1<<16)
	for {
		n, from, err := r.front.ReadFromUDP(buf)
		if err != nil {
			return
		}
		if up := r.peer(from); up != nil {
			_, _ = up.Write(buf[:n])
		}
	}
}

// peer returns the socket that talks to the server for a client, opening it (and relaying the server's answers
// back) at the client's first datagram; nil before forward or once the relay closed.
func (r *relay) peer(from *net.UDPAddr) *net.UDPConn {
	r.mu.Lock()
	defer r.mu.Unlock()
	if up, ok := r.peers[from.String()]; ok || r.peers == nil {
		return up
	}
	to := r.backend.Load()
	if to == nil {
		return nil
	}
	up, err := net.DialUDP("udp", nil, to)
	if err != nil {
		return nil
	}
	r.peers[from.String()] = up
	r.clients.Add(1)
	go func() {
		buf := make([]byte, 1<<16)
		for {
			n, err := up.Read(buf)
			if err != nil {
				return
			}
			_, _ = r.front.WriteToUDP(buf[:n], from)
		}
	}()
	return up
}

// close stops relaying.
func (r *relay) close() {
	_ = r.front.Close()
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, up := range r.peers {
		_ = up.Close()
	}
	r.peers = nil
}
