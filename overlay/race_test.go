//go:build race

package overlay

func init() { raceEnabled = true }
