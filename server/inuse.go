package server

import (
	"errors"
	"fmt"
	"reflect"
	"syscall"

	dfserver "github.com/df-mc/dragonfly/server"
)

// ErrWorldInUse is returned by New when another running server has the world folder (or the player data
// folder) open: LevelDB allows one process per database.
var ErrWorldInUse = errors.New("in use by another running server")

// configError explains why Dragonfly could not build its configuration. A folder locked by another server is
// named; other errors are Dragonfly's. opened is the configuration as far as Dragonfly got.
func configError(conf Config, opened dfserver.Config, err error) error {
	// goleveldb reports a database locked by another process as the bare errno of flock.
	if !errors.Is(err, syscall.EWOULDBLOCK) && !errors.Is(err, syscall.EAGAIN) {
		return fmt.Errorf("dragonfly config: %w", err)
	}
	if isNil(opened.WorldProvider) || !conf.Players.SaveData {
		return fmt.Errorf("the world folder %s is %w", conf.World.Folder, ErrWorldInUse)
	}
	// The world opened: the lock that failed is the player data's, opened after it.
	return fmt.Errorf("the player data folder %s is %w", conf.Players.Folder, ErrWorldInUse)
}

// isNil reports whether v is nil or holds a nil pointer, as a provider field of a dfserver.Config does when
// opening the provider failed.
func isNil(v any) bool {
	if v == nil {
		return true
	}
	rv := reflect.ValueOf(v)
	return rv.Kind() == reflect.Pointer && rv.IsNil()
}
