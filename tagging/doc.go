// Package tagging recognises puzzle items among the blocks and entities already in a world.
//
// The overlay takes a Snapshot of an area on the world goroutine (a cheap copy of its chunks and entities) and
// hands it to a Tagger, which scans it off the world goroutine with the pack's tag rules and returns what it
// Found. Matching works on block runtime IDs: each rule is resolved once to the set of block states it accepts,
// and each sub-chunk is skipped unless its palette holds one of them.
package tagging
