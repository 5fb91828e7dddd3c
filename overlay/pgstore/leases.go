package pgstore

import (
	"context"
	"fmt"
	"time"
)

// listLeases reads every region's lease, for dashboards: a read-only query that takes no lock.
const listLeases = `SELECT region, coalesce(holder, ''), coalesce(address, ''), epoch, commit_seq, acquired_at, renewed_at, expires_at,
		greatest(0, extract(epoch FROM expires_at - now()) * 1000)::bigint
	FROM riddlestone_leases ORDER BY region`

// Lease is a region's lease as the database has it, for admins: who holds it and until when.
type Lease struct {
	// Region is the part of the world the lease is for: "world" while the world is one region, else "rX,Z"
	// (store.RegionOf).
	Region string
	// Holder is the server holding it, in words (machine, pid, address); "" once released.
	Holder string
	// Address is where players reach the holder (Options.Address); "" when it gave none.
	Address string
	// Ours is true when it is one of this store's leases, taken by it and not run out.
	Ours bool
	// Epoch is the lease's fencing token, raised at every change of holder.
	Epoch int64
	// Commit is the number of the last commit made under the lease: with Epoch, it changes when the holder commits,
	// which tells the other servers to follow the region (server/follow.go).
	Commit int64
	// Acquired, Renewed and Expires are when it was taken, last renewed and runs out, by the database's clock.
	Acquired, Renewed, Expires time.Time
	// Left is how long it has left, by the database's clock; 0 once it ran out.
	Left time.Duration
}

// Leases reads the lease of every region from the database (read only: it changes nothing and waits for no
// commit), so that a server that does not hold a lease can show who does.
func (s *Store) Leases(ctx context.Context) ([]Lease, error) {
	rows, err := s.pool.Query(ctx, listLeases)
	if err != nil {
		return nil, fmt.Errorf("read the puzzle leases: %w", err)
	}
	defer rows.Close()
	var out []Lease
	for rows.Next() {
		var l Lease
		var leftMS int64
		if err := rows.Scan(&l.Region, &l.Holder, &l.Address, &l.Epoch, &l.Commit, &l.Acquired, &l.Renewed, &l.Expires, &leftMS); err != nil {
			return nil, fmt.Errorf("read the puzzle leases: %w", err)
		}
		l.Left = time.Duration(leftMS) * time.Millisecond
		l.Ours = s.ours(l)
		out = append(out, l)
	}
	if err := rows.Err(); err != nil {
		return nil, fmt.Errorf("read the puzzle leases: %w", err)
	}
	return out, nil
}

// Status returns the store's status now: whether it is paused, and why.
func (s *Store) Status() Status { return s.health.status() }

// Holder returns the name this store holds its lease under; "" for a store without a lease.
func (s *Store) Holder() string { return s.opts.Holder }

// ours reports whether a lease read from the database is one of this store's: taken by it (at that epoch) and not
// run out, or given by the database to this store's holder while the store takes it, not yet noted (tryAcquire).
func (s *Store) ours(l Lease) bool {
	if l.Holder == "" || l.Left <= 0 {
		return false
	}
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	return s.held[l.Region] == l.Epoch || s.taking[l.Region] > 0 && l.Holder == s.opts.Holder
}

// markTaking counts a taking of a region's lease as under way (by 1) or over (by -1).
func (s *Store) markTaking(region string, by int) {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	if s.taking == nil {
		s.taking = map[string]int{}
	}
	if s.taking[region] += by; s.taking[region] <= 0 {
		delete(s.taking, region)
	}
}
