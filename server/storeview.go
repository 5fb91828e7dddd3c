package server

import (
	"path/filepath"

	"riddlestone/server/web"
)

// storeView reads the puzzle store's state for the dashboard, the console and /puzzle status: its kind, where it
// is (a URL without its password), whether the puzzles are paused and why, and for PostgreSQL every region's lease
// as the database had it at the last reading (watchLeases, at most a second old), so that a server that does not
// hold a lease shows who does. It never waits for the database.
func (s *Server) storeView() web.StoreView {
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
	r := s.leases.Load()
	if r == nil {
		v.LeaseError = "the leases have not been read yet"
		return v
	}
	v.LeaseError = r.err
	for _, l := range r.leases {
		v.Leases = append(v.Leases, web.LeaseView{Region: l.Region, Holder: l.Holder, Ours: l.Ours,
			Renewed: l.Renewed, Expires: l.Expires, Left: l.Left})
	}
	return v
}
