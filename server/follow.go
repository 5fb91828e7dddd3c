package server

import (
	"context"
	"time"

	"riddlestone/overlay"
	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
)

// followWait bounds how long the lease watcher waits for the overlay to follow the others' regions and take up
// their openings before its next reading.
const followWait = 10 * time.Second

// followOthers keeps this server's state of the regions other servers hold what the store has, given the reading
// of the leases it followed last (nil: none yet) and a new one: the regions whose holder committed in between (its
// lease's epoch or commit number moved) are followed (overlay.Follow: their areas, objects and puzzles read from
// the store and shown in the world), and the openings the store holds for this server's areas, which such a
// commit may have left, are taken up (overlay.TakeUp). It waits for both, so that a later reading's follow never
// overtakes an earlier one's, and reports whether the new reading is followed: false while the overlay is not
// there yet, or when following or taking up failed (the database away a moment), so that the next reading is
// compared with the old one again and follows those regions then, not only at their holder's next commit.
func (s *Server) followOthers(before, now []pgstore.Lease) bool {
	regionAreas := s.conf.Store.RegionAreas
	if before == nil || regionAreas <= 0 {
		return true // the first reading, taken before the overlay loaded the state; or a world of one region
	}
	var areas []store.AreaPos
	for _, r := range committedSince(before, now) {
		areas = append(areas, store.AreasOf(r, regionAreas)...)
	}
	if len(areas) == 0 {
		return true
	}
	o, ok := overlay.Of(s.World())
	if !ok {
		return false
	}
	ctx, cancel := context.WithTimeout(context.Background(), followWait)
	defer cancel()
	if _, err := o.Follow(areas).Wait(ctx); err != nil {
		s.log.Warn("following the regions other servers changed failed; tried again at the next reading of the leases", "err", err)
		return false
	}
	if _, err := o.TakeUp().Wait(ctx); err != nil {
		s.log.Warn("taking up the openings other servers left for this server failed; tried again at the next reading of the leases", "err", err)
		return false
	}
	return true
}

// committedSince returns the regions held by other servers whose lease's epoch or commit number differs between two
// readings, or that the first reading lacks.
func committedSince(before, now []pgstore.Lease) []string {
	was := map[string]pgstore.Lease{}
	for _, l := range before {
		was[l.Region] = l
	}
	var out []string
	for _, l := range now {
		if l.Ours {
			continue
		}
		if b, ok := was[l.Region]; !ok || b.Epoch != l.Epoch || b.Commit != l.Commit {
			out = append(out, l.Region)
		}
	}
	return out
}

// takeOver takes, for a server taking any region it can get, the regions whose holder stopped renewing their
// leases (a server killed, or frozen; a server stopped cleanly gave its leases back and takes them again when it
// restarts, so they are left to it): for each, the lease (pgstore.Store.TakeOver), then the region's state as
// its last holder committed it (overlay.Follow), then the region is this server's to change (Ready) and the
// openings left for it are taken up. A region whose state cannot be followed stays held and unchanged, and the
// next reading tries to follow it again.
func (s *Server) takeOver(st *pgstore.Store, leases []pgstore.Lease) {
	o, ok := overlay.Of(s.World())
	if !ok || s.conf.Store.RegionAreas <= 0 || len(s.conf.Store.Regions) > 0 {
		return
	}
	for _, l := range leases {
		ctx, cancel := context.WithTimeout(context.Background(), followWait)
		if !l.Ours && l.Holder != "" && l.Left == 0 { // its server died; one stopped cleanly gave it back to restart
			_, _ = st.TakeOver(ctx, l.Region)
		}
		if st.Settling(l.Region) {
			s.settleRegion(ctx, st, o, l)
		}
		cancel()
	}
}

// settleRegion follows a region taken over and makes it this server's to change.
func (s *Server) settleRegion(ctx context.Context, st *pgstore.Store, o *overlay.Overlay, l pgstore.Lease) {
	if _, err := o.Follow(store.AreasOf(l.Region, s.conf.Store.RegionAreas)).Wait(ctx); err != nil {
		s.log.Warn("a region taken over could not be followed; it is left unchanged until it is", "region", l.Region, "err", err)
		return
	}
	st.Ready(l.Region)
	s.log.Info("took over a region whose server stopped renewing its lease", "region", l.Region, "holder", l.Holder)
	_, _ = o.TakeUp().Wait(ctx)
}
