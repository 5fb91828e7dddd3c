package server

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// seedFile is the file in the world folder that keeps the seed the world was generated with.
const seedFile = "riddlestone-seed.txt"

// worldSeed returns the seed of the world in folder. An existing seed file wins, since the world's chunks were
// generated with it; otherwise configured is used, or a random seed when configured is 0, and it is written to
// the seed file. kept reports whether an existing seed overrode a different configured one. With folder "" (a
// world that is not saved) nothing is read or written.
func worldSeed(folder string, configured int64) (seed int64, kept bool, err error) {
	if folder == "" {
		seed, err := chooseSeed(configured)
		return seed, false, err
	}
	path := filepath.Join(folder, seedFile)
	data, err := os.ReadFile(path)
	switch {
	case err == nil:
		seed, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
		if err != nil {
			return 0, false, fmt.Errorf("%s: not a seed: %w", path, err)
		}
		return seed, configured != 0 && configured != seed, nil
	case !errors.Is(err, fs.ErrNotExist):
		return 0, false, fmt.Errorf("read seed: %w", err)
	}
	if seed, err = chooseSeed(configured); err != nil {
		return 0, false, err
	}
	if err := os.MkdirAll(folder, 0o755); err != nil {
		return 0, false, fmt.Errorf("write seed: %w", err)
	}
	if err := os.WriteFile(path, []byte(strconv.FormatInt(seed, 10)+"\n"), 0o644); err != nil {
		return 0, false, fmt.Errorf("write seed: %w", err)
	}
	return seed, false, nil
}

// chooseSeed returns configured, or a random positive seed when configured is 0.
func chooseSeed(configured int64) (int64, error) {
	seed := configured
	for seed == 0 {
		var b [8]byte
		if _, err := rand.Read(b[:]); err != nil {
			return 0, fmt.Errorf("choose seed: %w", err)
		}
		seed = int64(binary.LittleEndian.Uint64(b[:]) >> 1)
	}
	return seed, nil
}
