package puzzle

import "slices"

// No repetition (issue 16): a puzzle never makes an item on a path of its tree below a node that makes the same
// item, as in "combine a Lantern from a Torch taken from a Lantern". The search keeps the items the nodes above
// make (search.made); a term is not filled with one of them, by a rule or a leaf, unless the rule that would make
// it again allows it (Rule.Repeat).

// willMake returns the item a rule will make for a key when it is known before its inputs are filled: the rule's
// main output is no input persisting, and an item is chosen for the key or the key names one. It returns -1 when
// the rule persists an input, allows repeating, or leaves the item to be chosen after its inputs.
func (s *search) willMake(k int, o *ruleOption, item int) int {
	if o.info.outIn[0] >= 0 || o.rule.Repeat || s.repeat {
		return -1
	}
	if item >= 0 {
		return item
	}
	return s.g.keys[k].item
}

// madeOnce reports whether a new rule node keeps to no repetition: when its rule makes its item, no node above
// makes that item, and, if the item was not known before its inputs were filled (pre), no node below has it.
func (s *search) madeOnce(n *Node, pre int) bool {
	if n.outIn[0] >= 0 || n.Rule.Repeat || s.repeat {
		return true
	}
	if n.item == pre {
		return true // checked against the nodes above before the inputs, and pushed for the nodes below
	}
	if s.isMade(n.item) {
		return false
	}
	return !slices.ContainsFunc(n.Children, func(c *Node) bool { return hasItem(c, n.item) })
}

// hasItem reports whether a node or one below it has an item.
func hasItem(n *Node, item int) bool {
	return n.item == item || slices.ContainsFunc(n.Children, func(c *Node) bool { return hasItem(c, item) })
}

// isMade reports whether a node above the one being filled makes an item.
func (s *search) isMade(item int) bool {
	return item >= 0 && !s.repeat && slices.Contains(s.made, item)
}

// pushMade records that the node being filled makes an item, for the nodes below it.
func (s *search) pushMade(item int) {
	s.made = append(s.made, item)
	s.madeKey ^= madeHash(item)
}

// popMade undoes pushMade.
func (s *search) popMade(item int) {
	s.made = s.made[:len(s.made)-1]
	s.madeKey ^= madeHash(item)
}

// madeHash spreads an item index over 64 bits, so that the xor of a set of them tells sets apart.
func madeHash(item int) uint64 {
	x := uint64(item+1) * 0x9e3779b97f4a7c15
	x ^= x >> 31
	return x * 0xbf58476d1ce4e5b9
}

// madeBelow hashes the items made above that a key's subtree could meet (Generator.helpers): only they can make
// the key fail where it would not otherwise, so the memory of failures tells apart only sets that differ in them.
func (s *search) madeBelow(k int) uint64 {
	var h uint64
	for _, i := range s.made {
		if s.g.helpers[k].has(i) {
			h ^= madeHash(i)
		}
	}
	return h
}
