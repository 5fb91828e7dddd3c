package pgstore

import (
	"context"
	"errors"
	"fmt"
	"runtime/debug"
	"time"

	"github.com/jackc/pgx/v5"
)

// The statements of the lease (the table and riddlestone_fence are in migrations/0003_leases.sql). Times are
// the database's clock, so the servers' clocks need not agree; durations go as milliseconds.
const (
	// takeLease takes the region's lease if nobody holds it, or its holder released it or let it run out, and
	// returns the new epoch and the last commit made under the lease before.
	takeLease = `INSERT INTO riddlestone_leases AS l (region, holder, epoch, expires_at, address)
		VALUES ($1, $2, 1, now() + $3::bigint * interval '1 millisecond', nullif($4, ''))
		ON CONFLICT (region) DO UPDATE SET holder = excluded.holder, epoch = l.epoch + 1, acquired_at = now(),
			renewed_at = now(), expires_at = excluded.expires_at, address = excluded.address
		WHERE l.holder IS NULL OR l.expires_at <= now()
		RETURNING epoch, commit_seq`
	// readLease reads who holds the region's lease, when they last renewed it and how long it has left.
	readLease = `SELECT coalesce(holder, ''), epoch, commit_seq, renewed_at, expires_at,
			greatest(0, extract(epoch FROM expires_at - now()) * 1000)::bigint
		FROM riddlestone_leases WHERE region = $1`
	renewLease = `UPDATE riddlestone_leases SET renewed_at = now(), expires_at = now() + $3::bigint * interval '1 millisecond'
		WHERE region = $1 AND epoch = $2 AND holder IS NOT NULL`
	releaseLease = `UPDATE riddlestone_leases SET holder = NULL, expires_at = now()
		WHERE region = $1 AND epoch = $2 AND holder IS NOT NULL`
	// fence is the first statement of every commit (see riddlestone_fence).
	fence = `SELECT riddlestone_fence($1, $2, $3)`
)

// fenceCode is the SQLSTATE riddlestone_fence raises when the lease is not the committer's.
const fenceCode = "RS001"

// lease is the lease row of a region as another server reads it.
type lease struct {
	holder    string
	epoch     int64
	commitSeq int64
	renewed   time.Time
	expires   time.Time
	left      time.Duration // how long it has left, by the database's clock
}

// describe says who holds the lease and until when, for messages.
func (l lease) describe() string {
	return fmt.Sprintf("%s, whose lease runs until %s", l.holder, l.expires.UTC().Format("15:04:05 MST"))
}

// readLeaseOf reads a region's lease; ok is false when nobody ever took it.
func readLeaseOf(ctx context.Context, q interface {
	QueryRow(context.Context, string, ...any) pgx.Row
}, region string) (l lease, ok bool, err error) {
	var leftMS int64
	err = q.QueryRow(ctx, readLease, region).Scan(&l.holder, &l.epoch, &l.commitSeq, &l.renewed, &l.expires, &leftMS)
	if errors.Is(err, pgx.ErrNoRows) {
		return l, false, nil
	}
	l.left = time.Duration(leftMS) * time.Millisecond
	return l, err == nil, err
}

// acquire takes a region's lease for this store. A lease another server holds is watched until it runs out, and
// then taken: a server that died stops renewing it. If its holder renews it meanwhile, that server is alive, and
// acquire refuses with an error naming it and saying when its lease runs out (errRenewed).
func (s *Store) acquire(ctx context.Context, region string) error {
	var first *lease
	for {
		taken, err := s.tryAcquire(ctx, region)
		if err != nil || taken {
			return err
		}
		l, ok, err := readLeaseOf(ctx, s.pool, region)
		if err != nil {
			return fmt.Errorf("read the puzzle lease: %w", err)
		}
		switch {
		case !ok || l.holder == "":
			continue // released between the two statements
		case first == nil:
			first = &l
			s.opts.Log.Warn("puzzle store: another server holds the lease of these puzzles; waiting to see whether it renews it",
				"region", region, "holder", l.holder, "until", l.expires.UTC().Format(time.TimeOnly))
		case l.epoch != first.epoch || l.renewed.After(first.renewed):
			return fmt.Errorf("%w: the puzzles (region %s) are held by %s, and it renews its lease: another server is "+
				"running on this database. Stop it first, or give this server a database of its own (docs/network.md)",
				errRenewed, region, l.describe())
		}
		if err := sleep(ctx, min(l.left+50*time.Millisecond, s.opts.probeEvery())); err != nil {
			return fmt.Errorf("waiting for the puzzles held by %s: %w", l.describe(), err)
		}
	}
}

