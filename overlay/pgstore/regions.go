package pgstore

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"riddlestone/overlay/store"
)

// ErrNotHeld is the error of a commit that writes a region whose lease this store does not hold: nothing was
// written. Unlike ErrLeaseLost it does not stop the store: its commits to the regions it holds go on.
var ErrNotHeld = errors.New("the puzzles of that part of the world are run by another server; nothing was changed")

// heldLease is the lease of a region that the store holds: the region and the epoch it was taken at.
type heldLease struct {
	region string
	epoch  int64
}

// hold records that the store took the lease of a region at epoch; seq is the last commit made under the lease
// before, which this store's commit numbers go beyond.
func (s *Store) hold(region string, epoch, seq int64) {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	if s.held == nil {
		s.held = map[string]int64{}
	}
	s.held[region] = epoch
	s.seq = max(s.seq, seq)
}

// heldLeases returns the leases the store holds, in the order of their regions' names.
func (s *Store) heldLeases() []heldLease {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	out := make([]heldLease, 0, len(s.held))
	for r, e := range s.held {
		out = append(out, heldLease{r, e})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].region < out[j].region })
	return out
}

// epochOf returns the epoch of the store's lease of a region; 0 if it holds none.
func (s *Store) epochOf(region string) int64 {
	s.leaseMu.Lock()
	defer s.leaseMu.Unlock()
	return s.held[region]
}

// Holds reports whether the store took the lease of a region (see store.RegionOf) and has not lost it: the
// overlay may change the puzzles of that region. A store without a lease (a tool) holds none; a store whose
// lease another server took holds none any more.
func (s *Store) Holds(region string) bool {
	return s.epochOf(region) != 0 && !s.health.status().Lost
}

// HoldsArea reports whether the store holds the region of an area.
func (s *Store) HoldsArea(a store.AreaPos) bool { return s.Holds(s.RegionOf(a)) }

// Writes reports whether the store writes an area's records now (store.Leaseholder): it holds the area's region
// and is not taking it over (TakeOver, not yet Ready).
func (s *Store) Writes(a store.AreaPos) bool {
	r := s.RegionOf(a)
	return s.Holds(r) && !s.settlingIn(r)
}

var _ store.Leaseholder = (*Store)(nil)

// RegionOf returns the region of an area, as this store groups areas (Options.RegionAreas).
func (s *Store) RegionOf(a store.AreaPos) string { return store.RegionOf(a, s.opts.RegionAreas) }

// Changes reports whether the server of this store changes an area's puzzles, for overlay.Options.Changes: the
// store holds the area's region, or may take it at the commit (a store taking every region it can get). A store
// that lost a lease answers yes too: its commits fail, saying the puzzles are paused for good. A region being taken
// over (TakeOver, not yet Ready) is not changed, nor, by a store taking any region, one another server held at the
// last reading of the leases (SeenLeases).
func (s *Store) Changes(a store.AreaPos) bool {
	r := s.RegionOf(a)
	if s.settlingIn(r) {
		return false // taken over, its state not followed yet (TakeOver)
	}
	return s.Holds(r) || s.anyRegion() && !s.heldByOther(r) || s.health.status().Lost
}

// Regions returns the regions whose leases the store holds, sorted by name.
func (s *Store) Regions() []string {
	var out []string
	for _, h := range s.heldLeases() {
		out = append(out, h.region)
	}
	return out
}

// leaseAtStart takes the leases a server's store starts with: every region Options.Regions lists, refusing if
// another server holds one and renews it; with none listed and the world one region, WorldRegion; with none
// listed and the world in regions, every region whose lease is free or runs out unrenewed (the others are
// skipped), and later the regions its commits first write (takeOnDemand). It also notes every lease as it is
// now, before the overlay loads the state, for takeOnDemand.
func (s *Store) leaseAtStart(ctx context.Context) error {
	rows, err := s.listLeaseRows(ctx)
	if err != nil {
		return err
	}
	s.seen = rows
	if !s.anyRegion() {
		for _, r := range s.opts.listed() {
			if err := s.acquire(ctx, r); err != nil {
				return err
			}
		}
		return nil
	}
	// Each region is watched at once beside the others: a start waits one renewal of the other servers at most.
	var wg sync.WaitGroup
	errs := make([]error, len(rows))
	for i, r := range sortedKeys(rows) {
		wg.Go(func() {
			defer func() {
				if p := recover(); p != nil {
					errs[i] = fmt.Errorf("taking the lease of region %s panicked: %v", r, p)
				}
			}()
			switch err := s.acquire(ctx, r); {
			case errors.Is(err, errRenewed):
				s.opts.Log.Info("puzzle store: region held by another server; left to it", "region", r, "holder", rows[r].holder)
			case err != nil:
				errs[i] = err
			}
		})
	}
	wg.Wait()
	return errors.Join(errs...)
}

// anyRegion reports whether the store takes every region it can get rather than those Options.Regions lists.
func (s *Store) anyRegion() bool { return len(s.opts.listed()) == 0 }

