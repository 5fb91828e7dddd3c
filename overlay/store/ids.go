package store

// IDBlocks is a store shared by servers that make objects at the same time (a world split into regions): it hands
// each server, at start, object ids no other server uses.
type IDBlocks interface {
	// FirstID returns the first object id of this server's block: every id from it on, up to the next block, is
	// this server's alone, and above every id any server handed out before the block was taken. 0 means the store
	// hands out no blocks: the state's own next id is used, as a world of one server does.
	FirstID() int
}