// errRenewed is the error of acquire finding a region's lease renewed by another server.
var errRenewed = errors.New("lease held")

// tryAcquire takes a region's lease if it is free, and reports whether it did. A session that keeps the lease row
// locked while the lease has run out is a holder frozen in the middle of a commit (a stopped process, a connection
// cut half-way through sending): its session is ended, which rolls its commit back, so that it cannot hold up the
// takeover. A holder that was merely slow then finds its lease taken at its next commit.
func (s *Store) tryAcquire(ctx context.Context, region string) (bool, error) {
	conn, err := s.pool.Acquire(ctx)
	if err != nil {
		return false, fmt.Errorf("take the puzzle lease: %w", err)
	}
	defer conn.Release()
	pid := conn.Conn().PgConn().PID()
	watch, stop := context.WithCancel(ctx)
	defer stop()
	go s.unblock(watch, pid, region)
	s.markTaking(region, 1)
	defer s.markTaking(region, -1) // after hold: a reading of the leases in between is told the lease is ours
	var epoch, seq int64
	err = conn.QueryRow(ctx, takeLease, region, s.opts.Holder, s.opts.Lease.Milliseconds(), s.opts.Address).Scan(&epoch, &seq)
	switch {
	case errors.Is(err, pgx.ErrNoRows):
		return false, nil
	case err != nil:
		return false, fmt.Errorf("take the puzzle lease: %w", err)
	}
	if s.tookLease != nil {
		s.tookLease(region)
	}
	s.hold(region, epoch, seq)
	s.opts.Log.Info("puzzle store: lease taken", "region", region, "epoch", epoch, "lease", s.opts.Lease)
	return true, nil
}

// unblockAfter is how long taking a lease waits for a session holding the lease row before unblock looks at it.
const unblockAfter = time.Second

// endBlockers ends the sessions that keep the session pid waiting, if the region's lease has run out.
const endBlockers = `SELECT count(pg_terminate_backend(b)) FROM unnest(pg_blocking_pids($1)) AS b
	WHERE EXISTS (SELECT 1 FROM riddlestone_leases WHERE region = $2 AND expires_at <= now())`

