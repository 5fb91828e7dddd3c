package pgstore

import (
	"log/slog"
	"slices"
	"time"

	"riddlestone/overlay/store"
)

// DefaultLease is how long a lease lasts when Options.Lease is 0: a server that dies is replaced within it.
const DefaultLease = 15 * time.Second

// WorldRegion is the region that stands for the whole world while it is not split into regions.
const WorldRegion = store.WorldRegion

// Options configure a Store that a server writes (OpenWith): the lease it holds, how long its commits wait for
// the database, and whom to tell when it pauses.
type Options struct {
	// Holder names this server in words, for the messages of other servers that find the lease taken ("the
	// server on host-a, pid 4242, at 0.0.0.0:19132"). Empty means no lease: the store writes only while no
	// server holds one (tools and tests).
	Holder string
	// Address is where players reach this server (host:port), kept with its leases: a server of the network sends a
	// player who walks into one of this server's regions here. Empty: players are not sent here.
	Address string
	// Regions are the regions whose leases the store takes at start (see store.RegionOf), refusing to open if
	// another server holds one and renews it. Empty means Region alone if it is set; else, with RegionAreas 0,
	// WorldRegion (the whole world, one server at a time); else every region the store can get: those free or
	// running out unrenewed at start, and then each region its commits first write, if it is free and unchanged
	// since the start.
	Regions []string
	// Region is a single region to take when Regions is empty; "" leaves the choice to Regions' defaults.
	Region string
	// RegionAreas groups areas into square regions of RegionAreas by RegionAreas areas (store.RegionOf); 0 keeps
	// the whole world one region, WorldRegion. Every server of a database must use the same.
	RegionAreas int
	// AreaSize is the side of an area in chunks, to find the region of a block (a cleared block, an object at a
	// block outside any area); 0 leaves blocks in no region (their changes are fenced by their other records).
	AreaSize int32
	// Lease is how long the lease lasts unless renewed; the store renews it every third of it. 0 means
	// DefaultLease. A server that dies is replaced by another within it.
	Lease time.Duration
	// RetryFor is how long a commit that cannot reach the database waits and tries again before it fails; 0
	// means Lease. A commit that may have reached the database (its connection broke on the way) is never given
	// up while the store is open: it is tried until the database tells whether it was committed.
	RetryFor time.Duration
	// OnStatus, if set, is told each time the store pauses (it cannot reach the database, or lost its lease) or
	// resumes, in order, one call at a time. It must not block and must not call the store.
	OnStatus func(Status)
	// Stop, if set, ends the waits of commits between their tries once it is closed, so that a server can stop
	// while the database is away (a commit then fails).
	Stop <-chan struct{}
	// Log receives the store's logs (waiting for a lease at start); nil means slog.Default().
	Log *slog.Logger
}

// Status is whether the store takes commits, as Options.OnStatus is told it.
type Status struct {
	// Paused is true while commits cannot be made: the database cannot be reached, or the lease is lost.
	Paused bool
	// Lost is true once another server took the lease: the store never writes again.
	Lost bool
	// Why says in words why the store is paused, for players and logs: "the server cannot reach its puzzle
	// store", "another server has taken over these puzzles".
	Why string
	// Err is the error behind it, for logs; nil when the store is not paused.
	Err error
}

// listed returns the regions whose leases the store takes at start; none means every region it can get.
func (o Options) listed() []string {
	switch {
	case len(o.Regions) > 0:
		return o.Regions
	case o.Region != "":
		return []string{o.Region}
	case o.RegionAreas <= 0:
		return []string{WorldRegion}
	}
	return nil
}

func (o Options) withDefaults() Options {
	if len(o.Regions) > 0 {
		o.Regions = slices.Sorted(slices.Values(o.Regions)) // leases are taken in the order commits lock them
		o.Regions = slices.Compact(o.Regions)
	}
	if o.Lease <= 0 {
		o.Lease = DefaultLease
	}
	if o.RetryFor <= 0 {
		o.RetryFor = o.Lease
	}
	if o.Log == nil {
		o.Log = slog.Default()
	}
	return o
}

// attemptTimeout bounds one try of a commit or a renewal: a database that does not answer within it (a network
// that drops everything) is treated as away. A third of the lease, from 2 to 10 seconds.
func (o Options) attemptTimeout() time.Duration {
	return min(max(o.Lease/3, 2*time.Second), 10*time.Second)
}

// renewEvery is how often the lease is renewed while the database answers; probeEvery how often the store tries
// again while it does not.
func (o Options) renewEvery() time.Duration { return o.Lease / 3 }
func (o Options) probeEvery() time.Duration { return min(o.Lease/3, time.Second) }
