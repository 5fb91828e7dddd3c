package load

import (
	"net"
	"os"
	"strconv"
	"strings"
)

// UDPDrops counts the datagrams the kernel dropped because a socket's receive buffer was full (the drops
// column of /proc/net/udp): on the server's socket, and on the sockets of clients connected to it. Loopback
// loses nothing else, so a drop here is a server or a client that did not read fast enough.
type UDPDrops struct {
	Server, Clients uint64
}

// since returns the drops counted after old (a socket that closed takes its count with it: never below 0).
func (d UDPDrops) since(old UDPDrops) UDPDrops {
	sub := func(a, b uint64) uint64 { return a - min(a, b) }
	return UDPDrops{Server: sub(d.Server, old.Server), Clients: sub(d.Clients, old.Clients)}
}

// udpDrops reads the drops of the sockets of the server at addr and of its clients; zero where unknown.
func udpDrops(addr string) UDPDrops {
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		return UDPDrops{}
	}
	port, err := strconv.Atoi(p)
	if err != nil {
		return UDPDrops{}
	}
	b, err := os.ReadFile("/proc/net/udp")
	if err != nil {
		return UDPDrops{}
	}
	var d UDPDrops
	for _, line := range strings.Split(string(b), "\n")[1:] {
		f := strings.Fields(line)
		if len(f) < 13 {
			continue
		}
		drops, err := strconv.ParseUint(f[len(f)-1], 10, 64)
		if err != nil {
			continue
		}
		switch {
		case hexPort(f[1]) == port:
			d.Server += drops
		case hexPort(f[2]) == port:
			d.Clients += drops
		}
	}
	return d
}

// hexPort returns the port of an address of /proc/net/udp (ADDR:PORT in hexadecimal), -1 if malformed.
func hexPort(a string) int {
	_, p, ok := strings.Cut(a, ":")
	if !ok {
		return -1
	}
	n, err := strconv.ParseUint(p, 16, 16)
	if err != nil {
		return -1
	}
	return int(n)
}
