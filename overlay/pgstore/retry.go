package pgstore

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// The waits between a commit's tries: doubling from the first to the last.
const (
	firstBackoff = 50 * time.Millisecond
	lastBackoff  = time.Second
)

// commitRetrying sends a fenced change until the database has it, and tries again while the database cannot be
// reached, for at most Options.RetryFor: then the commit fails with ErrPaused (nothing was written) and later
// commits fail at once until the database is back (keepLease sees it).
//
// A try whose connection broke after the change may have reached the database is in doubt: before the change is
// sent again the lease row's commit_seq tells whether it was committed (riddlestone_fence records each commit's
// number seq there); sending it again would be harmless anyway, each of its records being written or deleted by
// its key. A commit still in doubt when its time is up fails too, and the store stays paused until the database
// can tell: if it turns out committed after all, the overlay took back a change the store holds, and the store
// stops for good (a restart loads the store's state); otherwise the store resumes.
func (s *Store) commitRetrying(b *pgx.Batch, seq int64) error {
	deadline := time.Now().Add(s.opts.RetryFor)
	wait, inDoubt := firstBackoff, false
	for try := 0; ; try++ {
		if try > 0 {
			if err := s.pause(wait); err != nil {
				return fmt.Errorf("commit puzzle state to PostgreSQL: %w (the store is closing)", err)
			}
			wait = min(2*wait, lastBackoff)
		}
		var err error
		if inDoubt {
			var done bool
			switch done, err = s.committed(seq); {
			case errors.Is(err, ErrLeaseLost):
				s.health.setLost(err, whyLost)
				return err
			case err == nil && done:
				s.opts.Log.Info("puzzle store: a commit whose answer was lost had been made", "seq", seq)
				s.health.setBack()
				return nil
			case err == nil:
				inDoubt = false // the database says it is not committed: sending it again is a first try
			}
		}
		if !inDoubt {
			err = s.send(b)
			switch {
			case err == nil:
				s.health.setBack()
				return nil
			case isFence(err):
				return s.fenced()
			case !isConnectionTrouble(err):
				return fmt.Errorf("commit puzzle state to PostgreSQL: %w", err)
			}
			if inDoubt = !neverSent(err); inDoubt {
				s.noteAway(try, err)
				continue // the next try asks the database first, and gives up only if it does not answer
			}
		}
		if time.Now().After(deadline) {
			return s.giveUp(err, seq, inDoubt)
		}
		s.noteAway(try, err)
	}
}

// noteAway pauses the store once a commit's second try fails too: a single broken connection (a restarted
// connection pooler, a firewall's idle timeout) is not worth telling the players.
func (s *Store) noteAway(try int, err error) {
	if try > 0 {
		s.health.setAway(err, false)
	}
}

// fenced is a commit refused by riddlestone_fence: the store stops for good, and the error names the holder.
func (s *Store) fenced() error {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	lost := s.lostTo(ctx)
	s.health.setLost(lost, whyLost)
	return lost
}

// giveUp ends a commit that waited its time for the database: the store stays paused until the database is back
// (keepLease probes it), and until it tells whether a commit in doubt was made. Without a lease nothing probes,
// so the next commit tries again.
func (s *Store) giveUp(err error, seq int64, inDoubt bool) error {
	leased := s.leased()
	if inDoubt && leased {
		s.health.setDoubt(seq)
	}
	s.health.setAway(err, leased)
	return fmt.Errorf("%w (%v)", ErrPaused, err)
}

// send sends a change once, as one pipeline.
func (s *Store) send(b *pgx.Batch) error {
	ctx, cancel := context.WithTimeout(context.Background(), s.opts.attemptTimeout())
	defer cancel()
	return s.pool.SendBatch(ctx, fresh(b)).Close()
}

// fresh copies a batch's statements into a new batch, so that a batch is never sent twice.
func fresh(b *pgx.Batch) *pgx.Batch {
	out := &pgx.Batch{}
	for _, q := range b.QueuedQueries {
		out.Queue(q.SQL, q.Arguments...)
	}
	return out
}

// committed asks the database whether the commit numbered seq was made under this store's leases (its fences
// record seq in the lease row of each region it wrote); ErrLeaseLost when one of them is another's now. Without a
// lease it cannot tell, and answers no: sending again is harmless.
func (s *Store) committed(seq int64) (bool, error) {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.attemptTimeout())
	defer cancel()
	if !s.leased() {
		return false, s.pool.Ping(ctx)
	}
	done := false
	for _, h := range s.heldLeases() {
		l, ok, err := readLeaseOf(ctx, s.pool, h.region)
		switch {
		case err != nil:
			return false, err
		case !ok || l.epoch != h.epoch || l.holder == "":
			return false, s.lostTo(ctx)
		}
		done = done || l.commitSeq >= seq
	}
	return done, nil
}

// pause waits before a commit's next try, unless the store closes or Options.Stop is closed meanwhile.
func (s *Store) pause(d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-s.ctx.Done():
		return s.ctx.Err()
	case <-s.opts.Stop:
		return errors.New("the server is stopping")
	}
}

// isFence reports whether err is riddlestone_fence refusing the commit: the lease is not the store's.
func isFence(err error) bool {
	var pg *pgconn.PgError
	return errors.As(err, &pg) && pg.Code == fenceCode
}

// neverSent reports whether a failed try certainly did not reach the database: it failed before sending (pgx
// tells), or could not even connect.
func neverSent(err error) bool {
	var connect *pgconn.ConnectError
	return pgconn.SafeToRetry(err) || errors.As(err, &connect)
}

// isConnectionTrouble reports whether a commit failed because the database could not be reached or went away
// (so it may succeed later), rather than because it refused the change. Errors the database reports are
// trouble only in the classes of connections (08), of resources (53: too many connections), of an operator's
// intervention (57: shutting down, starting up) and of a transaction to run again (40001, 40P01).
func isConnectionTrouble(err error) bool {
	var pg *pgconn.PgError
	if errors.As(err, &pg) {
		for _, class := range []string{"08", "53", "57", "40001", "40P01"} {
			if strings.HasPrefix(pg.Code, class) {
				return true
			}
		}
		return false
	}
	var netErr net.Error
	var connect *pgconn.ConnectError
	return errors.As(err, &netErr) || errors.As(err, &connect) || pgconn.Timeout(err) || pgconn.SafeToRetry(err) ||
		errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, syscall.ECONNREFUSED) ||
		errors.Is(err, syscall.ECONNRESET) || errors.Is(err, syscall.EPIPE) || strings.Contains(err.Error(), "conn closed")
}
