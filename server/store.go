package server

import (
	"cmp"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"time"

	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"

	"github.com/df-mc/dragonfly/server/player"
	"github.com/df-mc/dragonfly/server/world"
)

// StoreSettings is the [Store] section of config.toml: where the puzzle state is kept.
type StoreSettings struct {
	// Kind is "leveldb", a LevelDB database in the world folder (World.Folder/riddlestone), or "postgres", a
	// PostgreSQL database that URL names (docs/network.md).
	Kind string
	// URL is the PostgreSQL connection URL, postgres://user:password@host:port/database?sslmode=..., for Kind
	// "postgres"; the database must exist, and the first start makes its tables.
	URL string
	// LeaseSeconds is how long the lease a "postgres" server holds on the puzzles lasts unless renewed (it renews
	// it every third of that): a server that dies is replaced by another within it, and a commit waits at most
	// that long for a database that is away before the move fails (docs/network.md).
	LeaseSeconds int
	// RegionAreas splits the world into square regions of RegionAreas by RegionAreas areas, each with a lease of
	// its own, so that several "postgres" servers can run the puzzles of one world side by side (store.RegionOf,
	// docs/network.md). 0, the default, keeps the whole world one region, "world". Every server of a database
	// must use the same.
	RegionAreas int
	// Regions are the regions this server takes, such as ["r0,0", "r-1,0"]: it refuses to start while another
	// server holds one of them, and changes no puzzle of another region. Empty takes the whole world with
	// RegionAreas 0; with regions, every region it can get (those free at start, and each region its changes
	// first write while it is free).
	Regions []string
	// PublicAddress is where players reach this server (host:port), for the other servers of a network, which send
	// a player who walks into one of this server's regions there (Bedrock's Transfer packet). Empty means
	// Network.Address; set it when players come through a proxy or another name.
	PublicAddress string
}

// The kinds of store.
const (
	storeLevelDB  = "leveldb"
	storePostgres = "postgres"
)

// defaultStore is the [Store] section's defaults: LevelDB in the world folder.
func defaultStore() StoreSettings {
	return StoreSettings{Kind: storeLevelDB, LeaseSeconds: int(pgstore.DefaultLease / time.Second)}
}

// maxLeaseSeconds bounds Store.LeaseSeconds: an hour.
const maxLeaseSeconds = 3600

// validate checks the section, and says which key is at fault.
func (s StoreSettings) validate() (key string, err error) {
	if s.LeaseSeconds < 1 || s.LeaseSeconds > maxLeaseSeconds {
		return "LeaseSeconds", fmt.Errorf("%d is not between 1 and %d seconds", s.LeaseSeconds, maxLeaseSeconds)
	}
	if key, err := s.validateRegions(); err != nil {
		return key, err
	}
	if err := validAddress(s.PublicAddress); err != nil {
		return "PublicAddress", err
	}
	switch s.Kind {
	case storeLevelDB:
		if s.URL != "" {
			return "URL", fmt.Errorf("is for Kind = %q; the %q store lives in the world folder", storePostgres, storeLevelDB)
		}
	case storePostgres:
		if s.URL == "" {
			return "Kind", fmt.Errorf("%q needs Store.URL, such as \"postgres://riddlestone:password@127.0.0.1:5432/riddlestone\"", storePostgres)
		}
		if err := pgstore.ParseURL(s.URL); err != nil {
			return "URL", err
		}
	default:
		return "Kind", fmt.Errorf("%q is not a kind of store: use %q or %q", s.Kind, storeLevelDB, storePostgres)
	}
	return "", nil
}

// validAddress checks a host:port players reach a server at; empty is allowed (Network.Address stands for it).
func validAddress(a string) error {
	if a == "" {
		return nil
	}
	host, port, err := net.SplitHostPort(a)
	if n, perr := strconv.Atoi(port); err != nil || host == "" || perr != nil || n < 1 || n > 65535 {
		return fmt.Errorf("%q is not a host:port players can reach, such as \"play.example.net:19132\"", a)
	}
	return nil
}

// validateRegions checks RegionAreas and Regions.
func (s StoreSettings) validateRegions() (key string, err error) {
	switch {
	case s.RegionAreas < 0 || s.RegionAreas > store.MaxRegionAreas:
		return "RegionAreas", fmt.Errorf("%d is not between 0 and %d areas", s.RegionAreas, store.MaxRegionAreas)
	case s.Kind != storePostgres && s.RegionAreas != 0:
		return "RegionAreas", fmt.Errorf("is for Kind = %q; a %q store is one server's", storePostgres, s.Kind)
	case s.Kind != storePostgres && len(s.Regions) > 0:
		return "Regions", fmt.Errorf("is for Kind = %q; a %q store is one server's", storePostgres, s.Kind)
	}
	for _, r := range s.Regions {
		if err := store.ParseRegion(r, s.RegionAreas); err != nil {
			return "Regions", err
		}
	}
	return "", nil
}