// unblock ends, every unblockAfter until ctx ends, the sessions that keep the session taking the lease waiting
// while the lease has run out (see tryAcquire).
func (s *Store) unblock(ctx context.Context, pid uint32, region string) {
	defer func() {
		if p := recover(); p != nil {
			s.opts.Log.Error("puzzle store: unblocking the lease panicked", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	for sleep(ctx, unblockAfter) == nil {
		var ended int
		if err := s.pool.QueryRow(ctx, endBlockers, int32(pid), region).Scan(&ended); err == nil && ended > 0 {
			s.opts.Log.Warn("puzzle store: ended the session of a holder whose lease ran out in the middle of a commit",
				"region", region, "sessions", ended)
		}
	}
}

// keepLease renews the lease every third of its time until the store closes, and probes the database every
// second while it cannot reach it: the store pauses when the database is away and resumes when it answers and
// the lease is still this store's. A lease another server took stops it for good.
func (s *Store) keepLease() {
	defer close(s.kept)
	defer func() {
		if p := recover(); p != nil {
			s.opts.Log.Error("puzzle store: keeping the lease panicked; it is no longer renewed", "panic", p, "stack", string(debug.Stack()))
		}
	}()
	for wait := s.opts.renewEvery(); ; {
		if sleep(s.ctx, wait) != nil {
			return
		}
		wait = s.opts.renewEvery()
		switch err := s.renewSafely(); {
		case err == nil:
			s.health.setBack()
			if s.settleDoubt() {
				return
			}
		case errors.Is(err, ErrLeaseLost):
			s.health.setLost(err, whyLost)
			return
		default:
			s.health.setAway(err, false)
			wait = s.opts.probeEvery()
		}
	}
}

// settleDoubt asks the database what became of a commit that gave up in doubt, if any, and reports whether the
// store stops for good: the commit was made after all (the overlay took it back), or the lease is lost.
func (s *Store) settleDoubt() (ended bool) {
	seq := s.health.inDoubt()
	if seq == 0 {
		return false
	}
	done, err := s.committed(seq)
	switch {
	case errors.Is(err, ErrLeaseLost):
		s.health.setLost(err, whyLost)
		return true
	case err != nil:
		s.health.setAway(err, false)
	case done:
		s.health.setLost(fmt.Errorf("commit %d was reported failed but the database made it", seq), whyStale)
		return true
	default:
		s.health.resolved()
	}
	return false
}

// renewSafely renews the lease once, turning a panic into an error.
func (s *Store) renewSafely() (err error) {
	defer func() {
		if p := recover(); p != nil {
			s.opts.Log.Error("puzzle store: renewing the lease panicked", "panic", p, "stack", string(debug.Stack()))
			err = fmt.Errorf("renewing the lease panicked: %v", p)
		}
	}()
	return s.renew()
}

// renew extends the leases of every region the store holds, in one transaction, in the order of their names (as
// commits lock them); ErrLeaseLost when one of them is no longer this store's.
func (s *Store) renew() error {
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.attemptTimeout())
	defer cancel()
	held := s.heldLeases()
	if len(held) == 0 {
		return s.pool.Ping(ctx) // a store taking regions on demand that has none yet: only see the database answer
	}
	b := &pgx.Batch{}
	for _, h := range held {
		b.Queue(renewLease, h.region, h.epoch, s.opts.Lease.Milliseconds())
	}
	res := s.pool.SendBatch(ctx, b)
	renewed := 0
	for range held {
		tag, err := res.Exec()
		if err != nil {
			_ = res.Close()
			return fmt.Errorf("renew the puzzle lease: %w", err)
		}
		renewed += int(tag.RowsAffected())
	}
	if err := res.Close(); err != nil {
		return fmt.Errorf("renew the puzzle lease: %w", err)
	}
	if renewed < len(held) {
		return s.lostTo(ctx)
	}
	return nil
}

// lostTo returns ErrLeaseLost, naming the region lost and who holds it now if that can be read.
func (s *Store) lostTo(ctx context.Context) error {
	for _, h := range s.heldLeases() {
		l, ok, err := readLeaseOf(ctx, s.pool, h.region)
		switch {
		case err != nil:
			return ErrLeaseLost
		case ok && l.epoch == h.epoch && l.holder != "":
			continue // still ours
		case ok && l.holder != "":
			return fmt.Errorf("%w: region %s is held by %s", ErrLeaseLost, h.region, l.describe())
		}
		return fmt.Errorf("%w: region %s", ErrLeaseLost, h.region)
	}
	return ErrLeaseLost
}

// release gives the store's leases up at Close, so that other servers may take them at once: only the leases of
// this store's epochs, so that one another server took stays taken.
func (s *Store) release() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	for _, h := range s.heldLeases() {
		if _, err := s.pool.Exec(ctx, releaseLease, h.region, h.epoch); err != nil {
			s.opts.Log.Warn("puzzle store: the lease could not be given up; another server can take it when it runs out",
				"region", h.region, "err", err, "lease", s.opts.Lease)
		}
	}
}

// sleep waits d or until ctx ends.
func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
