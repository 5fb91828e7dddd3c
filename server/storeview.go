package server

import (
	"context"
	"path/filepath"

	"riddlestone/server/web"
)

// storeView reads the puzzle store's state for the dashboard, the console and /puzzle status: its kind, where it
// is (a URL without its password), whether the puzzles are paused and why, and for PostgreSQL every region's lease
// as the database has it now (a read-only query), so that a server that does not hold a lease shows who does.
func (s *Server) storeView(ctx context.Context) web.StoreView {
	c := s.conf.Store
	if c.Kind != storePostgres {
		return web.StoreView{Kind: "LevelDB", Where: filepath.Join(s.conf.World.Folder, "riddlestone")}
	}
	v := web.StoreView{Kind: "PostgreSQL", Where: hidePassword(c.URL), Shared: true}
	pg := s.pg.Load()
	if pg == nil {
		v.LeaseError = "the store is not open (yet)"
		return v
	}
	if st := pg.Status(); st.Paused {
		v.Paused, v.Why = true, st.Why
	}
	leases, err := pg.Leases(ctx)
	switch {
	case ctx.Err() != nil:
		v.LeaseError = "PostgreSQL did not answer in time"
	case err != nil:
		v.LeaseError = err.Error()
	}
	for _, l := range leases {
		v.Leases = append(v.Leases, web.LeaseView{Region: l.Region, Holder: l.Holder, Ours: l.Ours,
			Renewed: l.Renewed, Expires: l.Expires, Left: l.Left})
	}
	return v
}
