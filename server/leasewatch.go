package server

import (
	"context"
	"errors"
	"runtime/debug"
	"time"

	"riddlestone/overlay/pgstore"
)

// leaseReading is the leases of every region as the database had them when last read, or why they could not be
// read then.
type leaseReading struct {
	leases []pgstore.Lease
	err    string
}

// leaseReadEvery is how often the server reads the leases of a PostgreSQL store for the dashboard, the metrics
// and /puzzle status, which show the last reading without waiting for the database. A variable for tests only.
var leaseReadEvery = time.Second

// announcedWait is the least time between two readings of the leases made because another server announced a
// commit (pgstore.Store.ListenCommits): a burst of commits (a player's moves) is read once.
const announcedWait = 100 * time.Millisecond

// watchLeases reads the leases of st once now, so that the first answer has them, and then on a goroutine of its
// own until the server closes: every leaseReadEvery, and at once (at most every announcedWait) when another
// server announces a commit, so that the regions it changed are followed within a fraction of a second.
func (s *Server) watchLeases(st *pgstore.Store) {
	s.readLeases(st)
	announced := make(chan struct{}, 1)
	every := leaseReadEvery // read here: a test sets it back once its server closed
	go s.listenCommits(st, announced)
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-s.Done():
				return
			case <-t.C:
			case <-announced:
				select { // let a burst of commits end
				case <-s.Done():
					return
				case <-time.After(announcedWait):
				}
			}
			s.readLeases(st)
		}
	}()
}

// listenCommits signals announced whenever another server announces a commit, until the server closes. A panic is
// logged, and the leases are then read every leaseReadEvery alone.
func (s *Server) listenCommits(st *pgstore.Store, announced chan<- struct{}) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("listening for other servers' commits panicked; the leases are read every second", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-s.Done()
		cancel()
	}()
	st.ListenCommits(ctx, func(string) {
		select {
		case announced <- struct{}{}:
		default: // a reading is due already
		}
	})
}

// readLeases reads the leases of st, bounded by storeWordsTimeout, and keeps the reading. A panic is logged and
// leaves the last reading as it was.
func (s *Server) readLeases(st *pgstore.Store) {
	defer func() {
		if r := recover(); r != nil {
			s.log.Error("reading the puzzle leases panicked", "panic", r, "stack", string(debug.Stack()))
		}
	}()
	ctx, cancel := context.WithTimeout(context.Background(), storeWordsTimeout)
	defer cancel()
	leases, err := st.Leases(ctx)
	r := &leaseReading{leases: leases}
	switch {
	case errors.Is(ctx.Err(), context.DeadlineExceeded):
		r.err = "PostgreSQL did not answer in time"
	case err != nil:
		r.err = err.Error()
	}
	s.leases.Store(r)
	if r.err != "" {
		return
	}
	st.SeenLeases(r.leases)
	if s.followOthers(s.followed, r.leases) {
		s.followed = r.leases
	}
	s.takeOver(st, r.leases)
}

// storeWordsTimeout bounds one reading of the leases.
const storeWordsTimeout = 3 * time.Second
