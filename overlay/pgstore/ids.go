package pgstore

import (
	"context"
	"fmt"
)

// idBlockBits is the size of a server's block of object ids: 2^32, more than a server's run hands out (an area's
// work sets aside 1 024), and blocks stay below 2^53, the largest integer a JSON record keeps exactly, for 2^21
// starts.
const idBlockBits = 32

// takeIDBlock takes the next block of object ids from the database, for a server of a world split into regions.
func (s *Store) takeIDBlock(ctx context.Context) error {
	var block int64
	if err := s.pool.QueryRow(ctx, "SELECT nextval('riddlestone_id_blocks')").Scan(&block); err != nil {
		return fmt.Errorf("take a block of object ids: %w", err)
	}
	s.firstID = int(block << idBlockBits)
	return nil
}

// FirstID returns the first object id of this server's block, taken at start when the world is split into regions
// (several servers then make objects at once); 0 for a world of one region, whose one server counts on from the
// store's next id.
func (s *Store) FirstID() int { return s.firstID }
