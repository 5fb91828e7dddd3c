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

// itemIndex is a state's index by item: the ids of each item's objects by range of ids (buckets), and for each
// item the ranges it has objects in (spans), so that reading an item's objects looks only at its buckets: ids may
// lie far apart (each server of a network hands out ids from a block of its own, 2^32 ids up).
type itemIndex struct {
	buckets *idIndex[itemBucket]
	spans   *idIndex[string] // by item: the spans (itemBucket.span) of its non-empty buckets, in order
}

// newItemIndex returns an empty index by item.
func newItemIndex() *itemIndex {
	return &itemIndex{buckets: newIDIndex(itemShardOf), spans: newIDIndex(shardOf)}
}

// share returns a copy of x for a copy of its state to hold (see idIndex.share).
func (x *itemIndex) share() *itemIndex {
	if x == nil {
		return nil
	}
	return &itemIndex{buckets: x.buckets.share(), spans: x.spans.share()}
}

// appendInOrder adds an object to the index while it is built from objects in id order (State.index): its bucket
// and span come last in their lists.
func (x *itemIndex) appendInOrder(o Object) {
	b := bucketOf(o)
	old := x.buckets.lists.At(b)
	if len(old) == 0 {
		x.spans.lists.Set(b.item, append(x.spans.lists.At(b.item), b.span))
	}
	x.buckets.lists.Set(b, append(old, o.ID))
}

// renamed keeps the index, if there is one, up to date with an object's change of bucket: from is the zero bucket
// for an object added, to the zero bucket for one removed.
func (x *itemIndex) renamed(id int, from, to itemBucket) {
	if x == nil || from == to {
		return
	}
	if from != (itemBucket{}) {
		x.buckets.remove(from, id)
		if len(x.buckets.ids(from)) == 0 {
			x.spans.remove(from.item, from.span)
		}
	}
	if to != (itemBucket{}) {
		if len(x.buckets.ids(to)) == 0 {
			x.spans.add(to.item, to.span)
		}
		x.buckets.add(to, id)
	}
}

// ids returns the ids of an item's objects, bucket by bucket (in id order).
func (x *itemIndex) ids(item string) []int {
	var out []int
	for _, span := range x.spans.ids(item) {
		out = append(out, x.buckets.ids(itemBucket{item: item, span: span})...)
	}
	return out
}

// candidates returns the ids of the objects of s that are of any of items or lie in any of areas, and the ids of
// extra (which s may not hold), in id order, each once. It looks only at those objects when s keeps its indexes
// (from indexFrom objects on), plus one look-up per item and range of bucketIDs ids holding objects of that item;
// without them it goes through every object.
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
	for _, item := range items {
		ids = append(ids, s.byItem.ids(item)...)
	}
	for _, area := range areas {
		ids = append(ids, s.byArea.ids(area)...)
	}
	ids = append(ids, extra...)
	slices.Sort(ids)
	return slices.Compact(ids)
}
