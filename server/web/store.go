package web

import (
	"fmt"
	"net/http"
	"time"
)

// StoreView is the puzzle store as the dashboard shows it: its kind, where it is, whether the puzzles run, and
// for a shared store the lease of each region.
type StoreView struct {
	// Kind is the kind of store in words: "LevelDB" or "PostgreSQL".
	Kind string `json:"kind"`
	// Where is the store's folder, or its connection URL with the password removed.
	Where string `json:"where"`
	// Paused is true while the puzzles are paused: no move counts.
	Paused bool `json:"paused"`
	// Why says in words why they are paused; "" while they run.
	Why string `json:"why,omitempty"`
	// Shared is true for a store several servers share (PostgreSQL): it has leases.
	Shared bool `json:"shared"`
	// Leases are the leases of the regions, as the database has them now.
	Leases []LeaseView `json:"leases,omitempty"`
	// LeaseError says why the leases could not be read; "" when they were.
	LeaseError string `json:"leaseError,omitempty"`
}

// LeaseView is a region's lease: which server holds it and until when.
type LeaseView struct {
	// Region is the part of the world the lease is for.
	Region string `json:"region"`
	// Holder is the server holding it, in words (machine, pid, address); "" when nobody does.
	Holder string `json:"holder"`
	// Ours is true when this server holds it.
	Ours bool `json:"ours"`
	// Renewed and Expires are when it was last renewed and when it runs out.
	Renewed time.Time `json:"renewed"`
	Expires time.Time `json:"expires"`
	// Left is how long it has left; 0 once it ran out.
	Left time.Duration `json:"left"`
}

// Words says the store's state in a few lines, for the console and /puzzle status as well as the page.
func (v StoreView) Words() []string {
	lines := []string{fmt.Sprintf("Puzzle store: %s at %s.", v.Kind, v.Where)}
	if v.Paused {
		lines = append(lines, "The puzzles are paused: "+v.Why+".")
	} else {
		lines = append(lines, "The puzzles are running.")
	}
	if v.LeaseError != "" {
		lines = append(lines, "The leases could not be read: "+v.LeaseError+".")
	}
	for _, l := range v.Leases {
		lines = append(lines, l.Words())
	}
	return lines
}

// Words says who holds the lease and until when.
func (l LeaseView) Words() string {
	switch {
	case l.Holder == "":
		return fmt.Sprintf("Region %s: nobody holds its lease.", l.Region)
	case l.Left <= 0:
		return fmt.Sprintf("Region %s: the lease of %s ran out at %s.", l.Region, l.Holder, clock(l.Expires))
	}
	who := l.Holder
	if l.Ours {
		who = "this server (" + l.Holder + ")"
	}
	return fmt.Sprintf("Region %s: held by %s; renewed at %s, runs out at %s (in %s).", l.Region, who,
		clock(l.Renewed), clock(l.Expires), l.Left.Round(100*time.Millisecond))
}

// clock writes a time of day in UTC.
func clock(t time.Time) string { return t.UTC().Format("15:04:05 MST") }

// store returns the store's state; ok is false when the server told the dashboard nothing of its store.
func (s *Server) store() (v StoreView, ok bool) {
	if s.opts.Store == nil {
		return v, false
	}
	return s.opts.Store(), true
}

// apiStore serves the store's state.
func (s *Server) apiStore(w http.ResponseWriter, r *http.Request) {
	v, ok := s.store()
	if !ok {
		http.Error(w, "no puzzle store", http.StatusNotFound)
		return
	}
	writeJSON(w, http.StatusOK, v)
}
