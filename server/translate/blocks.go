package translate

//go:generate go run ./internal/gentables

// The block tables (blocks_gen.go) map the server's block runtime IDs, which are the positions of the block
// states of 1.26.45 in their sorted order, to a newer client's. They are made by internal/gentables from the
// compact lists of each version's block states in data/, which it extracts from minecraft-data; TestBlockTables
// makes them again and compares. v1_26_51.go and v1_26_60.go use them.

// blockTable returns the table from the server's block runtime IDs to those of the client version ver, or nil
// when that version numbers its blocks as the server does.
func blockTable(ver string) []uint32 {
	switch ver {
	case "1.26.51":
		return blocksTo1_26_51[:]
	case "1.26.60":
		return blocksTo1_26_60[:]
	}
	return nil
}