// fenceRegions returns the regions a change's commit fences, sorted (so that two stores lock lease rows in the
// same order): the regions the change writes; for a change whose every record lies in no area (see
// store.Change.Regions), all the regions the store holds, or, for a store taking any region that holds none yet,
// the regions of its new intents' areas (none: unfenced). A server's store refuses, with ErrNotHeld, a change
// that writes a region whose lease it does not hold and cannot take (takeOnDemand). A store without a lease (a
// tool) fences the regions the change writes with epoch 0: it writes only where no server holds the lease.
func (s *Store) fenceRegions(c store.Change) ([]string, error) {
	regions, _ := c.Regions(s.opts.RegionAreas, s.opts.AreaSize)
	if !s.leased() {
		if len(regions) == 0 && s.opts.RegionAreas <= 0 {
			regions = []string{WorldRegion}
		}
		return regions, nil
	}
	if len(regions) == 0 {
		if held := s.Regions(); len(held) > 0 {
			return held, nil
		}
		if !s.anyRegion() {
			return nil, fmt.Errorf("%w (this server holds no region)", ErrNotHeld)
		}
		// A store taking any region it can get and holding none yet (a new world, say): the regions of the areas its
		// new intents are for, which it takes as for a write there (the opening of the start area); a change of
		// records of no region alone (the next id set aside for work) goes unfenced, as it writes no region's.
		if regions = s.intentRegions(c); len(regions) == 0 {
			return nil, nil
		}
	}
	for _, r := range regions {
		if s.settlingIn(r) {
			return nil, refuseSettling(r)
		}
		if s.epochOf(r) != 0 {
			continue
		}
		if err := s.takeOnDemand(r); err != nil {
			return nil, err
		}
	}
	return regions, nil
}

// intentRegions returns the regions of the areas a change's new intents are for, sorted and each once.
func (s *Store) intentRegions(c store.Change) []string {
	var out []string
	for _, in := range c.Intents {
		out = append(out, s.RegionOf(in.Area))
	}
	slices.Sort(out)
	return slices.Compact(out)
}

// takeOnDemand takes, for a store that takes every region it can get, the lease of a region its commit writes
// for the first time. It takes it only if it is free and unchanged since the store started, before the overlay
// loaded the state: the state this server holds of the region is then the store's. Otherwise the commit is
// refused with ErrNotHeld, naming the holder.
func (s *Store) takeOnDemand(region string) error {
	if !s.anyRegion() {
		return fmt.Errorf("%w (region %s is not one of this server's: %s)", ErrNotHeld, region, strings.Join(s.opts.listed(), ", "))
	}
	ctx, cancel := context.WithTimeout(s.ctx, s.opts.attemptTimeout())
	defer cancel()
	taken, err := s.tryAcquire(ctx, region)
	switch {
	case err != nil:
		return fmt.Errorf("%w (region %s: %v)", ErrPaused, region, err)
	case !taken:
		return s.heldBy(ctx, region)
	}
	was, known := s.seen[region]
	now := s.epochOf(region)
	if known && now == was.epoch+1 && s.seqOf(ctx, region) == was.commitSeq || !known && now == 1 {
		return nil
	}
	s.leaseMu.Lock()
	delete(s.held, region)
	s.leaseMu.Unlock()
	if _, err := s.pool.Exec(ctx, releaseLease, region, now); err != nil {
		s.opts.Log.Warn("puzzle store: a lease taken on demand could not be given back", "region", region, "err", err)
	}
	return fmt.Errorf("%w (region %s was changed by another server since this one loaded the puzzles: restart it to take that region)", ErrNotHeld, region)
}

// heldBy is the ErrNotHeld of a region another server holds, naming it if it can be read.
func (s *Store) heldBy(ctx context.Context, region string) error {
	if l, ok, err := readLeaseOf(ctx, s.pool, region); err == nil && ok && l.holder != "" {
		return fmt.Errorf("%w (region %s is held by %s)", ErrNotHeld, region, l.describe())
	}
	return fmt.Errorf("%w (region %s)", ErrNotHeld, region)
}

// seqOf reads the last commit made under a region's lease; -1 if it cannot be read.
func (s *Store) seqOf(ctx context.Context, region string) int64 {
	if l, ok, err := readLeaseOf(ctx, s.pool, region); err == nil && ok {
		return l.commitSeq
	}
	return -1
}

// listLeaseRows reads every region's lease, by region.
func (s *Store) listLeaseRows(ctx context.Context) (map[string]lease, error) {
	rows, err := s.pool.Query(ctx, `SELECT region, coalesce(holder, ''), epoch, commit_seq FROM riddlestone_leases`)
	if err != nil {
		return nil, fmt.Errorf("read the puzzle leases: %w", err)
	}
	defer rows.Close()
	out := map[string]lease{}
	for rows.Next() {
		var r string
		var l lease
		if err := rows.Scan(&r, &l.holder, &l.epoch, &l.commitSeq); err != nil {
			return nil, fmt.Errorf("read the puzzle leases: %w", err)
		}
		out[r] = l
	}
	return out, rows.Err()
}

// sortedKeys returns a map's keys in order.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