// Passwords in a connection URL (user:password@) and in a key=value connection string (password=...).
var (
	urlPassword = regexp.MustCompile(`(://[^:/@\s"']*:)[^@\s"']*@`)
	kvPassword  = regexp.MustCompile(`(password\s*=\s*)[^\s"']*`)
)

// hidePassword masks the passwords in a line of config.toml, so that an error quoting it does not show them.
func hidePassword(line string) string {
	return kvPassword.ReplaceAllString(urlPassword.ReplaceAllString(line, "${1}***@"), "${1}***")
}

// storeOpenTimeout bounds connecting to PostgreSQL and migrating its schema at start; waiting for a lease that
// another server held may add one lease time to it.
const storeOpenTimeout = time.Minute

// openStore returns the function that opens the puzzle store the configuration names, for overlay.Options. A
// PostgreSQL store takes the leases of its regions (Store.Regions) under this server's name (holderName) and tells the server when
// it pauses and resumes (storeStatus).
func (s *Server) openStore() func() (store.Store, error) {
	c := s.conf
	return func() (store.Store, error) {
		if c.Store.Kind != storePostgres {
			return store.OpenStore(filepath.Join(c.World.Folder, "riddlestone"))
		}
		lease := time.Duration(c.Store.LeaseSeconds) * time.Second
		ctx, cancel := context.WithTimeout(context.Background(), storeOpenTimeout+lease)
		defer cancel()
		st, err := pgstore.OpenWith(ctx, c.Store.URL, pgstore.Options{
			Holder:      holderName(s.conf.Network.Address),
			Address:     cmp.Or(c.Store.PublicAddress, s.conf.Network.Address),
			Regions:     c.Store.Regions,
			RegionAreas: c.Store.RegionAreas,
			AreaSize:    int32(c.Puzzles.AreaSize),
			Lease:       lease,
			OnStatus:    s.storeStatus,
			Stop:        s.Done(),
			Log:         s.log,
		})
		if err != nil {
			return nil, err
		}
		s.pg.Store(st)
		s.watchLeases(st)
		return st, nil
	}
}

// changes reports whether this server changes an area's puzzles (overlay.Options.Changes): with PostgreSQL, the
// areas of the regions its store holds (pgstore.Store.Changes); every area with LevelDB, and before the store is
// open.
func (s *Server) changes(a store.AreaPos) bool {
	if pg := s.pg.Load(); pg != nil {
		return pg.Changes(a)
	}
	return true
}

// holderName names this server, listening on address, in words for the others of a network that find the
// puzzles' lease taken or one of its players on it: its machine, process and address.
func holderName(address string) string {
	host, err := os.Hostname()
	if err != nil {
		host = "an unnamed machine"
	}
	return fmt.Sprintf("the server on %s (pid %d, address %s)", host, os.Getpid(), address)
}

// storeStatus is told when the PostgreSQL store pauses or resumes: the server logs it and tells the players in
// words. It runs on the store's goroutines and must not block: the players are told by a world task.
func (s *Server) storeStatus(st pgstore.Status) {
	var msg string
	switch {
	case st.Lost:
		s.log.Warn("puzzles paused for good: "+st.Why+"; this server changes no puzzle state until it is restarted", "err", st.Err)
		msg = "§cThe puzzles are paused: " + st.Why + "."
	case st.Paused:
		s.log.Warn("puzzles paused: the puzzle store cannot be reached; moves wait for it, then fail until it is back", "err", st.Err)
		msg = "§eThe puzzles are paused: " + st.Why + ". Your moves count again as soon as it is back."
	default:
		s.log.Info("puzzles resumed: the puzzle store is back")
		msg = "§aThe puzzles are running again."
	}
	if st.Paused {
		s.paused.Store(&msg)
	} else {
		s.paused.Store(nil)
	}
	s.tellAll(msg)
}

// tellPaused tells a player who joins while the puzzle store is paused that the puzzles are; it runs on the
// player's join, in the world transaction.
func (s *Server) tellPaused(p *player.Player) {
	if msg := s.paused.Load(); msg != nil {
		p.Message(*msg)
	}
}

// tellAll sends every player in the overworld a message, from any goroutine, without waiting.
func (s *Server) tellAll(msg string) {
	s.World().Do(func(tx *world.Tx) {
		for e := range tx.Players() {
			if p, ok := e.(*player.Player); ok {
				p.Message(msg)
			}
		}
	})
}
