package puzzle

import "slices"

// itemBucket names a list of a state's index by item (State.byItem): the objects of an item whose ids are in one
// range of bucketIDs ids. An item's objects are split so that adding or removing one copies a short list, however
// many objects of that item the game holds (a world may tag thousands of one block). The zero itemBucket names no
// object.
type itemBucket struct {
	item string
	span int // id/bucketIDs + 1
}

// bucketIDs is how many ids one itemBucket spans.
const bucketIDs = 512

// bucketOf returns the list of the index by item that holds o; the zero itemBucket for the zero Object.
func bucketOf(o Object) itemBucket {
	if o.ID == 0 {
		return itemBucket{}
	}
	return itemBucket{item: o.Item, span: o.ID/bucketIDs + 1}
}

// itemShardOf returns the shard a bucket's list is kept in.
func itemShardOf(b itemBucket) uint32 { return shardOf(b.item) ^ uint32(b.span)*2654435761 }

// candidates returns the ids of the objects of s that are of any of items or lie in any of areas, and the ids of
// extra (which s may not hold), in id order, each once. It looks only at those objects when s keeps its indexes
// (from indexFrom objects on), plus one look-up per item and range of bucketIDs ids; without them it goes through
// every object.
func (s *State) candidates(items, areas []string, extra []int) []int {
	var ids []int
	if s.byItem == nil {
		for o := range s.all() {
			if slices.Contains(items, o.Item) || slices.Contains(areas, o.Area) || slices.Contains(extra, o.ID) {
				ids = append(ids, o.ID)
			}
		}
		return ids
	}
	last := 0
	if n := len(s.chunks); n > 0 {
		last = s.chunks[n-1].last()
	}
	for _, item := range items {
		for r := 1; r <= last/bucketIDs+1; r++ {
			ids = append(ids, s.byItem.ids(itemBucket{item: item, span: r})...)
		}
	}
	for _, area := range areas {
		ids = append(ids, s.byArea.ids(area)...)
	}
	ids = append(ids, extra...)
	slices.Sort(ids)
	return slices.Compact(ids)
}
