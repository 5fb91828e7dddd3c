package tagging

import (
	"github.com/df-mc/dragonfly/server/block/cube"
	"github.com/google/uuid"
)

// Found is an object recognised in a snapshot: a cluster of blocks or an entity.
type Found struct {
	Item   string    // the puzzle item it is an instance of
	Rule   int       // the index of the tag rule that matched
	Pos    cube.Pos  // a block cluster's lowest block (then least x, then least z), or the block an entity stands in
	Top    cube.Pos  // a block cluster's highest block (then least x, then least z); Pos for an entity
	Size   int       // the number of blocks in the cluster; 1 for an entity
	Entity uuid.UUID // the entity matched; zero for blocks
	// Blocks are every block of a cluster, lowest first (at most MaxFeatureBlocks): the whole pond, trunk or
	// vein, any of which a player may use. Nil for an entity.
	Blocks []cube.Pos
}

// MaxFeatureBlocks bounds the blocks a found cluster lists: a lake is the whole lake to a player, but the puzzle
// needs only enough of it to be found where it is used.
const MaxFeatureBlocks = 1024
