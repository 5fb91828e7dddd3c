package server

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"time"

	"riddlestone/overlay/pgstore"
	"riddlestone/overlay/store"
)

// StoreSettings is the [Store] section of config.toml: where the puzzle state is kept.
type StoreSettings struct {
	// Kind is "leveldb", a LevelDB database in the world folder (World.Folder/riddlestone), or "postgres", a
	// PostgreSQL database that URL names (docs/network.md).
	Kind string
	// URL is the PostgreSQL connection URL, postgres://user:password@host:port/database?sslmode=..., for Kind
	// "postgres"; the database must exist, and the first start makes its tables.
	URL string
}

// The kinds of store.
const (
	storeLevelDB  = "leveldb"
	storePostgres = "postgres"
)

// defaultStore is the [Store] section's defaults: LevelDB in the world folder.
func defaultStore() StoreSettings { return StoreSettings{Kind: storeLevelDB} }

// validate checks the section, and says which key is at fault.
func (s StoreSettings) validate() (key string, err error) {
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

// Passwords in a connection URL (user:password@) and in a key=value connection string (password=...).
var (
	urlPassword = regexp.MustCompile(`(://[^:/@\s"']*:)[^@\s"']*@`)
	kvPassword  = regexp.MustCompile(`(password\s*=\s*)[^\s"']*`)
)

// hidePassword masks the passwords in a line of config.toml, so that an error quoting it does not show them.
func hidePassword(line string) string {
	return kvPassword.ReplaceAllString(urlPassword.ReplaceAllString(line, "${1}***@"), "${1}***")
}

// storeOpenTimeout bounds connecting to PostgreSQL and migrating its schema at start.
const storeOpenTimeout = time.Minute

// openStore returns the function that opens the puzzle store the configuration names, for overlay.Options.
func (c Config) openStore() func() (store.Store, error) {
	return func() (store.Store, error) {
		if c.Store.Kind != storePostgres {
			return store.OpenStore(filepath.Join(c.World.Folder, "riddlestone"))
		}
		ctx, cancel := context.WithTimeout(context.Background(), storeOpenTimeout)
		defer cancel()
		return pgstore.Open(ctx, c.Store.URL)
	}
}
