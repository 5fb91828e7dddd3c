//go:build race

package puzzle

func init() { raceEnabled = true }
