package server

import "time"

// SetLeaseReadEvery sets how often servers started from now on read the leases of their PostgreSQL store, and
// returns what sets it back.
func SetLeaseReadEvery(d time.Duration) (restore func()) {
	was := leaseReadEvery
	leaseReadEvery = d
	return func() { leaseReadEvery = was }
}
