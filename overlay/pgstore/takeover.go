package pgstore

import (
	"context"
	"fmt"
)

// Taking a region over while running. A server that takes any region it can get (no Regions listed) takes, as it
// runs, the regions whose holder stopped renewing their leases (a server killed or frozen): TakeOver takes the
// lease; the server then follows the region's state as its last holder committed it and calls Ready. In between
// the region is held but not changed: Changes answers no for its areas and a commit writing it is refused, so
// nothing is changed on the state the server had of it before.

// TakeOver takes the lease of a region whose holder stopped renewing it, for a store that takes any region it can
// get, and reports whether it did. The region is not changed until Ready.
func (s *Store) TakeOver(ctx context.Context, region string) (bool, error) {
	if !s.leased() || !s.anyRegion() || s.Holds(region) {
		return false, nil
	}
	s.settle(region, true)
	taken, err := s.tryAcquire(ctx, region)
	if err != nil || !taken {
		s.settle(region, false)
		return false, err
	}
	return true, nil
}

// Ready lets the server change a region it took over (TakeOver), once it follows the region's state.
func (s *Store) Ready(region string) { s.settle(region, false) }

// settle marks a region as being taken over, or no longer.
func (s *Store) settle(region string, on bool) {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	if s.settling == nil {
		s.settling = map[string]bool{}
	}
	if on {
		s.settling[region] = true
	} else {
		delete(s.settling, region)
	}
}

// Settling reports whether a region is being taken over: held (TakeOver), not yet Ready.
func (s *Store) Settling(region string) bool { return s.settlingIn(region) }

// settlingIn reports whether a region is being taken over, not yet Ready.
func (s *Store) settlingIn(region string) bool {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	return s.settling[region]
}

// refuseSettling is the refusal of a commit writing a region being taken over.
func refuseSettling(region string) error {
	return fmt.Errorf("%w (region %s is being taken over: its state is being read)", ErrNotHeld, region)
}

// SeenLeases tells a store that takes any region it can get which regions other servers hold, from a reading of the
// leases (the server reads them every second): Changes answers no for their areas, so that the overlay refuses
// changes there in words before anything is committed.
func (s *Store) SeenLeases(leases []Lease) {
	others := map[string]bool{}
	for _, l := range leases {
		if !l.Ours && l.Holder != "" && l.Left > 0 {
			others[l.Region] = true
		}
	}
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	s.others = others
}

// heldByOther reports whether another server held a region at the last reading of the leases (SeenLeases).
func (s *Store) heldByOther(region string) bool {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	return s.others[region]
}
